// Python bindings of the ops; the kernels are launched in kernels.cu.
#include <torch/extension.h>
#include <c10/cuda/CUDAGuard.h>

void scale_cuda(at::Tensor x, double s);
void shift_cuda(at::Tensor x, double s);
void shift_guarded_cuda(at::Tensor x, double s);
void fill_cuda(at::Tensor x, double v);

at::Tensor scale(at::Tensor x, double s) {  // expect: TL812
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  scale_cuda(x, s);
  return x;
}

at::Tensor scale_guarded(at::Tensor x, double s) {
  const at::cuda::OptionalCUDAGuard device_guard(device_of(x));
  scale_cuda(x, s);
  return x;
}

// The guard is in the launcher (kernels.cu).
at::Tensor shift(at::Tensor x, double s) {
  shift_guarded_cuda(x, s);
  return x;
}

// Reaches the launch through a helper of this file.
static void shift_twice(at::Tensor x, double s) {
  shift_cuda(x, s);
  shift_cuda(x, s);
}
at::Tensor shift2(at::Tensor x, double s) {  // expect: TL812
  shift_twice(x, s);
  return x;
}

// Launches nothing: a CPU op.
at::Tensor cpu_only(at::Tensor x) { return x.contiguous(); }

// Defined in no checked file: not judged.
at::Tensor elsewhere(at::Tensor x);

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &scale);
  m.def("scale_guarded", &scale_guarded);
  m.def("shift", &shift);
  m.def("shift2", &shift2);
  m.def("cpu_only", &cpu_only);
  m.def("elsewhere", &elsewhere);
}
