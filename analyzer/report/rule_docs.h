#pragma once
#include <string>

#include "rulepack/rule_spec.h"

namespace torchlint {

// A rule's user documentation as Markdown (docs/rules/<ID>.md and `torchlint rule ID`).
// `example_fix_title`: the fix title as it reads on the rule's example (placeholders filled);
// when "", placeholders like `{X}` are shown as their metavariable names.
std::string rule_docs_markdown(const RuleSpec& r, const std::string& example_fix_title = "");

}  // namespace torchlint
