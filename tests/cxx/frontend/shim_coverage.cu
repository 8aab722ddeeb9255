// What an extension's .cu uses from the CUDA toolkit and from what torch/extension.h pulls in,
// with no compilation database: it must parse without a single error on the shim.
// tests/cxx/frontend_parse_test.sh checks it.
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <curand_kernel.h>
#include <memory>
#include <optional>
#include <string>
#include <tuple>

namespace cg = cooperative_groups;

// A project's own atomic for old GPUs, beside the toolkit's.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
__device__ double atomicAdd(double* address, double val);
#endif

template <typename scalar_t>
__global__ void every_family(const scalar_t* __restrict__ x, scalar_t* y, const float4* __restrict__ v4, __half* h,
                             __nv_bfloat16* b, double* d, unsigned long long* u, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  // Vector types, every family and width, and their make_ functions.
  float4 f4 = __ldg(&v4[i]);
  float2 f2 = make_float2(f4.x, f4.y);
  int3 i3 = make_int3(1, 2, 3);
  uint4 u4 = make_uint4(1u, 2u, 3u, 4u);
  double2 d2 = make_double2(0.0, 1.0);
  char4 c4 = make_char4(1, 2, 3, 4);
  ulonglong2 l2 = make_ulonglong2(1ull, 2ull);
  // Half and bfloat16 conversions and intrinsics.
  half2 hh = __floats2half2_rn(f2.x, f2.y);
  __half hs = __hadd(h[i], __float2half(1.0f));
  __nv_bfloat162 bb = __floats2bfloat162_rn(1.0f, 2.0f);
  float s = __half2float(hs) + __low2float(hh) + __bfloat162float(__low2bfloat16(bb)) + __bfloat162float(b[i]);
  // Cached loads of any type, warp shuffles and votes, fast math.
  scalar_t xi = __ldg(&x[i]);
  s += __shfl_down_sync(0xffffffffu, s, 16) + __expf(s) + rsqrtf(s + 1.0f) + sqrtf(fabsf(s)) + __saturatef(s);
  s = cg::reduce(warp, s, [](float a, float c) { return a + c; });
  s += warp.shfl_xor(s, 1);
  if (__any_sync(0xffffffffu, s > 0.0f)) s += __popc(__ballot_sync(0xffffffffu, s > 0.0f));
  // Atomics on every type.
  atomicAdd(&y[0], xi);
  atomicAdd(d, 1.0);
  atomicMax(reinterpret_cast<int*>(u), i3.x);
  atomicCAS(u, 0ull, l2.x);
  atomicAdd(h, hs);
  __shared__ float tile[32];
  tile[threadIdx.x % 32] = s + u4.w + d2.y + c4.x;
  block.sync();
  curandStatePhilox4_32_10_t state;
  curand_init(1234, i, 0, &state);
  y[i] = static_cast<scalar_t>(tile[0] + curand_uniform(&state) + min(i, n) + max(1.0f, s));
}

std::tuple<at::Tensor, std::optional<at::Tensor>> run(const at::Tensor& x, c10::optional<at::Tensor> bias, const std::string& name) {
  TORCH_CHECK(x.is_cuda(), name, " must be on the GPU");
  const at::cuda::OptionalCUDAGuard guard(device_of(x));
  auto y = torch::zeros({x.size(0), 4}, x.options().dtype(torch::kFloat32));
  auto both = at::cat({x.flatten(), y.flatten()}, 0).contiguous();
  auto stream = at::cuda::getCurrentCUDAStream();
  cublasHandle_t handle = at::cuda::getCurrentCUDABlasHandle();
  cublasSetStream(handle, stream);
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "every_family", [&] {
    every_family<scalar_t><<<(x.numel() + 255) / 256, 256, 0, stream>>>(
        x.data_ptr<scalar_t>(), y.data_ptr<scalar_t>(), nullptr, nullptr, nullptr, nullptr, nullptr, static_cast<int>(x.numel()));
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  auto shared = std::make_shared<std::string>(name);
  if (bias.has_value()) return {both + *bias, bias};
  return {both, std::nullopt};
}

TORCH_LIBRARY(shim_coverage, m) {
  m.def("run(Tensor x, Tensor? bias, str name) -> (Tensor, Tensor?)");
  m.impl("run", [](const at::Tensor& x) { return x; });
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("run", &run, "every family", py::arg("x"), py::arg("bias") = py::none(), py::arg("name") = "x");
  m.def("twice", [](const at::Tensor& x) { return x * 2; });
}
