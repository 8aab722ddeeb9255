// GitLab Code Quality report (a JSON array of issues).
#include <nlohmann/json.hpp>

#include "report/repo_paths.h"
#include "report/report.h"

namespace torchlint {

void render_gitlab(std::ostream& out, const std::vector<Diagnostic>& findings,
                   const std::map<std::string, const SourceFile*>& sources) {
  using json = nlohmann::ordered_json;
  RepoPaths paths;  // Code Quality names files relative to the repository root
  json issues = json::array();
  std::vector<std::string> fingerprints = unique_fingerprints(findings, sources);
  for (size_t i = 0; i < findings.size(); ++i) {
    const Diagnostic& d = findings[i];
    std::string_view severity = d.severity == Severity::Error     ? "major"
                                : d.severity == Severity::Warning ? "minor"
                                                                  : "info";
    issues.push_back({{"description", d.rule_id + " " + d.message},
                      {"check_name", d.rule_id},
                      {"fingerprint", fingerprints[i]},
                      {"severity", severity},
                      {"location", {{"path", paths.relative_or_absolute(d.path)}, {"lines", {{"begin", d.start.line}, {"end", d.end.line}}}}}});
  }
  out << issues.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace torchlint
