// The confirmation harness without Python: statistics, the probe's output, verdicts from
// measured runs, where the probe goes in the code, the sandbox, and `confirm:` in rule packs.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "cli/builtin_rules.h"
#include "cli/runner.h"
#include "gpu_harness/experiments.h"
#include "gpu_harness/probe.h"
#include "gpu_harness/sandbox.h"
#include "gpu_harness/stats.h"
#include "python/loop_site.h"
#include "report/rule_docs.h"
#include "rulepack/loader.h"

using namespace torchlint;
using namespace torchlint::harness;
namespace fs = std::filesystem;

TEST_CASE("least squares: slope and R² of a line, of noise, of a flat series") {
  LineFit line = least_squares({1, 3, 5, 7, 9});
  CHECK(line.slope == doctest::Approx(2));
  CHECK(line.intercept == doctest::Approx(1));
  CHECK(line.r2 == doctest::Approx(1));
  LineFit flat = least_squares({4, 4, 4});
  CHECK(flat.slope == doctest::Approx(0));
  CHECK(flat.r2 == doctest::Approx(1));
  LineFit noisy = least_squares({0, 5, 0, 5, 0, 5});
  CHECK(noisy.r2 < 0.3);
  CHECK(least_squares({3}).slope == 0);
}

TEST_CASE("median, percentiles and spread") {
  CHECK(median({5, 1, 3}) == doctest::Approx(3));
  CHECK(median({1, 2, 3, 4}) == doctest::Approx(2.5));
  CHECK(percentile({1, 2, 3, 4, 5}, 100) == doctest::Approx(5));
  CHECK(percentile({10, 20}, 95) == doctest::Approx(19.5));
  CHECK(percentile({}, 50) == 0);
  CHECK(half_range({2, 8, 5}) == doctest::Approx(3));
}

namespace {

// A probe output: one sample per iteration head, `metric` at sample i given by `value(i)`.
std::string probe_lines_of(const std::string& metric, const std::function<double(int)>& value, int samples, bool end = true) {
  std::string out = R"({"probe": 1, "torch": "2.4.0", "device": "cpu", "gpu": null, "heap": true})" "\n";
  for (int i = 0; i < samples; ++i)
    out += "{\"i\": " + std::to_string(i) + ", \"seg\": 1, \"" + metric + "\": " + std::to_string(value(i)) + "}\n";
  if (end) out += R"({"end": "steps", "status": 0, "samples": )" + std::to_string(samples) + "}\n";
  return out;
}

// `metric` growing by `per_step`.
std::string probe_lines(const std::string& metric, double per_step, int samples, bool end = true) {
  return probe_lines_of(metric, [=](int i) { return 100 + per_step * i; }, samples, end);
}

std::vector<ProbeRun> runs_of(const std::string& metric, const std::function<double(int)>& value, int n = 2) {
  std::vector<ProbeRun> v;
  for (int i = 0; i < n; ++i) v.push_back(parse_probe_output(probe_lines_of(metric, value, 24)));
  return v;
}

std::vector<ProbeRun> runs(const std::string& metric, double per_step, int n = 2) {
  return runs_of(metric, [=](int i) { return 100 + per_step * i; }, n);
}

}  // namespace

TEST_CASE("the probe's output: header, samples, end; a truncated line is skipped") {
  std::string text = probe_lines("graph_nodes", 2, 5, false) + R"({"i": 5, "seg": 1, "graph_no)";
  ProbeRun run = parse_probe_output(text);
  CHECK(run.torch_version == "2.4.0");
  CHECK(run.device == "cpu");
  CHECK(run.samples.size() == 5);
  CHECK(run.end.empty());  // killed before its last line
  CHECK(run.samples[4].values.at("graph_nodes") == doctest::Approx(108));
}

TEST_CASE("the probe's output is read defensively: the program may have written over it") {
  ProbeRun run = parse_probe_output(
      "{\"i\": -5, \"seg\": 1e300, \"heap\": 1e308}\n{\"i\": 1, \"seg\": \"x\", \"heap\": -1e308}\n"
      "{\"end\": 7, \"status\": 99999999999, \"event_ms\": [[-1, 2.0], [1]]}\n[1, 2]\nnull\n");
  REQUIRE(run.samples.size() == 2);
  CHECK(run.samples[0].index == 0);    // no negative counts
  CHECK(run.samples[0].segment == 0);  // no 1e300 cast to an integer
  CHECK(run.samples[0].values.at("heap") == doctest::Approx(1e308));
  CHECK(run.status == 255);
  CHECK(run.end.empty());
  REQUIRE(run.event_ms.size() == 1);
  CHECK(run.event_ms[0].first == 0);
  StepSeries s = step_series(parse_probe_output("{\"i\": 0, \"seg\": 1, \"heap\": 1e308}\n{\"i\": 1, \"seg\": 1, \"heap\": -1e308}\n"), "heap", 0);
  CHECK(s.deltas.empty());  // an infinite step is no measurement
}

