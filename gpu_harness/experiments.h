// The experiments that confirm findings: what the probe measures for each, and how a verdict
// follows from the program as it is (bad) and its fixed twin (fixed).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/confirmation.h"
#include "gpu_harness/probe.h"

namespace torchlint::harness {

struct Experiment {
  std::string name;
  std::vector<std::string> metrics;  // what the probe records (see runtime/torchlint_probe.py)
  std::string what;                  // one line for docs and `rules`
  bool needs_gpu = false;            // what it measures exists only under CUDA (host-to-device copies)
  bool failure_is_evidence = false;  // the program failing inside the loop is the cost (not "no measurement")
  bool fixed_may_fail = false;       // the fixed twin adds a check: its failing (anywhere) is evidence too
};

const std::vector<std::string>& experiment_names();
// How the probe can make a fixed twin without editing code.
const std::vector<std::string>& probe_variants();
const Experiment* find_experiment(std::string_view name);

// Per-step figures of one run, from the samples after warm-up, within one run of the loop.
struct StepSeries {
  std::vector<double> deltas;  // per measured step
  double slope = 0, r2 = 0;    // least squares over the cumulated deltas
  double mean = 0;
};
StepSeries step_series(const ProbeRun& run, const std::string& metric, int warmup);
size_t measured_steps(const ProbeRun& run, int warmup);

// Whether the program failed with an exception after entering the loop (the `raises` evidence).
bool failed_in_loop(const ProbeRun& run);

// Why a run gave no measurement ("" when it did): a timeout, a crash, a loop never reached.
std::string unusable_run(const ProbeRun& run, int warmup, const std::string& site, double timeout_seconds);

// The verdict from repeated runs of both variants (all usable).
Confirmation judge(const Experiment& e, const std::vector<ProbeRun>& bad, const std::vector<ProbeRun>& fixed, int warmup);

using torchlint::format_amount;

}  // namespace torchlint::harness
