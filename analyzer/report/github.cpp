// GitHub Actions workflow commands: ::error file=...,line=...::message
#include <fmt/format.h>

#include "cli/terminal.h"
#include "report/repo_paths.h"
#include "report/report.h"

namespace torchlint {

namespace {
// Workflow commands land in a CI log that renders terminal escapes: control characters are
// escaped first (`printable`), then the command's own `%`, CR and LF encoding applies.
std::string escape_data(std::string_view s) {
  std::string out;
  for (char c : printable(s, Whitespace::Keep)) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else out += c;
  }
  return out;
}

std::string escape_property(std::string_view s) {
  std::string out;
  for (char c : escape_data(s)) {
    if (c == ':') out += "%3A";
    else if (c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

std::string_view command(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "notice";
  }
  return "warning";
}
}  // namespace

void render_github(std::ostream& out, const std::vector<Diagnostic>& findings) {
  RepoPaths paths;  // annotations name files relative to the repository root
  for (const Diagnostic& d : findings) {
    out << fmt::format("::{} file={},line={},col={},endLine={},endColumn={},title={}::{}\n", command(d.severity),
                       escape_property(paths.relative_or_absolute(d.path)), d.start.line, d.start.column, d.end.line, d.end.column,
                       escape_property(d.rule_id + " [" + d.rule_name + "]"), escape_data(d.message));
  }
}

}  // namespace torchlint