TEST_CASE("steps are measured after warm-up and within one run of the loop") {
  std::string text = R"({"i": 0, "seg": 1, "syncs": 0}
{"i": 1, "seg": 1, "syncs": 1}
{"i": 2, "seg": 1, "syncs": 2}
{"i": 3, "seg": 1, "syncs": 3, "last": true}
{"i": 4, "seg": 2, "syncs": 50}
{"i": 5, "seg": 2, "syncs": 51}
)";
  ProbeRun run = parse_probe_output(text);
  StepSeries s = step_series(run, "syncs", 1);
  // Steps 1→2, 2→3 and 4→5; the jump between the runs of the loop (3→4) is not a step.
  REQUIRE(s.deltas.size() == 3);
  CHECK(s.mean == doctest::Approx(1));
  CHECK(measured_steps(run, 1) == 3);
}

TEST_CASE("memory growth: confirmed when the fix removes a kept graph, not confirmed when nothing grows") {
  const Experiment& e = *find_experiment("memory-growth");
  Confirmation yes = judge(e, runs("graph_tensors", 1), runs("graph_tensors", 0), 3);
  CHECK(yes.verdict == Verdict::Confirmed);
  CHECK(yes.main.bad == doctest::Approx(1));
  CHECK(yes.n == 40);
  CHECK(yes.torch_version == "2.4.0");
  // No heap figure where the heap was not measured.
  CHECK(std::none_of(yes.more.begin(), yes.more.end(), [](const Figure& f) { return f.unit == "B"; }));
  Confirmation no = judge(e, runs("graph_tensors", 0), runs("graph_tensors", 0), 3);
  CHECK(no.verdict == Verdict::NotConfirmed);
  // Growth the fix does not remove is not this finding's cost.
  Confirmation other = judge(e, runs("graph_tensors", 1), runs("graph_tensors", 1), 3);
  CHECK(other.verdict == Verdict::NotConfirmed);
  CHECK(other.why.find("the fix removes no kept graph") != std::string::npos);
}

TEST_CASE("memory growth: the heap both sides grow by is noise; what the fix removes, against the runs' spread, decides") {
  const Experiment& e = *find_experiment("memory-growth");
  auto heap = [](double per_step) { return runs("heap", per_step); };
  // 1.5 KiB per step on both sides (allocator caches): refuted, not inconclusive.
  Confirmation same = judge(e, {heap(1500)[0], heap(1400)[0]}, {heap(1450)[0], heap(1600)[0]}, 3);
  CHECK(same.verdict == Verdict::NotConfirmed);
  CHECK(same.main.spread == doctest::Approx(50 + 75));  // half the range of each side, added
  // 6 KiB more per step than the fixed twin, far over the spread: confirmed by the heap.
  Confirmation kept = judge(e, heap(7500), heap(1500), 3);
  CHECK(kept.verdict == Verdict::Confirmed);
  CHECK(kept.main.unit == "B");
  // 1.2 KiB removed but the runs stray by as much: neither shown nor refuted.
  CHECK(judge(e, {heap(1700)[0], heap(3900)[0]}, heap(1500), 3).verdict == Verdict::Inconclusive);
}

TEST_CASE("host reads: one per step removed is confirmed; the same count on both sides is not") {
  const Experiment& e = *find_experiment("sync-count");
  CHECK(judge(e, runs("syncs", 1), runs("syncs", 0), 3).verdict == Verdict::Confirmed);
  CHECK(judge(e, runs("syncs", 1), runs("syncs", 1), 3).verdict == Verdict::NotConfirmed);
}

TEST_CASE("saved-for-backward bytes and mode experiments") {
  CHECK(judge(*find_experiment("grad-memory"), runs("saved", 4096), runs("saved", 0), 3).verdict == Verdict::Confirmed);
  CHECK(judge(*find_experiment("grad-memory"), runs("saved", 0), runs("saved", 0), 3).verdict == Verdict::NotConfirmed);
  CHECK(judge(*find_experiment("eval-mode"), runs("eval_differ", 1), runs("eval_differ", 0), 3).verdict == Verdict::Confirmed);
  CHECK(judge(*find_experiment("eval-mode"), runs("eval_differ", 0), runs("eval_differ", 0), 3).verdict == Verdict::NotConfirmed);
  CHECK(judge(*find_experiment("train-mode"), runs("train_in_eval", 1), runs("train_in_eval", 0), 3).verdict == Verdict::Confirmed);
}

