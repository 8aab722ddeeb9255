// torchlint shim (CUDA toolkit stand-in): the execution-space and storage keywords nvcc knows.
// In a CUDA parse they are Clang's CUDA attributes; in a C or C++ parse, nothing.
#pragma once
#if defined(__CUDA__)
// What nvcc defines (the shim stands in for nvcc's environment as for its headers).
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 4
#define __CUDACC_VER_BUILD__ 0
#endif
#ifndef __global__
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#endif
#else
#ifndef __global__
#define __global__
#define __device__
#define __host__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#endif
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __grid_constant__
#define __nv_pure__
#define __location__(a) __##a##__
#define __CUDA_ALIGN__(n) __attribute__((aligned(n)))
#define CUDARTAPI
#define CUDAAPI
#define __dv(v) = v
#ifndef __CUDA_ARCH_LIST__
#define __CUDA_ARCH_LIST__ 800
#endif
// The shim's own functions: callable from host and device code alike (a parse, not a build).
#define __TL_HD__ __host__ __device__
#define __TL_HDI__ static inline __host__ __device__
