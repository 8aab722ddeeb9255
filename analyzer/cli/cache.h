// The results cache (.torchlint_cache/ or --cache-dir). One entry per file, keyed by its
// content hash. An entry keeps the file's summary for the project index (so an unchanged
// file is not parsed to rebuild the index) and its findings, valid for one rule-set hash
// and the answers the project index gave to the questions the file's analysis asked.
//
// The folder may come from an untrusted repository, so an entry is read only when torchlint
// wrote it: each is sealed with HMAC-SHA-256 under a per-user key kept outside every project,
// and a cache folder that git tracks is not used at all. Entries unused for a month, and the
// oldest beyond a size cap, are collected at the end of a run (at most once a day).
#pragma once
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
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
  ~ResultCache();  // collects the cache when a collection is due
  ResultCache(const ResultCache&) = delete;
  ResultCache& operator=(const ResultCache&) = delete;
  std::optional<CacheEntry> load(const std::string& path, uint64_t content_hash) const;
  void store(const std::string& path, const CacheEntry& entry) const;  // best effort
  const std::string& rules_hash() const { return rules_hash_; }
  const std::string& dir() const { return dir_; }  // this version's folder

 private:
  std::string file_for(const std::string& path) const;
  std::string root_;  // the folder given (.torchlint_cache)
  std::string dir_;
  std::string rules_hash_;
};

// The results cache in `dir`, or nullptr with `note` saying why it is not used: git tracks
// files in the folder (a committed cache), or there is no usable key.
std::unique_ptr<ResultCache> open_result_cache(const std::string& dir, std::string rules_hash, std::string& note);

// Sealed entries: "torchlint-hmac-sha256 <hex MAC of the payload>\n" then the payload.
// Reading returns the payload only when the MAC is right (else nullopt: a miss) and marks the
// entry used for collection; writing is atomic and best effort (nothing without a key).
std::optional<std::string> read_sealed_entry(const std::string& file);
void write_sealed_entry(const std::string& file, std::string_view payload);

// The per-user key: $XDG_CACHE_HOME/torchlint/cache-key, else ~/.cache/torchlint/cache-key,
// created on first use (32 random bytes, mode 0600). Empty, with `why`, when there is none
// that is safe to use (not a regular file, owned by another user, readable by others).
const std::string& cache_key(std::string* why = nullptr);

struct CollectLimits {
  std::chrono::hours max_unused{24 * 30};  // entries unused this long are removed
  uintmax_t max_bytes = uintmax_t{1} << 30;  // then the least recently used, down to this total
};
// Removes what `limits` says from the cache folder `root`: entries of every torchlint version
// (its v*/ folders) and temporary files left by a killed run. Touches no other file.
void collect_cache(const std::filesystem::path& root, const CollectLimits& limits = {});

// Where --fix writes a file's new text before renaming it into place: a private folder of
// the cache (git-ignored, collected), created on demand; "" when it cannot be used.
std::string private_temp_dir(const std::filesystem::path& root);

uint64_t content_hash(std::string_view text);
std::string hash_rules(const std::vector<const py::RuleSet*>& sets);

}  // namespace torchlint