TEST_CASE("call counts: the call the fix removes is the evidence; a counter absent before its first call is 0") {
  const Experiment& e = *find_experiment("call-count");
  // The probe writes `call:NAME` only once NAME has been called: once per step from step 11 on.
  std::string late = R"({"probe": 1, "torch": "2.4.0", "device": "cpu", "gpu": null, "heap": true})" "\n";
  for (int i = 0; i < 24; ++i)
    late += i <= 10 ? fmt::format(R"({{"i": {}, "seg": 1}})" "\n", i)
                    : fmt::format(R"({{"i": {}, "seg": 1, "call:torch.cuda.empty_cache": {}}})" "\n", i, i - 10);
  Confirmation c = judge(e, {parse_probe_output(late)}, runs("ops", 40), 3);
  CHECK(c.verdict == Verdict::Confirmed);
  CHECK(c.main.metric == "calls of torch.cuda.empty_cache per step");
  CHECK(c.main.bad == doctest::Approx(13.0 / 20));  // 13 calls over the 20 measured steps
  CHECK(c.why.find("without a GPU the call does nothing") != std::string::npos);
  CHECK(judge(e, runs("call:Net.to", 1), runs("call:Net.to", 1), 3).verdict == Verdict::NotConfirmed);
  CHECK(judge(e, runs("call:Net.forward", 0.25), runs("call:Net.forward", 0), 3).verdict == Verdict::Inconclusive);
  CHECK(judge(e, runs("ops", 40), runs("ops", 40), 3).verdict == Verdict::NotConfirmed);  // no counted call at all
  // No named call removed, but operations are (anomaly mode's NaN checks): the operations are
  // the evidence when the fix removes at least one per step and a tenth of them.
  Confirmation ops = judge(e, runs("ops", 114), runs("ops", 72), 3);
  CHECK(ops.verdict == Verdict::Confirmed);
  CHECK(ops.main.metric == "ATen operations per step (kernel launches on a GPU)");
  CHECK(ops.why.find("removes 42.0 operations from every step") != std::string::npos);
  CHECK(judge(e, runs("ops", 100), runs("ops", 95), 3).verdict == Verdict::NotConfirmed);  // 5%: noise-level work
  // Several calls: the one removed most often leads; a device-wide call on a GPU needs no caveat.
  std::string text = R"({"probe": 1, "torch": "2.4.0", "device": "cuda", "gpu": "X", "heap": true})" "\n";
  for (int i = 0; i < 24; ++i)
    text += fmt::format(R"({{"i": {}, "seg": 1, "call:Net.forward": {}, "call:torch.cuda.synchronize": {}, "ops": {}}})" "\n", i, 64 * i, i, 500 * i);
  Confirmation many = judge(e, {parse_probe_output(text)}, runs("call:Net.forward", 1, 1), 3);
  CHECK(many.main.metric == "calls of Net.forward per step");
  CHECK(many.main.bad == doctest::Approx(64));
  CHECK(many.why.find("the fix removes 63.00 of them") != std::string::npos);
  CHECK(many.why.find("without a GPU") == std::string::npos);
  CHECK(std::any_of(many.more.begin(), many.more.end(), [](const Figure& f) { return f.metric == "calls of torch.cuda.synchronize per step"; }));
}

TEST_CASE("step growth: per-step work that grows with the step index, removed by the fix") {
  const Experiment& e = *find_experiment("step-growth");
  // Bytes per step: 1000 + 256 * step (cumulated, a quadratic); the fixed twin: 1000 per step.
  auto quadratic = [](int i) { return 1000.0 * i + 256.0 * i * (i - 1) / 2; };
  auto linear = [](int i) { return 1000.0 * i; };
  Confirmation yes = judge(e, runs_of("op_bytes", quadratic), runs_of("op_bytes", linear), 3);
  CHECK(yes.verdict == Verdict::Confirmed);
  CHECK(yes.main.unit == "B");
  CHECK(yes.main.bad == doctest::Approx(256));
  CHECK(yes.main.fixed == doctest::Approx(0));
  CHECK(judge(e, runs_of("op_bytes", linear), runs_of("op_bytes", linear), 3).verdict == Verdict::NotConfirmed);
  // Growth the fix does not remove is not this finding's cost.
  CHECK(judge(e, runs_of("op_bytes", quadratic), runs_of("op_bytes", quadratic), 3).verdict == Verdict::NotConfirmed);
  // An accumulator's 256 B per step inside a training step of 1 MiB (under 10% growth over the
  // steps): its own growth, removed by the fix, is what counts.
  auto big_quadratic = [](int i) { return 1048576.0 * i + 256.0 * i * (i - 1) / 2; };
  auto big_linear = [](int i) { return 1048576.0 * i; };
  CHECK(judge(e, runs_of("op_bytes", big_quadratic), runs_of("op_bytes", big_linear), 3).verdict == Verdict::Confirmed);
  // Operations per step that grow (a backward through every earlier step) confirm it too.
  Confirmation ops = judge(e, runs_of("ops", quadratic), runs_of("ops", linear), 3);
  CHECK(ops.verdict == Verdict::Confirmed);
  CHECK(ops.main.unit == "ops");
}

TEST_CASE("weight updates: a loop that moves nothing, a step 2x off or more; the same steps are not confirmed") {
  const Experiment& e = *find_experiment("param-update");
  Confirmation none = judge(e, runs("update", 0), runs("update", 0.05), 3);
  CHECK(none.verdict == Verdict::Confirmed);
  CHECK(none.why.find("the loop does not train") != std::string::npos);
  Confirmation smaller = judge(e, runs("update", 0.002), runs("update", 0.02), 3);
  CHECK(smaller.verdict == Verdict::Confirmed);
  CHECK(smaller.why.find("10× smaller") != std::string::npos);
  CHECK(judge(e, runs("update", 0.5), runs("update", 0.02), 3).why.find("25× larger") != std::string::npos);
  CHECK(judge(e, runs("update", 0.02), runs("update", 0.0201), 3).verdict == Verdict::NotConfirmed);
  CHECK(judge(e, runs("update", 0.015), runs("update", 0.02), 3).verdict == Verdict::Inconclusive);
  CHECK(judge(e, runs("update", 0), runs("update", 0), 3).verdict == Verdict::NotConfirmed);
}

