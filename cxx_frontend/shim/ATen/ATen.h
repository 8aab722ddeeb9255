// torchlint shim: at::Tensor and the ATen functions the checks look at (declarations only), with
// the standard headers the real ATen/ATen.h brings in: extensions use std::tuple, std::optional,
// std::string, std::vector, std::make_shared... without including them.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <complex>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>
#include <climits>
#include <ATen/core/TensorAccessor.h>
#include <c10/core/Device.h>
#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>
#include <c10/util/Optional.h>
#include <c10/core/GradMode.h>
#include <c10/core/InferenceMode.h>
namespace c10 {
enum class ScalarType : signed char { Byte, Char, Short, Int, Long, Half, Float, Double, ComplexFloat, ComplexDouble, Bool, BFloat16, Float8_e4m3fn, Float8_e5m2, Undefined };
constexpr ScalarType kByte = ScalarType::Byte, kChar = ScalarType::Char, kShort = ScalarType::Short, kInt = ScalarType::Int,
                     kLong = ScalarType::Long, kHalf = ScalarType::Half, kFloat = ScalarType::Float, kDouble = ScalarType::Double,
                     kBool = ScalarType::Bool, kBFloat16 = ScalarType::BFloat16, kFloat16 = ScalarType::Half, kFloat32 = ScalarType::Float,
                     kFloat64 = ScalarType::Double, kInt32 = ScalarType::Int, kInt64 = ScalarType::Long, kUInt8 = ScalarType::Byte;
const char* toString(ScalarType t);
size_t elementSize(ScalarType t);
struct IntArrayRef {
  IntArrayRef();
  IntArrayRef(int64_t one);
  IntArrayRef(std::initializer_list<int64_t> list);
  const int64_t* data() const;
  size_t size() const;
  int64_t operator[](size_t i) const;
  bool operator==(const IntArrayRef& o) const;
  bool operator!=(const IntArrayRef& o) const;
};
enum class MemoryFormat : signed char { Contiguous, Preserve, ChannelsLast, ChannelsLast3d };
struct TensorOptions {
  TensorOptions dtype(ScalarType t) const;
  TensorOptions device(Device d) const;
  Device device() const;
  signed char device_index() const;
};
struct Scalar {
  template <typename T> Scalar(T v);
  template <typename T> T to() const;
};
namespace detail {
[[deprecated("AT_CHECK is deprecated; use TORCH_CHECK")]] void deprecated_AT_CHECK();
void torch_check_fail(const char* func, const char* file, unsigned line, const char* msg);
}  // namespace detail
}  // namespace c10
namespace at {
using c10::GradMode;
using c10::AutoGradMode;
using c10::NoGradGuard;
using c10::IntArrayRef;
using c10::ScalarType;
using c10::TensorOptions;
using c10::Scalar;
using c10::MemoryFormat;
using c10::Half;
using c10::BFloat16;
using c10::kByte; using c10::kChar; using c10::kShort; using c10::kInt; using c10::kLong; using c10::kHalf;
using c10::kFloat; using c10::kDouble; using c10::kBool; using c10::kBFloat16; using c10::kFloat16;
using c10::kFloat32; using c10::kFloat64; using c10::kInt32; using c10::kInt64; using c10::kUInt8;
template <typename T, bool is_cuda> struct AccumulateTypeImpl { using type = float; };
template <typename T, bool is_cuda> using acc_type = typename AccumulateTypeImpl<T, is_cuda>::type;
struct TypeMeta {
  bool operator==(const TypeMeta& o) const;
  bool operator!=(const TypeMeta& o) const;
  bool operator==(ScalarType t) const;
  bool operator!=(ScalarType t) const;
};
class DeprecatedTypeProperties {
 public:
  ScalarType scalarType() const;
  bool is_cuda() const;
};
class Tensor {
 public:
  Tensor();
  Tensor(const Tensor&);
  Tensor& operator=(const Tensor&);
  template <typename T> T* data_ptr() const;
  void* data_ptr() const;
  template <typename T> const T* const_data_ptr() const;
  template <typename T> T* mutable_data_ptr() const;
  template <typename T> [[deprecated("Tensor.data<T>() is deprecated; use Tensor.data_ptr<T>()")]] T* data() const;
  [[deprecated("Tensor.type() is deprecated; use Tensor.options() or Tensor.scalar_type()")]] DeprecatedTypeProperties& type() const;
  ScalarType scalar_type() const;
  TypeMeta dtype() const;
  Tensor to(ScalarType t) const;
  Tensor to(TensorOptions o) const;
  Tensor reshape(IntArrayRef s) const;
  Tensor transpose(int64_t a, int64_t b) const;
  Tensor permute(IntArrayRef dims) const;
  Tensor select(int64_t dim, int64_t index) const;
  Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
  Tensor clone() const;
  Tensor& copy_(const Tensor& src, bool non_blocking = false);
  Tensor& fill_(Scalar v);
  Tensor sum() const;
  Tensor mean() const;
  Tensor operator[](int64_t i) const;
  Tensor expand(IntArrayRef s) const;
  Tensor unsqueeze(int64_t d) const;
  Tensor squeeze(int64_t d) const;
  Tensor flatten() const;
  Tensor index_select(int64_t dim, const Tensor& index) const;
  int64_t element_size() const;
  int64_t itemsize() const;
  int64_t nbytes() const;
  bool is_floating_point() const;
  bool is_non_overlapping_and_dense() const;
  bool requires_grad() const;
  c10::MemoryFormat suggest_memory_format() const;
  bool is_contiguous(c10::MemoryFormat f) const;
  Tensor contiguous(c10::MemoryFormat f) const;
  TensorOptions options() const;
  Device device() const;
  int64_t numel() const;
  int64_t ndimension() const;
  int64_t storage_offset() const;
  bool is_sparse() const;
  bool is_cpu() const;
  struct Layout {
    bool operator==(const Layout&) const;
  };
  Layout layout() const;
  Tensor to(Device d, ScalarType t, bool non_blocking = false, bool copy = false) const;
  Tensor type_as(const Tensor& o) const;
  Tensor view_as(const Tensor& o) const;
  Tensor expand_as(const Tensor& o) const;
  Tensor repeat(IntArrayRef r) const;
  Tensor t() const;
  Tensor mm(const Tensor& o) const;
  Tensor bmm(const Tensor& o) const;
  Tensor matmul(const Tensor& o) const;
  Tensor pow(Scalar e) const;
  Tensor sqrt() const;
  Tensor exp() const;
  Tensor log() const;
  Tensor abs() const;
  Tensor neg() const;
  Tensor clamp(Scalar lo, Scalar hi) const;
  Tensor sum(IntArrayRef dims, bool keepdim = false) const;
  Tensor mean(IntArrayRef dims, bool keepdim = false) const;
  Tensor max() const;
  Tensor min() const;
  Tensor argmax(int64_t dim) const;
  Tensor index(const Tensor& idx) const;
  Tensor& index_put_(const Tensor& idx, const Tensor& v);
  Tensor& masked_fill_(const Tensor& mask, Scalar v);
  Tensor& add_(const Tensor& o, Scalar alpha = 1);
  Tensor& mul_(const Tensor& o);
  Tensor& mul_(Scalar o);
  Tensor& sub_(const Tensor& o, Scalar alpha = 1);
  Tensor& div_(const Tensor& o);
  Tensor& resize_(IntArrayRef s);
  Tensor& copy_(const Tensor& src, bool non_blocking, int unused);
  Tensor& set_requires_grad(bool r);
  Tensor operator/(const Tensor& o) const;
  Tensor operator-() const;
  template <typename T, size_t N> TensorAccessor<T, N> accessor() const;
  template <typename T, size_t N, template <typename U> class P = DefaultPtrTraits, typename I = int64_t>
  GenericPackedTensorAccessor<T, N, P, I> packed_accessor() const;
  template <typename T, size_t N, template <typename U> class P = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, P> packed_accessor32() const;
  template <typename T, size_t N, template <typename U> class P = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, P> packed_accessor64() const;
  int64_t dim() const;
  int64_t size(int64_t d) const;
  IntArrayRef sizes() const;
  int64_t stride(int64_t d) const;
  IntArrayRef strides() const;
  bool is_contiguous() const;
  Tensor contiguous() const;
  bool is_cuda() const;
  int64_t get_device() const;
  bool defined() const;
  template <typename T> T item() const;
  Scalar item() const;
  Tensor to(Device d) const;
  Tensor cpu() const;
  Tensor cuda() const;
  Tensor detach() const;
  Tensor view(IntArrayRef s) const;
  Tensor& zero_();
  void backward() const;
  Tensor grad() const;
  Tensor operator+(const Tensor& o) const;
  Tensor operator-(const Tensor& o) const;
  Tensor operator*(const Tensor& o) const;
};
Tensor empty(IntArrayRef size, TensorOptions options = {}, std::optional<MemoryFormat> memory_format = std::nullopt);
Tensor empty_like(const Tensor& t);
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor zeros_like(const Tensor& t);
Tensor ones_like(const Tensor& t);
Tensor ones(IntArrayRef size, TensorOptions options = {});
Tensor full(IntArrayRef size, Scalar value, TensorOptions options = {});
Tensor arange(Scalar end, TensorOptions options = {});
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim = 0);
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim = 0);
using TensorList = const std::vector<Tensor>&;
// TensorOperators.h: arithmetic and comparisons with a scalar, on either side.
#define TORCHLINT_SCALAR_OPERATOR(OP)                \
  Tensor operator OP(const Tensor& a, const Scalar& b); \
  Tensor operator OP(const Scalar& a, const Tensor& b);
