// Checks one in-memory buffer as if it were the file at `path`: the configuration, rule
// selection, exclusion (always, as if --force-exclude) and per-file ignores of that path apply. The editor server uses it; the
// buffer is analysed on its own (cross-file facts come from `torchlint check`).
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cli/check_command.h"
#include "cli/config.h"
#include "cli/selection.h"
#include "cli/torch_requirement.h"
#include "core/diagnostic.h"
#include "core/source_file.h"
#include "python/engine.h"

namespace torchlint {

class BufferChecker {
 public:
  explicit BufferChecker(CheckOptions options = {});
  // Findings with positions and fixes resolved against `text`. Throws ConfigError /
  // RulePackError for a broken configuration of that path.
  std::vector<Diagnostic> check(const std::string& path, const std::string& text);
  // Why a buffer of `bytes` at `path` is too large to check (over that path's
  // `max-file-size`), in the words of `torchlint check`'s note; "" when it may be checked.
  // Throws as `check` does.
  std::string too_large(const std::string& path, uint64_t bytes);
  // Forget loaded configurations (one changed on disk).
  void reload();

 private:
  CheckOptions options_;
  std::unique_ptr<ConfigResolver> configs_;
  std::unique_ptr<TorchRequirementResolver> torch_of_;
  RuleSets rule_sets_;
};

}  // namespace torchlint
