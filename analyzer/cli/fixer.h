// --fix / --diff: applies fixes in rounds until nothing is left to fix (at most kMaxRounds),
// checking after each round that the file still parses as well as before; writes files
// atomically (a temp file in the same folder, then rename), keeping bytes it did not edit.
#pragma once
#include <functional>
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
};

using RuleSetFor = std::function<const py::RuleSet*(const std::string& path)>;

FixOutcome apply_fixes(const RunResult& first, const RuleSetFor& rules_for, unsigned jobs, const FixOptions& options,
                       std::ostream& diff_out);

// Atomically replaces `path` with `text`, keeping its permissions (or giving it `mode` when
// that is not 0). Returns "" or an error.
std::string write_file_atomically(const std::string& path, const std::string& text, unsigned mode = 0);

}  // namespace torchlint
