// YAML -> RuleSpec. Strict: unknown keys, wrong types and missing fields are errors that
// name file:line:col, the key, and a "did you mean" for typos.
#pragma once
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "rulepack/rule_spec.h"

namespace torchlint {

struct RulePackError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Rule packs and configurations are small; a larger file is refused unread (a pack path can
// name anything, /dev/zero included).
constexpr uint64_t kMaxRulePackBytes = uint64_t{1} << 20;

// A pack file holds one rule (a mapping) or several (`rules: [...]`). Only regular files are
// read, up to kMaxRulePackBytes.
std::vector<RuleSpec> load_rule_pack_text(const std::string& text, const std::string& file_name);
std::vector<RuleSpec> load_rule_pack_file(const std::string& path);
// A directory is searched recursively for *.yaml / *.yml; a symbolic link in it that leads out
// of it is an error.
std::vector<RuleSpec> load_rule_packs(const std::string& path);

// Whether `path` is `folder` or below it; both absolute and normalised (canonical where
// symbolic links matter).
bool is_within(const std::filesystem::path& path, const std::filesystem::path& folder);

// Sorts rules by id (stable); throws RulePackError, saying where both are written, when
// two rules share an id.
void sort_by_id(std::vector<RuleSpec>& rules);

// The keys the loader accepts, per mapping (also the source of the rule-pack JSON Schema).
const std::vector<std::string>& rule_keys();
const std::vector<std::string>& match_keys();
const std::vector<std::string>& fix_keys();
const std::vector<std::string>& doc_keys();

// The closest candidate within a small edit distance, or "".
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace torchlint
