#include "cli/builtin_rules.h"

#include "rulepack/embedded_rules.h"
#include "rulepack/loader.h"

namespace torchlint {

std::vector<RuleSpec> builtin_rules() {
  std::vector<RuleSpec> out;
  for (const auto& f : embedded_rule_files()) {
    auto rules = load_rule_pack_text(f.text, f.path);
    out.insert(out.end(), rules.begin(), rules.end());
  }
  return out;
}

}  // namespace torchlint
