// Runs the Python pipeline over many files in parallel: phase 1 parses and builds each
// file's model and contributes to the project index; phase 2 completes the models with the
// index and runs the rules. Output is sorted, so it never depends on scheduling.
#pragma once
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "python/engine.h"
#include "cli/cache.h"
#include "report/report.h"

namespace torchlint {

struct RunTimings {
  double wall_seconds = 0;
  double read_seconds = 0;      // summed over threads
  double parse_seconds = 0;     // tree-sitter, summed over threads
  double model_seconds = 0;     // semantic model, summed over threads
  double rules_seconds = 0;     // rule traversal, summed over threads
  size_t files_from_cache = 0;  // whose findings came from the cache, unanalysed
};

struct RunResult {
  std::vector<Diagnostic> findings;
  std::vector<py::ParsedFile> files;  // kept for code frames
  RunSummary summary;
  RunTimings timings;
};

// `texts`, when given, holds each file's content (in-memory analysis, e.g. while fixing);
// otherwise files are read from disk.
RunResult run_analysis(const std::vector<std::string>& paths, const py::RuleSet& rules, unsigned jobs,
                       const std::vector<std::string>* texts = nullptr);
// The same with a rule set per file (configurations differ across a repository).
// With `cache`, unchanged files are neither parsed nor analysed again. `progress`, when
// given, counts finished files (phase 2) for a progress display.
RunResult run_analysis(const std::vector<std::string>& paths, const std::vector<const py::RuleSet*>& rule_sets,
                       unsigned jobs, const std::vector<std::string>* texts = nullptr,
                       const ResultCache* cache = nullptr, std::atomic<size_t>* progress = nullptr);

}  // namespace torchlint
