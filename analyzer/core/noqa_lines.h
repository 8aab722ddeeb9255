// Where a suppression comment for a line of Python goes. A comment cannot sit inside a string
// or after a backslash that continues the line, so, as in ruff, the comment for a line of a
// multi-line string or of a backslash-continued statement goes on the last line of it:
//   x = """first       <- a finding here is suppressed by the comment below
//   last"""  # noqa: TL101
// Read from the text alone (no syntax tree), so any caller can ask, even for a file that does
// not parse.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/suppressions.h"

namespace torchlint {

class NoqaLines {
 public:
  explicit NoqaLines(std::string_view python_text);
  // The 1-based line whose comment covers `line` (`line` itself unless it is joined to later ones).
  uint32_t comment_line(uint32_t line) const;
  // The comments of the text, `#` to the end of the line, outside string literals.
  const std::vector<Comment>& comments() const { return comments_; }

 private:
  std::vector<uint32_t> last_of_;  // by line - 1: the last line joined to it
  std::vector<Comment> comments_;
};

}  // namespace torchlint
