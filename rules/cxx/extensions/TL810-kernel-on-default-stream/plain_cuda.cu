// A plain CUDA program (no torch headers) owns its streams: not flagged.
#include <cuda_runtime.h>

__global__ void fill(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0;
}

int main() {
  float* x;
  cudaMalloc((void**)&x, 1024 * sizeof(float));
  fill<<<4, 256>>>(x, 1024);
  cudaGetLastError();
  cudaDeviceSynchronize();
  return 0;
}
