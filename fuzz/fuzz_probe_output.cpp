// The probe's output: it is written inside the user's program, which may write over it or die
// mid-line. Arbitrary bytes give a run (perhaps with no samples) and a verdict, never a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "gpu_harness/experiments.h"
#include "gpu_harness/probe.h"

using namespace torchlint::harness;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ProbeRun run = parse_probe_output(std::string_view(reinterpret_cast<const char*>(data), size));
  run.process.started = true;
  (void)unusable_run(run, 3, "t.py:1", 10);
  std::vector<ProbeRun> runs = {run};
  for (const auto& name : experiment_names()) (void)judge(*find_experiment(name), runs, runs, 1);
  return 0;
}
