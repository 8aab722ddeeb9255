// --fix / --diff: applies fixes in rounds until nothing is left to fix (at most kMaxRounds),
// checking after each round that the file still parses as well as before; writes files
// atomically (a temp file in the same folder, then rename), keeping bytes it did not edit.
#pragma once
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "cli/runner.h"

namespace torchlint {

struct FixOptions {
  bool unsafe = false;  // also apply unsafe fixes
  bool write = true;    // false: --diff, print what would change
};

struct FixOutcome {
  size_t fixes_applied = 0;
  size_t files_changed = 0;
  std::vector<std::string> notes;  // dropped fixes, write failures
  // path -> "TL301 (missing-zero-grad)" -> fixes applied, for --show-fixes
  std::map<std::string, std::map<std::string, size_t>> by_file;
};

using RuleSetFor = std::function<const py::RuleSet*(const std::string& path)>;

// `fixed_texts`, when given, receives each changed file's new text (stdin: nothing is written).
// `color`: the diff on `diff_out` in colour.
FixOutcome apply_fixes(const RunResult& first, const RuleSetFor& rules_for, unsigned jobs, const FixOptions& options,
                       std::ostream& diff_out, std::map<std::string, std::string>* fixed_texts = nullptr,
                       bool color = false);

// Atomically replaces `path` with `text`, keeping its permissions (or giving it `mode` when
// that is not 0). Returns "" or an error.
std::string write_file_atomically(const std::string& path, const std::string& text, unsigned mode = 0);

}  // namespace torchlint
