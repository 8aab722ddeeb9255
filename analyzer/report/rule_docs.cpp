#include "report/rule_docs.h"

#include <fmt/format.h>

namespace torchlint {

std::string rule_docs_url(const std::string& rule_id) {
  return "https://github.com/torchlint/torchlint/blob/main/docs/rules/" + rule_id + ".md";
}

namespace {
std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \n");
  size_t e = s.find_last_not_of(" \n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}


// `{X}` -> `X`: a message template read as prose.
std::string without_braces(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    size_t close = s[i] == '{' ? s.find('}', i) : std::string::npos;
    if (close != std::string::npos) {
      out += s.substr(i + 1, close - i - 1);
      i = close;
    } else {
      out += s[i];
    }
  }
  return out;
}

// Whether `torchlint confirm` can make the fixed twin of any finding (an edit or a probe
// variant), not only of the docs example, whose use-instead is its twin.
bool twin_of_findings(const RuleSpec& r) {
  return r.confirm->rewrite || !r.confirm->fixed_by.empty() || (r.fix && (r.fix->with || r.fix->insert_after));
}
}  // namespace

std::string rule_docs_markdown(const RuleSpec& r, const std::string& example_fix_title) {
  std::string out = fmt::format("# {} {}\n\n", r.id, r.name);
  out += fmt::format("Family: {} · Severity: {} · Fix: {}\n\n", r.family, to_string(r.severity),
                     r.fix ? std::string(to_string(r.fix->applicability)) : std::string("none"));
  if (r.docs.what.empty()) out += "## What it does\n\n" + without_braces(r.message) + " (this rule has no `docs:`).\n";
  if (!r.docs.what.empty()) out += "## What it does\n\n" + trimmed(r.docs.what) + "\n\n";
  if (!r.docs.why.empty()) out += "## Why is this bad?\n\n" + trimmed(r.docs.why) + "\n\n";
  const std::string fence = r.language == "cxx" ? "```cpp\n" : "```python\n";
  if (!r.docs.example.empty()) out += "## Example\n\n" + fence + trimmed(r.docs.example) + "\n```\n\n";
  if (!r.docs.use_instead.empty()) out += "## Use instead\n\n" + fence + trimmed(r.docs.use_instead) + "\n```\n";
  if (r.fix) {
    out += "\n## Fix safety\n\n";
    std::string title = example_fix_title.empty() ? without_braces(r.fix->title) : example_fix_title;
    out += fmt::format("{} ({}).", title, to_string(r.fix->applicability));
    if (!r.docs.fix_safety.empty()) out += " " + trimmed(r.docs.fix_safety);
    out += "\n";
  }
  if (r.confirm && twin_of_findings(r)) {
    out += fmt::format("\n## Measure it\n\n`torchlint confirm FILE:LINE` runs a finding and its fixed twin and reports the "
                       "measured difference (experiment `{}`); `torchlint confirm --rule {} --example` runs the example above.\n",
                       r.confirm->experiment, r.id);
  } else if (r.confirm) {
    out += fmt::format("\n## Measure it\n\n`torchlint confirm --rule {} --example` runs the example above and its use-instead "
                       "and reports the measured difference (experiment `{}`). The fix is not a mechanical edit, so "
                       "`torchlint confirm FILE:LINE` has no fixed twin to run for findings in other code.\n",
                       r.id, r.confirm->experiment);
  }
  if (!r.confirm && !r.unmeasured.empty())
    out += fmt::format("\n## Measure it\n\n`torchlint confirm` has no experiment for this rule: {}\n", r.unmeasured);
  if (r.confirm && r.confirm->needs_gpu)
    out += "\nThe cost shows only on a GPU: without CUDA the verdict is `inconclusive` and says so.\n";
  if (!r.docs.references.empty()) {
    out += "\n## References\n\n";
    for (const auto& ref : r.docs.references) out += "- " + ref + "\n";
  }
  return out;
}

}  // namespace torchlint
