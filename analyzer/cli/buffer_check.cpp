#include "cli/buffer_check.h"

#include "cli/runner.h"
#include "cli/selection.h"

namespace torchlint {

BufferChecker::BufferChecker(CheckOptions options) : options_(std::move(options)) { reload(); }

void BufferChecker::reload() {
  rule_sets_.clear();
  configs_ = std::make_unique<ConfigResolver>();
  torch_of_ = std::make_unique<TorchRequirementResolver>();  // dependency files may have changed too
}

std::vector<Diagnostic> BufferChecker::check(const std::string& path, const std::string& text) {
  const Config& c = configs_->for_file(path);
  const TorchRequirement& torch = torch_of_->for_file(path, c);
  auto& set = rule_sets_[{&c, torch.key()}];
  if (!set) set = rule_set_for(c, options_, torch);
  if (config_excludes(c, path)) return {};  // an editor shows nothing for an excluded file
  std::vector<std::string> texts = {text};
  RunResult result = run_analysis({path}, std::vector<const py::RuleSet*>{set.get()}, 1, &texts);
  std::erase_if(result.findings, [&](const Diagnostic& d) { return per_file_ignored(c, d); });
  return result.findings;
}

std::string BufferChecker::too_large(const std::string& path, uint64_t bytes) {
  return over_max_file_size(configs_->for_file(path), path, bytes);
}

}  // namespace torchlint
