// torchlint shim: operator registration.
#pragma once
#include <ATen/ATen.h>
#include <c10/core/DispatchKey.h>
#include <type_traits>
namespace c10 {
template <class FuncType_, FuncType_* func_ptr_> struct CompileTimeFunctionPointer {
  using FuncType = FuncType_;
  static constexpr FuncType* func_ptr() { return func_ptr_; }
};
}  // namespace c10
namespace torch {
class CppFunction {
 public:
  template <typename Func> explicit CppFunction(Func&& f) {}
};
template <typename Func> CppFunction dispatch(c10::DispatchKey k, Func&& raw_f) { return CppFunction(raw_f); }
template <typename Func> CppFunction dispatch(c10::DeviceType t, Func&& raw_f) { return CppFunction(raw_f); }
class Library {
 public:
  // Bodies: a template only declared is an error once used with a lambda.
  template <typename Schema, typename F> Library& def(Schema&& s, F&& f) { return *this; }
  template <typename Schema> Library& def(Schema&& s) { return *this; }
  template <typename Name, typename F> Library& impl(Name&& n, F&& f) { return *this; }
};
}  // namespace torch
#define TORCH_FN(func) ::c10::CompileTimeFunctionPointer<std::remove_pointer_t<std::remove_reference_t<decltype(func)>>, func>()
#define TORCH_LIBRARY(ns, m) void torchlint_library_init_##ns(torch::Library& m)
#define TORCH_LIBRARY_IMPL(ns, k, m) void torchlint_library_impl_##ns##_##k(torch::Library& m)
#define TORCH_LIBRARY_FRAGMENT(ns, m) TORCH_LIBRARY(ns, m)
