// `torchlint confirm` and `check --confirm`: runs the code of a finding and its fixed twin under
// the probe (gpu_harness/) and attaches the measured verdict to the finding. Runs user code:
// only when asked, in a temporary copy of the project.
#pragma once
#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/source_file.h"
#include "rulepack/rule_spec.h"

namespace torchlint {

struct ConfirmOptions {
  std::string python;               // default: the first python3 that imports torch
  int steps = 20, warmup = 3, repeats = 2;
  double timeout_seconds = 120;     // per run of the program
  std::string device = "auto";      // auto, cpu or cuda
  std::string run_script;           // the program to run (default: the file, or the script importing it)
  std::vector<std::string> args;    // the program's arguments (after `--`)
};

// Confirms every finding whose rule names an experiment; the others are left as they are.
// `specs` maps rule codes to their specs. Progress goes to `log`.
void confirm_findings(std::vector<Diagnostic>& findings, const std::map<std::string, const SourceFile*>& sources,
                      const std::map<std::string, const RuleSpec*>& specs, const ConfirmOptions& o, std::ostream& log);

// `torchlint confirm --rule CODE --example`: the rule's docs example and its `use-instead` twin,
// run in the example world. Prints the verdict; returns the exit code.
int confirm_rule_example(const std::string& rule, const std::vector<std::string>& packs, const ConfirmOptions& o,
                         const std::string& format);

// The folder a program expects to run in: the nearest ancestor of `file` with .git,
// pyproject.toml, setup.py, setup.cfg or .torchlint.yaml; else the file's folder.
std::filesystem::path project_root(const std::filesystem::path& file);

// One line for text output: "TL101 confirmed: +9.2 KiB host heap ... (n=40, cpu, torch 2.4)".
std::string confirmation_line(const std::string& rule_id, const Confirmation& c);

// `torchlint calibrate`: launch, sync and copy figures of this GPU (needs the CUDA build).
int run_calibrate();

}  // namespace torchlint
