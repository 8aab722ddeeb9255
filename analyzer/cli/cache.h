// The results cache (.torchlint_cache/ or --cache-dir). One entry per file, keyed by its
// content hash. An entry keeps the file's summary for the project index (so an unchanged
// file is not parsed to rebuild the index) and its findings, valid for one rule-set hash
// and the answers the project index gave to the questions the file's analysis asked.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "python/engine.h"

namespace torchlint {

struct CacheEntry {
  uint64_t content_hash = 0;
  py::FileSummary summary;
  std::string results_key;  // rule-set hash (+ test-file status) the findings were computed for
  // The questions the analysis asked the project index, with the answers it got: the findings
  // stay valid while the current index answers them alike (ProjectIndex::answers_alike).
  std::vector<py::IndexQuery> queries;
  std::vector<Diagnostic> findings;  // byte ranges; positions are recomputed on load
  std::optional<uint32_t> syntax_error_offset;
};

class ResultCache {
 public:
  ResultCache(std::string dir, std::string rules_hash);
  std::optional<CacheEntry> load(const std::string& path, uint64_t content_hash) const;
  void store(const std::string& path, const CacheEntry& entry) const;  // best effort
  const std::string& rules_hash() const { return rules_hash_; }
  const std::string& dir() const { return dir_; }  // this version's folder

 private:
  std::string file_for(const std::string& path) const;
  std::string dir_;
  std::string rules_hash_;
};

uint64_t content_hash(std::string_view text);
std::string hash_rules(const std::vector<const py::RuleSet*>& sets);

}  // namespace torchlint
