// Judges of what the program's state shows rather than what a step costs in time: the learning
// rate the optimizer steps run with, the order a distributed sampler yields, what a checkpoint
// load ignored, the most memory a step holds at once.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "gpu_harness/experiments.h"
#include "gpu_harness/judging.h"
#include "gpu_harness/stats.h"

namespace torchlint::harness {

namespace {

// The learning rate of the latest optimizer step at each measured iteration head: index -> lr.
std::vector<std::pair<size_t, double>> lr_series(const ProbeRun& run, int warmup) {
  std::vector<std::pair<size_t, double>> out;
  for (const auto& s : run.samples)
    if (auto it = s.values.find("lr"); it != s.values.end() && !s.last && s.index >= static_cast<size_t>(warmup))
      out.emplace_back(s.index, it->second);
  return out;
}

bool same_lr(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b)); }

struct LrComparison {
  size_t compared = 0, differing = 0;
  size_t first_index = 0;
  double first_bad = 0, first_fixed = 0;
  bool one_step_ahead = true;  // bad at each step = fixed at the next
};

LrComparison compare_lr(const ProbeRun& bad, const ProbeRun& fixed, int warmup) {
  LrComparison c;
  auto b = lr_series(bad, warmup), f = lr_series(fixed, warmup);
  for (size_t k = 0; k < std::min(b.size(), f.size()); ++k) {
    if (b[k].first != f[k].first) break;  // the runs no longer line up
    ++c.compared;
    if (!same_lr(b[k].second, f[k].second) && c.differing++ == 0) {
      c.first_index = b[k].first;
      c.first_bad = b[k].second;
      c.first_fixed = f[k].second;
    }
    if (k + 1 < f.size() && !same_lr(b[k].second, f[k + 1].second)) c.one_step_ahead = false;
  }
  return c;
}

}  // namespace

// A scheduler stepped before its optimizer: the steps run with the next value of the schedule.
Confirmation judge_lr_schedule(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  // Each run of the program against the run of its twin made in the same turn.
  std::vector<LrComparison> pairs;
  std::vector<double> counts;
  for (size_t i = 0; i < std::min(bad.size(), fixed.size()); ++i) {
    pairs.push_back(compare_lr(bad[i], fixed[i], w));
    counts.push_back(static_cast<double>(pairs.back().differing));
  }
  Figure differing;
  differing.metric = "measured steps whose learning rate differs from the fixed twin's";
  differing.unit = "steps";
  differing.bad = median(counts);
  differing.spread = half_range(counts);
  if (pairs.empty() || std::all_of(pairs.begin(), pairs.end(), [](const LrComparison& c) { return c.compared == 0; }))
    return verdict(Verdict::Inconclusive, differing, "no optimizer step ran in the measured iterations");
  auto most = std::max_element(pairs.begin(), pairs.end(),
                               [](const LrComparison& a, const LrComparison& b) { return a.differing < b.differing; });
  if (most->differing == 0)
    return verdict(Verdict::NotConfirmed, differing,
                   fmt::format("the optimizer steps of all {} measured iterations ran with the learning rate of the fixed twin "
                               "(a schedule that changes later than the measured steps would differ there)",
                               most->compared));
  bool all = std::all_of(pairs.begin(), pairs.end(), [](const LrComparison& c) { return c.differing > 0; });
  std::string numbers = fmt::format("at {} of {} measured iterations the optimizer steps ran with another learning rate "
                                    "(first at iteration {}: {:.6g}; fixed: {:.6g})",
                                    most->differing, most->compared, most->first_index, most->first_bad, most->first_fixed);
  if (!all) return verdict(Verdict::Inconclusive, differing, numbers + " → in some runs only");
  return verdict(Verdict::Confirmed, differing,
                 numbers + (most->one_step_ahead ? " → the schedule runs one step ahead: each value comes a step early and the first is never used"
                                                 : " → the fix changes the learning rate the steps use"));
}

