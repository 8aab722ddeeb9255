#pragma once
#include <string>

#include "rulepack/rule_spec.h"

namespace torchlint {

// A rule's user documentation as Markdown (docs/rules/<ID>.md and `torchlint rule ID`).
std::string rule_docs_markdown(const RuleSpec& r);

}  // namespace torchlint
