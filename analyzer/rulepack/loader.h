// YAML -> RuleSpec. Strict: unknown keys, wrong types and missing fields are errors that
// name file:line:col, the key, and a "did you mean" for typos.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "rulepack/rule_spec.h"

namespace torchlint {

struct RulePackError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A pack file holds one rule (a mapping) or several (`rules: [...]`).
std::vector<RuleSpec> load_rule_pack_text(const std::string& text, const std::string& file_name);
std::vector<RuleSpec> load_rule_pack_file(const std::string& path);
// A directory is searched recursively for *.yaml / *.yml.
std::vector<RuleSpec> load_rule_packs(const std::string& path);

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