TORCHLINT_SCALAR_OPERATOR(+)
TORCHLINT_SCALAR_OPERATOR(-)
TORCHLINT_SCALAR_OPERATOR(*)
TORCHLINT_SCALAR_OPERATOR(/)
TORCHLINT_SCALAR_OPERATOR(<)
TORCHLINT_SCALAR_OPERATOR(<=)
TORCHLINT_SCALAR_OPERATOR(>)
TORCHLINT_SCALAR_OPERATOR(>=)
TORCHLINT_SCALAR_OPERATOR(==)
TORCHLINT_SCALAR_OPERATOR(!=)
#undef TORCHLINT_SCALAR_OPERATOR
Tensor matmul(const Tensor& a, const Tensor& b);
}  // namespace at
namespace torch {
using at::Tensor;
using namespace c10;
using at::IntArrayRef;
using at::empty;
using at::zeros;
using at::empty_like;
using at::zeros_like;
using at::DefaultPtrTraits;
using at::RestrictPtrTraits;
using at::TensorAccessor;
using at::GenericPackedTensorAccessor;
using at::PackedTensorAccessor;
using at::PackedTensorAccessor32;
using at::PackedTensorAccessor64;
using at::full;
using at::arange;
using at::cat;
using at::stack;
}  // namespace torch
#define TORCH_CHECK(cond, ...) ((cond) ? (void)0 : ::c10::detail::torch_check_fail(__func__, __FILE__, __LINE__, #cond))
#define TORCH_INTERNAL_ASSERT(cond, ...) TORCH_CHECK(cond)
#define AT_CHECK(cond, ...) (::c10::detail::deprecated_AT_CHECK(), TORCH_CHECK(cond))
#define AT_ASSERTM(cond, ...) TORCH_CHECK(cond)
#define AT_DISPATCH_CASE(T, ...) case T: { using scalar_t = float; __VA_ARGS__(); break; }
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...) [&] { using scalar_t = float; return __VA_ARGS__(); }()
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...) [&] { using scalar_t = float; return __VA_ARGS__(); }()
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...) [&] { using scalar_t = float; return __VA_ARGS__(); }()
#define AT_DISPATCH_FLOATING_TYPES_AND2(A, B, TYPE, NAME, ...) [&] { using scalar_t = float; return __VA_ARGS__(); }()
