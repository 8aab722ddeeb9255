#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void add_kernel(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1;
}

at::Tensor no_stream(at::Tensor x) {
  int64_t n = x.numel();
  add_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), n);  // expect: TL810
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor shared_memory_only(at::Tensor x) {
  int64_t n = x.numel();
  add_kernel<<<(n + 255) / 256, 256, 1024, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), n);  // expect: TL810
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor stream_zero(at::Tensor x) {
  int64_t n = x.numel();
  add_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), n);  // expect: TL810
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor current_stream(at::Tensor x) {
  int64_t n = x.numel();
  add_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor stream_variable(at::Tensor x) {
  int64_t n = x.numel();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  add_kernel<<<(n + 255) / 256, 256, 0, stream>>>(x.data_ptr<float>(), n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

template <typename T>
void launch_on(cudaStream_t s, T* p, int n) {
  add_kernel<<<1, 256, 0, s>>>(p, n);  // a stream handed in by the caller
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

// Suppressed, both spellings; the other rule on the line still reports.
at::Tensor suppressed(at::Tensor x) {
  int64_t n = x.numel();
  add_kernel<<<1, 256>>>(x.data_ptr<float>(), n);  // NOLINT(TL810)
  add_kernel<<<1, 256>>>(x.data_ptr<float>(), n);  // torchlint: ignore[kernel-on-default-stream]
  // NOLINTNEXTLINE(TL810)
  add_kernel<<<1, 256>>>(x.data_ptr<float>(), n);
  const char* s = "// NOLINT(TL810) inside a string is not a comment"; add_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), n);  // expect: TL810
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  (void)s;
  return x;
}