TEST_CASE("weight updates: the fix changes which parameter tensors move (a freeze that freezes nothing)") {
  const Experiment& e = *find_experiment("param-update");
  auto moving = [](double tensors, double update) {
    std::string text = R"({"probe": 1, "torch": "2.4.0", "device": "cpu", "gpu": null, "heap": true})" "\n";
    for (int i = 0; i < 24; ++i)
      text += fmt::format(R"({{"i": {}, "seg": 1, "update": {}, "moved": {}}})" "\n", i, update * i, tensors * i);
    return std::vector<ProbeRun>{parse_probe_output(text)};
  };
  Confirmation c = judge(e, moving(6, 0.022), moving(2, 0.018), 3);
  CHECK(c.verdict == Verdict::Confirmed);
  CHECK(c.main.metric == "parameter tensors moved per step");
  CHECK(c.why.find("the fix changes which weights train") != std::string::npos);
  // The same tensors move and the steps are the same size: nothing to confirm.
  CHECK(judge(e, moving(6, 0.02), moving(6, 0.0201), 3).verdict == Verdict::NotConfirmed);
}

namespace {

// A probe output whose samples carry the given fields, one object per iteration head.
ProbeRun run_with(const std::function<std::string(int)>& fields, int samples = 24, const std::string& error = "") {
  std::string text = R"({"probe": 1, "torch": "2.4.0", "device": "cpu", "gpu": null, "heap": true})" "\n";
  for (int i = 0; i < samples; ++i) text += fmt::format(R"({{"i": {}, "seg": 1{}}})" "\n", i, fields(i));
  if (error.empty()) text += R"({"end": "steps", "status": 0, "samples": 24})" "\n";
  else text += nlohmann::json{{"end", "exit"}, {"status", 1}, {"samples", samples}, {"error", error}}.dump() + "\n";
  return parse_probe_output(text);
}

}  // namespace

TEST_CASE("learning rates: a schedule one step ahead of the fixed twin's is confirmed; the same rates are not") {
  const Experiment& e = *find_experiment("lr-schedule");
  // Step decay every 10 iterations; the program's steps see each value one iteration early.
  auto decay = [](int shift) {
    return run_with([=](int i) { return fmt::format(R"(, "opt_steps": {}, "lr": {})", i, 0.1 * std::pow(0.1, (i + shift) / 10)); });
  };
  Confirmation ahead = judge(e, {decay(1), decay(1)}, {decay(0), decay(0)}, 3);
  CHECK(ahead.verdict == Verdict::Confirmed);
  CHECK(ahead.why.find("one step ahead") != std::string::npos);
  CHECK(ahead.why.find("first at iteration 9") != std::string::npos);
  CHECK(ahead.main.bad == doctest::Approx(2));
  CHECK(judge(e, {decay(0)}, {decay(0)}, 3).verdict == Verdict::NotConfirmed);
  // No optimizer step in the loop: nothing to compare.
  ProbeRun none = run_with([](int) { return std::string(R"(, "opt_steps": 0)"); });
  CHECK(judge(e, {none}, {none}, 3).verdict == Verdict::Inconclusive);
}

TEST_CASE("sample order: every pass repeating the previous one is confirmed; orders that change are not") {
  const Experiment& e = *find_experiment("sample-order");
  auto passes = [](int repeated_per_pass) {
    return run_with([=](int i) {
      int pass = i / 3 + 1;  // three iterations per epoch
      return fmt::format(R"(, "sampler_passes": {}, "repeated_orders": {})", pass, repeated_per_pass * (pass - 1));
    });
  };
  Confirmation same = judge(e, {passes(1)}, {passes(0)}, 3);
  CHECK(same.verdict == Verdict::Confirmed);
  CHECK(same.why.find("7 of 8 passes") != std::string::npos);
  CHECK(judge(e, {passes(0)}, {passes(0)}, 3).verdict == Verdict::NotConfirmed);
  ProbeRun one = run_with([](int) { return std::string(R"(, "sampler_passes": 1, "repeated_orders": 0)"); });
  CHECK(judge(e, {one}, {one}, 3).verdict == Verdict::Inconclusive);
}

TEST_CASE("checkpoint keys: what an unchecked load ignored is confirmed; the fixed twin's failing check is evidence") {
  const Experiment& e = *find_experiment("load-keys");
  CHECK(e.fixed_may_fail);
  ProbeRun ignored = run_with([](int) { return std::string(R"(, "loads": 1, "ignored_keys": 17, "unloaded_values": 3018)"); });
  ProbeRun check_fails = run_with([](int) { return std::string(); }, 0, "Traceback...\nAssertionError: ['body.0.weight']\n");
  Confirmation c = judge(e, {ignored}, {check_fails}, 3);
  CHECK(c.verdict == Verdict::Confirmed);
  CHECK(c.why.find("ignored 17 key(s)") != std::string::npos);
  CHECK(c.why.find("the check fails (AssertionError: ['body.0.weight'])") != std::string::npos);
  ProbeRun clean = run_with([](int) { return std::string(R"(, "loads": 1, "ignored_keys": 0, "unloaded_values": 0)"); });
  CHECK(judge(e, {clean}, {clean}, 3).verdict == Verdict::NotConfirmed);
  ProbeRun no_load = run_with([](int) { return std::string(R"(, "loads": 0)"); });
  CHECK(judge(e, {no_load}, {no_load}, 3).verdict == Verdict::Inconclusive);
}

