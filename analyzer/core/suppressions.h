// In-source suppressions, given the comments of a file:
//   # noqa                      every finding on this line (as flake8 users expect)
//   # noqa: TL101, TL201        these rules on this line (code or name)
//   # torchlint: ignore[TL101]  the same, torchlint's own spelling; `ignore` alone: all
//   # torchlint: ignore-file[TL201]   these rules in the whole file; `ignore-file`: all
// A suppression that suppresses nothing, or names no rule, can itself be reported (rule TL000,
// opt-in).
#pragma once
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/source_file.h"

namespace torchlint {

struct Comment {
  ByteRange range;  // the whole comment, `#` included
};

struct Suppression {
  ByteRange range;                 // of the directive inside the comment
  uint32_t line = 0;
  bool file_wide = false;
  bool all = false;                // no codes given
  bool noqa = false;               // `# noqa`: shared with flake8, ruff and others
  bool foreign = false;            // another tool's own directive (Bandit's `# nosec`) read as ours
  std::vector<std::string> codes;  // rule ids or names
  std::vector<ByteRange> code_ranges;  // where each code is written (none for `foreign`)
  std::vector<bool> used;          // per code (or [0] for `all`)
};

std::vector<Suppression> parse_suppressions(const SourceFile& file, const std::vector<Comment>& comments);

// The same directives in C/C++/CUDA comments (`// torchlint: ignore[TL810]`), and clang-tidy's
// `// NOLINT`, `// NOLINT(TL810)` and `// NOLINTNEXTLINE(TL810)`.
std::vector<Suppression> parse_cxx_suppressions(const SourceFile& file);

class NoqaLines;

// Removes suppressed findings and marks which suppressions were used. With `python_lines`, a
// comment on the last line of a multi-line string or backslash-continued statement covers
// each of its lines.
void apply_suppressions(std::vector<Diagnostic>& findings, std::vector<Suppression>& suppressions,
                        const NoqaLines* python_lines = nullptr);

// What a run knows about the code in a suppression.
enum class CodeStatus {
  kRan,         // a rule of this run: an unused suppression of it is certainly unused
  kNotEnabled,  // a torchlint rule that did not run: cannot tell
  kUnknown,     // no torchlint rule (in `# noqa`, another linter's code)
  kNeverSuppressed,  // a rule whose findings no comment hides (syntax errors)
};

struct SuppressionJudge {
  std::string rule_id, rule_name;  // of the rule reporting (TL000)
  Severity severity = Severity::Warning;
  std::function<CodeStatus(const std::string&)> status;
  // The rule id or name an unknown code is probably a misspelling of, or "".
  std::function<std::string(const std::string&)> did_you_mean;
  bool all_rules_ran = true;  // a bare suppression is judged only when every default rule ran
};

// Findings about the suppressions of a file, both spellings (`# noqa: X`, `# torchlint:
// ignore[X]`) alike: codes that suppressed nothing (judged only for rules that ran), codes of no
// rule, codes of rules no comment hides, and codes of rules that did not run (not judged, said
// so). The first finding of a directive carries one fix that removes every code it found
// useless, or the whole directive when nothing else is left. `# noqa` comments belong to every
// linter of the file: other linters' codes are left alone (a code is taken for torchlint's
// when it starts with `TL` or is close to a rule's name), and removing a bare `# noqa` that
// hides no torchlint finding is an unsafe fix (another linter may rely on it).
std::vector<Diagnostic> unused_suppressions(const SourceFile& file, const std::vector<Suppression>& suppressions,
                                            const SuppressionJudge& judge);

}  // namespace torchlint
