// TL901 across functions and files: joins the per-function facts that torchlint-cxx writes
// (which parameters a function stores, and where; the pointers each call passes) into
// "stores its parameter" facts through any chain of calls, then reports each call that hands
// the address of a local to a function that keeps it where it outlives the caller's frame.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace torchlint::cxx {

// A finding that only the facts of several files together establish.
struct JoinedFinding {
  size_t file = 0;  // index into the reports given
  uint32_t start = 0, end = 0;
  std::map<std::string, std::string> args;  // fills the rule's message
};

// A fact name as a message shows it: "static /path/f.cu f" -> "f".
std::string shown(const std::string& fact_name);

// `reports`: the "files" array entries of torchlint-cxx's answers of one project.
std::vector<JoinedFinding> join_escapes(const std::vector<const nlohmann::json*>& reports);

}  // namespace torchlint::cxx
