// torchlint shim.
#pragma once
#include <c10/cuda/CUDAGuard.h>
namespace at::cuda {
using c10::cuda::CUDAGuard;
using c10::cuda::OptionalCUDAGuard;
}
