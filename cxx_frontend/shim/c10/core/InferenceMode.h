// torchlint shim: c10::InferenceMode, the no-autograd inference guard.
#pragma once
namespace c10 {
struct InferenceMode {
  InferenceMode(bool enabled = true);
  ~InferenceMode();
};
}  // namespace c10
