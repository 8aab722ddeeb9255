// What the judges of the experiments share: figures over repeated runs of a program and of its
// fixed twin, per-step series of a metric, and a verdict with its evidence.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/confirmation.h"
#include "gpu_harness/probe.h"

namespace torchlint::harness {

// Consecutive samples of one run of the loop, both after warm-up.
template <typename F>
void for_each_step(const ProbeRun& run, int warmup, F&& f) {
  for (size_t k = 0; k + 1 < run.samples.size(); ++k) {
    const Sample& a = run.samples[k];
    const Sample& b = run.samples[k + 1];
    if (a.segment != b.segment || a.last || a.index < static_cast<size_t>(warmup)) continue;
    f(a, b);
  }
}

std::string signed_amount(double v, const std::string& unit);

// What one run says about a metric: its least-squares growth per step, or its mean per step.
using RunFigure = std::function<double(const ProbeRun&)>;
RunFigure slope_of(const char* metric, int warmup);
RunFigure mean_of(const char* metric, int warmup);
// A counter the probe writes only once it is non-zero: absent before counts as 0.
RunFigure count_of(const std::string& key, int warmup);
// A counter's value at the first iteration head: what ran before the loop (0 when absent).
RunFigure first_of(const std::string& key);
// The largest value a metric reaches in a run (a cumulative counter's total), 0 when absent.
RunFigure total_of(const std::string& key);

// A figure over repeated runs: the median of each run's value on each side, and how far the
// difference between the sides may stray (half the range of each side's runs, added).
Figure figure(const std::string& metric, const std::string& unit, const std::vector<ProbeRun>& bad,
              const std::vector<ProbeRun>& fixed, const RunFigure& of);
bool has_metric(const std::vector<ProbeRun>& runs, const std::string& metric);
Confirmation verdict(Verdict v, Figure main, std::string why);

// What the fix removes from a figure (bad - fixed) against the noise of repeated runs:
// shown when it is at least `effect` and three times the spread; refuted when even that plus
// twice the spread stays under `effect`; else unclear.
enum class Removal { Shown, Refuted, Unclear };
Removal removal(const Figure& f, double effect);
std::string removed_amount(const Figure& f);  // "+1.2 KiB per step (± 0.3 KiB)"
std::string removed_text(const Figure& f);    // "the fix removes " and the amount
// The exception and its message from a traceback, short enough for a verdict line.
std::string exception_line(const std::string& traceback);

// The judges of what the program's state says rather than its work per step (state_judges.cpp).
Confirmation judge_lr_schedule(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int warmup);
Confirmation judge_sample_order(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int warmup);
Confirmation judge_load_keys(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int warmup);
Confirmation judge_peak_memory(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int warmup);

}  // namespace torchlint::harness
