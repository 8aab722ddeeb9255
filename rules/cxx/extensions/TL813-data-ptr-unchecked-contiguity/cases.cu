#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

__global__ void add_kernel(const float* a, const float* b, float* out, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + b[i];
}

#define CHECK_CONTIGUOUS(x) TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")

at::Tensor add_unchecked(at::Tensor a, at::Tensor b) {
  const at::cuda::OptionalCUDAGuard guard(device_of(a));
  CHECK_CONTIGUOUS(a);
  auto out = at::empty_like(a);  // made here: dense
  add_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(a.data_ptr<float>(), b.data_ptr<float>(),  // expect: TL813
                                                               out.data_ptr<float>(), a.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

at::Tensor add_contiguous_copies(at::Tensor a, at::Tensor b) {
  const at::cuda::OptionalCUDAGuard guard(device_of(a));
  auto a_c = a.contiguous();
  b = b.contiguous();
  auto out = at::empty_like(a_c);
  add_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(a_c.data_ptr<float>(), b.data_ptr<float>(),
                                                               out.data_ptr<float>(), a.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

// Not registered here or elsewhere: a helper whose callers may check.
void add_helper(at::Tensor a, at::Tensor b, at::Tensor out) {
  add_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(a.data_ptr<float>(), b.data_ptr<float>(),
                                                               out.data_ptr<float>(), a.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("add_unchecked", &add_unchecked);
  m.def("add_contiguous_copies", &add_contiguous_copies);
}
