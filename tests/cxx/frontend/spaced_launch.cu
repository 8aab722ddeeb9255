// Launches written as code formatters write them for nvcc: spaces inside the chevrons.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void scale_kernel(float* x, float s, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

template <typename T>
__global__ void fill_kernel(T* x, T v) { x[threadIdx.x] = v; }

at::Tensor spaced(at::Tensor x, float s) {
  auto stream = at::cuda::getCurrentCUDAStream();
  scale_kernel << <1, 1024, 0, stream >> > (x.data_ptr<float>(), s, x.numel());
  return x;
}

at::Tensor spaced_template_default_stream(at::Tensor x) {
  fill_kernel<float>< < <dim3(1), dim3(32)> > >(x.data_ptr<float>(), 1.0f);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

at::Tensor spaced_over_lines(at::Tensor x, float s) {
  auto stream = at::cuda::getCurrentCUDAStream();
  scale_kernel<< <
      1, 1024, 0, stream >>>
      (x.data_ptr<float>(), s, x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return x;
}

// Not launches: shifts and a template operator.
struct Stream {};
template <typename T> Stream& operator<<(Stream& os, const T&) { return os; }
int shifts(int a, int b) { return (a << b) >> (b >> 1); }
void print(Stream& os) { operator<< <int>(os, 1); }
