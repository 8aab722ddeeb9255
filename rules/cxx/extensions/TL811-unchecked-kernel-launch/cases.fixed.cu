#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void scale_kernel(float* x, float s, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

void check_launch() { C10_CUDA_CHECK(cudaGetLastError()); }

at::Tensor unchecked(at::Tensor x, float s) {
  auto stream = at::cuda::getCurrentCUDAStream();
  scale_kernel<<<1, 1024, 0, stream>>>(x.data_ptr<float>(), s, x.numel());  // expect: TL811
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor checked_before_only(at::Tensor x, float s) {
  auto stream = at::cuda::getCurrentCUDAStream();
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  scale_kernel<<<1, 1024, 0, stream>>>(x.data_ptr<float>(), s, x.numel());  // expect: TL811
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor checked(at::Tensor x, float s) {
  auto stream = at::cuda::getCurrentCUDAStream();
  scale_kernel<<<1, 1024, 0, stream>>>(x.data_ptr<float>(), s, x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor checked_after_dispatch(at::Tensor x, float s) {
  auto stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale", [&] {
    scale_kernel<<<1, 1024, 0, stream>>>(x.data_ptr<float>(), s, x.numel());
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor checked_by_helper(at::Tensor x, float s) {
  auto stream = at::cuda::getCurrentCUDAStream();
  scale_kernel<<<1, 1024, 0, stream>>>(x.data_ptr<float>(), s, x.numel());
  check_launch();
  return x;
}

at::Tensor checked_by_runtime(at::Tensor x, float s) {
  auto stream = at::cuda::getCurrentCUDAStream();
  scale_kernel<<<1, 1024, 0, stream>>>(x.data_ptr<float>(), s, x.numel());
  cudaError_t err = cudaPeekAtLastError();
  TORCH_CHECK(err == cudaSuccess, cudaGetErrorString(err));
  return x;
}

// Helpers with raw pointers are the op's to check.
template <typename T>
void launch_scale(T* p, float s, int64_t n, cudaStream_t stream) {
  scale_kernel<<<1, 1024, 0, stream>>>(p, s, n);
}

void launch_scale_unchecked(float* p, float s, int64_t n, cudaStream_t stream) {
  scale_kernel<<<1, 1024, 0, stream>>>(p, s, n);  // expect: TL811
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

void launch_from_table(float* p, float s, int64_t n, cudaStream_t stream) {
  scale_kernel<<<1, 1024, 0, stream>>>(p, s, n);  // called through a pointer: cannot be judged
}
void (*launchers[])(float*, float, int64_t, cudaStream_t) = {launch_from_table};

at::Tensor op_checks_after_helper(at::Tensor x, float s) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale", [&] {
    launch_scale<scalar_t>(x.data_ptr<scalar_t>(), s, x.numel(), at::cuda::getCurrentCUDAStream());
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor op_never_checks(at::Tensor x, float s) {
  launch_scale_unchecked(x.data_ptr<float>(), s, x.numel(), at::cuda::getCurrentCUDAStream());
  return x;
}

// BOOL_SWITCH-style macros expand the launch twice: one finding.
#define TWICE(FLAG, ...) if (FLAG) { __VA_ARGS__(); } else { __VA_ARGS__(); }
at::Tensor expanded_twice(at::Tensor x, float s, bool flag) {
  auto stream = at::cuda::getCurrentCUDAStream();
  TWICE(flag, [&] { scale_kernel<<<1, 1024, 0, stream>>>(x.data_ptr<float>(), s, x.numel()); });  // expect: TL811
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}
