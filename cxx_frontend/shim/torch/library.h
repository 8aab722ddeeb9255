// torchlint shim: operator registration.
#pragma once
#include <ATen/ATen.h>
namespace torch {
class Library {
 public:
  template <typename Schema, typename F> Library& def(Schema&& s, F&& f);
  template <typename Schema> Library& def(Schema&& s);
  template <typename Name, typename F> Library& impl(Name&& n, F&& f);
};
}  // namespace torch
#define TORCH_LIBRARY(ns, m) void torchlint_library_init_##ns(torch::Library& m)
#define TORCH_LIBRARY_IMPL(ns, k, m) void torchlint_library_impl_##ns##_##k(torch::Library& m)
#define TORCH_LIBRARY_FRAGMENT(ns, m) TORCH_LIBRARY(ns, m)
