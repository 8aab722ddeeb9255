// Runs a program and its fixed twin under the probe, alternately and repeatedly, and judges.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "core/confirmation.h"
#include "gpu_harness/experiments.h"

namespace torchlint::harness {

struct Variant {
  std::filesystem::path workdir;  // a temporary copy of the project, instrumented
  std::string script;             // relative to workdir
  std::string cwd;                // where it runs, relative to workdir ("" = workdir)
  std::string probe_variant;      // how the probe makes this twin ("" for the program as written)
};

struct RunSettings {
  std::string python;             // an interpreter that imports torch (find_python)
  std::vector<std::string> args;  // the program's arguments
  int steps = 20, warmup = 3, repeats = 2;
  double timeout_seconds = 120;   // per run
  std::string device = "auto";
  std::string cupti_library;      // the CUPTI sync counter (built with CUDA), or ""
  bool needs_gpu = false;         // the rule's cost shows only under CUDA (its `confirm: device: cuda`)
};

// `site` names the loop for messages ("train.py:27").
Confirmation confirm_pair(const Experiment& e, const Variant& bad, const Variant& fixed, const RunSettings& s,
                          const std::string& site);

// The CUPTI sync counter built next to the torchlint binary, when CUDA was found at build time.
std::string installed_cupti_library();

}  // namespace torchlint::harness
