// A Markdown pull-request review, posted as a plain comment: overall risk, then critical
// issues, warnings and suggestions, each with why it matters and its fix as a ```diff block
// (```suggestion blocks work only in inline review comments). Kept under the size GitHub
// accepts for a comment.
#include <fmt/format.h>

#include <sstream>

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

// The lines a suggestion may replace at most: a longer fix is described, not shown.
constexpr uint32_t kMaxSuggestionLines = 20;

// The finding's fix as a unified-diff fragment of the lines it changes.
std::string diff_block(const SuggestedLines& s, const SourceFile& f) {
  std::string out = "```diff\n";
  for (uint32_t line = s.first_line; line <= s.last_line; ++line) out += "-" + std::string(f.lines.line_text(f.text, line)) + "\n";
  size_t begin = 0;
  while (begin <= s.text.size()) {
    size_t end = std::min(s.text.find('\n', begin), s.text.size());
    out += "+" + s.text.substr(begin, end - begin) + "\n";
    begin = end + 1;
  }
  return out + "```\n";
}

// One finding's section of the review.
std::string finding_section(const Diagnostic& d, const std::map<std::string, const RuleSpec*>& by_id,
                            const std::map<std::string, const SourceFile*>& sources) {
  std::string out = fmt::format("\n#### `{}:{}` — {} {}{}\n\n{}\n", printable(d.path), d.start.line, d.rule_id, d.rule_name,
                                d.confidence == Confidence::Medium ? " (confidence: medium)" : "",
                                printable(d.message, Whitespace::Keep));
  auto rule = by_id.find(d.rule_id);
  if (rule != by_id.end() && !rule->second->docs.why.empty()) out += "\n*Why it matters:* " + one_paragraph(rule->second->docs.why) + "\n";
  auto src = sources.find(d.path);
  std::optional<SuggestedLines> fixed = src == sources.end() ? std::nullopt : suggested_lines(d, *src->second);
  if (fixed) out += "\n" + d.fix->title + ":\n\n" + diff_block(*fixed, *src->second);
  else if (d.fix) out += "\n*Fix:* " + d.fix->title + "\n";
  else if (!d.hint.empty()) out += "\n*Fix:* " + d.hint + "\n";
  return out;
}
}  // namespace

std::optional<SuggestedLines> suggested_lines(const Diagnostic& d, const SourceFile& f) {
  if (!d.fix || d.fix->applicability == Applicability::DisplayOnly || d.fix->edits.empty()) return std::nullopt;
  uint32_t from = UINT32_MAX, to = 0;
  for (const Edit& e : d.fix->edits) {
    from = std::min(from, e.range.start);
    to = std::max(to, e.range.end);
  }
  if (to > f.text.size() || from > to) return std::nullopt;
  // An edit that ends after a newline (a deleted line) stops on the line before.
  uint32_t last_byte = to > from && f.text[to - 1] == '\n' ? to - 1 : to;
  uint32_t first = f.lines.position(f.text, from).line, last = f.lines.position(f.text, last_byte).line;
  if (first < 1 || last < first || last > f.lines.line_count() || last - first >= kMaxSuggestionLines) return std::nullopt;
  uint32_t begin = f.lines.line_start(first);
  uint32_t end = f.lines.line_start(last) + static_cast<uint32_t>(f.lines.line_text(f.text, last).size());
  std::vector<Edit> local;
  for (const Edit& e : d.fix->edits) {
    // An edit may take the newline after the last line with it: the range then ends one past it.
    if (e.range.start < begin || e.range.end > end + 1 || e.range.end > f.text.size()) return std::nullopt;
    local.push_back({{e.range.start - begin, e.range.end - begin}, e.replacement, {}, {}});
  }
  uint32_t until = std::min<uint32_t>(end + 1, static_cast<uint32_t>(f.text.size()));
  std::string text = apply_edits(f.text.substr(begin, until - begin), local).text;
  if (until > end && text.ends_with('\n')) text.pop_back();
  return SuggestedLines{first, last, text};
}

void render_review_summary(std::ostream& out, const std::vector<Diagnostic>& findings) {
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
}

std::string left_out_note(size_t left_out) {
  return fmt::format("\n*{} more finding{} not shown: GitHub accepts at most {} characters in a comment; "
                     "`torchlint check` lists them all.*\n",
                     left_out, left_out == 1 ? "" : "s", kGitHubBodyLimit);
}

void render_review(std::ostream& out, const std::vector<Diagnostic>& findings, const std::vector<RuleSpec>& rules,
                   const std::map<std::string, const SourceFile*>& sources) {
  std::map<std::string, const RuleSpec*> by_id;
  for (const RuleSpec& r : rules) by_id[r.id] = &r;
  std::ostringstream summary;
  render_review_summary(summary, findings);
  std::string body = summary.str();
  size_t left_out = 0;
  for (auto [severity, title] : {std::pair{Severity::Error, "Critical issues"}, std::pair{Severity::Warning, "Warnings"},
                                 std::pair{Severity::Info, "Suggestions"}}) {
    bool heading = false;
    for (const Diagnostic& d : findings) {
      if (d.severity != severity) continue;
      std::string section = (heading ? "" : fmt::format("\n### {}\n", title)) + finding_section(d, by_id, sources);
      if (left_out > 0 || body.size() + section.size() + left_out_note(findings.size()).size() > kGitHubBodyBudget) {
        ++left_out;
        continue;
      }
      heading = true;
      body += section;
    }
  }
  if (left_out > 0) body += left_out_note(left_out);
  out << body;
}

}  // namespace torchlint
