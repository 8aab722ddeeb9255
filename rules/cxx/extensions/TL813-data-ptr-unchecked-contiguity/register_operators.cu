// TL813 judges ops registered with `torch::RegisterOperators` and `TORCH_LIBRARY_IMPL` too.
#include <torch/script.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

__global__ void square_kernel(const float* x, float* out, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) out[i] = x[i] * x[i];
}

at::Tensor square(at::Tensor x) {
  c10::cuda::MaybeSetDevice(x.get_device());
  auto out = at::empty_like(x);
  square_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), out.data_ptr<float>(),  // expect: TL813
                                                                  x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

at::Tensor square_impl(at::Tensor x) {
  c10::cuda::MaybeSetDevice(x.get_device());
  auto out = at::empty_like(x);
  square_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), out.data_ptr<float>(),  // expect: TL813
                                                                  x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

at::Tensor square_checked(at::Tensor x) {
  c10::cuda::MaybeSetDevice(x.get_device());
  TORCH_CHECK(x.is_contiguous(), "x must be contiguous");
  auto out = at::empty_like(x);
  square_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), out.data_ptr<float>(),
                                                                  x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}

static auto registry = torch::RegisterOperators()
                           .op("myops::square", &square)
                           .op("myops::square_checked", &square_checked);

TORCH_LIBRARY_IMPL(myops, CUDA, m) { m.impl("square_impl", TORCH_FN(square_impl)); }