TEST_CASE("call counts: calls the fix removes from before the loop (a pass over the data to count it) are evidence too") {
  const Experiment& e = *find_experiment("call-count");
  auto batches = [](int before) {
    return run_with([=](int i) { return fmt::format(R"(, "call:DataLoader.__next__": {})", before + i); });
  };
  Confirmation c = judge(e, {batches(33)}, {batches(1)}, 3);
  CHECK(c.verdict == Verdict::Confirmed);
  CHECK(c.main.metric == "calls of DataLoader.__next__ before the loop");
  CHECK(c.why.find("removes 32 of them, made once before the loop starts") != std::string::npos);
  CHECK(judge(e, {batches(1)}, {batches(1)}, 3).verdict == Verdict::NotConfirmed);
}

TEST_CASE("peak memory: the fix lowering a step's peak by a tenth or more is confirmed; the same peak is not") {
  const Experiment& e = *find_experiment("peak-memory");
  auto peaks = [](double bytes) { return run_with([=](int) { return fmt::format(R"(, "peak_bytes": {})", bytes); }); };
  Confirmation c = judge(e, {peaks(4 << 20), peaks(4 << 20)}, {peaks(2 << 20), peaks(2 << 20)}, 3);
  CHECK(c.verdict == Verdict::Confirmed);
  CHECK(c.why.find("lowers the peak by 2.0 MiB (50%)") != std::string::npos);
  CHECK(judge(e, {peaks(4 << 20)}, {peaks(4 << 20)}, 3).verdict == Verdict::NotConfirmed);
  CHECK(judge(e, {peaks(4 << 20)}, {peaks(3.8 * (1 << 20))}, 3).verdict == Verdict::Inconclusive);  // 5%
}

TEST_CASE("host-to-device copies: removed from every step, or moved to pinned memory; only under CUDA") {
  const Experiment& e = *find_experiment("copy-count");
  CHECK(e.needs_gpu);
  CHECK_FALSE(find_experiment("param-update")->needs_gpu);
  Confirmation removed = judge(e, runs("h2d_copies", 3), runs("h2d_copies", 1), 3);
  CHECK(removed.verdict == Verdict::Confirmed);
  CHECK(removed.why.find("removes 2.00 copies from every step") != std::string::npos);
  // Two copies a step on both sides, both pageable before the fix and neither after it.
  auto copies = [](double pageable) {
    std::string text = R"({"probe": 1, "torch": "2.4.0", "device": "cuda", "gpu": "X", "heap": true})" "\n";
    for (int i = 0; i < 24; ++i)
      text += fmt::format(R"({{"i": {}, "seg": 1, "h2d_copies": {}, "pageable_copies": {}, "h2d_bytes": {}}})" "\n", i, 2 * i,
                          pageable * i, 4096 * i);
    return std::vector<ProbeRun>{parse_probe_output(text)};
  };
  Confirmation pinned = judge(e, copies(2), copies(0), 3);
  CHECK(pinned.verdict == Verdict::Confirmed);
  CHECK(pinned.main.metric == "host-to-device copies from pageable memory per step");
  CHECK(judge(e, copies(2), copies(2), 3).verdict == Verdict::NotConfirmed);
}

TEST_CASE("an exception inside the loop: confirmed when the fixed twin runs its steps") {
  const Experiment& e = *find_experiment("raises");
  CHECK(e.failure_is_evidence);
  std::string head = R"({"probe": 1, "torch": "2.4.0", "device": "cpu", "gpu": null, "heap": true})" "\n";
  ProbeRun failing = parse_probe_output(head + R"({"i": 0, "seg": 1})" "\n" R"({"i": 1, "seg": 1})" "\n" +
                                        R"({"end": "exit", "status": 1, "samples": 2, "error": "Traceback...\nRuntimeError: Trying to backward through the graph a second time"})");
  CHECK(failed_in_loop(failing));
  ProbeRun completes = parse_probe_output(probe_lines("heap", 0, 24));
  CHECK_FALSE(failed_in_loop(completes));
  Confirmation yes = judge(e, {failing, failing}, {completes, completes}, 3);
  CHECK(yes.verdict == Verdict::Confirmed);
  CHECK(yes.why.find("fails in iteration 2 of the loop: RuntimeError: Trying to backward") != std::string::npos);
  CHECK(judge(e, {completes}, {completes}, 3).verdict == Verdict::NotConfirmed);
  CHECK(judge(e, {failing}, {failing}, 3).verdict == Verdict::Inconclusive);
  // Failing before the loop is no evidence: the loop never ran.
  CHECK_FALSE(failed_in_loop(parse_probe_output(head + R"({"end": "exit", "status": 1, "samples": 0, "error": "ImportError: x"})")));
}

TEST_CASE("a run that gives no measurement says why") {
  ProbeRun none = parse_probe_output(R"({"end": "exit", "status": 0, "samples": 0})");
  none.process.started = true;
  CHECK(unusable_run(none, 3, "train.py:9", 60).find("exited before reaching the loop at train.py:9") != std::string::npos);
  ProbeRun crashed = parse_probe_output(R"({"end": "exit", "status": 1, "samples": 0, "error": "Traceback\nValueError: bad"})");
  crashed.process.started = true;
  CHECK(unusable_run(crashed, 3, "t.py:1", 60).find("exit status 1") != std::string::npos);
  CHECK(unusable_run(crashed, 3, "t.py:1", 60).find("ValueError: bad") != std::string::npos);
  ProbeRun killed = parse_probe_output(probe_lines("heap", 1, 2, false));
  killed.process.started = true;
  killed.process.timed_out = true;
  CHECK(unusable_run(killed, 3, "t.py:1", 7).find("timed out after 7 s after 2 iteration(s)") != std::string::npos);
  CHECK(unusable_run(parse_probe_output(probe_lines("heap", 1, 24)), 3, "t.py:1", 7).empty());
}

