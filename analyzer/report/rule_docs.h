#pragma once
#include <string>

#include "rulepack/rule_spec.h"

namespace torchlint {

// A rule's user documentation as Markdown (docs/rules/<ID>.md and `torchlint rule ID`).
// `example_fix_title`: the fix title as it reads on the rule's example (placeholders filled);
// when "", placeholders like `{X}` are shown as their metavariable names.
std::string rule_docs_markdown(const RuleSpec& r, const std::string& example_fix_title = "");

// Where a rule's documentation is published (SARIF helpUri, rdjson and JSON `url`, LSP links).
std::string rule_docs_url(const std::string& rule_id);

}  // namespace torchlint
