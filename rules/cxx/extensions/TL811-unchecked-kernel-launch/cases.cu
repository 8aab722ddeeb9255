#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void scale_kernel(float* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

void check_launch() { C10_CUDA_CHECK(cudaGetLastError()); }

at::Tensor unchecked(at::Tensor x, float s) {
  auto stream = at::cuda::getCurrentCUDAStream();
  scale_kernel<<<1, 1024, 0, stream>>>(x.data_ptr<float>(), s, x.numel());  // expect: TL811
  return x;
}

at::Tensor checked_before_only(at::Tensor x, float s) {
  auto stream = at::cuda::getCurrentCUDAStream();
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  scale_kernel<<<1, 1024, 0, stream>>>(x.data_ptr<float>(), s, x.numel());  // expect: TL811
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
