// TL902 across functions and files: from the per-function facts torchlint-cxx writes (which
// counters a function grows and empties, on whose object; its loops and the counters their headers
// read; its calls), computes what each function does through any chain of calls, then reports
// each loop that grows a store every pass on an object that outlives the pass, walks that store,
// and empties it nowhere in the loop.
#pragma once
#include "cxx/escape_join.h"

namespace torchlint::cxx {

std::vector<JoinedFinding> join_tapes(const std::vector<const nlohmann::json*>& reports);

}  // namespace torchlint::cxx
