// torchlint shim (CUDA toolkit stand-in): device intrinsics by family -- synchronisation, warp
// shuffles and votes, cached loads and stores, bit and integer intrinsics, rounding arithmetic,
// fast math, conversions and reinterpretations, min/max.
//
// In a CUDA parse, Clang's own CUDA headers (included by cuda_runtime.h) define most of them
// for the device; the declarations here fill in the rest. Every one is a function template,
// callable from host and device code (`__TL_HD__`): a template never clashes with a function
// Clang or glibc declares under the same name (`__expf`, `__popc`), and loses to it in overload
// resolution where that function fits -- whatever the Clang version's headers hold.
#pragma once
#include <host_defines.h>
#include <vector_types.h>
#ifdef __cplusplus
// Bodies, not declarations: a function template that is only declared is an error once it is
// used with a type that has no linkage (a lambda, an unnamed enum's enumerator).
template <typename R> __TL_HD__ inline R __tl_default() { return R(); }
#define __TL_FN0(R, name) template <typename __TL_T = void> __TL_HD__ inline R name(void) { return __tl_default<R>(); }
#define __TL_FN1(R, name) template <typename __TL_A> __TL_HD__ inline R name(__TL_A) { return __tl_default<R>(); }
#define __TL_FN2(R, name) template <typename __TL_A, typename __TL_B> __TL_HD__ inline R name(__TL_A, __TL_B) { return __tl_default<R>(); }
#define __TL_FN3(R, name) \
  template <typename __TL_A, typename __TL_B, typename __TL_C> __TL_HD__ inline R name(__TL_A, __TL_B, __TL_C) { return __tl_default<R>(); }
#define __TL_FN4(R, name)                                                                             \
  template <typename __TL_A, typename __TL_B, typename __TL_C, typename __TL_D> __TL_HD__ inline R name(__TL_A, __TL_B, __TL_C, __TL_D) { \
    return __tl_default<R>();                                                                         \
  }
