// torchlint shim: the pybind11 surface extension bindings use.
#pragma once
namespace pybind11 {
struct handle {};
struct object : handle {};
struct none : object {};
struct arg {
  explicit arg(const char* name);
  template <typename T> arg& operator=(T&& value);
};
using arg_v = arg;
struct gil_scoped_release { gil_scoped_release(); ~gil_scoped_release(); };
struct gil_scoped_acquire { gil_scoped_acquire(); ~gil_scoped_acquire(); };
template <typename... Guards> struct call_guard {};
enum class return_value_policy { automatic, copy, move, reference, reference_internal, take_ownership };
struct doc { explicit doc(const char*); };
template <typename... Args> struct init_t {};
template <typename... Args> init_t<Args...> init();
class module_ {
 public:
  template <typename F, typename... Extra> module_& def(const char* name, F&& f, Extra&&... extra);
  module_ def_submodule(const char* name, const char* doc = nullptr);
  template <typename T> module_& attr(const char* name);
};
using module = module_;
template <typename T, typename... Options>
class class_ {
 public:
  template <typename... Extra> class_(module_& m, const char* name, Extra&&... extra);
  template <typename F, typename... Extra> class_& def(const char* name, F&& f, Extra&&... extra);
  template <typename... Args, typename... Extra> class_& def(init_t<Args...> i, Extra&&... extra);
  template <typename F, typename... Extra> class_& def_static(const char* name, F&& f, Extra&&... extra);
  template <typename D, typename... Extra> class_& def_readwrite(const char* name, D d, Extra&&... extra);
  template <typename D, typename... Extra> class_& def_readonly(const char* name, D d, Extra&&... extra);
};
template <typename T> class enum_ {
 public:
  enum_(module_& m, const char* name);
  enum_& value(const char* name, T v);
};
}  // namespace pybind11
namespace py = pybind11;
#define PYBIND11_MODULE(name, variable) void torchlint_pybind11_init_##name(::pybind11::module_& variable)
