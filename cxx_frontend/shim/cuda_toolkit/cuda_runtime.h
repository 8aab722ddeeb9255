// torchlint shim (CUDA toolkit stand-in): what nvcc's implicit `cuda_runtime.h` gives a .cu file
// -- keywords, built-in variables, vector types, the runtime API with its C++ overloads, device
// intrinsics, atomics and texture fetches. Declarations only: it is parsed, never built.
#pragma once
#include <host_defines.h>
#ifndef CUDA_VERSION
#define CUDA_VERSION 12040
#endif
// Device code calls the C library's math (sqrtf, expf...) as nvcc's headers let it: Clang's own
// CUDA headers declare the device overloads (forward declarations before <cmath>, definitions on
// libdevice after), as its runtime wrapper does with a toolkit.
#if defined(__CUDA__) && defined(__cplusplus) && __has_include(<__clang_cuda_math_forward_declares.h>)
#define __TL_CLANG_CUDA_HEADERS 1
#include <__clang_cuda_math_forward_declares.h>
#endif
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#ifdef __cplusplus
#include <cmath>
#include <cstdlib>
#endif
#if defined(__CUDA__) && __has_include(<__clang_cuda_builtin_vars.h>)
#include <__clang_cuda_builtin_vars.h>
#endif
#include <vector_types.h>
#include <vector_functions.h>
#include <driver_types.h>
#include <cuda_runtime_api.h>
#ifdef __TL_CLANG_CUDA_HEADERS
#include <limits.h>
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>
#include <__clang_cuda_cmath.h>
#include <__clang_cuda_intrinsics.h>
// The C library on the device, as Clang's runtime wrapper declares it.
extern "C" {
__device__ int vprintf(const char*, const char*);
__device__ void free(void*) __attribute((nothrow));
__device__ void* malloc(size_t) __attribute((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char* __message, const char* __file, unsigned __line, const char* __function, size_t __charSize);
__device__ static inline void __assert_fail(const char* __message, const char* __file, unsigned int __line, const char* __function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
__device__ int printf(const char*, ...);
}
namespace std {
__device__ static inline void free(void* __ptr) { ::free(__ptr); }
__device__ static inline void* malloc(size_t __size) { return ::malloc(__size); }
}  // namespace std
#endif
#ifdef __cplusplus
// torch's launch checks, for files that reach them only through headers the shim leaves empty.
#ifndef C10_CUDA_KERNEL_LAUNCH_CHECK
#define C10_CUDA_KERNEL_LAUNCH_CHECK() ((void)cudaGetLastError())
#endif
#ifndef STD_CUDA_KERNEL_LAUNCH_CHECK
#define STD_CUDA_KERNEL_LAUNCH_CHECK() ((void)cudaGetLastError())
#endif
// What Clang needs to parse `kernel<<<grid, block, shared, stream>>>(args)`.
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0, cudaStream_t stream = 0);
// The runtime's C++ overloads: kernels and symbols by their own type.
template <class T> cudaError_t cudaLaunchKernel(T* func, dim3 gridDim, dim3 blockDim, void** args, size_t sharedMem = 0, cudaStream_t stream = 0) { return cudaSuccess; }
template <class T> cudaError_t cudaLaunchCooperativeKernel(T* func, dim3 gridDim, dim3 blockDim, void** args, size_t sharedMem = 0, cudaStream_t stream = 0) { return cudaSuccess; }
template <typename... ExpTypes, typename... ActTypes>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t* config, void (*kernel)(ExpTypes...), ActTypes&&... args) { return cudaSuccess; }
template <class T> cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t* config, T* func, void** args) { return cudaSuccess; }
template <class T> cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T func, int blockSize, size_t dynamicSMemSize) { return cudaSuccess; }
template <class T> cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags) { return cudaSuccess; }
template <class T> cudaError_t cudaOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0) { return cudaSuccess; }
template <class U, class T> cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int* minGridSize, int* blockSize, T func, U blockSizeToDynamicSMemSize, int blockSizeLimit = 0) { return cudaSuccess; }
template <class T> cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, T func, int numBlocks, int blockSize) { return cudaSuccess; }
template <class T> cudaError_t cudaOccupancyMaxPotentialClusterSize(int* clusterSize, T* func, const cudaLaunchConfig_t* config) { return cudaSuccess; }
template <class T> cudaError_t cudaOccupancyMaxActiveClusters(int* numClusters, T* func, const cudaLaunchConfig_t* config) { return cudaSuccess; }
template <class T> cudaError_t cudaFuncSetAttribute(T* entry, enum cudaFuncAttribute attr, int value) { return cudaSuccess; }
template <class T> cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes* attr, T* entry) { return cudaSuccess; }
template <class T> cudaError_t cudaFuncSetCacheConfig(T* func, enum cudaFuncCache cacheConfig) { return cudaSuccess; }
template <class T> cudaError_t cudaFuncSetSharedMemConfig(T* func, enum cudaSharedMemConfig config) { return cudaSuccess; }
template <class T> cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) { return cudaSuccess; }
template <class T> cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t stream = 0) { return cudaSuccess; }
template <class T> cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) { return cudaSuccess; }
template <class T> cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count, size_t offset = 0, enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0) { return cudaSuccess; }
template <class T> cudaError_t cudaGetSymbolAddress(void** devPtr, const T& symbol) { return cudaSuccess; }
template <class T> cudaError_t cudaGetSymbolSize(size_t* size, const T& symbol) { return cudaSuccess; }
template <class T> cudaError_t cudaMalloc(T** devPtr, size_t size) { return cudaSuccess; }
template <class T> cudaError_t cudaMallocHost(T** ptr, size_t size, unsigned int flags = 0) { return cudaSuccess; }
template <class T> cudaError_t cudaHostAlloc(T** ptr, size_t size, unsigned int flags) { return cudaSuccess; }
template <class T> cudaError_t cudaHostGetDevicePointer(T** pDevice, void* pHost, unsigned int flags) { return cudaSuccess; }
template <class T> cudaError_t cudaMallocManaged(T** devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) { return cudaSuccess; }
template <class T> cudaError_t cudaMallocAsync(T** ptr, size_t size, cudaStream_t stream) { return cudaSuccess; }
template <class T> cudaError_t cudaMallocPitch(T** devPtr, size_t* pitch, size_t width, size_t height) { return cudaSuccess; }
template <class T> cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, T* devPtr, size_t length = 0, unsigned int flags = cudaMemAttachGlobal) { return cudaSuccess; }
cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags);
template <class T> struct cudaChannelFormatDesc cudaCreateChannelDesc(void) { return cudaChannelFormatDesc(); }
#endif
#include <device_functions.h>
#include <device_atomic_functions.h>
#include <texture_fetch_functions.h>
