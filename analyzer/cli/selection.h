// Which rules run for a file: the configuration's selection, then the command line's, checked
// against the rules that exist (unknown codes are errors that say where they were written).
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cli/check_command.h"
#include "cli/config.h"
#include "python/engine.h"

namespace torchlint {

// The selection in effect for one configuration, after the command line is applied:
// a `--select` states the whole selection (the configuration's select and ignore lists no
// longer apply), `--ignore` replaces the configured ignore list, `extend-*` lists add.
struct Selection {
  std::vector<std::string> select;         // empty: the rules that are on by default
  std::vector<std::string> extend_select;  // added to `select`
  std::vector<std::string> ignore;
};
Selection selection_for(const Config& c, const CheckOptions& o);

// The rules `s` picks out of `rules`, in order. Opt-in rules run only when a selector names
// them more precisely than "TL".
std::vector<RuleSpec> select_rules(const std::vector<RuleSpec>& rules, const Selection& s);

// Checks every selector of the command line and every rule code of `c` against `rules`; throws
// ConfigError listing all unknown ones (where they were written, a "did you mean") together
// with the other problems of `c`.
void validate_rule_codes(const std::vector<RuleSpec>& rules, const Config& c, const CheckOptions& o);

// `-e PATTERN` as a rule of its own (E000 pattern), the way a pack would write it.
RuleSpec pattern_rule(const std::string& pattern);

// The rule set for files under `c` whose project supports `torch`: its packs, selection and
// severities (with `-e`, only the pattern).
// `same_config`: a set already made for `c` (another torch): its version-free rules are shared.
std::unique_ptr<py::RuleSet> rule_set_for(const Config& c, const CheckOptions& o, const TorchRequirement& torch = {},
                                          const py::RuleSet* same_config = nullptr);

// The rule sets of a run: one per configuration and way the project's torch decides the rules'
// `torch-version` conditions (RuleSet::version_outcomes; most runs have one).
using RuleSets = std::map<std::pair<const Config*, std::string>, std::unique_ptr<py::RuleSet>>;

// Whether the configuration's per-file-ignores drop this finding.
bool per_file_ignored(const Config& c, const Diagnostic& d);

// A `--per-file-ignores GLOB:CODES` value as a (glob, codes) pair; throws ConfigError.
std::pair<std::string, std::vector<std::string>> parse_per_file_ignore(const std::string& value);

}  // namespace torchlint