TEST_CASE("amounts in their units") {
  CHECK(format_amount(9420, "B") == "9.2 KiB");
  CHECK(format_amount(512, "B") == "512 B");
  CHECK(format_amount(0.0031, "s") == "3.10 ms");
  CHECK(format_amount(2, "nodes") == "2.0");
  CHECK(format_amount(0.0218, "") == "0.0218");  // a weight change keeps its digits
}

TEST_CASE("the probe goes on the loop's head, on the same line") {
  std::string src = "for epoch in range(3):\n    for x, y in loader:\n        step(x)\n    while n < 3:\n        n += 1\n";
  uint32_t at = static_cast<uint32_t>(src.find("step(x)"));
  auto site = py::find_loop_site(src, {at, at + 7}, std::nullopt);
  REQUIRE(site);
  CHECK(site->line == 2);
  CHECK(site->ordinal == 1);
  Edit e = py::probe_edit(src, *site, "train.py:2");
  CHECK(e.replacement == "__torchlint_probe__.loop((loader), \"train.py:2\")");
  // A region that starts at a loop (a training-loop region) picks that loop.
  auto outer = py::find_loop_site(src, {at, at + 7}, ByteRange{0, static_cast<uint32_t>(src.size())});
  REQUIRE(outer);
  CHECK(outer->line == 1);
  uint32_t in_while = static_cast<uint32_t>(src.find("n += 1"));
  auto w = py::find_loop_site(src, {in_while, in_while + 6}, std::nullopt);
  REQUIRE(w);
  CHECK(py::probe_edit(src, *w, "t.py:4").replacement == "__torchlint_probe__.tick(\"t.py:4\") and (n < 3)");
  CHECK(py::loop_by_ordinal(src, 2)->line == 4);
  CHECK_FALSE(py::find_loop_site("x = 1\n", {0, 1}, std::nullopt));
  auto around = py::loops_around(src, {at, at + 7});
  REQUIRE(around.size() == 2);
  CHECK(around.front().line == 1);
  CHECK(around.back().line == 2);
}

TEST_CASE("a finding before any loop is measured in the first loop after it, in the same function") {
  std::string src = "def helper():\n    for a in b:\n        pass\ndef train():\n    register(hook)\n    for x in loader:\n        step(x)\n";
  uint32_t at = static_cast<uint32_t>(src.find("register(hook)"));
  auto site = py::find_loop_site(src, {at, at + 14}, std::nullopt);
  REQUIRE(site);
  CHECK(site->line == 6);
  // Not a loop of another function, nor one before the finding.
  std::string other = "def train():\n    for x in loader:\n        step(x)\n    register(hook)\ndef later():\n    for y in z:\n        pass\n";
  uint32_t reg = static_cast<uint32_t>(other.find("register(hook)"));
  CHECK_FALSE(py::find_loop_site(other, {reg, reg + 14}, std::nullopt));
  CHECK(py::has_main_guard("def f():\n    pass\nif __name__ == \"__main__\":\n    f()\n"));
  CHECK_FALSE(py::has_main_guard("def f():\n    pass\n"));
}

TEST_CASE("`loop: after`: a setting made in a loop of its own is measured in the loop after that one") {
  std::string src =
      "def train():\n    for block in blocks:\n        for p in block.parameters():\n            p.require_grad = False\n"
      "    for x in loader:\n        step(x)\n";
  uint32_t at = static_cast<uint32_t>(src.find("p.require_grad"));
  auto own = py::find_loop_site(src, {at, at + 14}, std::nullopt);
  REQUIRE(own);
  CHECK(own->line == 3);  // without `after`: the innermost loop around it
  auto after = py::find_loop_site(src, {at, at + 14}, std::nullopt, true);
  REQUIRE(after);
  CHECK(after->line == 5);  // after the outermost loop around it, not the inner one's sibling
  // No loop after it anywhere: nothing to measure.
  std::string last = "def f():\n    for p in m.parameters():\n        p.require_grad = False\n";
  uint32_t in_last = static_cast<uint32_t>(last.find("p.require_grad"));
  CHECK_FALSE(py::find_loop_site(last, {in_last, in_last + 14}, std::nullopt, true));
  // In a method with no loop: the loop after its class (the one that calls the model).
  std::string method = "class Net:\n    def forward(self, x):\n        h = zeros(3)\n        return h\n"
                       "for y in range(3):\n    pass\nmodel = Net()\nfor x in loader:\n    model(x)\n";
  uint32_t in_forward = static_cast<uint32_t>(method.find("zeros(3)"));
  auto after_class = py::find_loop_site(method, {in_forward, in_forward + 8}, std::nullopt, true);
  REQUIRE(after_class);
  CHECK(after_class->line == 5);  // the first loop after the class
  CHECK(after_class->at_module_level);  // module-level code: the file runs it as a script
  CHECK_FALSE(own->at_module_level);
}

