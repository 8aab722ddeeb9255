#include <fmt/format.h>

#include "cli/terminal.h"
#include "report/report.h"

namespace torchlint {

namespace {
struct Style {
  bool on;
  std::string operator()(std::string_view code, std::string_view s) const {
    return on ? fmt::format("\x1b[{}m{}\x1b[0m", code, s) : std::string(s);
  }
};

std::string_view severity_color(Severity s) {
  switch (s) {
    case Severity::Error: return "1;31";
    case Severity::Warning: return "1;33";
    case Severity::Info: return "1;36";
  }
  return "0";
}

// Column counting in code points, matching Position.column; tabs count as one.
size_t display_width(std::string_view s) {
  size_t w = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++w;
  return w;
}

void code_frame(std::ostream& out, const Diagnostic& d, const SourceFile& f, const Style& st) {
  std::string_view line = f.lines.line_text(f.text, d.start.line);
  std::string gutter(std::to_string(d.start.line).size(), ' ');
  size_t caret_start = d.start.column - 1;
  size_t caret_len = d.end.line == d.start.line && d.end.column > d.start.column
                         ? d.end.column - d.start.column
                         : std::max<size_t>(1, display_width(line) - std::min(display_width(line), caret_start));
  size_t cut = 0;  // the byte where the caret starts
  for (size_t col = 0; cut < line.size(); ++cut) {
    if ((static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) continue;
    if (col++ == caret_start) break;
  }
  // Under the code as printed (a control character shows as its escape), keeping tabs so the
  // caret lines up.
  std::string prefix;
  for (char c : printable(line.substr(0, cut), Whitespace::Keep))
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) prefix += c == '\t' ? '\t' : ' ';
  out << st("34", gutter + " |") << "\n";
  out << st("34", std::to_string(d.start.line) + " |") << " " << printable(line, Whitespace::Keep) << "\n";
  out << st("34", gutter + " |") << " " << prefix << st(severity_color(d.severity), std::string(caret_len, '^')) << "\n";
}
}  // namespace

void render_figures(std::ostream& out, const Confirmation& c, std::string_view indent) {
  for (const auto& f : c.more)
    out << fmt::format("{}{}: {} (fixed: {})\n", indent, f.metric, format_amount(f.bad, f.unit), format_amount(f.fixed, f.unit));
}

void render_text(std::ostream& out, const std::vector<Diagnostic>& findings,
                 const std::map<std::string, const SourceFile*>& sources, const RunSummary& summary,
                 const TextOptions& options) {
  Style st{options.color};
  size_t errors = 0, warnings = 0, infos = 0;
  for (const Diagnostic& d : findings) {
    (d.severity == Severity::Error ? errors : d.severity == Severity::Warning ? warnings : infos)++;
    out << st("1", fmt::format("{}:{}:{}:", printable(d.path), d.start.line, d.start.column)) << " "
        << st(severity_color(d.severity), printable(d.rule_id)) << " [" << printable(d.rule_name) << "] "
        << printable(d.message, Whitespace::Keep) << "\n";
    auto it = sources.find(d.path);
    if (options.show_source && it != sources.end() && it->second) code_frame(out, d, *it->second, st);
    if (d.fix) {
      std::string_view tag = d.fix->applicability == Applicability::Safe     ? ""
                             : d.fix->applicability == Applicability::Unsafe ? " (unsafe fix)"
                                                                             : "";
      out << "  " << st("1;32", "help:") << " " << printable(d.fix->title, Whitespace::Keep) << tag << "\n";
    } else if (!d.hint.empty()) {
      out << "  " << st("1;32", "help:") << " " << printable(d.hint, Whitespace::Keep) << "\n";
    }
    if (d.confirmation) {
      const char* colour = d.confirmation->verdict == Verdict::Confirmed ? "1;31" : "1;36";
      out << "  " << st(colour, "measured:") << " " << printable(d.confirmation->summary, Whitespace::Keep) << "\n";
      render_figures(out, *d.confirmation, "            ");
    }
    if (options.show_source) out << "\n";
  }
  if (!options.show_summary) return;
  for (const std::string& n : summary.notes) out << st("1;33", "note:") << " " << printable(n) << "\n";
  // A path that could not be checked is never summed up as if all were fine.
  std::string unchecked = summary.path_errors == 0 ? ""
                          : fmt::format("; {} path{} could not be checked", summary.path_errors,
                                        summary.path_errors == 1 ? "" : "s");
  if (findings.empty()) {
    out << fmt::format("No findings in {} file{}{}.\n", summary.files, summary.files == 1 ? "" : "s", unchecked);
  } else {
    out << fmt::format("Found {} finding{} ({} error{}, {} warning{}, {} info) in {} file{}{}.\n", findings.size(),
                       findings.size() == 1 ? "" : "s", errors, errors == 1 ? "" : "s", warnings,
                       warnings == 1 ? "" : "s", infos, summary.files, summary.files == 1 ? "" : "s", unchecked);
  }
  if (!options.fixable_line.empty()) out << options.fixable_line << "\n";
}

}  // namespace torchlint
