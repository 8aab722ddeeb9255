// torchlint shim: c10::optional.
#pragma once
namespace c10 {
struct nullopt_t {};
inline constexpr nullopt_t nullopt{};
template <typename T>
class optional {
 public:
  optional();
  optional(nullopt_t);
  optional(const T& v);
  bool has_value() const;
  explicit operator bool() const;
  T& value();
  const T& value() const;
  T& operator*();
  T* operator->();
};
}  // namespace c10
