#pragma once
#include <string_view>
#include <vector>

#include "rulepack/rule_spec.h"

namespace torchlint {

// The packs compiled into the binary (rules/**/rule.yaml), sorted by id and read once: from
// the rule image when this program has a valid one (cli/rule_image.h), else from their YAML.
const std::vector<RuleSpec>& builtin_rules();

// The built-in rules from `image` (its patterns go into compile_pattern's memo), or from
// the YAML when the image is missing, damaged or made from other rules or code.
std::vector<RuleSpec> load_builtin_rules(std::string_view image);
std::vector<RuleSpec> load_builtin_rules_yaml();

}  // namespace torchlint
