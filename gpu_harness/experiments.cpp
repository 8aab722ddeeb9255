#include "gpu_harness/experiments.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

#include "gpu_harness/judging.h"
#include "gpu_harness/stats.h"

namespace torchlint::harness {

namespace {

const std::vector<Experiment> kExperiments = {
    {"memory-growth", {"heap", "graph"}, "host heap and autograd graph nodes retained per iteration"},
    {"sync-count", {"syncs", "cpu"}, "host reads of tensors (GPU synchronisations) per iteration"},
    {"grad-memory", {"saved", "graph", "heap"}, "bytes saved for backward per iteration"},
    {"eval-mode", {"modes"}, "forward calls whose output changes between identical calls or differs from eval mode"},
    {"train-mode", {"trainmode"}, "forward calls with gradients on whose dropout or batch-norm layers are in eval mode"},
    {"call-count", {"calls", "ops"}, "calls per iteration whose cost is per call: model forward passes, whole-model moves, device-wide calls"},
    {"step-growth", {"ops"}, "tensor bytes allocated and operations run per iteration, and how they grow from step to step"},
    {"param-update", {"update"}, "how far each optimizer step moves the weights of the modules called in the loop (L2 norm)"},
    {"copy-count", {"copies"}, "host-to-device copies per iteration, their bytes, and those from pageable (unpinned) host memory", true},
    {"raises", {}, "whether the loop fails with an exception after some iterations while the fixed twin runs them all", false, true},
    {"lr-schedule", {"lr"}, "the learning rate each optimizer step runs with, against the fixed twin's at the same iteration"},
    {"sample-order", {"order"}, "whether each pass over a DistributedSampler yields the order of the pass before"},
    {"load-keys", {"keys"}, "the checkpoint keys load_state_dict ignored and the values it left as they were (the fixed twin's check may fail)",
     false, false, true},
    {"peak-memory", {"peak"}, "the most bytes the program's tensors hold at once in each step (on CUDA also the allocator's peak)"},
};

}  // namespace

const std::vector<std::string>& experiment_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& e : kExperiments) v.push_back(e.name);
    return v;
  }();
  return names;
}

const std::vector<std::string>& probe_variants() {
  static const std::vector<std::string> v = {"no-grad", "eval-mode", "train-mode"};
  return v;
}

const Experiment* find_experiment(std::string_view name) {
  for (const auto& e : kExperiments)
    if (e.name == name) return &e;
  return nullptr;
}

size_t measured_steps(const ProbeRun& run, int warmup) {
  size_t n = 0;
  for_each_step(run, warmup, [&](const Sample&, const Sample&) { ++n; });
  return n;
}

StepSeries step_series(const ProbeRun& run, const std::string& metric, int warmup) {
  StepSeries s;
  for_each_step(run, warmup, [&](const Sample& a, const Sample& b) {
    auto x = a.values.find(metric), y = b.values.find(metric);
    if (x != a.values.end() && y != b.values.end() && std::isfinite(y->second - x->second))
      s.deltas.push_back(y->second - x->second);
  });
  if (s.deltas.empty()) return s;
  std::vector<double> cumulated{0};
  for (double d : s.deltas) cumulated.push_back(cumulated.back() + d);
  LineFit fit = least_squares(cumulated);
  s.slope = fit.slope;
  s.r2 = fit.r2;
  s.mean = cumulated.back() / static_cast<double>(s.deltas.size());
  return s;
}

