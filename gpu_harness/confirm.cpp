#include "gpu_harness/confirm.h"

#include <fmt/format.h>

#include "gpu_harness/sandbox.h"

namespace torchlint::harness {
namespace fs = std::filesystem;

namespace {

Confirmation no_verdict(const Experiment& e, Verdict v, std::string why) {
  Confirmation c;
  c.verdict = v;
  c.experiment = e.name;
  c.why = std::move(why);
  return c;
}

}  // namespace

Confirmation confirm_pair(const Experiment& e, const Variant& bad, const Variant& fixed, const RunSettings& s,
                          const std::string& site) {
  if (s.needs_gpu && (s.device == "cpu" || !gpu_device_present()))
    return no_verdict(e, Verdict::Inconclusive,
                      std::string("this cost shows only on a GPU, and ") + (s.device == "cpu" ? "--device cpu hides it" : "this machine has none"));
  TempDir home("torchlint-home-");
  std::vector<ProbeRun> bad_runs, fixed_runs;
  for (int r = 0; r < std::max(1, s.repeats); ++r) {
    // Alternating keeps drift (a warming cache, a neighbour's load) from favouring one side.
    for (const Variant* v : {&bad, &fixed}) {
      ProbeSpec p;
      p.python = s.python;
      p.workdir = v->workdir;
      p.script = v->script;
      p.cwd = v->cwd;
      p.args = s.args;
      p.metrics = e.metrics;
      p.variant = v->probe_variant;
      p.steps = s.steps;
      p.warmup = s.warmup;
      p.timeout_seconds = s.timeout_seconds;
      p.device = s.device;
      p.cupti_library = s.cupti_library;
      ProbeRun run = run_probe(p, home.path());
      std::string why = unusable_run(run, s.warmup, site, s.timeout_seconds);
      if (s.needs_gpu && run.device != "cuda") {
        // Nothing to compare: without CUDA the cost does not exist (no host-to-device copies,
        // a GradScaler that disables itself), so the other variant is not run either.
        Confirmation c = no_verdict(e, Verdict::Inconclusive,
                                    "this cost shows only on a GPU, and the program did not run the loop on CUDA" +
                                        (why.empty() ? std::string() : " (" + why + ")"));
        c.torch_version = run.torch_version;
        c.device = run.device;
        return c;
      }
      // An exception inside the loop is what `raises` measures, in the program (not its twin).
      bool evidence = (e.failure_is_evidence && v == &bad && failed_in_loop(run)) ||
                      (e.fixed_may_fail && v == &fixed && run.end == "exit" && run.status != 0 && !run.error.empty());
      if (!why.empty() && !evidence) {
        Confirmation c = no_verdict(e, Verdict::Inconclusive, (v == &bad ? "" : "the fixed twin: ") + why);
        c.sandbox = run.process.isolation.describe();
        c.torch_version = run.torch_version;
        c.device = run.device;
        return c;
      }
      if (s.device == "cuda" && run.device != "cuda")
        return no_verdict(e, Verdict::Inconclusive, "--device cuda, but the program ran the loop without CUDA");
      (v == &bad ? bad_runs : fixed_runs).push_back(std::move(run));
    }
  }
  Confirmation c = judge(e, bad_runs, fixed_runs, s.warmup);
  c.sandbox = bad_runs.empty() ? "" : bad_runs.front().process.isolation.describe();
  return c;
}

std::string installed_cupti_library() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  for (const fs::path& candidate : {self.parent_path() / "libtorchlint_cupti.so",
                                    self.parent_path() / "../lib/torchlint/libtorchlint_cupti.so"})
    if (fs::exists(candidate, ec)) return fs::canonical(candidate, ec).string();
  return "";
}

}  // namespace torchlint::harness
