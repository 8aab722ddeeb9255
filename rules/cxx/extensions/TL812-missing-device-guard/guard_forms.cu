// Every device guard form of c10 and ATen counts as a guard; a guard that does not hold during the
// launch does not.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAFunctions.h>
#include <optional>

__global__ void fill_kernel(float* x, float v, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) x[i] = v;
}

static void launch_fill(const at::Tensor& x, float v) {
  fill_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), v, x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

// Not findings: each guard form.
at::Tensor g_maybe_set_device(at::Tensor x) {
  c10::cuda::MaybeSetDevice(x.get_device());
  launch_fill(x, 1);
  return x;
}

at::Tensor g_set_device(at::Tensor x) {
  c10::cuda::set_device(x.get_device());
  launch_fill(x, 1);
  return x;
}

at::Tensor g_exchange_device(at::Tensor x) {
  auto previous = c10::cuda::ExchangeDevice(x.get_device());
  launch_fill(x, 1);
  c10::cuda::MaybeSetDevice(previous);
  return x;
}

at::Tensor g_optional_device_of(at::Tensor x) {
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  launch_fill(x, 1);
  return x;
}

at::Tensor g_c10_optional(at::Tensor x) {
  c10::cuda::OptionalCUDAGuard device_guard;
  device_guard.set_index(x.get_device());
  launch_fill(x, 1);
  return x;
}

at::Tensor g_at_cuda_guard(at::Tensor x) {
  at::cuda::CUDAGuard device_guard(x.device());
  launch_fill(x, 1);
  return x;
}

at::Tensor g_c10_cuda_guard(at::Tensor x) {
  c10::cuda::CUDAGuard device_guard(x.get_device());
  launch_fill(x, 1);
  return x;
}

at::Tensor g_from_options(at::Tensor x) {
  const at::cuda::CUDAGuard device_guard{x.options().device()};
  launch_fill(x, 1);
  return x;
}

at::Tensor g_from_options_index(at::Tensor x) {
  const at::cuda::CUDAGuard device_guard(x.options().device_index());
  launch_fill(x, 1);
  return x;
}

at::Tensor g_device_guard(at::Tensor x) {
  const at::DeviceGuard device_guard(x.device());
  launch_fill(x, 1);
  return x;
}

at::Tensor g_optional_device_guard(at::Tensor x) {
  const at::OptionalDeviceGuard device_guard(at::device_of(x));
  launch_fill(x, 1);
  return x;
}

at::Tensor g_stream_guard(at::Tensor x) {
  const at::cuda::CUDAStreamGuard stream_guard(at::cuda::getStreamFromPool(false, x.get_device()));
  launch_fill(x, 1);
  return x;
}

at::Tensor g_held_in_optional(at::Tensor x) {
  std::optional<c10::cuda::CUDAGuard> device_guard;
  if (x.is_cuda()) device_guard.emplace(x.device());
  launch_fill(x, 1);
  return x;
}

at::Tensor g_cuda_runtime(at::Tensor x) {
  cudaSetDevice(x.get_device());
  launch_fill(x, 1);
  return x;
}

// Findings: a temporary guard is destroyed at the end of its statement; `guard()` declares a
// function; a guard in a helper ends when the helper returns.
at::Tensor temporary_guard(at::Tensor x) {  // expect: TL812
  at::cuda::CUDAGuard(x.device());
  launch_fill(x, 1);
  return x;
}

at::Tensor vexing_guard(at::Tensor x) {  // expect: TL812
  c10::cuda::OptionalCUDAGuard guard();
  launch_fill(x, 1);
  return x;
}

static void check_inputs(const at::Tensor& x) {
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
}

at::Tensor guard_in_helper(at::Tensor x) {  // expect: TL812
  check_inputs(x);
  launch_fill(x, 1);
  return x;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("g_maybe_set_device", &g_maybe_set_device);
  m.def("g_set_device", &g_set_device);
  m.def("g_exchange_device", &g_exchange_device);
  m.def("g_optional_device_of", &g_optional_device_of);
  m.def("g_c10_optional", &g_c10_optional);
  m.def("g_at_cuda_guard", &g_at_cuda_guard);
  m.def("g_c10_cuda_guard", &g_c10_cuda_guard);
  m.def("g_from_options", &g_from_options);
  m.def("g_from_options_index", &g_from_options_index);
  m.def("g_device_guard", &g_device_guard);
  m.def("g_optional_device_guard", &g_optional_device_guard);
  m.def("g_stream_guard", &g_stream_guard);
  m.def("g_held_in_optional", &g_held_in_optional);
  m.def("g_cuda_runtime", &g_cuda_runtime);
  m.def("temporary_guard", &temporary_guard);
  m.def("vexing_guard", &vexing_guard);
  m.def("guard_in_helper", &guard_in_helper);
}
