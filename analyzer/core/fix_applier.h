// Applies non-overlapping edits to a text. Overlapping edits (two fixes touching the same
// bytes) keep the first and drop the rest, which the caller reports and retries next round.
#pragma once
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace torchlint {

struct AppliedEdits {
  std::string text;
  size_t applied = 0;
  size_t skipped = 0;
};

AppliedEdits apply_edits(const std::string& text, std::vector<Edit> edits);

}  // namespace torchlint