TEST_CASE("the sandbox: a timeout kills the process group; the environment is scrubbed") {
  TempDir home;
  ProcessSpec p;
  p.argv = {"sh", "-c", "sleep 30 & sleep 30"};
  p.env = scrubbed_environment(home.path());
  p.timeout_seconds = 0.5;
  ProcessResult r = run_process(p);
  CHECK(r.timed_out);
  CHECK(r.wall_seconds < 10);
  setenv("TORCHLINT_TEST_SECRET", "s3cret", 1);
  p.argv = {"sh", "-c", "echo \"[$TORCHLINT_TEST_SECRET] $HOME\"; exit 4"};
  p.env = scrubbed_environment(home.path());
  p.timeout_seconds = 10;
  r = run_process(p);
  CHECK(r.exit_status == 4);
  CHECK(r.output_tail.find("[] " + home.path().string()) != std::string::npos);
  p.argv = {"/no/such/program"};
  CHECK_FALSE(run_process(p).started);
}

TEST_CASE("copying a project skips version control, build trees and virtual environments, and leaves out what is too large") {
  TempDir src, dst;
  fs::create_directories(src.path() / ".git");
  fs::create_directories(src.path() / "build");
  fs::create_directories(src.path() / "pkg");
  fs::create_directories(src.path() / ".venv");
  std::ofstream(src.path() / ".git" / "HEAD") << "ref";
  std::ofstream(src.path() / "build" / "CMakeCache.txt") << "x";
  std::ofstream(src.path() / ".venv" / "pyvenv.cfg") << "home = /usr\n";
  std::ofstream(src.path() / "pkg" / "train.py") << "print(1)\n";
  std::ofstream(src.path() / "big.bin") << std::string(2048, 'x');
  CopyLimits limits;
  limits.max_file_bytes = 1024;
  CopyReport report = copy_project(src.path(), dst.path() / "copy", limits);
  CHECK(fs::is_regular_file(dst.path() / "copy" / "pkg" / "train.py"));
  CHECK_FALSE(fs::exists(dst.path() / "copy" / ".git"));
  CHECK_FALSE(fs::exists(dst.path() / "copy" / "build"));
  CHECK_FALSE(fs::exists(fs::symlink_status(dst.path() / "copy" / ".venv")));
  CHECK_FALSE(fs::exists(fs::symlink_status(dst.path() / "copy" / "big.bin")));  // never a link to the user's file
  CHECK(report.copied == 1);
  CHECK(report.left_out == std::vector<std::string>{"big.bin"});
}

TEST_CASE("nothing written through a project's copy reaches the project") {
  TempDir src, dst;
  std::string data(20 << 20, 'd');  // over the 16 MiB that were once linked, not copied
  std::ofstream(src.path() / "data.bin") << data;
  fs::create_symlink(src.path() / "data.bin", src.path() / "absolute-link.bin");  // into the project
  fs::create_symlink("data.bin", src.path() / "relative-link.bin");
  copy_project(src.path(), dst.path() / "copy");
  for (const char* name : {"data.bin", "absolute-link.bin", "relative-link.bin"}) {
    std::ofstream(dst.path() / "copy" / name, std::ios::trunc) << "the program under test wrote this";
    CHECK(read_file(dst.path() / "copy" / name) == "the program under test wrote this");
  }
  CHECK(read_file(src.path() / "data.bin") == data);
}

