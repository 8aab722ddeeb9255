#include "cli/show_settings.h"

#include <fmt/format.h>

#include <sstream>

#include "cli/terminal.h"

namespace torchlint {

namespace {
std::string list(const std::vector<std::string>& items) {
  std::string out = "[";
  for (const auto& i : items) out += (out.size() > 1 ? ", \"" : "\"") + i + "\"";
  return out + "]";
}
}  // namespace

namespace {
void write_settings(std::ostream& out, const std::string& file, const Config& c, const Selection& s,
                    const py::RuleSet& rules, const CheckOptions& o) {
  out << "Settings for " << file << "\n";
  out << "configuration: " << (c.path.empty() ? "(none: built-in defaults)" : c.path) << "\n";
  out << "select: " << (s.select.empty() ? "(rules on by default)" : list(s.select)) << "\n";
  out << "extend-select: " << list(s.extend_select) << "\n";
  out << "ignore: " << list(s.ignore) << "\n";
  out << "exclude: " << list(c.exclude) << (o.force_exclude || c.force_exclude ? " (forced for named files)" : "") << "\n";
  out << "per-file-ignores:\n";
  for (const auto& [glob, codes] : c.per_file_ignores) out << "  " << glob << " = " << list(codes) << "\n";
  for (const auto& v : o.per_file_ignores) out << "  " << v << " (command line)\n";
  std::vector<std::string> packs = o.rule_packs;
  packs.insert(packs.end(), c.extend_rules.begin(), c.extend_rules.end());
  out << "rule packs: " << list(packs) << "\n";
  const TorchRequirement& torch = rules.torch();
  out << "torch: " << (torch.oldest ? ">= " + torch.oldest->str() : "unknown") << (torch.source.empty() ? " (no torch-version, no pinned dependency)" : " (" + torch.source + ")") << "\n";
  out << "test files analysed as code: " << (o.include_tests ? "yes" : "no") << "\n";
  out << "cache: " << (o.no_cache ? "off" : o.cache_dir.empty() ? ".torchlint_cache at the project root" : o.cache_dir) << "\n";
  out << "rules:\n";
  auto row = [&](const RuleSpec& r) {
    auto sev = c.severity.end();
    for (auto it = c.severity.begin(); it != c.severity.end(); ++it)
      if (selector_matches(it->first, r)) sev = it;
    out << fmt::format("  {:<7} {:<32} {}{}\n", r.id, r.name, to_string(r.severity),
                       sev != c.severity.end() ? " (configured)" : "");
  };
  for (const auto& r : rules.rules()) row(r.spec);
  for (const RuleSpec* r : {rules.unused_suppression_rule(), rules.syntax_error_rule()})
    if (r) row(*r);
}

}  // namespace

// Paths, globs and codes come from the repository's configuration: printed escaped.
void print_settings(std::ostream& out, const std::string& file, const Config& c, const Selection& s,
                    const py::RuleSet& rules, const CheckOptions& o) {
  std::ostringstream text;
  write_settings(text, file, c, s, rules, o);
  out << printable(text.str(), Whitespace::Keep);
}

}  // namespace torchlint
