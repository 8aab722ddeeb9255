// torchlint shim: the old-style operator registration API, c10::RegisterOperators (also spelled
// torch::RegisterOperators), as `#include <torch/script.h>` provides it.
#pragma once
#include <utility>
#include <ATen/ATen.h>
#include <c10/core/DispatchKey.h>
#include <torch/library.h>
namespace c10 {
class OperatorKernel {};
class RegisterOperators final {
 public:
  class Options final {
   public:
    Options&& schema(const char* schemaOrName) &&;
    template <class FuncType, FuncType* kernel_func> Options&& kernel(DispatchKey dispatch_key) &&;
    template <class FuncType> Options&& kernel(DispatchKey dispatch_key, FuncType* kernel_func) && { return std::move(*this); }
    template <class KernelFunctor, class... Args> Options&& kernel(DispatchKey dispatch_key, Args&&... args) && { return std::move(*this); }
    template <class FuncType, FuncType* kernel_func> Options&& catchAllKernel() &&;
    template <class FuncType> Options&& catchAllKernel(FuncType* kernel_func) && { return std::move(*this); }
    template <class KernelFunctor, class... Args> Options&& catchAllKernel(Args&&... args) && { return std::move(*this); }
  };
  RegisterOperators();
  ~RegisterOperators();
  RegisterOperators(RegisterOperators&&) noexcept;
  // Bodies: a template only declared is an error once used with a lambda.
  template <class FuncType> explicit RegisterOperators(const char* schemaOrName, FuncType&& func) {}
  template <class FuncType> RegisterOperators(const char* schemaOrName, FuncType&& func, Options&& options) {}
  static Options options();
  RegisterOperators&& op(Options&& options) &&;
  RegisterOperators& op(Options&& options) &;
  RegisterOperators&& op(const char* schemaOrName, Options&& options) &&;
  template <class FuncType> RegisterOperators&& op(const char* schemaOrName, FuncType&& func) && { return std::move(*this); }
  template <class FuncType> RegisterOperators&& op(const char* schemaOrName, FuncType&& func, Options&& options) && { return std::move(*this); }
};
}  // namespace c10
namespace torch {
using RegisterOperators = c10::RegisterOperators;
}  // namespace torch
