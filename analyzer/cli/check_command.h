// `torchlint check` / `torchlint review`: the options and the command.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "cli/confirm.h"
#include "cli/runner.h"
#include "rulepack/rule_spec.h"

namespace torchlint {

constexpr int kExitClean = 0, kExitFindings = 1, kExitError = 2;

struct CheckOptions {
  std::vector<std::string> paths = {"."};  // "-": read stdin (named by stdin_filename)
  std::string stdin_filename;
  std::string format = "text";
  std::string output_file;  // --output-file: the report goes there instead of stdout
  std::string color = "auto";
  std::vector<std::string> select, ignore, extend_select, extend_ignore, rule_packs;
  std::vector<std::string> per_file_ignores;  // "GLOB:CODE,CODE"
  bool timings = false;
  bool include_tests = false;
  bool no_source = false;
  bool fix = false, unsafe_fixes = false, diff = false, show_fixes = false;
  bool quiet = false, exit_zero = false, statistics = false;
  bool exit_non_zero_on_fix = false;  // with --fix: a changed file alone makes the exit code 1
  bool add_noqa = false;              // suppress today's findings in place with `# noqa: CODE`
  bool force_exclude = false, show_files = false, show_settings = false;
  std::string baseline, write_baseline;
  std::vector<std::string> config;  // a configuration file and/or `KEY = VALUE` overrides
  std::string cache_dir;            // default: .torchlint_cache at the project root
  bool no_cache = false;
  std::string pattern;  // `-e PATTERN`: try a pattern; only it runs
  std::string diff_base;
  // `torchlint review`: the pull request's head commit (diff_base holds its base). The review
  // payload goes to review_payload.
  std::string review_commit;
  std::string* review_payload = nullptr;
  bool staged = false;
  unsigned jobs = 0;
  std::string compile_db;     // -p DIR: the compile_commands.json of C/C++/CUDA files
  bool fast_headers = false;  // torchlint's torch/CUDA header shim before the real headers
  size_t memory_budget_mb = kDefaultAnalysisMemoryBudget >> 20;  // trees kept between the analysis phases
  double file_timeout_seconds = kDefaultAnalysisTimeout.count() / 1000.0;  // per file, 0 for none
  uint64_t max_file_size_mib = 0;  // --max-file-size: as `max-file-size = N` on every configuration
  bool confirm = false;           // run each finding that has an experiment (--confirm)
  ConfirmOptions confirm_options;
  // `torchlint confirm FILE:LINE`: only the findings on this line of this file (absolute path).
  std::string confirm_file;
  uint32_t confirm_line = 0;
  std::string confirm_rule;       // `confirm --rule CODE`: without its finding on the line, a refutation run
};

// Runs the check; returns the exit code. Throws RulePackError, ConfigError, GitError and
// RuleCompileError for configuration problems (exit code 2 for the caller).
int run_check(CheckOptions o);

// A --select / --ignore entry picks a rule by code, code prefix or name ("ALL": every rule).
bool selector_matches(const std::string& sel, const RuleSpec& r);
bool selector_matches(std::string_view sel, std::string_view id, std::string_view name);
// ALL, the rule's code or its name: what turns on a rule that is off by default (not a prefix).
bool selector_names_rule(const std::string& sel, const RuleSpec& r);
// The built-in rules plus the given packs, sorted by id; duplicate ids are errors.
std::vector<RuleSpec> all_rules(const std::vector<std::string>& extra_packs);
// The rule packs a command sees: `--rules` plus `extend-rules` of the configuration that applies
// to the working folder (or of `--config`).
std::vector<std::string> rule_packs_in_effect(const std::vector<std::string>& cli_packs,
                                              const std::vector<std::string>& config);

}  // namespace torchlint