// Synchronisation, timing and lanes (__syncthreads is a Clang builtin).
__TL_FN1(int, __syncthreads_count) __TL_FN1(int, __syncthreads_and) __TL_FN1(int, __syncthreads_or)
__TL_FN0(void, __syncwarp) __TL_FN1(void, __syncwarp) __TL_FN0(void, __threadfence) __TL_FN0(void, __threadfence_block)
__TL_FN0(void, __threadfence_system) __TL_FN1(void, __nanosleep) __TL_FN0(void, __trap) __TL_FN0(void, __brkpt)
__TL_FN0(long long, clock64) __TL_FN0(unsigned long long, __globaltimer)
__TL_FN0(unsigned int, __activemask) __TL_FN0(unsigned int, __lanemask_lt) __TL_FN0(unsigned int, __lanemask_le)
__TL_FN0(unsigned int, __lanemask_gt) __TL_FN0(unsigned int, __lanemask_ge) __TL_FN0(unsigned int, __lanemask_eq)
// Warp shuffles, of every type.
template <typename T> __TL_HD__ T __shfl_sync(unsigned int mask, T var, int srcLane, int width = 32) { return var; }
template <typename T> __TL_HD__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = 32) { return var; }
template <typename T> __TL_HD__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = 32) { return var; }
template <typename T> __TL_HD__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = 32) { return var; }
template <typename T> __TL_HD__ T __shfl(T var, int srcLane, int width = 32) { return var; }
template <typename T> __TL_HD__ T __shfl_up(T var, unsigned int delta, int width = 32) { return var; }
template <typename T> __TL_HD__ T __shfl_down(T var, unsigned int delta, int width = 32) { return var; }
template <typename T> __TL_HD__ T __shfl_xor(T var, int laneMask, int width = 32) { return var; }
// Votes, matches and warp reductions.
__TL_FN2(unsigned int, __ballot_sync) __TL_FN2(int, __any_sync) __TL_FN2(int, __all_sync) __TL_FN2(int, __uni_sync)
__TL_FN1(unsigned int, __ballot) __TL_FN1(int, __any) __TL_FN1(int, __all)
__TL_FN2(unsigned int, __match_any_sync) __TL_FN3(unsigned int, __match_all_sync)
template <typename T> __TL_HD__ T __reduce_add_sync(unsigned int mask, T value) { return value; }
template <typename T> __TL_HD__ T __reduce_min_sync(unsigned int mask, T value) { return value; }
template <typename T> __TL_HD__ T __reduce_max_sync(unsigned int mask, T value) { return value; }
template <typename T> __TL_HD__ T __reduce_and_sync(unsigned int mask, T value) { return value; }
template <typename T> __TL_HD__ T __reduce_or_sync(unsigned int mask, T value) { return value; }
template <typename T> __TL_HD__ T __reduce_xor_sync(unsigned int mask, T value) { return value; }
// Loads through the read-only and other caches, and cache-hinted stores, of every type.
template <typename T> __TL_HD__ T __ldg(const T* ptr) { return *ptr; }
template <typename T> __TL_HD__ T __ldcg(const T* ptr) { return *ptr; }
template <typename T> __TL_HD__ T __ldca(const T* ptr) { return *ptr; }
template <typename T> __TL_HD__ T __ldcs(const T* ptr) { return *ptr; }
template <typename T> __TL_HD__ T __ldlu(const T* ptr) { return *ptr; }
template <typename T> __TL_HD__ T __ldcv(const T* ptr) { return *ptr; }
template <typename T, typename U> __TL_HD__ void __stwb(T* ptr, U value) {}
template <typename T, typename U> __TL_HD__ void __stcg(T* ptr, U value) {}
template <typename T, typename U> __TL_HD__ void __stcs(T* ptr, U value) {}
template <typename T, typename U> __TL_HD__ void __stwt(T* ptr, U value) {}
__TL_FN1(unsigned int, __cvta_generic_to_shared) __TL_FN1(size_t, __cvta_generic_to_global) __TL_FN1(void*, __cvta_shared_to_generic)
__TL_FN1(unsigned int, __isShared) __TL_FN1(unsigned int, __isGlobal) __TL_FN1(unsigned int, __isConstant) __TL_FN1(unsigned int, __isLocal)
// Bits and integers.
__TL_FN1(int, __popc) __TL_FN1(int, __popcll) __TL_FN1(int, __clz) __TL_FN1(int, __clzll) __TL_FN1(int, __ffs) __TL_FN1(int, __ffsll)
__TL_FN1(unsigned int, __brev) __TL_FN1(unsigned long long, __brevll) __TL_FN3(unsigned int, __byte_perm)
__TL_FN3(unsigned int, __funnelshift_l) __TL_FN3(unsigned int, __funnelshift_lc) __TL_FN3(unsigned int, __funnelshift_r)
__TL_FN3(unsigned int, __funnelshift_rc) __TL_FN2(int, __mul24) __TL_FN2(unsigned int, __umul24) __TL_FN2(int, __mulhi)
__TL_FN2(unsigned int, __umulhi) __TL_FN2(long long, __mul64hi) __TL_FN2(unsigned long long, __umul64hi) __TL_FN2(int, __rhadd)
__TL_FN2(unsigned int, __uhadd) __TL_FN2(unsigned int, __urhadd) __TL_FN3(unsigned int, __sad) __TL_FN3(unsigned int, __usad)
__TL_FN3(int, __dp4a) __TL_FN3(int, __dp2a_lo) __TL_FN3(int, __dp2a_hi) __TL_FN3(unsigned int, __fns)
__TL_FN2(unsigned int, __vadd2) __TL_FN2(unsigned int, __vadd4) __TL_FN2(unsigned int, __vsub2) __TL_FN2(unsigned int, __vsub4)
__TL_FN2(unsigned int, __vmaxs2) __TL_FN2(unsigned int, __vmaxs4) __TL_FN2(unsigned int, __vmaxu2) __TL_FN2(unsigned int, __vmaxu4)
__TL_FN2(unsigned int, __vmins2) __TL_FN2(unsigned int, __vmins4) __TL_FN2(unsigned int, __vminu2) __TL_FN2(unsigned int, __vminu4)
__TL_FN2(unsigned int, __vcmpeq2) __TL_FN2(unsigned int, __vcmpeq4) __TL_FN2(unsigned int, __vavgu2) __TL_FN2(unsigned int, __vavgu4)
// Rounding arithmetic, fast math and special functions.
#define __TL_ROUNDINGS(N, R, stem) N(R, stem##_rn) N(R, stem##_rz) N(R, stem##_ru) N(R, stem##_rd)
__TL_ROUNDINGS(__TL_FN2, float, __fadd) __TL_ROUNDINGS(__TL_FN2, float, __fsub) __TL_ROUNDINGS(__TL_FN2, float, __fmul)
__TL_ROUNDINGS(__TL_FN2, float, __fdiv) __TL_ROUNDINGS(__TL_FN3, float, __fmaf) __TL_ROUNDINGS(__TL_FN1, float, __frcp)
__TL_ROUNDINGS(__TL_FN1, float, __fsqrt) __TL_ROUNDINGS(__TL_FN2, double, __dadd) __TL_ROUNDINGS(__TL_FN2, double, __dsub)
__TL_ROUNDINGS(__TL_FN2, double, __dmul) __TL_ROUNDINGS(__TL_FN2, double, __ddiv) __TL_ROUNDINGS(__TL_FN3, double, __fma)
__TL_ROUNDINGS(__TL_FN1, double, __drcp) __TL_ROUNDINGS(__TL_FN1, double, __dsqrt)
__TL_FN1(float, __frsqrt_rn) __TL_FN2(float, __fdividef) __TL_FN2(float, fdividef) __TL_FN1(float, __expf) __TL_FN1(float, __exp10f)
__TL_FN1(float, __exp2f) __TL_FN1(float, __logf) __TL_FN1(float, __log2f) __TL_FN1(float, __log10f) __TL_FN1(float, __sinf)
__TL_FN1(float, __cosf) __TL_FN1(float, __tanf) __TL_FN2(float, __powf) __TL_FN1(float, __saturatef) __TL_FN1(float, __tanhf)
__TL_FN3(void, __sincosf) __TL_FN1(float, rsqrtf) __TL_FN1(float, rcbrtf) __TL_FN1(float, sinpif) __TL_FN1(float, cospif)
__TL_FN3(void, sincospif) __TL_FN1(float, erfinvf) __TL_FN1(float, erfcinvf) __TL_FN1(float, erfcxf) __TL_FN1(float, normcdff)
__TL_FN1(float, normcdfinvf) __TL_FN2(float, rhypotf) __TL_FN3(float, norm3df) __TL_FN3(float, rnorm3df) __TL_FN4(float, norm4df)
__TL_FN4(float, rnorm4df) __TL_FN2(float, normf) __TL_FN2(float, rnormf) __TL_FN1(double, rsqrt) __TL_FN1(double, rcbrt)
__TL_FN1(double, sinpi) __TL_FN1(double, cospi) __TL_FN3(void, sincospi) __TL_FN1(double, erfinv) __TL_FN1(double, erfcinv)
__TL_FN1(double, erfcx) __TL_FN1(double, normcdf) __TL_FN1(double, normcdfinv) __TL_FN2(double, rhypot) __TL_FN3(double, norm3d)
__TL_FN3(double, rnorm3d) __TL_FN4(double, norm4d) __TL_FN4(double, rnorm4d) __TL_FN2(double, rnorm)
// Conversions between number types, with their rounding, and reinterpretations.
__TL_ROUNDINGS(__TL_FN1, int, __float2int) __TL_ROUNDINGS(__TL_FN1, unsigned int, __float2uint) __TL_ROUNDINGS(__TL_FN1, float, __int2float)
__TL_ROUNDINGS(__TL_FN1, float, __uint2float) __TL_ROUNDINGS(__TL_FN1, long long, __float2ll)
__TL_ROUNDINGS(__TL_FN1, unsigned long long, __float2ull) __TL_ROUNDINGS(__TL_FN1, float, __ll2float)
__TL_ROUNDINGS(__TL_FN1, float, __ull2float) __TL_ROUNDINGS(__TL_FN1, float, __double2float) __TL_ROUNDINGS(__TL_FN1, int, __double2int)
__TL_ROUNDINGS(__TL_FN1, unsigned int, __double2uint) __TL_ROUNDINGS(__TL_FN1, long long, __double2ll)
__TL_ROUNDINGS(__TL_FN1, unsigned long long, __double2ull) __TL_ROUNDINGS(__TL_FN1, double, __ll2double)
__TL_ROUNDINGS(__TL_FN1, double, __ull2double)
__TL_FN1(double, __int2double_rn) __TL_FN1(double, __uint2double_rn) __TL_FN1(int, __float_as_int) __TL_FN1(float, __int_as_float)
__TL_FN1(unsigned int, __float_as_uint) __TL_FN1(float, __uint_as_float) __TL_FN1(long long, __double_as_longlong)
__TL_FN1(double, __longlong_as_double) __TL_FN1(int, __double2hiint) __TL_FN1(int, __double2loint) __TL_FN2(double, __hiloint2double)
__TL_FN1(int, __isnanf) __TL_FN1(int, __isinff) __TL_FN1(int, __finitef) __TL_FN1(int, __signbitf)
#undef __TL_ROUNDINGS
// CUDA's global min and max, for every pair of arithmetic types (Clang's headers have the
// device's int version, which wins for two ints there).
template <typename __TL_A, typename __TL_B> __TL_HD__ inline auto min(__TL_A a, __TL_B b) -> decltype(a < b ? a : b) { return a < b ? a : b; }
template <typename __TL_A, typename __TL_B> __TL_HD__ inline auto max(__TL_A a, __TL_B b) -> decltype(a < b ? b : a) { return a < b ? b : a; }
__TL_FN2(unsigned int, umin) __TL_FN2(unsigned int, umax) __TL_FN2(long long, llmin) __TL_FN2(long long, llmax)
__TL_FN2(unsigned long long, ullmin) __TL_FN2(unsigned long long, ullmax)
#endif