namespace {

// The last line of a program's output or traceback (the exception and its message).
std::string last_line(std::string t) {
  while (!t.empty() && (t.back() == '\n' || t.back() == ' ')) t.pop_back();
  size_t nl = t.find_last_of('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

}  // namespace

std::string exception_line(const std::string& traceback) {
  std::string line = last_line(traceback);
  return line.size() > 160 ? line.substr(0, 157) + "..." : line;
}

bool failed_in_loop(const ProbeRun& run) {
  return !run.samples.empty() && run.end == "exit" && run.status != 0 && !run.error.empty();
}

std::string unusable_run(const ProbeRun& run, int warmup, const std::string& site, double timeout_seconds) {
  size_t steps = measured_steps(run, warmup);
  if (steps >= 3) return "";
  size_t begun = std::count_if(run.samples.begin(), run.samples.end(), [](const Sample& s) { return !s.last; });
  std::string reached = run.samples.empty() ? "before reaching the loop at " + site
                                            : "after " + std::to_string(begun) + " iteration(s) of the loop at " + site;
  std::string tail = run.error.empty() ? run.process.output_tail : run.error;
  if (!run.process.started) return "could not start Python: " + last_line(run.process.output_tail);
  if (run.process.timed_out)
    return fmt::format("timed out after {:.0f} s {}", timeout_seconds, reached);
  if (run.process.signal) return fmt::format("the program was killed by signal {} {}", run.process.signal, reached);
  if (run.end == "exit") {
    std::string how = run.status == 0 ? "exited" : fmt::format("failed (exit status {})", run.status);
    std::string detail = run.status != 0 ? last_line(tail) : "";
    std::string msg = "the program " + how + " " + reached;
    if (!run.samples.empty()) msg += fmt::format(" ({} measured, {} needed after {} warm-up)", steps, 3, warmup);
    if (!detail.empty()) msg += ": " + detail;
    return msg;
  }
  return "the probe reported no result " + reached + (tail.empty() ? "" : ": " + last_line(tail));
}

namespace {

Confirmation judge_memory(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  Figure nodes = figure("graph nodes retained per step", "nodes", bad, fixed, slope_of("graph_nodes", w));
  Figure tensors = figure("tensors holding a graph per step", "tensors", bad, fixed, slope_of("graph_tensors", w));
  Figure heap = figure("host heap retained per step", "B", bad, fixed, slope_of("heap", w));
  bool heap_known = has_metric(bad, "heap");
  // What the fix removes is the finding's cost; what the fixed twin still retains belongs to
  // something else in the loop (often another finding), and the heap grows a little on both
  // sides (allocator and interpreter caches): only the difference, against its noise, counts.
  bool by_tensors = removal(tensors, 0.5) == Removal::Shown, by_nodes = removal(nodes, 0.5) == Removal::Shown;
  Removal heap_removed = heap_known ? removal(heap, 1024) : Removal::Refuted;
  auto side = [&](double t, double h, double n) {
    return fmt::format("{:+.1f} graph(s) kept per step ({}{} nodes)", t, heap_known ? signed_amount(h, "B") + " host heap, " : "",
                       signed_amount(n, ""));
  };
  std::string numbers = side(tensors.bad, heap.bad, nodes.bad) + "; fixed: " + side(tensors.fixed, heap.fixed, nodes.fixed);
  Confirmation c;
  if (by_tensors || by_nodes || heap_removed == Removal::Shown) {
    std::string rest = nodes.fixed >= 0.5 || tensors.fixed >= 0.5
                           ? std::string(" by this line; the rest by something else in the loop")
                           : "";
    const Figure& main = by_tensors ? tensors : by_nodes ? nodes : heap;
    c = verdict(Verdict::Confirmed, main, numbers + " → " + removed_text(main) + ": the graph of every step is kept" + rest);
  } else if (heap_removed == Removal::Refuted) {
    const Figure& main = heap_known ? heap : tensors;
    c = verdict(Verdict::NotConfirmed, main,
                numbers + " → the fix removes no kept graph, and " + removed_amount(heap) + " of heap: nothing this line keeps from step to step");
  } else {
    c = verdict(Verdict::Inconclusive, heap,
                numbers + " → " + removed_text(heap) + " of heap, but no kept graph: repeat with --repeat 4 to tell it from noise");
  }
  for (const Figure& f : {tensors, nodes, heap})
    if (f.metric != c.main.metric && (heap_known || f.unit != "B")) c.more.push_back(f);
  if (has_metric(bad, "cuda_alloc"))
    c.more.push_back(figure("CUDA memory retained per step", "B", bad, fixed, slope_of("cuda_alloc", w)));
  return c;
}

// Step time from the CUDA events the probe records at each iteration head (GPU runs only).
void add_step_time(Confirmation& c, const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed) {
  auto event_median = [](const ProbeRun& r) {
    std::vector<double> v;
    for (const auto& [seg, ms] : r.event_ms) v.push_back(ms / 1000);
    return median(v);
  };
  bool events = std::any_of(bad.begin(), bad.end(), [](const ProbeRun& r) { return !r.event_ms.empty(); });
  if (events) c.more.push_back(figure("GPU step time (CUDA events, median)", "s", bad, fixed, event_median));
}

Confirmation judge_syncs(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  auto median_delta = [w](const char* m) {
    return [w, m](const ProbeRun& r) { return median(step_series(r, m, w).deltas); };
  };
  Figure syncs = figure("host reads per step", "syncs", bad, fixed, mean_of("syncs", w));
  Figure cpu = figure("CPU time per step (median)", "s", bad, fixed, median_delta("cpu"));
  std::string numbers = fmt::format("{:.2f} host reads (GPU syncs) per step; fixed: {:.2f}", syncs.bad, syncs.fixed);
  Confirmation c;
  if (syncs.bad >= 0.5 && syncs.bad - syncs.fixed >= 0.5)
    c = verdict(Verdict::Confirmed, syncs, numbers + " → on a GPU the CPU waits for the queued work every step");
  else if (syncs.bad - syncs.fixed < 0.1)
    c = verdict(Verdict::NotConfirmed, syncs, numbers + " → the fix removes no host read from the loop");
  else
    c = verdict(Verdict::Inconclusive, syncs, numbers + " → fewer than one read per step is removed");
  c.more.push_back(cpu);
  if (has_metric(bad, "sync_warnings"))
    c.more.push_back(figure("synchronizing CUDA operations per step (sync debug mode)", "syncs", bad, fixed, mean_of("sync_warnings", w)));
  if (has_metric(bad, "cupti_syncs"))
    c.more.push_back(figure("CUDA synchronizations per step (CUPTI)", "syncs", bad, fixed, mean_of("cupti_syncs", w)));
  add_step_time(c, bad, fixed);
  return c;
}

Confirmation judge_saved(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  Figure saved = figure("bytes saved for backward per step", "B", bad, fixed, mean_of("saved", w));
  std::string numbers = signed_amount(saved.bad, "B") + " saved for backward per step; fixed: " + signed_amount(saved.fixed, "B");
  Confirmation c;
  if (saved.bad > 0 && saved.fixed <= 0.01 * saved.bad)
    c = verdict(Verdict::Confirmed, saved, numbers + " → every forward pass records a graph nobody backpropagates");
  else if (saved.bad <= 0)
    c = verdict(Verdict::NotConfirmed, saved, numbers + " → no graph is recorded here (parameters frozen or tensors without grad)");
  else
    c = verdict(Verdict::Inconclusive, saved, numbers + " → the fixed twin records a graph too");
  c.more.push_back(figure("graph nodes retained per step", "nodes", bad, fixed,
                          slope_of("graph_nodes", w)));
  if (has_metric(bad, "cuda_peak")) {
    c.more.push_back(figure("peak CUDA memory", "B", bad, fixed, total_of("cuda_peak")));
  }
  return c;
}

Confirmation judge_modes(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  Figure eval_differ = figure("steps whose output differs from eval mode", "per step", bad, fixed, mean_of("eval_differ", w));
  Figure repeat = figure("steps where two identical forward calls differ", "per step", bad, fixed, mean_of("modes_differ", w));
  std::string numbers = fmt::format("{:.0f}% of steps give outputs that differ from eval mode ({:.0f}% differ between two identical calls); fixed: {:.0f}%",
                                    100 * eval_differ.bad, 100 * repeat.bad, 100 * eval_differ.fixed);
  Confirmation c;
  if (eval_differ.bad >= 0.5 && eval_differ.fixed == 0)
    c = verdict(Verdict::Confirmed, eval_differ, numbers + " → dropout or batch-norm statistics change the evaluation");
  else if (eval_differ.bad == 0)
    c = verdict(Verdict::NotConfirmed, eval_differ,
                numbers + " → no module called in the loop behaves differently in train mode");
  else
    c = verdict(Verdict::Inconclusive, eval_differ, numbers);
  c.more.push_back(repeat);
  return c;
}

Confirmation judge_train_mode(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  Figure wrong = figure("training forward calls with dropout/batch-norm in eval mode", "per step", bad, fixed, mean_of("train_in_eval", w));
  std::string numbers = fmt::format("{:.2f} training forward calls per step run with dropout/batch-norm in eval mode; fixed: {:.2f}",
                                    wrong.bad, wrong.fixed);
  if (wrong.bad > 0 && wrong.fixed == 0)
    return verdict(Verdict::Confirmed, wrong, numbers + " → later epochs train in eval mode");
  if (wrong.bad == 0)
    return verdict(Verdict::NotConfirmed, wrong, numbers + " → every measured training step ran in train mode");
  return verdict(Verdict::Inconclusive, wrong, numbers);
}

constexpr std::string_view kCallPrefix = "call:";

std::vector<std::string> call_names(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed) {
  std::vector<std::string> names;
  for (const auto* runs : {&bad, &fixed})
    for (const auto& r : *runs)
      for (const auto& s : r.samples)
        for (const auto& [k, v] : s.values)
          if (k.starts_with(kCallPrefix) && std::find(names.begin(), names.end(), k.substr(kCallPrefix.size())) == names.end())
            names.push_back(k.substr(kCallPrefix.size()));
  return names;
}

Confirmation judge_calls(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  std::vector<Figure> calls;
  for (const auto& name : call_names(bad, fixed))
    calls.push_back(figure("calls of " + name + " per step", "calls", bad, fixed, count_of(std::string(kCallPrefix) + name, w)));
  // The evidence is the call the fix removes most often; the others are context.
  std::stable_sort(calls.begin(), calls.end(), [](const Figure& a, const Figure& b) { return a.bad - a.fixed > b.bad - b.fixed; });
  Figure ops = figure("ATen operations per step (kernel launches on a GPU)", "ops", bad, fixed, mean_of("ops", w));
  // No named call removed, but operations are: work the fix takes out of every step that no
  // call of the program names (anomaly mode's NaN checks of each backward output).
  double removed_ops = ops.bad - ops.fixed;
  double removed_calls = calls.empty() ? 0.0 : calls.front().bad - calls.front().fixed;
  if (removed_calls < 0.5 && removed_ops >= 1.0 && removed_ops >= 0.1 * ops.bad) {
    Confirmation c = verdict(Verdict::Confirmed, ops,
                             fmt::format("{:.1f} {}; fixed: {:.1f} → the fix removes {:.1f} operations from every step",
                                         ops.bad, ops.metric, ops.fixed, removed_ops));
    c.more = calls;
    return c;
  }
  if (calls.empty()) return verdict(Verdict::NotConfirmed, ops, "no model forward pass, model move or device-wide call ran in the loop");
  const Figure& top = calls.front();
  double removed = top.bad - top.fixed;
  // Nothing removed from the steps, but from before the loop: a whole pass over the data made
  // once, to count it (the cost is paid per run, not per step).
  if (removed < 0.1) {
    std::vector<Figure> before;
    for (const auto& name : call_names(bad, fixed))
      before.push_back(figure("calls of " + name + " before the loop", "calls", bad, fixed, first_of(std::string(kCallPrefix) + name)));
    auto most = std::max_element(before.begin(), before.end(),
                                 [](const Figure& a, const Figure& b) { return a.bad - a.fixed < b.bad - b.fixed; });
    if (most != before.end() && most->bad - most->fixed >= 1) {
      Confirmation c = verdict(Verdict::Confirmed, *most,
                               fmt::format("{:.0f} {}; fixed: {:.0f} → the fix removes {:.0f} of them, made once before the loop starts "
                                           "(per run, not per step)",
                                           most->bad, most->metric, most->fixed, most->bad - most->fixed));
      c.more = calls;
      return c;
    }
  }
  std::string numbers = fmt::format("{:.2f} {}; fixed: {:.2f}", top.bad, top.metric, top.fixed);
  Confirmation c;
  if (removed >= 0.5) {
    bool device_wide = top.metric.starts_with("calls of torch.");
    bool on_cpu = !bad.empty() && bad.front().device == "cpu";
    std::string rest = device_wide && on_cpu ? " (without a GPU the call does nothing: its cost on a GPU is not measured here)" : "";
    c = verdict(Verdict::Confirmed, top, numbers + fmt::format(" → the fix removes {:.2f} of them from every step", removed) + rest);
  } else if (removed < 0.1) {
    c = verdict(Verdict::NotConfirmed, top, numbers + " → the fix removes no call from the loop");
  } else {
    c = verdict(Verdict::Inconclusive, top, numbers + " → fewer than one call per two steps is removed");
  }
  for (size_t i = 1; i < calls.size(); ++i) c.more.push_back(calls[i]);
  c.more.push_back(ops);
  if (has_metric(bad, "device_allocs"))
    c.more.push_back(figure("cudaMalloc calls per step", "calls", bad, fixed, mean_of("device_allocs", w)));
  return c;
}

// The per-step amounts of a metric, one series for each run of the loop (an epoch of an inner
// loop starts again from an empty accumulator: growth is judged within each run).
std::vector<std::vector<double>> per_segment_deltas(const ProbeRun& r, const std::string& metric, int warmup) {
  std::map<size_t, std::vector<double>> by_segment;
  for_each_step(r, warmup, [&](const Sample& a, const Sample& b) {
    auto x = a.values.find(metric), y = b.values.find(metric);
    if (x != a.values.end() && y != b.values.end() && std::isfinite(y->second - x->second))
      by_segment[a.segment].push_back(y->second - x->second);
  });
  std::vector<std::vector<double>> out;
  for (auto& [segment, deltas] : by_segment)
    if (deltas.size() >= 3) out.push_back(std::move(deltas));
  return out;
}

// How fast a per-step amount grows: the least-squares slope of the per-step amounts within each
// run of the loop, weighted by its steps; and that growth over the measured steps as a fraction
// of the mean step.
RunFigure growth_of(const char* metric, int warmup) {
  return [=](const ProbeRun& r) {
    double weighted = 0, weights = 0;
    for (const auto& deltas : per_segment_deltas(r, metric, warmup)) {
      weighted += least_squares(deltas).slope * static_cast<double>(deltas.size() - 1);
      weights += static_cast<double>(deltas.size() - 1);
    }
    return weights > 0 ? weighted / weights : 0.0;
  };
}
RunFigure relative_growth_of(const char* metric, int warmup) {
  return [=](const ProbeRun& r) {
    StepSeries s = step_series(r, metric, warmup);
    if (s.deltas.size() < 2 || s.mean <= 0) return 0.0;
    return growth_of(metric, warmup)(r) * static_cast<double>(s.deltas.size() - 1) / s.mean;
  };
}

Confirmation judge_growth(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  Figure bytes = figure("growth of tensor bytes allocated per step, per step", "B", bad, fixed, growth_of("op_bytes", w));
  Figure ops = figure("growth of ATen operations per step, per step", "ops", bad, fixed, growth_of("ops", w));
  Figure bytes_rel = figure("growth of bytes per step over the measured steps, relative to the mean step", "", bad, fixed,
                            relative_growth_of("op_bytes", w));
  // The accumulator's own growth is what the fix removes: a concatenation of a 16x4 float batch
  // adds 256 B to every later step, small next to a training step's own allocations, so the
  // growth is judged as it is, not relative to the step.
  constexpr double kBytesEffect = 16, kOpsEffect = 0.1;
  auto shown = [](const Figure& f, double effect) {
    return removal(f, effect) == Removal::Shown && f.fixed <= 0.5 * f.bad;
  };
  bool by_bytes = shown(bytes, kBytesEffect), by_ops = shown(ops, kOpsEffect);
  bool refuted = removal(bytes, kBytesEffect) == Removal::Refuted && removal(ops, kOpsEffect) == Removal::Refuted;
  const Figure& main = by_bytes || !by_ops ? bytes : ops;
  std::string numbers = fmt::format("tensor bytes allocated per step grow by {} each step ({:+.0f}% over the measured steps), "
                                    "operations per step by {:+.1f}; fixed: {}, {:+.1f}",
                                    signed_amount(bytes.bad, "B"), 100 * bytes_rel.bad, ops.bad, signed_amount(bytes.fixed, "B"), ops.fixed);
  Confirmation c;
  if (by_bytes || by_ops)
    c = verdict(Verdict::Confirmed, main,
                numbers + " → " + removed_text(main) + " of growth: every step does more work than the one before, the loop is quadratic in its steps");
  else if (refuted)
    c = verdict(Verdict::NotConfirmed, main, numbers + " → " + removed_text(main) + " of growth: the fix does not stop any growth here");
  else
    c = verdict(Verdict::Inconclusive, main, numbers + " → " + removed_text(main) + " of growth, within the noise of the runs or not half of it");
  for (const Figure& f : {bytes, ops})
    if (f.metric != c.main.metric) c.more.push_back(f);
  c.more.push_back(bytes_rel);
  c.more.push_back(figure("tensor bytes allocated per step (mean)", "B", bad, fixed, mean_of("op_bytes", w)));
  c.more.push_back(figure("ATen operations per step (mean)", "ops", bad, fixed, mean_of("ops", w)));
  return c;
}

// The mean L2 norm of the gradients the optimizer steps of the measured iterations applied.
RunFigure gradient_norm_at_step(int warmup) {
  return [=](const ProbeRun& r) {
    double norm = count_of("grad_norm", warmup)(r), steps = count_of("grad_steps", warmup)(r);
    return steps > 0 ? norm / steps : 0.0;
  };
}

// What the optimizer steps do to the weights: a fix that changes their size by 2x or more (or
// makes a loop that moved nothing move them) changes what training computes.
Confirmation judge_update(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  Figure update = figure("weight change per step (L2 norm)", "", bad, fixed, mean_of("update", w));
  Figure moved = figure("parameter tensors moved per step", "tensors", bad, fixed, mean_of("moved", w));
  Figure grad = figure("gradient norm at each optimizer step (L2)", "", bad, fixed, gradient_norm_at_step(w));
  bool grad_known = has_metric(bad, "grad_steps") && grad.bad > 0 && grad.fixed > 0;
  std::string numbers = fmt::format("each step moves the weights by {:.3g}; fixed: {:.3g}", update.bad, update.fixed);
  if (grad_known) numbers += fmt::format("; gradient norm at step(): {:.3g}, fixed: {:.3g}", grad.bad, grad.fixed);
  double larger = std::max(update.bad, update.fixed), smaller = std::min(update.bad, update.fixed);
  auto with_context = [&](Confirmation c) {
    for (const Figure& f : {update, moved, grad})
      if (f.metric != c.main.metric && (grad_known || &f != &grad)) c.more.push_back(f);
    return c;
  };
  if (larger <= 0) return with_context(verdict(Verdict::NotConfirmed, update, numbers + " → no step moves any weight, with or without the fix"));
  if (update.bad <= 1e-3 * update.fixed)
    return with_context(verdict(Verdict::Confirmed, update, numbers + " → the optimizer steps change nothing: the loop does not train"));
  if (larger >= 2 * smaller)
    return with_context(verdict(Verdict::Confirmed, update,
                                numbers + fmt::format(" → every step is {:.3g}× {} than the fixed one", larger / smaller,
                                                      update.bad > update.fixed ? "larger" : "smaller")));
  // An optimizer that normalises its steps (Adam) hides gradients that add up from the weight
  // change; the gradients the steps are given show them.
  double grad_ratio = grad_known ? std::max(grad.bad, grad.fixed) / std::min(grad.bad, grad.fixed) : 1.0;
  if (grad_ratio >= 2)
    return with_context(verdict(Verdict::Confirmed, grad,
                                numbers + fmt::format(" → the gradients each step applies are {:.3g}× {} than the fixed twin's", grad_ratio,
                                                      grad.bad > grad.fixed ? "larger" : "smaller")));
  // Weights meant to be frozen that train anyway (or the reverse): which tensors move changes.
  if (std::fabs(moved.bad - moved.fixed) >= 0.5 && moved.spread < 0.5)
    return with_context(verdict(Verdict::Confirmed, moved,
                                fmt::format("{:.1f} parameter tensors move at each step; fixed: {:.1f} → the fix changes which weights train ({})",
                                            moved.bad, moved.fixed, numbers)));
  if (larger - smaller <= 0.05 * larger && grad_ratio <= 1.05)
    return with_context(verdict(Verdict::NotConfirmed, update, numbers + " → the fix does not change what the steps do"));
  return with_context(verdict(Verdict::Inconclusive, update, numbers + " → the fix changes the steps by less than 2×"));
}

// Host-to-device copies: the fix removes copies from every step, or makes them come from
// pinned memory (a `non_blocking=True` copy from pageable memory is staged by the host first).
Confirmation judge_copies(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  Figure copies = figure("host-to-device copies per step", "copies", bad, fixed, mean_of("h2d_copies", w));
  Figure pageable = figure("host-to-device copies from pageable memory per step", "copies", bad, fixed, mean_of("pageable_copies", w));
  Figure bytes = figure("bytes copied host-to-device per step", "B", bad, fixed, mean_of("h2d_bytes", w));
  Confirmation c;
  if (copies.bad - copies.fixed >= 0.5) {
    c = verdict(Verdict::Confirmed, copies,
                fmt::format("{:.2f} host-to-device copies per step ({}); fixed: {:.2f} → the fix removes {:.2f} copies from every step",
                            copies.bad, format_amount(bytes.bad, "B"), copies.fixed, copies.bad - copies.fixed));
  } else if (pageable.bad - pageable.fixed >= 0.5) {
    c = verdict(Verdict::Confirmed, pageable,
                fmt::format("{:.2f} of {:.2f} host-to-device copies per step come from pageable memory; fixed: {:.2f} → "
                            "the fix makes them copies from pinned memory, which can overlap the GPU's work",
                            pageable.bad, copies.bad, pageable.fixed));
  } else if (copies.bad - copies.fixed < 0.1 && pageable.bad - pageable.fixed < 0.1) {
    c = verdict(Verdict::NotConfirmed, copies,
                fmt::format("{:.2f} host-to-device copies per step ({:.2f} pageable); fixed: {:.2f} ({:.2f}) → the fix changes no copy",
                            copies.bad, pageable.bad, copies.fixed, pageable.fixed));
  } else {
    c = verdict(Verdict::Inconclusive, copies,
                fmt::format("{:.2f} host-to-device copies per step; fixed: {:.2f} → fewer than one copy per two steps changes",
                            copies.bad, copies.fixed));
  }
  for (const Figure& f : {copies, pageable, bytes})
    if (f.metric != c.main.metric) c.more.push_back(f);
  add_step_time(c, bad, fixed);
  return c;
}

// The cost is an exception: every run of the program fails inside the loop, every run of the
// fixed twin measures its steps.
Confirmation judge_raises(const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int w) {
  auto iterations = [](const ProbeRun& r) {
    return static_cast<double>(std::count_if(r.samples.begin(), r.samples.end(), [](const Sample& s) { return !s.last; }));
  };
  Figure ran = figure("iterations begun before the program ended", "iterations", bad, fixed, iterations);
  bool all_failed = std::all_of(bad.begin(), bad.end(), failed_in_loop);
  bool none_failed = std::none_of(bad.begin(), bad.end(), failed_in_loop);
  bool fixed_ran = std::all_of(fixed.begin(), fixed.end(), [w](const ProbeRun& r) { return measured_steps(r, w) >= 3; });
  if (all_failed && fixed_ran && !bad.empty())
    return verdict(Verdict::Confirmed, ran,
                   fmt::format("the program fails in iteration {:.0f} of the loop: {}; fixed: {:.0f} iterations run → the loop cannot train past it",
                               ran.bad, exception_line(bad.front().error), ran.fixed));
  if (none_failed)
    return verdict(Verdict::NotConfirmed, ran, fmt::format("{:.0f} iterations run without an exception; fixed: {:.0f}", ran.bad, ran.fixed));
  return verdict(Verdict::Inconclusive, ran,
                 fixed_ran ? "the program fails in some runs only" : "the fixed twin does not run its steps either");
}

}  // namespace

Confirmation judge(const Experiment& e, const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int warmup) {
  Confirmation c;
  if (e.name == "memory-growth") c = judge_memory(bad, fixed, warmup);
  else if (e.name == "sync-count") c = judge_syncs(bad, fixed, warmup);
  else if (e.name == "grad-memory") c = judge_saved(bad, fixed, warmup);
  else if (e.name == "eval-mode") c = judge_modes(bad, fixed, warmup);
  else if (e.name == "train-mode") c = judge_train_mode(bad, fixed, warmup);
  else if (e.name == "call-count") c = judge_calls(bad, fixed, warmup);
  else if (e.name == "step-growth") c = judge_growth(bad, fixed, warmup);
  else if (e.name == "param-update") c = judge_update(bad, fixed, warmup);
  else if (e.name == "copy-count") c = judge_copies(bad, fixed, warmup);
  else if (e.name == "raises") c = judge_raises(bad, fixed, warmup);
  else if (e.name == "lr-schedule") c = judge_lr_schedule(bad, fixed, warmup);
  else if (e.name == "sample-order") c = judge_sample_order(bad, fixed, warmup);
  else if (e.name == "load-keys") c = judge_load_keys(bad, fixed, warmup);
  else if (e.name == "peak-memory") c = judge_peak_memory(bad, fixed, warmup);
  c.experiment = e.name;
  c.repeats = bad.size();
  for (const auto& r : bad) c.n += measured_steps(r, warmup);
  if (!bad.empty()) {
    c.device = bad.front().device + (bad.front().gpu.empty() ? "" : " (" + bad.front().gpu + ")");
    c.torch_version = bad.front().torch_version;
  }
  // Undefined (null in JSON) when the fixed twin's figure is 0: never a ratio of 0.
  c.ratio = c.main.fixed != 0 ? c.main.bad / c.main.fixed : std::numeric_limits<double>::quiet_NaN();
  return c;
}

}  // namespace torchlint::harness
