// torchlint shim: the pybind11 surface extension bindings use (modules, classes, enums,
// arguments, casts, Python object types, the GIL).
#pragma once
#include <sys/types.h>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
struct _object;
typedef _object PyObject;
namespace pybind11 {
class handle;
class object;
struct accessor;
class handle {
 public:
  handle();
  handle(PyObject* ptr);
  PyObject* ptr() const;
  const handle& inc_ref() const&;
  const handle& dec_ref() const&;
  template <typename T> T cast() const;
  explicit operator bool() const;
  bool is_none() const;
  bool is(const handle& h) const;
  accessor attr(const char* key) const;
  accessor attr(handle key) const;
  accessor operator[](const char* key) const;
  accessor operator[](handle key) const;
  accessor operator[](size_t index) const;
  template <typename... Args> object operator()(Args&&... args) const;
  bool equal(const handle& other) const;
  bool operator==(const handle& o) const;
  bool operator!=(const handle& o) const;
  object doc() const;
  size_t size() const;
};
class object : public handle {
 public:
  object();
  object(const object& o);
  object(object&& o) noexcept;
  object& operator=(const object& o);
  object& operator=(object&& o) noexcept;
  handle release();
  template <typename T> T cast() const&;
  template <typename T> T cast() &&;
};
template <typename... Args> object handle::operator()(Args&&... args) const { return object(); }
struct accessor : object {
  template <typename T> accessor& operator=(T&& value) { return *this; }
  accessor& operator=(const accessor& a);
  operator object() const;
};
#define __TL_PY_TYPE(name)                                  \
  class name : public object {                              \
   public:                                                  \
    name();                                                 \
    name(const object& o);                                  \
    name(handle h, bool borrowed);                          \
    template <typename... Args> explicit name(Args&&... args) {} \
  };
__TL_PY_TYPE(none) __TL_PY_TYPE(bool_) __TL_PY_TYPE(int_) __TL_PY_TYPE(float_) __TL_PY_TYPE(bytes) __TL_PY_TYPE(bytearray)
__TL_PY_TYPE(set) __TL_PY_TYPE(frozenset) __TL_PY_TYPE(function) __TL_PY_TYPE(cpp_function) __TL_PY_TYPE(capsule)
__TL_PY_TYPE(iterator) __TL_PY_TYPE(iterable) __TL_PY_TYPE(sequence) __TL_PY_TYPE(buffer) __TL_PY_TYPE(slice)
__TL_PY_TYPE(ellipsis) __TL_PY_TYPE(type) __TL_PY_TYPE(args) __TL_PY_TYPE(kwargs) __TL_PY_TYPE(memoryview) __TL_PY_TYPE(weakref)
#undef __TL_PY_TYPE
class str : public object {
 public:
  str();
  str(const char* s);
  str(const std::string& s);
  str(const object& o);
  explicit operator std::string() const;
  template <typename... Args> str format(Args&&... args) const { return str(); }
};
class tuple : public object {
 public:
  tuple();
  explicit tuple(size_t size);
  tuple(const object& o);
  size_t size() const;
  accessor operator[](size_t index) const;
};
class list : public object {
 public:
  list();
  explicit list(size_t size);
  list(const object& o);
  size_t size() const;
  template <typename T> void append(T&& val) {}
  accessor operator[](size_t index) const;
};
class dict : public object {
 public:
  dict();
  dict(const object& o);
  template <typename... Args> explicit dict(Args&&... args) {}
  size_t size() const;
  template <typename T> bool contains(T&& key) const { return false; }
  accessor operator[](const char* key) const;
  accessor operator[](handle key) const;
};
struct buffer_info {
  void* ptr;
  ssize_t itemsize;
  std::string format;
  ssize_t ndim;
  std::vector<ssize_t> shape;
  std::vector<ssize_t> strides;
};
class array : public buffer {
 public:
  enum { c_style = 1, f_style = 2, forcecast = 16 };
  array();
  template <typename... Args> array(Args&&... args) {}
  ssize_t ndim() const;
  ssize_t size() const;
  ssize_t itemsize() const;
  const ssize_t* shape() const;
  ssize_t shape(ssize_t dim) const;
  const ssize_t* strides() const;
  const void* data() const;
  void* mutable_data();
  buffer_info request(bool writable = false) const;
};
template <typename T, int ExtraFlags = array::forcecast>
class array_t : public array {
 public:
  array_t();
  template <typename... Args> array_t(Args&&... args) {}
  const T* data() const;
  T* mutable_data();
  template <typename... Ix> const T& at(Ix... index) const;
  template <typename... Ix> T& mutable_at(Ix... index);
  template <ssize_t Dims = -1> struct reference {
    template <typename... Ix> const T& operator()(Ix... index) const;
    template <typename... Ix> T& operator()(Ix... index);
    const T& operator[](ssize_t index) const;
    T& operator[](ssize_t index);
    ssize_t shape(ssize_t dim) const;
    ssize_t ndim() const;
    ssize_t size() const;
  };
  template <ssize_t Dims = -1> reference<Dims> unchecked() const { return {}; }
  template <ssize_t Dims = -1> reference<Dims> mutable_unchecked() { return {}; }
};
struct arg {
  constexpr explicit arg(const char* name = nullptr) : name(name) {}
  template <typename T> struct arg_v operator=(T&& value) const;
  arg& noconvert(bool flag = true);
  arg& none(bool flag = true);
  const char* name;
};
struct arg_v : arg {
  template <typename T> arg_v(const arg& base, T&& x, const char* descr = nullptr) : arg(base) {}
};
template <typename T> arg_v arg::operator=(T&& value) const { return arg_v(*this, std::forward<T>(value)); }
struct kw_only {};
struct pos_only {};
struct is_method { handle class_; };
struct sibling { handle value; };
struct dynamic_attr {};
struct module_local { bool value = true; };
struct buffer_protocol {};
struct is_operator {};
struct prepend {};
struct doc { const char* value; constexpr explicit doc(const char* v) : value(v) {} };
struct name { const char* value; constexpr explicit name(const char* v) : value(v) {} };
template <size_t Nurse, size_t Patient> struct keep_alive {};
template <typename... Ts> struct call_guard {};
enum class return_value_policy : unsigned char { automatic, automatic_reference, take_ownership, copy, move, reference, reference_internal };
class gil_scoped_release { public: gil_scoped_release(bool disassoc = false); ~gil_scoped_release(); };
class gil_scoped_acquire { public: gil_scoped_acquire(); ~gil_scoped_acquire(); };
namespace detail {
template <typename... Args> struct initimpl_constructor {};
template <typename F> struct initimpl_factory {};
template <typename... Args> struct overload_cast_impl {
  template <typename Return> constexpr auto operator()(Return (*pf)(Args...)) const noexcept -> decltype(pf) { return pf; }
  template <typename Return, typename Class>
  constexpr auto operator()(Return (Class::*pmf)(Args...), std::false_type = {}) const noexcept -> decltype(pmf) { return pmf; }
  template <typename Return, typename Class>
  constexpr auto operator()(Return (Class::*pmf)(Args...) const, std::true_type) const noexcept -> decltype(pmf) { return pmf; }
};
}  // namespace detail
template <typename... Args> detail::initimpl_constructor<Args...> init();
template <typename F> detail::initimpl_factory<F> init(F&& f) { return {}; }
template <typename F, typename G> detail::initimpl_factory<F> init(F&& f, G&& g) { return {}; }
template <typename... Args> static constexpr detail::overload_cast_impl<Args...> overload_cast = {};
static constexpr auto const_ = std::true_type{};
template <typename T> T cast(const handle& h);
template <typename T> object cast(T&& value, return_value_policy policy = return_value_policy::automatic_reference, handle parent = handle()) { return object(); }
template <typename T> bool isinstance(handle obj);
bool isinstance(handle obj, handle type);
bool hasattr(handle obj, const char* name);
object getattr(handle obj, const char* name);
object getattr(handle obj, const char* name, handle default_);
void setattr(handle obj, const char* name, handle value);
size_t len(handle h);
str repr(handle h);
template <typename T> T reinterpret_borrow(handle h);
template <typename T> T reinterpret_steal(handle h);
template <typename... Args> tuple make_tuple(Args&&... args) { return tuple(); }
template <typename... Args> void print(Args&&... args) {}
template <typename T> object type_of();
object eval(const str& expr, object global = object(), object local = object());
class error_already_set : public std::exception {
 public:
  error_already_set();
  const char* what() const noexcept override;
  bool matches(handle exc) const;
};
#define __TL_PY_EXCEPTION(name) class name : public std::runtime_error { public: using std::runtime_error::runtime_error; name(); };
__TL_PY_EXCEPTION(builtin_exception) __TL_PY_EXCEPTION(stop_iteration) __TL_PY_EXCEPTION(index_error) __TL_PY_EXCEPTION(key_error)
__TL_PY_EXCEPTION(value_error) __TL_PY_EXCEPTION(type_error) __TL_PY_EXCEPTION(buffer_error) __TL_PY_EXCEPTION(import_error)
__TL_PY_EXCEPTION(attribute_error) __TL_PY_EXCEPTION(cast_error) __TL_PY_EXCEPTION(reference_cast_error)
#undef __TL_PY_EXCEPTION
template <typename T> class exception : public object {
 public:
  exception(handle scope, const char* name, handle base = handle());
};
template <typename CppException> exception<CppException>& register_exception(handle scope, const char* name, handle base = handle());
class module_ : public object {
 public:
  module_();
  explicit module_(const char* name, const char* doc = nullptr);
  template <typename F, typename... Extra> module_& def(const char* name, F&& f, Extra&&... extra) { return *this; }
  module_ def_submodule(const char* name, const char* doc = nullptr);
  static module_ import(const char* name);
  void reload();
  template <typename T> void add_object(const char* name, T&& obj, bool overwrite = false) {}
};
using module = module_;
template <typename type_, typename... options>
class class_ : public object {
 public:
  using type = type_;
  template <typename... Extra> class_(handle scope, const char* name, const Extra&... extra) {}
  template <typename F, typename... Extra> class_& def(const char* name, F&& f, const Extra&... extra) { return *this; }
  template <typename... Args, typename... Extra> class_& def(detail::initimpl_constructor<Args...>&& init, const Extra&... extra) { return *this; }
  template <typename F, typename... Extra> class_& def(detail::initimpl_factory<F>&& init, const Extra&... extra) { return *this; }
  template <typename F, typename... Extra> class_& def_static(const char* name, F&& f, const Extra&... extra) { return *this; }
  template <typename C, typename D, typename... Extra> class_& def_readwrite(const char* name, D C::*pm, const Extra&... extra) { return *this; }
  template <typename C, typename D, typename... Extra> class_& def_readonly(const char* name, const D C::*pm, const Extra&... extra) { return *this; }
  template <typename D, typename... Extra> class_& def_readwrite_static(const char* name, D* pm, const Extra&... extra) { return *this; }
  template <typename D, typename... Extra> class_& def_readonly_static(const char* name, const D* pm, const Extra&... extra) { return *this; }
  template <typename Getter, typename... Extra> class_& def_property_readonly(const char* name, const Getter& fget, const Extra&... extra) { return *this; }
  template <typename Getter, typename Setter, typename... Extra>
  class_& def_property(const char* name, const Getter& fget, const Setter& fset, const Extra&... extra) { return *this; }
  template <typename Getter, typename... Extra> class_& def_property_readonly_static(const char* name, const Getter& fget, const Extra&... extra) { return *this; }
  template <typename Func> class_& def_buffer(Func&& func) { return *this; }
};
template <typename Type>
class enum_ : public class_<Type> {
 public:
  template <typename... Extra> enum_(const handle& scope, const char* name, const Extra&... extra) : class_<Type>(scope, name) {}
  enum_& value(const char* name, Type value, const char* doc = nullptr);
  enum_& export_values();
};
namespace literals {
arg operator""_a(const char* name, size_t);
str operator""_s(const char* s, size_t size);
}  // namespace literals
namespace detail {
struct self_t {};
}  // namespace detail
static const detail::self_t self = detail::self_t();
}  // namespace pybind11
namespace py = pybind11;
#define PYBIND11_MODULE(name, variable) void torchlint_pybind11_init_##name(::pybind11::module_& variable)
#define PYBIND11_OVERRIDE(ret_type, cname, fn, ...) return ret_type()
#define PYBIND11_OVERRIDE_PURE(ret_type, cname, fn, ...) return ret_type()
#define PYBIND11_OVERLOAD(ret_type, cname, fn, ...) return ret_type()
#define PYBIND11_OVERLOAD_PURE(ret_type, cname, fn, ...) return ret_type()
#define PYBIND11_MAKE_OPAQUE(...)
#define PYBIND11_DECLARE_HOLDER_TYPE(type, holder_type, ...)
#define PYBIND11_VERSION_MAJOR 2
#define PYBIND11_VERSION_MINOR 13
