// torchlint shim: c10's CUDA device guards.
#pragma once
#include <c10/core/Device.h>
namespace c10::cuda {
struct CUDAGuard {
  explicit CUDAGuard(c10::Device device);
  explicit CUDAGuard(signed char device_index);
  ~CUDAGuard();
};
struct OptionalCUDAGuard {
  OptionalCUDAGuard();
  explicit OptionalCUDAGuard(c10::Device device);
  explicit OptionalCUDAGuard(signed char device_index);
  void set_index(signed char device_index);
  ~OptionalCUDAGuard();
};
}  // namespace c10::cuda
