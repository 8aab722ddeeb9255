// Ops registered for a dispatch key (`TORCH_LIBRARY_IMPL`), through `TORCH_FN(f)`,
// `torch::dispatch(key, &f)` or a plain pointer, are judged like `TORCH_LIBRARY` definitions.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

__global__ void relu_kernel(float* x, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n && x[i] < 0) x[i] = 0;
}

static void launch_relu(const at::Tensor& x) {
  relu_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

at::Tensor relu_fn(const at::Tensor& x) {  // expect: TL812
  launch_relu(x);
  return x;
}

at::Tensor relu_dispatch(const at::Tensor& x) {  // expect: TL812
  launch_relu(x);
  return x;
}

at::Tensor relu_pointer(const at::Tensor& x) {  // expect: TL812
  launch_relu(x);
  return x;
}

at::Tensor relu_guarded(const at::Tensor& x) {
  c10::cuda::MaybeSetDevice(x.get_device());
  launch_relu(x);
  return x;
}

at::Tensor relu_cpu(const at::Tensor& x) { return x.contiguous(); }

TORCH_LIBRARY(myops, m) {
  m.def("relu_fn(Tensor x) -> Tensor");
  m.def("relu_dispatch(Tensor x) -> Tensor");
  m.def("relu_pointer(Tensor x) -> Tensor");
  m.def("relu_guarded(Tensor x) -> Tensor");
}

TORCH_LIBRARY_IMPL(myops, CUDA, m) {
  m.impl("relu_fn", TORCH_FN(relu_fn));
  m.impl("relu_dispatch", torch::dispatch(c10::DispatchKey::CUDA, &relu_dispatch));
  m.impl("relu_pointer", &relu_pointer);
  m.impl("relu_guarded", TORCH_FN(relu_guarded));
}

TORCH_LIBRARY_IMPL(myops, CPU, m) { m.impl("relu_fn", TORCH_FN(relu_cpu)); }
