// The commands that describe rather than check: `rule`, `rules`, `parse`.
#pragma once
#include <string>
#include <vector>

namespace torchlint {

// `rule CODE` (a code, case-insensitive, or a name) or `rule --all`.
int run_rule_docs(const std::string& code, bool all, const std::vector<std::string>& packs);
// `rules [--format text|json]`.
int run_rules_list(const std::vector<std::string>& packs, const std::string& format);
// `parse FILE` (`-`: stdin): the syntax tree, indented, with field names and positions.
int run_parse(const std::string& path);

}  // namespace torchlint