// A DistributedSampler never told the epoch: every pass yields the order of the one before.
Confirmation judge_sample_order(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int) {
  Figure repeated = figure("passes over a DistributedSampler in the order of its previous pass", "passes", bad, fixed,
                           total_of("repeated_orders"));
  Figure passes = figure("passes over a DistributedSampler", "passes", bad, fixed, total_of("sampler_passes"));
  std::string numbers = fmt::format("{:.0f} of {:.0f} passes over the sampler repeat the previous pass's order; fixed: {:.0f} of {:.0f}",
                                    repeated.bad, passes.bad, repeated.fixed, passes.fixed);
  Confirmation c;
  if (passes.bad < 2)
    c = verdict(Verdict::Inconclusive, repeated,
                fmt::format("the program passed over a DistributedSampler {:.0f} time(s); two are needed to compare orders", passes.bad));
  else if (repeated.bad >= passes.bad - 1 && repeated.fixed == 0)
    c = verdict(Verdict::Confirmed, repeated, numbers + " → every epoch sees the samples in the same order (and the same split across ranks)");
  else if (repeated.bad == 0)
    c = verdict(Verdict::NotConfirmed, repeated, numbers + " → the order changes from pass to pass");
  else
    c = verdict(Verdict::Inconclusive, repeated, numbers);
  c.more.push_back(passes);
  return c;
}

// `load_state_dict(strict=False)` unchecked: what the load ignored, in the program itself. The
// fixed twin checks the keys; its check failing is the evidence that it catches them.
Confirmation judge_load_keys(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int) {
  Figure ignored = figure("checkpoint keys the load ignored (missing or unexpected)", "keys", bad, fixed, total_of("ignored_keys"));
  Figure unloaded = figure("parameter and buffer values the load left as they were", "values", bad, fixed, total_of("unloaded_values"));
  Figure loads = figure("load_state_dict calls", "calls", bad, fixed, total_of("loads"));
  auto failed = std::find_if(fixed.begin(), fixed.end(), [](const ProbeRun& r) { return r.status != 0 && !r.error.empty(); });
  std::string fixed_part = failed != fixed.end() ? "; fixed: the check fails (" + exception_line(failed->error) + ")"
                                                 : fmt::format("; fixed: {:.0f} keys ignored", ignored.fixed);
  Confirmation c;
  if (loads.bad == 0)
    c = verdict(Verdict::Inconclusive, ignored, "no load_state_dict ran before or during the measured loop");
  else if (ignored.bad > 0)
    c = verdict(Verdict::Confirmed, ignored,
                fmt::format("the load ignored {:.0f} key(s) of the checkpoint and left {:.0f} values of the model as they were{} → "
                            "the program goes on without them, silently",
                            ignored.bad, unloaded.bad, fixed_part));
  else
    c = verdict(Verdict::NotConfirmed, ignored, "every key of the checkpoint matched the model: nothing was ignored");
  c.more = {unloaded, loads};
  return c;
}

// The most memory a step holds at once: an OOM handler that retries inside `except` keeps the
// failed attempt's tensors (its frames, through the traceback) alive during the retry.
Confirmation judge_peak_memory(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  auto median_peak = [w](const char* key) {
    return [=](const ProbeRun& r) {
      std::vector<double> peaks;
      for_each_step(r, w, [&](const Sample&, const Sample& b) {
        if (auto it = b.values.find(key); it != b.values.end()) peaks.push_back(it->second);
      });
      return median(peaks);
    };
  };
  Figure peak = figure("most bytes held by the program's tensors at once in a step (median)", "B", bad, fixed, median_peak("peak_bytes"));
  double lowered = peak.bad - peak.fixed;
  std::string numbers = fmt::format("a step holds at most {} of tensors at once; fixed: {}", format_amount(peak.bad, "B"),
                                    format_amount(peak.fixed, "B"));
  Confirmation c;
  if (lowered >= 4096 && lowered >= 0.1 * peak.bad && lowered > 3 * peak.spread)
    c = verdict(Verdict::Confirmed, peak,
                numbers + fmt::format(" → the fix lowers the peak by {} ({:.0f}%): memory that the failed attempt no longer holds",
                                      format_amount(lowered, "B"), 100 * lowered / peak.bad));
  else if (std::fabs(lowered) <= 0.02 * std::max(peak.bad, 1.0))
    c = verdict(Verdict::NotConfirmed, peak, numbers + " → the fix does not change the peak");
  else
    c = verdict(Verdict::Inconclusive, peak, numbers + " → the peak changes by less than a tenth");
  if (has_metric(bad, "cuda_peak")) c.more.push_back(figure("peak CUDA memory in a step (median)", "B", bad, fixed, median_peak("cuda_peak")));
  return c;
}

}  // namespace torchlint::harness
