#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void add_kernel(float* x, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1;
}

at::Tensor add_one(at::Tensor x) {
  add_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  cudaDeviceSynchronize();  // expect: TL814
  return x;
}

void add_one_out(at::Tensor x, at::Tensor out) {
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "add_one", [&] {
    add_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(), out.numel());
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    cudaStreamSynchronize(at::cuda::getCurrentCUDAStream());  // expect: TL814
  });
}

// Not an op: a setup helper with no tensors.
void warm_up_device() { cudaDeviceSynchronize(); }

int main() {
  cudaDeviceSynchronize();
  return 0;
}
