// torchlint shim: c10's macros (export, execution-space, launch-bounds and branch hints).
#pragma once
#if defined(__CUDACC__) || defined(__CUDA__) || defined(__HIPCC__)
#define C10_HOST_DEVICE __host__ __device__
#define C10_DEVICE __device__
#define C10_HOST __host__
#define C10_LAUNCH_BOUNDS_0 __launch_bounds__(256, 4)
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block) __launch_bounds__((C10_MAX_THREADS_PER_BLOCK((max_threads_per_block))))
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks_per_sm) \
  __launch_bounds__((C10_MAX_THREADS_PER_BLOCK((max_threads_per_block))), (C10_MIN_BLOCKS_PER_SM((max_threads_per_block), (min_blocks_per_sm))))
#else
#define C10_HOST_DEVICE
#define C10_DEVICE
#define C10_HOST
#define C10_LAUNCH_BOUNDS_0
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block)
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks_per_sm)
#endif
#define C10_HIP_HOST_DEVICE
#define C10_WARP_SIZE 32
#define C10_MAX_THREADS_PER_BLOCK(val) (((val) <= 1024) ? (val) : 1024)
#define C10_MIN_BLOCKS_PER_SM(threads_per_block, blocks_per_sm) (blocks_per_sm)
#define C10_API
#define C10_EXPORT
#define C10_IMPORT
#define C10_CUDA_API
#define TORCH_API
#define TORCH_CUDA_CPP_API
#define TORCH_CUDA_CU_API
#define TORCH_PYTHON_API
#define CAFFE2_API
#define C10_LIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 1))
#define C10_UNLIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 0))
#define C10_UNUSED __attribute__((__unused__))
#define C10_NODISCARD [[nodiscard]]
#define C10_ALWAYS_INLINE inline __attribute__((__always_inline__))
#define C10_NOINLINE __attribute__((noinline))
#define C10_RESTRICT __restrict
#define C10_DEPRECATED [[deprecated]]
#define C10_DEPRECATED_MESSAGE(message) [[deprecated(message)]]
#define C10_FALLTHROUGH [[fallthrough]]
#define C10_STRINGIZE_IMPL(x) #x
#define C10_STRINGIZE(x) C10_STRINGIZE_IMPL(x)
#define C10_CONCATENATE_IMPL(s1, s2) s1##s2
#define C10_CONCATENATE(s1, s2) C10_CONCATENATE_IMPL(s1, s2)
#define C10_UID __COUNTER__
#define C10_ANONYMOUS_VARIABLE(str) C10_CONCATENATE(str, __LINE__)
#define C10_DISABLE_COPY_AND_ASSIGN(classname) \
  classname(const classname&) = delete;        \
  classname& operator=(const classname&) = delete
#define C10_MACRO_EXPAND(args) args
#define C10_CLANG_DIAGNOSTIC_PUSH()
#define C10_CLANG_DIAGNOSTIC_POP()
#define C10_CLANG_DIAGNOSTIC_IGNORE(flag)
#define C10_DIAGNOSTIC_PUSH_AND_IGNORED_IF_DEFINED(warning)
#define C10_DIAGNOSTIC_POP()
#define C10_IS_TRIVIALLY_COPYABLE(T) std::is_trivially_copyable<T>::value
#define C10_TYPENAME_CONSTEXPR constexpr
#define C10_MOBILE_OR_NOT 0
#ifndef C10_ASAN_ENABLED
#define C10_ASAN_ENABLED 0
#endif
