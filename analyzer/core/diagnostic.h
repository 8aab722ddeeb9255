// The one finding model shared by every front end and renderer. Positions are byte ranges
// into the original text; line/column are computed once, at the edge (see LineIndex).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/confirmation.h"

namespace torchlint {

enum class Severity { Error, Warning, Info };
enum class Applicability { Safe, Unsafe, DisplayOnly };
// How a finding was established: `high` by data flow and resolved calls; `medium` when it
// rests on a naming convention or a call the analysis could not resolve.
enum class Confidence { High, Medium };

std::string_view to_string(Severity s);
std::string_view to_string(Applicability a);
std::string_view to_string(Confidence c);
std::optional<Confidence> parse_confidence(std::string_view s);
std::optional<Severity> parse_severity(std::string_view s);
std::optional<Applicability> parse_applicability(std::string_view s);

struct ByteRange {
  uint32_t start = 0;
  uint32_t end = 0;
};

struct Position {
  uint32_t line = 1;    // 1-based
  uint32_t column = 1;  // 1-based, in Unicode code points
};

struct Edit {
  ByteRange range;
  std::string replacement;
  Position start, end;  // filled by resolve_positions()
};

struct Fix {
  std::string title;
  Applicability applicability = Applicability::DisplayOnly;
  std::vector<Edit> edits;
};

struct Diagnostic {
  std::string rule_id;
  std::string rule_name;
  Severity severity = Severity::Warning;
  Confidence confidence = Confidence::High;
  std::string path;
  ByteRange range;
  Position start, end;  // filled by resolve_positions()
  std::string message;
  std::string hint;  // one line: what to do (shown when there is no fix title)
  // The code a finding is about beyond its anchor (the loop that never clears gradients):
  // a change anywhere in it brings the finding into a diff-based review.
  std::optional<ByteRange> region;
  uint32_t region_start_line = 0, region_end_line = 0;
  std::optional<Fix> fix;
  // How `torchlint confirm` makes the fixed twin when the fix is not an edit (`fixed-by` in the
  // rule's `confirm`); never applied to the user's code.
  std::optional<Fix> confirm_edit;
  std::optional<Confirmation> confirmation;  // set by `check --confirm` / `confirm`
};

// Stable output order: path, then position, then rule.
bool diagnostic_less(const Diagnostic& a, const Diagnostic& b);

}  // namespace torchlint
