// torchlint shim: c10::optional, which is std::optional (as in PyTorch 2.x).
#pragma once
#include <optional>
namespace c10 {
using std::optional;
using std::nullopt;
using std::nullopt_t;
using std::make_optional;
using std::bad_optional_access;
using std::in_place;
using std::in_place_t;
}  // namespace c10
namespace at {
using c10::optional;
using c10::nullopt;
using c10::nullopt_t;
}  // namespace at
