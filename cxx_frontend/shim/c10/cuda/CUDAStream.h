// torchlint shim: c10's CUDA streams.
#pragma once
#include <c10/cuda/CUDAFunctions.h>
#include <cuda_runtime.h>
namespace c10::cuda {
class CUDAStream {
 public:
  cudaStream_t stream() const;
  operator cudaStream_t() const;
  void synchronize() const;
};
CUDAStream getCurrentCUDAStream(signed char device_index = -1);
CUDAStream getDefaultCUDAStream(signed char device_index = -1);
CUDAStream getStreamFromPool(bool isHighPriority = false, signed char device = -1);
}  // namespace c10::cuda
