#include "report/rule_docs.h"

#include <fmt/format.h>

namespace torchlint {

namespace {
std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \n");
  size_t e = s.find_last_not_of(" \n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}
}  // namespace

std::string rule_docs_markdown(const RuleSpec& r) {
  std::string out = fmt::format("# {} {}\n\n", r.id, r.name);
  out += fmt::format("Family: {} · Severity: {} · Fix: {}\n\n", r.family, to_string(r.severity),
                     r.fix ? std::string(to_string(r.fix->applicability)) : std::string("none"));
  out += "## What it does\n\n" + trimmed(r.docs.what) + "\n\n";
  out += "## Why is this bad?\n\n" + trimmed(r.docs.why) + "\n\n";
  out += "## Example\n\n```python\n" + trimmed(r.docs.example) + "\n```\n\n";
  out += "## Use instead\n\n```python\n" + trimmed(r.docs.use_instead) + "\n```\n";
  if (r.fix) {
    out += "\n## Fix safety\n\n";
    out += fmt::format("{} ({}).", r.fix->title, to_string(r.fix->applicability));
    if (!r.docs.fix_safety.empty()) out += " " + trimmed(r.docs.fix_safety);
    out += "\n";
  }
  if (!r.docs.references.empty()) {
    out += "\n## References\n\n";
    for (const auto& ref : r.docs.references) out += "- " + ref + "\n";
  }
  return out;
}

}  // namespace torchlint
