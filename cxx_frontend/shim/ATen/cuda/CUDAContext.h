// torchlint shim: ATen's CUDA context.
#pragma once
#include <ATen/ATen.h>
#include <c10/cuda/CUDAStream.h>
#include <c10/cuda/CUDAException.h>
namespace at::cuda {
using c10::cuda::CUDAStream;
using c10::cuda::getCurrentCUDAStream;
using c10::cuda::getDefaultCUDAStream;
using c10::cuda::getStreamFromPool;
}  // namespace at::cuda
#define AT_CUDA_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
