// `torchlint check --add-noqa`: adopting torchlint on a codebase by suppressing today's findings
// in place. Each line with a finding gets `# noqa: CODE` (the codes merged into a `# noqa: ...`
// already there), on the line where Python allows a comment for it (core/noqa_lines.h).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "cli/runner.h"

namespace torchlint {

struct AddNoqaOutcome {
  size_t directives = 0;  // lines given a `# noqa` or new codes in one
  size_t files = 0;       // files written
  std::vector<std::string> notes;  // files left as they were, and why
};

// Writes the files of `result` that have findings `suppressible` accepts (findings no comment
// hides, such as syntax errors, are left). C/C++/CUDA files are left with a note. `temp_dir`:
// where the new texts are written before replacing the files (as --fix does).
AddNoqaOutcome add_noqa(const RunResult& result, const std::function<bool(const Diagnostic&)>& suppressible,
                        const std::string& temp_dir);

}  // namespace torchlint
