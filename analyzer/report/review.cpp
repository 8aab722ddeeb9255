// A Markdown pull-request review: overall risk, then critical issues, warnings and
// suggestions, each with why it matters and a ```suggestion block when a fix exists.
#include <fmt/format.h>

#include "cli/terminal.h"
#include "core/fix_applier.h"
#include "report/report.h"

namespace torchlint {

namespace {
std::string one_paragraph(const std::string& text) {
  std::string out;
  for (char c : text.substr(0, text.find("\n\n"))) out += c == '\n' ? ' ' : c;
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace

std::optional<std::string> suggested_line(const Diagnostic& d, const SourceFile& f) {
  if (!d.fix || d.fix->applicability == Applicability::DisplayOnly || d.fix->edits.empty()) return std::nullopt;
  uint32_t line = d.start.line;
  if (line < 1 || line > f.lines.line_count()) return std::nullopt;
  uint32_t begin = f.lines.line_start(line);
  std::string_view text = f.lines.line_text(f.text, line);
  std::vector<Edit> local;
  for (const Edit& e : d.fix->edits) {
    if (e.range.start < begin || e.range.end > begin + text.size()) return std::nullopt;
    local.push_back({{e.range.start - begin, e.range.end - begin}, e.replacement, {}, {}});
  }
  return apply_edits(std::string(text), local).text;
}

void render_review(std::ostream& out, const std::vector<Diagnostic>& findings, const std::vector<RuleSpec>& rules,
                   const std::map<std::string, const SourceFile*>& sources) {
  std::map<std::string, const RuleSpec*> by_id;
  for (const RuleSpec& r : rules) by_id[r.id] = &r;
  size_t errors = 0, warnings = 0, medium = 0;
  for (const Diagnostic& d : findings) {
    if (d.severity == Severity::Error) ++errors;
    if (d.severity == Severity::Warning) ++warnings;
    if (d.confidence == Confidence::Medium) ++medium;
  }
  out << "## torchlint review\n\n";
  if (findings.empty()) {
    out << "**Overall risk: LOW** — no findings.\n";
    return;
  }
  out << fmt::format("**Overall risk: {}** — {} critical issue{}, {} warning{}, {} suggestion{}.\n",
                     errors ? "HIGH" : warnings ? "MEDIUM" : "LOW", errors, errors == 1 ? "" : "s", warnings,
                     warnings == 1 ? "" : "s", findings.size() - errors - warnings,
                     findings.size() - errors - warnings == 1 ? "" : "s");
  // The reviewer's caveats: how sure the findings are and what static analysis cannot see.
  out << fmt::format("\n**Confidence: {}** — {} of {} finding{} established by data flow and resolved calls{}.\n",
                     medium == 0 ? "HIGH" : medium * 2 < findings.size() ? "MEDIUM" : "LOW", findings.size() - medium,
                     findings.size(), findings.size() == 1 ? "" : "s",
                     medium ? fmt::format("; {} rest{} on a naming convention or an unresolved call", medium, medium == 1 ? "s" : "")
                            : std::string());
  out << "\n*Information gaps:* code outside the checked files (installed libraries, generated code) is not "
         "seen; what a call does there is unknown, never assumed.\n";
  out << "\n*Caveats:* what a finding costs (memory, time, accuracy) depends on the model, the data and the "
         "hardware; static analysis shows the pattern, not the measured impact.\n";
  for (auto [severity, title] : {std::pair{Severity::Error, "Critical issues"}, std::pair{Severity::Warning, "Warnings"},
                                 std::pair{Severity::Info, "Suggestions"}}) {
    bool heading = false;
    for (const Diagnostic& d : findings) {
      if (d.severity != severity) continue;
      if (!heading) out << "\n### " << title << "\n";
      heading = true;
      out << fmt::format("\n#### `{}:{}` — {} {}{}\n\n{}\n", printable(d.path), d.start.line, d.rule_id, d.rule_name,
                         d.confidence == Confidence::Medium ? " (confidence: medium)" : "", printable(d.message, Whitespace::Keep));
      auto rule = by_id.find(d.rule_id);
      if (rule != by_id.end() && !rule->second->docs.why.empty()) out << "\n*Why it matters:* " << one_paragraph(rule->second->docs.why) << "\n";
      auto src = sources.find(d.path);
      std::optional<std::string> fixed = src == sources.end() ? std::nullopt : suggested_line(d, *src->second);
      if (fixed) {
        out << "\n" << d.fix->title << ":\n\n```suggestion\n" << *fixed << "\n```\n";
      } else if (d.fix) {
        out << "\n*Fix:* " << d.fix->title << "\n";
      } else if (!d.hint.empty()) {
        out << "\n*Fix:* " << d.hint << "\n";
      }
    }
  }
}

}  // namespace torchlint
