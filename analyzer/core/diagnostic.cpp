#include "core/diagnostic.h"

#include <tuple>

namespace torchlint {

std::string_view to_string(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "info";
  }
  return "warning";
}

std::string_view to_string(Applicability a) {
  switch (a) {
    case Applicability::Safe: return "safe";
    case Applicability::Unsafe: return "unsafe";
    case Applicability::DisplayOnly: return "display-only";
  }
  return "display-only";
}

std::string_view to_string(Confidence c) { return c == Confidence::High ? "high" : "medium"; }


std::optional<Confidence> parse_confidence(std::string_view s) {
  if (s == "high") return Confidence::High;
  if (s == "medium") return Confidence::Medium;
  return std::nullopt;
}

std::optional<Severity> parse_severity(std::string_view s) {
  if (s == "error") return Severity::Error;
  if (s == "warning") return Severity::Warning;
  if (s == "info") return Severity::Info;
  return std::nullopt;
}

std::optional<Applicability> parse_applicability(std::string_view s) {
  if (s == "safe") return Applicability::Safe;
  if (s == "unsafe") return Applicability::Unsafe;
  if (s == "display-only") return Applicability::DisplayOnly;
  return std::nullopt;
}

bool diagnostic_less(const Diagnostic& a, const Diagnostic& b) {
  return std::tie(a.path, a.range.start, a.range.end, a.rule_id) <
         std::tie(b.path, b.range.start, b.range.end, b.rule_id);
}

}  // namespace torchlint
