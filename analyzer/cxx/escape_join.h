// TL901 across functions and files: joins the per-function facts that torchlint-cxx writes
// (which parameters a function stores, and where; the pointers each call passes) into
// "stores its parameter" facts through any chain of calls, then reports each call that hands
// the address of a local to a function that keeps it where it outlives the caller's frame.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace torchlint::cxx {

struct EscapeFinding {
  size_t file = 0;  // index into the reports given
  uint32_t start = 0, end = 0;
  std::string var, function, target;
};

// `reports`: the "files" array entries of torchlint-cxx's answers of one project.
std::vector<EscapeFinding> join_escapes(const std::vector<const nlohmann::json*>& reports);

}  // namespace torchlint::cxx
