// The results cache (.torchlint_cache/ or --cache-dir). One entry per file, keyed by its
// content hash. An entry keeps the file's summary for the project index (so an unchanged
// file is not parsed to rebuild the index) and its findings, valid for one rule-set hash
// and one fingerprint of the joined facts the file's analysis read (ProjectIndex::fingerprint).
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
  std::string results_key;  // rule-set hash + facts hash the findings were computed for
  std::vector<Diagnostic> findings;  // byte ranges; positions are recomputed on load
  std::optional<uint32_t> syntax_error_offset;
};

class ResultCache {
 public:
  ResultCache(std::string dir, std::string rules_hash);
  std::optional<CacheEntry> load(const std::string& path, uint64_t content_hash) const;
  void store(const std::string& path, const CacheEntry& entry) const;  // best effort
  const std::string& rules_hash() const { return rules_hash_; }

 private:
  std::string file_for(const std::string& path) const;
  std::string dir_;
  std::string rules_hash_;
};

uint64_t content_hash(std::string_view text);
std::string hash_rules(const std::vector<const py::RuleSet*>& sets);
// Hash of what the joined `index` says that one file's findings depend on.
std::string facts_hash(const py::ProjectIndex& index, const py::FileSummary& file);

}  // namespace torchlint
