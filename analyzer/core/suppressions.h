// In-source suppressions, given the comments of a file:
//   # noqa                      every finding on this line (as flake8 users expect)
//   # noqa: TL101, TL201        these rules on this line (code or name)
//   # torchlint: ignore[TL101]  the same, torchlint's own spelling; `ignore` alone: all
//   # torchlint: ignore-file[TL201]   these rules in the whole file; `ignore-file`: all
// A suppression that suppresses nothing can itself be reported (rule TL000, opt-in).
#pragma once
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
  std::vector<std::string> codes;  // rule ids or names
  std::vector<bool> used;          // per code (or [0] for `all`)
};

std::vector<Suppression> parse_suppressions(const SourceFile& file, const std::vector<Comment>& comments);

// Removes suppressed findings and marks which suppressions were used.
void apply_suppressions(std::vector<Diagnostic>& findings, std::vector<Suppression>& suppressions);

// One finding per suppression (or code within it) that suppressed nothing.
std::vector<Diagnostic> unused_suppressions(const SourceFile& file, const std::vector<Suppression>& suppressions,
                                            const std::string& rule_id, const std::string& rule_name,
                                            Severity severity);

}  // namespace torchlint
