// An immutable value that copies by sharing (a reference count, not a deep copy), for large
// trees that are read many times and never changed once built. Compares by value.
#pragma once
#include <memory>
#include <utility>

namespace torchlint {

template <typename T>
class Shared {
 public:
  Shared() = default;
  Shared(T value) : ptr_(std::make_shared<const T>(std::move(value))) {}  // NOLINT: a value, implicitly
  const T& operator*() const { return ptr_ ? *ptr_ : empty(); }
  const T* operator->() const { return &**this; }
  bool operator==(const Shared& other) const { return ptr_ == other.ptr_ || **this == *other; }

 private:
  static const T& empty() {
    static const T value;
    return value;
  }
  std::shared_ptr<const T> ptr_;
};

}  // namespace torchlint
