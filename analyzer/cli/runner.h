// Runs the Python pipeline over many files in parallel: phase 1 parses each file and summarises
// it for the project index; phase 2 analyses it with the joined project facts. Trees are kept
// between the phases only within a memory budget (see below). Whole projects go a batch at a
// time, and a batch's facts are freed before the next: memory follows the largest project,
// not the number of files. Output is sorted, so it never depends on scheduling.
#pragma once
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "python/engine.h"
#include "cli/cache.h"
#include "report/report.h"

namespace torchlint {

// How many bytes of syntax trees and models may stay alive between the two phases. Files within
// it are parsed and analysed once; beyond it, each file is analysed alone in phase 1 and its tree
// freed, and only files whose results depend on other files are parsed again (peak memory then
// stays near this budget plus one tree per worker, however large the repository).
// Small runs (~6K lines) keep every tree and parse once. On large ones a bigger budget buys
// little: a kept tree saves a second parse only for a file that would need one (a third of
// them), while the budget itself is resident (1.4M lines, -j2: 64 MB gave 248 MB peak and
// 0.99x the CPU of 8 MB at 190 MB).
constexpr size_t kDefaultAnalysisMemoryBudget = size_t{8} << 20;
void set_analysis_memory_budget(size_t bytes);

// How long the analysis of one file (its project facts and rules) may take; a rule that
// alone takes half of it stops there for that file. What is cut short gets a note; the
// findings made before stay. Zero: no limit.
constexpr std::chrono::milliseconds kDefaultAnalysisTimeout{10'000};
void set_analysis_timeout(std::chrono::milliseconds limit);

struct RunTimings {
  double wall_seconds = 0;       // Python and C/C++/CUDA
  double cxx_wall_seconds = 0;   // of that, the C/C++/CUDA front end's
  // Python's phases: the time each thread spent in one (wall time while it worked, not CPU
  // time), summed over threads.
  double read_seconds = 0;
  double parse_seconds = 0;     // tree-sitter
  double model_seconds = 0;     // semantic model
  double rules_seconds = 0;     // rule traversal
  size_t files_from_cache = 0;  // whose findings came from the cache, unanalysed
  size_t files_analysed_again = 0;  // whose findings depend on other files: parsed twice
};

struct RunResult {
  std::vector<Diagnostic> findings;
  // The files that have findings (for code frames, fixes and baselines); no other text is kept.
  std::vector<std::unique_ptr<SourceFile>> sources;
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
