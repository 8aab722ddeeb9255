// The PyTorch versions a project supports. Rules about a changed default or a removal ask for
// the oldest one (`where: [{torch-version: ">= 2.6"}]`): set by the configuration's
// `torch-version`, or read from the project's dependency files when they pin torch.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace torchlint {

// A release line, major.minor: rules never depend on patch releases.
struct TorchVersion {
  int major = 0, minor = 0;
  auto operator<=>(const TorchVersion&) const = default;
  std::string str() const { return std::to_string(major) + "." + std::to_string(minor); }
};

// "2.4", "2.4.1", "v2.4", "2.4.0+cu121", "2.5.0a0", "2.*" -> the release line; nullopt for
// anything else.
std::optional<TorchVersion> parse_torch_version(std::string_view text);

// What the run knows about the project's torch: the oldest version it supports, and where
// that came from ("torch-version in .torchlint.yaml", "pyproject.toml: torch>=2.1").
struct TorchRequirement {
  std::optional<TorchVersion> oldest;
  std::string source;
  // A stable text for cache keys and rule-set identity ("" when unknown).
  std::string key() const { return oldest ? oldest->str() : ""; }
};

// A condition on the oldest supported version: `>= 2.6`, `< 2.4`, `== 2.1`... It holds only
// when the version is known: an unknown version satisfies no condition, so a rule that is
// quiet "when the project needs torch >= 2.6" still reports in a project that does not say.
struct VersionCondition {
  enum class Op { Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual } op = Op::GreaterEqual;
  TorchVersion version;
  bool holds(const TorchRequirement& r) const;
};
// nullopt for text that is not `<op> <version>` with op one of < <= > >= == !=.
std::optional<VersionCondition> parse_version_condition(std::string_view text);

// The oldest torch a requirement allows, from its version specifiers (PEP 440 as in
// `torch>=2.1,<3`, `==2.4.1`, `~=2.3`; Poetry's `^2.1`, `~2.1`; conda's `=2.1`). nullopt when
// nothing bounds it from below (`torch`, `torch<3`, `*`).
std::optional<TorchVersion> oldest_allowed(std::string_view specifiers);

// `line` when it is a requirement on torch itself (`torch>=2.1`,
// `torch[opt]==2.4 ; python_version>"3.8"`; with `conda`, also `pytorch=2.1`, which pip does not
// install as torch): its specifiers ("" for a bare `torch`); nullopt for other packages
// (`torchvision`, `pytorch-lightning`), comments and options.
std::optional<std::string> torch_specifiers(std::string_view line, bool conda = false);

}  // namespace torchlint
