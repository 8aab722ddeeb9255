// The confirmation model (analyzer/core/confirmation.h) is defined here, with the harness that
// fills it: the analyzer library links the harness, never the reverse.
#include "core/confirmation.h"

#include <fmt/format.h>

#include <cmath>

namespace torchlint {

const char* to_string(Verdict v) {
  switch (v) {
    case Verdict::Confirmed: return "confirmed";
    case Verdict::NotConfirmed: return "not-confirmed";
    case Verdict::Inconclusive: return "inconclusive";
    case Verdict::Error: return "error";
  }
  return "error";
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
  // A small figure without a unit (a weight change of 0.02) keeps three significant digits.
  if (value != 0 && std::fabs(value) < 1) return fmt::format("{:.3g}", value);
  return fmt::format("{:.1f}", value);
}

}  // namespace torchlint
