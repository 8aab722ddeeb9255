// torchlint shim: autograd's thread-local switch and its RAII guards.
#pragma once
namespace c10 {
struct GradMode {
  static bool is_enabled();
  static void set_enabled(bool enabled);
};
struct AutoGradMode {
  AutoGradMode(bool enabled);
  ~AutoGradMode();
};
struct NoGradGuard : public AutoGradMode {
  NoGradGuard();
};
}  // namespace c10
