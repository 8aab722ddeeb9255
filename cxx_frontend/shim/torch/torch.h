// torchlint shim: the libtorch C++ frontend surface (modules, optimizers, guards, data).
#pragma once
#include <ATen/ATen.h>
#include <torch/library.h>
namespace torch {
using at::NoGradGuard;
using at::AutoGradMode;
using c10::InferenceMode;
namespace autograd {
using at::GradMode;
}  // namespace autograd
struct Device : c10::Device { using c10::Device::Device; };
const c10::DeviceType kCUDA = c10::DeviceType::CUDA;
const c10::DeviceType kCPU = c10::DeviceType::CPU;
namespace nn {
class Module {
 public:
  virtual ~Module();
  void train(bool on = true);
  void eval();
  bool is_training() const;
  void zero_grad(bool set_to_none = true);
  void to(c10::Device d);
  template <typename T> T register_module(const char* name, T m);
};
template <typename M> class ModuleHolder {
 public:
  ModuleHolder();
  template <typename... Args> explicit ModuleHolder(Args&&... args);
  M* operator->() const;
  M* get() const;
  at::Tensor operator()(const at::Tensor& x);
};
namespace functional {
at::Tensor cross_entropy(const at::Tensor& a, const at::Tensor& b);
at::Tensor mse_loss(const at::Tensor& a, const at::Tensor& b);
}
}  // namespace nn
namespace optim {
class Optimizer {
 public:
  virtual ~Optimizer();
  void zero_grad(bool set_to_none = true);
  virtual at::Tensor step();
};
struct SGDOptions { SGDOptions(double lr); };
struct AdamOptions { AdamOptions(double lr = 1e-3); };
class SGD : public Optimizer { public: template <typename P> SGD(P params, SGDOptions o); };
class Adam : public Optimizer { public: template <typename P> Adam(P params, AdamOptions o); };
}  // namespace optim
at::Tensor randn(at::IntArrayRef size, at::TensorOptions o = {});
at::Tensor ones(at::IntArrayRef size, at::TensorOptions o = {});
}  // namespace torch
// A module class `Name` holding a `NameImpl` (the C++ frontend's module idiom).
#define TORCH_MODULE(Name)                                 \
  class Name : public torch::nn::ModuleHolder<Name##Impl> { \
   public:                                                  \
    using torch::nn::ModuleHolder<Name##Impl>::ModuleHolder; \
  }
