// Renderers over the one Diagnostic list. Each takes the sorted findings and the run's
// summary and writes one format.
#pragma once
#include <nlohmann/json.hpp>

#include <functional>
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

// The risk, confidence and caveats that open a review.
void render_review_summary(std::ostream& out, const std::vector<Diagnostic>& findings);

// GitHub refuses a review or comment body over 65,536 characters; the renderers keep theirs
// under kGitHubBodyBudget bytes (a byte count bounds the character count) and say how many
// findings they left out.
constexpr size_t kGitHubBodyLimit = 65536;
constexpr size_t kGitHubBodyBudget = 60000;
// "N more findings not shown ..." for a body that left N findings out.
std::string left_out_note(size_t left_out);

// Lines first_line..last_line of a finding's file with its fix applied (`text`, without a
// final newline), when the fix is applicable and spans a few lines: a reviewer's suggestion.
struct SuggestedLines {
  uint32_t first_line = 0, last_line = 0;
  std::string text;
};
std::optional<SuggestedLines> suggested_lines(const Diagnostic& d, const SourceFile& f);

// Whether line `line` of `path` (as a finding names it) is on the right side of the pull
// request's diff: only there may an inline review comment sit.
using DiffLineTest = std::function<bool(const std::string& path, uint32_t line)>;

// GitHub's create-review payload (POST /repos/{owner}/{repo}/pulls/{n}/reviews): inline
// comments on lines of the diff, everything else in the body.
void render_github_review(std::ostream& out, const std::vector<Diagnostic>& findings,
                          const std::map<std::string, const SourceFile*>& sources, const std::string& commit_id,
                          const DiffLineTest& in_diff);

// A fingerprint that survives the finding moving to another line: rule, path and the
// finding's normalised source line.
std::string finding_fingerprint(const Diagnostic& d, const std::map<std::string, const SourceFile*>& sources);
// One fingerprint per finding, unique within the list: the n-th finding sharing a
// fingerprint (same rule, file and line text) gets the occurrence number mixed in.
std::vector<std::string> unique_fingerprints(const std::vector<Diagnostic>& findings,
                                             const std::map<std::string, const SourceFile*>& sources);

}  // namespace torchlint
