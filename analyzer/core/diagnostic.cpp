#include "core/diagnostic.h"

#include <fmt/format.h>

#include <cmath>

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

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Confirmed: return "confirmed";
    case Verdict::NotConfirmed: return "not-confirmed";
    case Verdict::Inconclusive: return "inconclusive";
    case Verdict::Error: return "error";
  }
  return "error";
}

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

std::string format_amount(double value, const std::string& unit) {
  if (unit == "B") {
    double a = std::fabs(value);
    if (a >= 1024.0 * 1024) return fmt::format("{:.1f} MiB", value / (1024.0 * 1024));
    if (a >= 1024) return fmt::format("{:.1f} KiB", value / 1024);
    return fmt::format("{:.0f} B", value);
  }
  if (unit == "s") {
    double a = std::fabs(value);
    if (a >= 1) return fmt::format("{:.2f} s", value);
    if (a >= 1e-3) return fmt::format("{:.2f} ms", value * 1e3);
    return fmt::format("{:.1f} µs", value * 1e6);
  }
  return fmt::format("{:.1f}", value);
}

}  // namespace torchlint
