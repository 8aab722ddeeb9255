// torchlint shim: c10's CUDA device guards.
#pragma once
#include <c10/cuda/CUDAFunctions.h>
#include <c10/core/Device.h>
#include <c10/util/Optional.h>
#include <c10/cuda/CUDAStream.h>
namespace c10::cuda {
struct CUDAGuard {
  explicit CUDAGuard(c10::Device device);
  explicit CUDAGuard(signed char device_index);
  ~CUDAGuard();
};
struct OptionalCUDAGuard {
  OptionalCUDAGuard();
  explicit OptionalCUDAGuard(c10::Device device);
  explicit OptionalCUDAGuard(c10::optional<c10::Device> device);
  explicit OptionalCUDAGuard(signed char device_index);
  void set_index(signed char device_index);
  ~OptionalCUDAGuard();
};
// Stream guards set the stream's device too.
struct CUDAStreamGuard {
  explicit CUDAStreamGuard(CUDAStream stream);
  ~CUDAStreamGuard();
};
struct OptionalCUDAStreamGuard {
  OptionalCUDAStreamGuard();
  explicit OptionalCUDAStreamGuard(CUDAStream stream);
  ~OptionalCUDAStreamGuard();
};
struct CUDAMultiStreamGuard {
  explicit CUDAMultiStreamGuard(const CUDAStream* streams, unsigned long n);
  ~CUDAMultiStreamGuard();
};
}  // namespace c10::cuda
// Extensions spell them at::cuda::... after including this header.
namespace at::cuda {
using c10::cuda::CUDAGuard;
using c10::cuda::OptionalCUDAGuard;
using c10::cuda::CUDAStreamGuard;
using c10::cuda::OptionalCUDAStreamGuard;
using c10::cuda::CUDAMultiStreamGuard;
}  // namespace at::cuda
