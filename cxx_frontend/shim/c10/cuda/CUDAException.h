// torchlint shim: c10's CUDA error checks.
#pragma once
#include <cuda_runtime.h>
namespace c10::cuda {
void c10_cuda_check_implementation(int err, const char* filename, const char* function_name, int line_number, bool include_device_assertions);
}
#define C10_CUDA_CHECK(EXPR) ::c10::cuda::c10_cuda_check_implementation(static_cast<int>(EXPR), __FILE__, __func__, __LINE__, true)
#define C10_CUDA_KERNEL_LAUNCH_CHECK() C10_CUDA_CHECK(cudaGetLastError())
#define C10_CUDA_ERROR_HANDLED(EXPR) EXPR
