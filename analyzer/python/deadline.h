// A time limit that long loops check cooperatively: the rule traversal, `has:` searches over
// large subtrees. Checking must be cheap enough for inner loops, so the clock is read only
// once every kStride checks; once expired, it stays expired.
#pragma once
#include <chrono>
#include <cstdint>

namespace torchlint::py {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  Deadline() = default;  // never expires
  explicit Deadline(Clock::time_point at) : at_(at), bounded_(true) {}

  bool bounded() const { return bounded_; }
  Clock::time_point at() const { return at_; }

  bool expired() const {
    if (expired_) return true;
    if (!bounded_ || --countdown_ > 0) return false;
    countdown_ = kStride;
    return expired_ = Clock::now() >= at_;
  }
  // Whether a check has found it expired (reads no clock): work checked against it was cut short.
  bool cut_short() const { return expired_; }
  bool passed(Clock::time_point now) const { return bounded_ && now >= at_; }

 private:
  static constexpr uint32_t kStride = 256;
  Clock::time_point at_{};
  bool bounded_ = false;
  mutable bool expired_ = false;
  mutable uint32_t countdown_ = kStride;
};

}  // namespace torchlint::py
