// A small CUDA extension op for the example project (built with torch.utils.cpp_extension).
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

__global__ void scale_kernel(float* x, float s, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

at::Tensor scale_(at::Tensor x, double s) {
  TORCH_CHECK(x.is_cuda() && x.is_contiguous(), "x must be a contiguous CUDA tensor");
  int64_t n = x.numel();
  int blocks = (int)((n + 255) / 256);
  scale_kernel<<<blocks, 256>>>(x.data_ptr<float>(), (float)s, n);
  return x;
}

// Correct: a contiguous input, its own device, the current stream, and the launch is checked.
at::Tensor scale_checked_(at::Tensor x, double s) {
  TORCH_CHECK(x.is_cuda() && x.is_contiguous(), "x must be a contiguous CUDA tensor");
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  int64_t n = x.numel();
  int blocks = (int)((n + 255) / 256);
  scale_kernel<<<blocks, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale_", &scale_, "x *= s in place");
  m.def("scale_checked_", &scale_checked_, "x *= s in place");
}
