// torchlint shim: c10::DispatchKey (the keys registrations name; the old `...TensorId` spellings too).
#pragma once
namespace c10 {
enum class DispatchKey : unsigned char {
  Undefined, CatchAll, CPU, CUDA, HIP, Meta, Autograd, AutogradCPU, AutogradCUDA, CompositeImplicitAutograd,
  CompositeExplicitAutograd, CPUTensorId, CUDATensorId
};
}  // namespace c10
namespace torch {
using c10::DispatchKey;
}  // namespace torch
