#pragma once
#include <string>

namespace torchlint {

// A unified diff (3 lines of context) between two versions of one file; "" when equal.
std::string unified_diff(const std::string& path, const std::string& before, const std::string& after);

}  // namespace torchlint
