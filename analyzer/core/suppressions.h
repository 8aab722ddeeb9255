// In-source suppressions, given the comments of a file:
//   # noqa                      every finding on this line (as flake8 users expect)
//   # noqa: TL101, TL201        these rules on this line (code or name)
//   # torchlint: ignore[TL101]  the same, torchlint's own spelling; `ignore` alone: all
//   # torchlint: ignore-file[TL201]   these rules in the whole file; `ignore-file`: all
// A suppression that suppresses nothing can itself be reported (rule TL000, opt-in).
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
  std::vector<bool> used;          // per code (or [0] for `all`)
};

std::vector<Suppression> parse_suppressions(const SourceFile& file, const std::vector<Comment>& comments);

// The same directives in C/C++/CUDA comments (`// torchlint: ignore[TL810]`), and clang-tidy's
// `// NOLINT`, `// NOLINT(TL810)` and `// NOLINTNEXTLINE(TL810)`.
std::vector<Suppression> parse_cxx_suppressions(const SourceFile& file);

// Removes suppressed findings and marks which suppressions were used.
void apply_suppressions(std::vector<Diagnostic>& findings, std::vector<Suppression>& suppressions);

// What a run knows about the code in a suppression.
enum class CodeStatus {
  kRan,         // a rule of this run: an unused suppression of it is certainly unused
  kNotEnabled,  // a torchlint rule that did not run: cannot tell
  kUnknown,     // no torchlint rule (in `# noqa`, another linter's code)
};

struct SuppressionJudge {
  std::string rule_id, rule_name;  // of the rule reporting (TL000)
  Severity severity = Severity::Warning;
  std::function<CodeStatus(const std::string&)> status;
  bool all_rules_ran = true;  // a bare suppression is judged only when every default rule ran
};

// One finding per suppression (or code within it) that suppressed nothing, judged only for
// rules that ran; both spellings (`# noqa: X`, `# torchlint: ignore[X]`) alike. Codes of rules
// that did not run are reported as not enabled, without a fix. `# noqa` comments belong to every
// linter of the file: other linters' codes and a bare `# noqa` are never reported.
std::vector<Diagnostic> unused_suppressions(const SourceFile& file, const std::vector<Suppression>& suppressions,
                                            const SuppressionJudge& judge);

}  // namespace torchlint
