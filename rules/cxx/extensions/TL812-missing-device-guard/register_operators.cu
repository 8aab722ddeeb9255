// Ops registered with the TorchScript registration API (`torch::RegisterOperators`, also spelled
// `c10::RegisterOperators`), in each of its forms, are judged like pybind11 and TORCH_LIBRARY ops.
#include <torch/script.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

__global__ void scale_kernel(float* x, float s, int64_t n) {
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}

// Launches on the current device; its callers decide which one that is.
static void launch_scale(const at::Tensor& x, float s) {
  scale_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), s, x.numel());
  C10_CUDA_KERNEL_LAUNCH_CHECK();
}

at::Tensor scale_by_pointer(at::Tensor x) {  // expect: TL812
  launch_scale(x, 2.0f);
  return x;
}

at::Tensor scale_by_name(at::Tensor x) {  // expect: TL812
  launch_scale(x, 3.0f);
  return x;
}

at::Tensor scale_by_constructor(at::Tensor x) {  // expect: TL812
  launch_scale(x, 4.0f);
  return x;
}

at::Tensor scale_compile_time(at::Tensor x) {  // expect: TL812
  launch_scale(x, 5.0f);
  return x;
}

at::Tensor scale_catch_all(at::Tensor x) {  // expect: TL812
  launch_scale(x, 6.0f);
  return x;
}

struct ScaleKernel : c10::OperatorKernel {
  at::Tensor operator()(at::Tensor x) {  // expect: TL812
    launch_scale(x, 7.0f);
    return x;
  }
};

// Not findings: guarded (c10::cuda::MaybeSetDevice, a guard from the tensor's options), or a
// CPU op, or a helper that is not itself registered.
at::Tensor scale_maybe_set(at::Tensor x) {
  c10::cuda::MaybeSetDevice(x.get_device());
  launch_scale(x, 2.0f);
  return x;
}

at::Tensor scale_options_guard(at::Tensor x) {
  const c10::cuda::CUDAGuard device_guard(x.options().device());
  launch_scale(x, 2.0f);
  return x;
}

struct GuardedKernel : c10::OperatorKernel {
  at::Tensor operator()(at::Tensor x) {
    const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
    launch_scale(x, 7.0f);
    return x;
  }
};

at::Tensor identity(at::Tensor x) { return x.contiguous(); }

at::Tensor not_registered(at::Tensor x) {
  launch_scale(x, 8.0f);
  return x;
}

static auto registry =
    torch::RegisterOperators()
        .op("myops::scale_by_pointer", &scale_by_pointer)
        .op("myops::scale_by_name", scale_by_name)
        .op("myops::scale_compile_time(Tensor x) -> Tensor",
            torch::RegisterOperators::options().kernel<decltype(scale_compile_time), &scale_compile_time>(
                c10::DispatchKey::CUDA))
        .op(torch::RegisterOperators::options().schema("myops::scale_catch_all").catchAllKernel(&scale_catch_all))
        .op("myops::scale_functor", torch::RegisterOperators::options().kernel<ScaleKernel>(c10::DispatchKey::CUDA))
        .op("myops::scale_guarded_functor", torch::RegisterOperators::options().kernel<GuardedKernel>(c10::DispatchKey::CUDA))
        .op("myops::scale_maybe_set", &scale_maybe_set)
        .op("myops::scale_options_guard", &scale_options_guard)
        .op("myops::identity", &identity);

static auto one = torch::RegisterOperators("myops::scale_by_constructor", &scale_by_constructor);
static auto old_style = c10::RegisterOperators().op("myops::identity2", &identity);
