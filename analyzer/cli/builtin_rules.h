#pragma once
#include <vector>

#include "rulepack/rule_spec.h"

namespace torchlint {

// The packs compiled into the binary (rules/**/rule.yaml), parsed once.
std::vector<RuleSpec> builtin_rules();

}  // namespace torchlint