TEST_CASE("`confirm:` in a rule pack: an experiment and how the fixed twin is made, or a clear error") {
  std::string head = "id: ACME001\nname: acme\nfamily: memory\nlanguage: python\nseverity: warning\nmessage: m\nmatch:\n  pattern: $X.item()\n";
  auto rules = load_rule_pack_text(head + "confirm:\n  experiment: sync-count\n  fixed-by: {replace: $X, with: \"$X\"}\n", "p.yaml");
  REQUIRE(rules.front().confirm);
  CHECK(rules.front().confirm->experiment == "sync-count");
  CHECK(rules.front().confirm->rewrite);
  CHECK(load_rule_pack_text(head + "confirm: grad-memory\n", "p.yaml").front().confirm->experiment == "grad-memory");
  auto error_of = [&](const std::string& tail) {
    try {
      load_rule_pack_text(head + tail, "p.yaml");
    } catch (const RulePackError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(error_of("confirm: memory-grwth\n").find("p.yaml:9:10: unknown experiment `memory-grwth`") != std::string::npos);
  CHECK(error_of("confirm: memory-grwth\n").find("did you mean `memory-growth`") != std::string::npos);
  CHECK(error_of("confirm:\n  experiment: eval-mode\n  fixed-by: no-grads\n").find("did you mean `no-grad`") != std::string::npos);
  CHECK(error_of("confirm:\n  fixed-by: no-grad\n").find("needs an `experiment`") != std::string::npos);
  // `device: cuda`, or an experiment that exists only under CUDA: the cost shows only on a GPU.
  CHECK(load_rule_pack_text(head + "confirm:\n  experiment: param-update\n  device: cuda\n", "p.yaml").front().confirm->needs_gpu);
  CHECK_FALSE(load_rule_pack_text(head + "confirm: param-update\n", "p.yaml").front().confirm->needs_gpu);
  CHECK(load_rule_pack_text(head + "confirm: copy-count\n", "p.yaml").front().confirm->needs_gpu);
  CHECK(error_of("confirm:\n  experiment: param-update\n  device: gpu\n").find("`device` is `cuda`") != std::string::npos);
  // `confirm: {none: WHY}`: no experiment, and the reason why, kept for docs and `confirm`.
  auto unmeasured = load_rule_pack_text(head + "confirm:\n  none: needs two GPUs\n", "p.yaml").front();
  CHECK_FALSE(unmeasured.confirm);
  CHECK(unmeasured.unmeasured == "needs two GPUs");
  CHECK(error_of("confirm:\n  none: needs two GPUs\n  experiment: raises\n").find("unknown key") != std::string::npos);
  // `loop: after` measures the loop after the finding's own; `around` is the default.
  CHECK(load_rule_pack_text(head + "confirm:\n  experiment: param-update\n  loop: after\n", "p.yaml").front().confirm->loop_after);
  CHECK_FALSE(load_rule_pack_text(head + "confirm:\n  experiment: param-update\n  loop: around\n", "p.yaml").front().confirm->loop_after);
  CHECK(error_of("confirm:\n  experiment: param-update\n  loop: next\n").find("`loop` is `after`") != std::string::npos);
}

TEST_CASE("a rule's docs say whether a finding anywhere can be measured, or only the docs example") {
  std::string head = "id: ACME002\nname: acme\nfamily: memory\nlanguage: python\nseverity: warning\nmessage: m\nmatch:\n  pattern: $X.item()\n";
  auto docs_of = [&](const std::string& tail) { return rule_docs_markdown(load_rule_pack_text(head + tail, "p.yaml").front(), ""); };
  std::string example_only = docs_of("confirm: call-count\n");
  CHECK(example_only.find("`torchlint confirm --rule ACME002 --example` runs the example above and its use-instead") != std::string::npos);
  CHECK(example_only.find("no fixed twin to run for findings in other code") != std::string::npos);
  std::string anywhere = docs_of("confirm:\n  experiment: call-count\n  fixed-by: {replace: $X, with: \"None\"}\n");
  CHECK(anywhere.find("`torchlint confirm FILE:LINE` runs a finding and its fixed twin") != std::string::npos);
}

TEST_CASE("the fixed twin's edit is built only when its metavariables are bound in the match") {
  static const py::RuleSet rules(builtin_rules());
  std::string text = R"(
import torch
class Meter:
    def update(self, value):
        self.total += value.item()
def fit(model, loader, opt):
    meter = Meter()
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        meter.update(loss)
def fit_and_log(model, loader, opt):
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(loss.item())
)";
  std::vector<std::string> texts{text};
  std::string path = (fs::temp_directory_path() / "torchlint_confirm_edit" / "train.py").string();
  auto findings = run_analysis({path}, rules, 1, &texts).findings;
  int checked = 0;
  for (const auto& d : findings) {
    if (d.rule_id != "TL201") continue;
    std::string_view at = std::string_view(text).substr(d.range.start, d.range.end - d.range.start);
    if (at == "loss.item()") {
      REQUIRE(d.confirm_edit);
      CHECK(d.confirm_edit->edits.front().replacement == "loss.detach()");
      ++checked;
    } else if (at == "meter.update(loss)") {
      CHECK_FALSE(d.confirm_edit);  // `$T` is not bound when the read is inside the callee
      ++checked;
    }
  }
  CHECK(checked == 2);
}

TEST_CASE("the headline is the figure that decided; the ratio is undefined (NaN, null in JSON) when the fixed figure is 0") {
  const Experiment& e = *find_experiment("memory-growth");
  // One tensor whose graph grows by 12 nodes per step (`total += loss`): the nodes decide.
  auto nodes = [](double per_step) {
    return std::vector<ProbeRun>{run_with([=](int i) { return fmt::format(R"(, "graph_tensors": 1, "graph_nodes": {})", per_step * i); })};
  };
  Confirmation c = judge(e, nodes(12), nodes(0), 3);
  CHECK(c.verdict == Verdict::Confirmed);
  CHECK(c.main.metric == "graph nodes retained per step");
  CHECK(c.main.bad == doctest::Approx(12));
  CHECK(std::isnan(c.ratio));
  CHECK(judge(*find_experiment("sync-count"), runs("syncs", 2), runs("syncs", 1), 3).ratio == doctest::Approx(2));
}

TEST_CASE("weight updates: gradients that add up under an optimizer that normalises its steps (Adam)") {
  const Experiment& e = *find_experiment("param-update");
  // Steps 1.4x the fixed twin's (under the 2x bar), gradients at step() 8x: confirmed by them.
  auto run = [](double update, double grad) {
    return std::vector<ProbeRun>{run_with([=](int i) {
      return fmt::format(R"(, "update": {}, "moved": {}, "grad_norm": {}, "grad_steps": {})", update * i, 4 * i, grad * i, i);
    })};
  };
  Confirmation c = judge(e, run(0.014, 8), run(0.01, 1), 3);
  CHECK(c.verdict == Verdict::Confirmed);
  CHECK(c.main.metric == "gradient norm at each optimizer step (L2)");
  CHECK(c.main.bad == doctest::Approx(8));
  CHECK(judge(e, run(0.01, 1), run(0.01, 1), 3).verdict == Verdict::NotConfirmed);
  CHECK(judge(e, run(0.014, 1.2), run(0.01, 1), 3).verdict == Verdict::Inconclusive);
}
