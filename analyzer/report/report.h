// Renderers over the one Diagnostic list. Each takes the sorted findings and the run's
// summary and writes one format.
#pragma once
#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/source_file.h"
#include "rulepack/rule_spec.h"

namespace torchlint {

struct RunSummary {
  size_t files = 0;
  size_t lines = 0;
  std::vector<std::string> files_with_syntax_errors;  // "path:line:col"
  std::vector<std::string> notes;                     // skipped binary files, unreadable paths
  size_t path_errors = 0;                             // paths named that could not be checked
};

struct TextOptions {
  bool color = false;
  bool show_source = true;
  bool show_summary = true;  // the closing "Found N findings" line and notes
  std::string fixable_line;  // "N fixable with `--fix` ...", printed after the summary when set
};

// `sources` maps a path to its text for code frames (missing: no frame).
void render_text(std::ostream& out, const std::vector<Diagnostic>& findings,
                 const std::map<std::string, const SourceFile*>& sources, const RunSummary& summary,
                 const TextOptions& options);
void render_json(std::ostream& out, const std::vector<Diagnostic>& findings, const RunSummary& summary);
// A confirmation as JSON (the `confirmation` of a finding in json, SARIF `properties`).
nlohmann::ordered_json confirmation_json(const Confirmation& c);
// The secondary figures of a confirmation, one per line: "INDENTmetric: bad (fixed: fixed)".
void render_figures(std::ostream& out, const Confirmation& c, std::string_view indent);

// `rules` are the rules that ran (for SARIF rules[] and review text); findings are sorted.
void render_sarif(std::ostream& out, const std::vector<Diagnostic>& findings, const std::vector<RuleSpec>& rules,
                  const std::map<std::string, const SourceFile*>& sources, const std::string& tool_version);
void render_github(std::ostream& out, const std::vector<Diagnostic>& findings);
void render_gitlab(std::ostream& out, const std::vector<Diagnostic>& findings,
                   const std::map<std::string, const SourceFile*>& sources);
void render_rdjson(std::ostream& out, const std::vector<Diagnostic>& findings,
                   const std::map<std::string, const SourceFile*>& sources);
void render_review(std::ostream& out, const std::vector<Diagnostic>& findings, const std::vector<RuleSpec>& rules,
                   const std::map<std::string, const SourceFile*>& sources);

// The finding's source line with its fix applied, when the fix is applicable and all its
// edits stay on that line (a reviewer's "suggestion").
std::optional<std::string> suggested_line(const Diagnostic& d, const SourceFile& f);

// GitHub's create-review payload (POST /repos/{owner}/{repo}/pulls/{n}/reviews).
void render_github_review(std::ostream& out, const std::vector<Diagnostic>& findings,
                          const std::vector<RuleSpec>& rules, const std::map<std::string, const SourceFile*>& sources,
                          const std::string& commit_id);

// A fingerprint that survives the finding moving to another line: rule, path and the
// finding's normalised source line.
std::string finding_fingerprint(const Diagnostic& d, const std::map<std::string, const SourceFile*>& sources);
// One fingerprint per finding, unique within the list: the n-th finding sharing a
// fingerprint (same rule, file and line text) gets the occurrence number mixed in.
std::vector<std::string> unique_fingerprints(const std::vector<Diagnostic>& findings,
                                             const std::map<std::string, const SourceFile*>& sources);

}  // namespace torchlint
