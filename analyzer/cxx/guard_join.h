// TL812 across files: from each function registered as an op (pybind11 `m.def`, TORCH_LIBRARY),
// follows calls through the project's files; a kernel launch reached with no device guard on the
// way (in the op or in any function between) is a finding on the op.
#pragma once
#include <vector>

#include "cxx/escape_join.h"

namespace torchlint::cxx {

std::vector<JoinedFinding> join_device_guards(const std::vector<const nlohmann::json*>& reports);

// TL813: raw pointers of unchecked tensor parameters, in functions registered as ops (in any file).
std::vector<JoinedFinding> join_raw_pointers(const std::vector<const nlohmann::json*>& reports);

}  // namespace torchlint::cxx
