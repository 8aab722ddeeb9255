// torchlint shim: the pybind11 module macro extensions use.
#pragma once
namespace pybind11 {
class module_ {
 public:
  template <typename F, typename... Extra> module_& def(const char* name, F&& f, const Extra&... extra);
};
using module = module_;
struct arg { explicit arg(const char* name); };
}  // namespace pybind11
namespace py = pybind11;
#define PYBIND11_MODULE(name, variable) void torchlint_pybind11_init_##name(::pybind11::module_& variable)
