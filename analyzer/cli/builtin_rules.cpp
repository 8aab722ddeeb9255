#include "cli/builtin_rules.h"

#include "cli/rule_image.h"
#include "rulepack/embedded_rules.h"
#include "rulepack/loader.h"

namespace torchlint {

std::vector<RuleSpec> load_builtin_rules_yaml() {
  std::vector<RuleSpec> out;
  for (const auto& f : embedded_rule_files()) {
    auto pack = load_rule_pack_text(f.text, f.path);
    out.insert(out.end(), std::make_move_iterator(pack.begin()), std::make_move_iterator(pack.end()));
  }
  sort_by_id(out);  // as all_rules() orders them: with no other packs, rule sets use these as they are
  return out;
}

std::vector<RuleSpec> load_builtin_rules(std::string_view image) {
  std::optional<RuleImage> decoded = decode_rule_image(image);
  if (!decoded) return load_builtin_rules_yaml();
  py::preload_patterns(std::move(decoded->patterns));
  return std::move(decoded->rules);
}

const std::vector<RuleSpec>& builtin_rules() {
  // Read once per process (a run with several configurations builds a rule set for each) and
  // never freed: freeing megabytes of specs at exit would only add to the run's time.
  static const std::vector<RuleSpec>& rules = *new std::vector<RuleSpec>(load_builtin_rules(builtin_rule_image()));
  return rules;
}

}  // namespace torchlint
