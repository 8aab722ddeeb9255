#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <climits>

__global__ void scale_kernel(float* x, float s, int64_t n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;  // expect: TL816
  if (i < n) x[i] *= s;
}

// A grid-stride loop: the 32-bit start feeds a 64-bit loop variable.
__global__ void scale_kernel_stride(float* x, float s, int64_t n) {
  const auto tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int64_t i = tid; i < n; i += blockDim.x * gridDim.x) x[i] *= s;
}

// The same with a 32-bit loop variable: it wraps.
__global__ void scale_kernel_stride32(float* x, float s, int64_t n) {
  const auto tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = tid; i < n; i += blockDim.x * gridDim.x) x[i] *= s;  // expect: TL816
}

// A channel index against a 32-bit channel count, in a kernel that also takes a 64-bit size.
__global__ void per_channel(float* x, int channels, int64_t total) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < channels) x[c] = 0;
}

__global__ void scale_kernel_wide(float* x, float s, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

// A 32-bit count throughout: the host side narrows, and is flagged there.
__global__ void scale_kernel_int(float* x, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

// A 64-bit count that is one dimension (a feature size) stays far below 2^31.
__global__ void per_feature(float* x, int64_t features) {
  int f = blockIdx.x * blockDim.x + threadIdx.x;
  if (f < features) x[f] = 0;
}

at::Tensor launches(at::Tensor x, double s) {
  scale_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, x.numel());
  scale_kernel_stride<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, x.numel());
  scale_kernel_stride32<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, x.numel());
  per_feature<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), x.size(1));
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor narrow_count(at::Tensor x, double s) {
  int n = x.numel();  // expect: TL816
  scale_kernel_int<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor narrow_argument(at::Tensor x, double s) {
  scale_kernel_int<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, x.numel());  // expect: TL816
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor checked_first(at::Tensor x, double s) {
  TORCH_CHECK(x.numel() <= INT_MAX, "too large for 32-bit indexing");
  int n = x.numel();
  scale_kernel_int<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor wide(at::Tensor x, double s) {
  int64_t n = x.numel();
  scale_kernel_wide<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), (float)s, n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  int blocks = static_cast<int>((n + 255) / 256);  // explicit: the author's decision
  (void)blocks;
  return x;
}
