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
  uint32_t loop_line = 0;           // --loop LINE: the loop to measure (0: chosen from the finding)
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

// `confirm FILE:LINE --rule CODE` on a line where CODE raises no finding: the same experiment,
// labelled a refutation run. The twin is the program without the line's statement (the costs a
// line adds: memory, host reads, calls, growth, copies) or the rule's probe variant; rules whose
// twin needs their own fix (weight updates, exceptions...) get an error saying so. The returned
// diagnostic carries the verdict.
Diagnostic refutation_run(const RuleSpec& spec, const SourceFile& src, uint32_t line, const ConfirmOptions& o, std::ostream& log);

// Where a rule's findings can be confirmed: "code" (on the user's code: its fix or `fixed-by`
// makes the twin), "example" (only its docs example pair: `confirm --rule CODE --example`), "no".
std::string confirmability(const RuleSpec& spec);

// The verdicts of `check --confirm`, in all and by rule ("" when nothing was confirmed).
std::string confirmation_tally(const std::vector<Diagnostic>& findings);

// One line for text output: "TL101 confirmed: +9.2 KiB host heap ... (n=40, cpu, torch 2.4)".
std::string confirmation_line(const std::string& rule_id, const Confirmation& c);

// `torchlint calibrate`: launch, sync and copy figures of this GPU (needs the CUDA build).
int run_calibrate();

}  // namespace torchlint
