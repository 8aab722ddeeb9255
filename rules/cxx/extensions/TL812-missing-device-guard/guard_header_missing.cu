// A fixture: does not compile with the shim headers (the guard's header is not included, as when
// a project's include paths are unknown). The guard is still recognised by its spelling.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void zero_kernel(float* x, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0;
}

at::Tensor zero_(at::Tensor x) {
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  TORCH_CHECK(x.is_contiguous());
  zero_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("zero_", &zero_); }
