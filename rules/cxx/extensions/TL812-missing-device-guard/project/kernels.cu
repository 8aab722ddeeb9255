#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

__global__ void scale_kernel(float* x, float s, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

void scale_cuda(at::Tensor x, double s) {
  scale_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

void shift_cuda(at::Tensor x, double s) {
  scale_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

void shift_guarded_cuda(at::Tensor x, double s) {
  at::cuda::CUDAGuard guard(x.device());
  scale_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

// Registered from this file with TORCH_LIBRARY, launching itself with no guard.
at::Tensor fill(at::Tensor x, double v) {  // expect: TL812
  TORCH_CHECK(x.is_contiguous());
  scale_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), 0.0f, x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor fill_guarded(at::Tensor x, double v) {
  c10::cuda::OptionalCUDAGuard guard(at::device_of(x));
  TORCH_CHECK(x.is_contiguous());
  scale_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), 0.0f, x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

TORCH_LIBRARY(myops, m) {
  m.def("fill(Tensor x, float v) -> Tensor", &fill);
  m.def("fill_guarded(Tensor x, float v) -> Tensor", &fill_guarded);
}
