#include "core/fix_applier.h"

#include <algorithm>

namespace torchlint {

AppliedEdits apply_edits(const std::string& text, std::vector<Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    return a.range.start < b.range.start;
  });
  AppliedEdits out;
  uint32_t cursor = 0;
  for (const Edit& e : edits) {
    if (e.range.start < cursor || e.range.end > text.size() || e.range.end < e.range.start) {
      ++out.skipped;
      continue;
    }
    out.text.append(text, cursor, e.range.start - cursor);
    out.text += e.replacement;
    cursor = e.range.end;
    ++out.applied;
  }
  out.text.append(text, cursor, std::string::npos);
  return out;
}

}  // namespace torchlint
