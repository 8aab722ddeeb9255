#include "gpu_harness/judging.h"

#include <fmt/format.h>

#include <algorithm>

#include "gpu_harness/experiments.h"
#include "gpu_harness/stats.h"

namespace torchlint::harness {

std::string signed_amount(double v, const std::string& unit) {
  std::string out = v >= 0 ? "+" : "";
  return out += format_amount(v, unit);
}

RunFigure slope_of(const char* metric, int warmup) {
  return [=](const ProbeRun& r) { return step_series(r, metric, warmup).slope; };
}
RunFigure mean_of(const char* metric, int warmup) {
  return [=](const ProbeRun& r) { return step_series(r, metric, warmup).mean; };
}

Figure figure(const std::string& metric, const std::string& unit, const std::vector<ProbeRun>& bad,
              const std::vector<ProbeRun>& fixed, const RunFigure& of) {
  Figure f;
  f.metric = metric;
  f.unit = unit;
  std::vector<double> b, x;
  for (const auto& r : bad) b.push_back(of(r));
  for (const auto& r : fixed) x.push_back(of(r));
  f.bad = median(b);
  f.fixed = median(x);
  f.spread = half_range(b) + half_range(x);
  return f;
}

Removal removal(const Figure& f, double effect) {
  double removed = f.bad - f.fixed;
  if (removed >= effect && removed >= 3 * f.spread) return Removal::Shown;
  if (removed + 2 * f.spread < effect) return Removal::Refuted;
  return Removal::Unclear;
}

std::string removed_amount(const Figure& f) {
  std::string named = f.unit.empty() || f.unit == "B" || f.unit == "s" ? "" : " " + f.unit;
  return fmt::format("{}{} per step (± {})", signed_amount(f.bad - f.fixed, f.unit), named, format_amount(f.spread, f.unit));
}

std::string removed_text(const Figure& f) { return "the fix removes " + removed_amount(f); }

bool has_metric(const std::vector<ProbeRun>& runs, const std::string& metric) {
  for (const auto& r : runs)
    for (const auto& s : r.samples)
      if (s.values.count(metric)) return true;
  return false;
}

Confirmation verdict(Verdict v, Figure main, std::string why) {
  Confirmation c;
  c.verdict = v;
  c.main = std::move(main);
  c.why = std::move(why);
  return c;
}

RunFigure count_of(const std::string& key, int warmup) {
  return [=](const ProbeRun& r) {
    auto at = [&](const Sample& s) {
      auto it = s.values.find(key);
      return it == s.values.end() ? 0.0 : it->second;
    };
    double sum = 0;
    size_t n = 0;
    for_each_step(r, warmup, [&](const Sample& a, const Sample& b) {
      sum += at(b) - at(a);
      ++n;
    });
    return n ? sum / static_cast<double>(n) : 0.0;
  };
}

RunFigure first_of(const std::string& key) {
  return [=](const ProbeRun& r) {
    if (r.samples.empty()) return 0.0;
    auto it = r.samples.front().values.find(key);
    return it == r.samples.front().values.end() ? 0.0 : it->second;
  };
}

RunFigure total_of(const std::string& key) {
  return [=](const ProbeRun& r) {
    double most = 0;
    for (const auto& s : r.samples)
      if (auto it = s.values.find(key); it != s.values.end()) most = std::max(most, it->second);
    return most;
  };
}

}  // namespace torchlint::harness
