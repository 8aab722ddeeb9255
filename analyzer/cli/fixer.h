// --fix / --diff: applies fixes in rounds until nothing is left to fix (at most kMaxRounds),
// checking after each round that the file still parses as well as before, keeping bytes it
// did not edit. A file is written only while it still holds the text that was analysed
// (checked again just before it is replaced), through a symbolic link to its target, under
// its owner, group and mode; see write_fixed_file.
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
  std::string cache_root;  // its private temporary folder holds new texts until they are renamed into place
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

// Replaces the file at `path` with `text` if it still holds `original`; returns "" or a note
// (the file is then as it was). A symbolic link's target is written and the link stays. The
// new text is written in `temp_dir` (when on the file's file system, else beside the file)
// and renamed over the file, keeping its owner, group and mode (best effort: a group that
// cannot be kept loses its permissions). A file with several hard links is written in place
// instead, over the old text before being cut to its new size, so its links stay.
std::string write_fixed_file(const std::string& path, const std::string& original, const std::string& text,
                             const std::string& temp_dir);

}  // namespace torchlint
