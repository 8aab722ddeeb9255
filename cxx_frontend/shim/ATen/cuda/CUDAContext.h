// torchlint shim: ATen's CUDA context.
#pragma once
#include <ATen/ATen.h>
#include <c10/cuda/CUDAStream.h>
#include <c10/cuda/CUDAException.h>
#include <cublas_v2.h>
#include <cublasLt.h>
#include <cusparse.h>
namespace at::cuda {
using c10::cuda::CUDAStream;
using c10::cuda::getCurrentCUDAStream;
using c10::cuda::getDefaultCUDAStream;
using c10::cuda::getStreamFromPool;
cudaDeviceProp* getCurrentDeviceProperties();
cudaDeviceProp* getDeviceProperties(signed char device);
int warp_size();
cublasHandle_t getCurrentCUDABlasHandle();
cublasLtHandle_t getCurrentCUDABlasLtHandle();
cusparseHandle_t getCurrentCUDASparseHandle();
}  // namespace at::cuda
#define AT_CUDA_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
