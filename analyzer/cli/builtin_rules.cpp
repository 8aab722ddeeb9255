#include "cli/builtin_rules.h"

#include "rulepack/embedded_rules.h"
#include "rulepack/loader.h"

namespace torchlint {

std::vector<RuleSpec> builtin_rules() {
  // Read once per process: a run with several configurations builds a rule set for each.
  static const std::vector<RuleSpec> rules = [] {
    std::vector<RuleSpec> out;
    for (const auto& f : embedded_rule_files()) {
      auto pack = load_rule_pack_text(f.text, f.path);
      out.insert(out.end(), std::make_move_iterator(pack.begin()), std::make_move_iterator(pack.end()));
    }
    return out;
  }();
  return rules;
}

}  // namespace torchlint
