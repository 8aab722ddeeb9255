#include <fmt/format.h>

#include "report/report.h"

namespace torchlint {

std::string finding_fingerprint(const Diagnostic& d, const std::map<std::string, const SourceFile*>& sources) {
  std::string basis = d.rule_id + "\n" + d.path + "\n";
  auto it = sources.find(d.path);
  if (it != sources.end() && it->second) {
    for (char c : it->second->lines.line_text(it->second->text, d.start.line))
      if (c != ' ' && c != '\t') basis += c;
  }
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : basis) h = (h ^ c) * 1099511628211ull;
  return fmt::format("{:016x}", h);
}

std::vector<std::string> unique_fingerprints(const std::vector<Diagnostic>& findings,
                                             const std::map<std::string, const SourceFile*>& sources) {
  std::map<std::string, size_t> seen;
  std::vector<std::string> out;
  for (const Diagnostic& d : findings) {
    std::string fp = finding_fingerprint(d, sources);
    size_t n = seen[fp]++;
    out.push_back(n == 0 ? fp : fp + "-" + std::to_string(n));
  }
  return out;
}

}  // namespace torchlint
