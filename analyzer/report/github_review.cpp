// The JSON payload of GitHub's "create a review" REST call. GitHub refuses the whole review
// (422) when one comment sits on a line outside the diff, so a finding is commented inline
// only on a line of the diff: its own line, or else a changed line of its region (the loop or
// function the change touched), saying where the problem is. The rest, and what exceeds the
// inline cap, is listed in the body, which stays under GitHub's size limit.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/terminal.h"
#include "report/repo_paths.h"
#include "report/report.h"

namespace torchlint {

namespace {
using json = nlohmann::ordered_json;

// More inline comments than this bury the review: the rest are listed in the body.
constexpr size_t kMaxInlineComments = 50;

// The first line of first..last on the diff's right side, or 0.
uint32_t first_line_in_diff(const DiffLineTest& in_diff, const std::string& path, uint32_t first, uint32_t last) {
  for (uint32_t line = first; line <= last && line != 0; ++line)
    if (in_diff(path, line)) return line;
  return 0;
}

bool all_lines_in_diff(const DiffLineTest& in_diff, const std::string& path, uint32_t first, uint32_t last) {
  for (uint32_t line = first; line <= last; ++line)
    if (!in_diff(path, line)) return false;
  return true;
}

// An inline comment for `d` on a line of the diff, or nullopt when none of its lines or its
// region's lines is there.
std::optional<json> inline_comment(const Diagnostic& d, const std::string& path, const SourceFile* src,
                                   const DiffLineTest& in_diff) {
  std::string body = fmt::format("**{} {}**: {}", d.rule_id, d.rule_name, printable(d.message, Whitespace::Keep));
  uint32_t line = in_diff(d.path, d.start.line) ? d.start.line : 0;
  if (line == 0) line = first_line_in_diff(in_diff, d.path, d.start.line, d.end.line);
  if (line == 0 && d.region) {
    line = first_line_in_diff(in_diff, d.path, d.region_start_line, d.region_end_line);
    if (line != 0) body = fmt::format("Line {} (lines {}–{}, which this change touches): {}", d.start.line, d.region_start_line,
                                         d.region_end_line, body);
  }
  if (line == 0) return std::nullopt;
  json comment = {{"path", path}};
  std::optional<SuggestedLines> fixed = src && line == d.start.line ? suggested_lines(d, *src) : std::nullopt;
  if (fixed && all_lines_in_diff(in_diff, d.path, fixed->first_line, fixed->last_line)) {
    body += "\n\n" + d.fix->title + ":\n```suggestion\n" + fixed->text + "\n```";
    if (fixed->last_line > fixed->first_line) {
      comment["start_line"] = fixed->first_line;
      comment["start_side"] = "RIGHT";
    }
    line = fixed->last_line;
  } else if (d.fix) {
    body += "\n\n*Fix:* " + d.fix->title;
  } else if (!d.hint.empty()) {
    body += "\n\n" + d.hint;
  }
  comment["line"] = line;
  comment["side"] = "RIGHT";
  comment["body"] = body;
  return comment;
}
}  // namespace

void render_github_review(std::ostream& out, const std::vector<Diagnostic>& findings,
                          const std::map<std::string, const SourceFile*>& sources, const std::string& commit_id,
                          const DiffLineTest& in_diff) {
  RepoPaths paths;  // review comments name files relative to the repository root
  // Up to the cap, each file's first finding, then each file's second, and so on: one file
  // with many findings does not take every inline comment.
  std::vector<std::optional<json>> placed(findings.size());
  std::map<std::string, size_t> seen_in_file;
  std::vector<std::pair<size_t, size_t>> order;  // (rank within its file, finding)
  for (size_t i = 0; i < findings.size(); ++i) {
    const Diagnostic& d = findings[i];
    auto src = sources.find(d.path);
    std::optional<std::string> path = paths.relative(d.path);
    if (path) placed[i] = inline_comment(d, *path, src == sources.end() ? nullptr : src->second, in_diff);
    if (placed[i]) order.emplace_back(seen_in_file[d.path]++, i);
  }
  std::stable_sort(order.begin(), order.end());
  for (size_t k = kMaxInlineComments; k < order.size(); ++k) placed[order[k].second].reset();
  json comments = json::array();
  std::vector<const Diagnostic*> in_body;
  for (size_t i = 0; i < findings.size(); ++i) {
    if (placed[i]) comments.push_back(std::move(*placed[i]));
    else in_body.push_back(&findings[i]);
  }
  std::ostringstream summary;
  render_review_summary(summary, findings);
  std::string body = summary.str();
  if (!comments.empty())
    body += fmt::format("\n{} finding{} commented on the lines of the diff.\n", comments.size(), comments.size() == 1 ? " is" : "s are");
  if (!in_body.empty()) body += "\n### Not on a line of the diff\n\n";
  size_t left_out = 0;
  for (const Diagnostic* d : in_body) {
    std::string item = fmt::format("- `{}:{}` **{} {}**: {}\n", printable(paths.relative_or_absolute(d->path)), d->start.line,
                                   d->rule_id, d->rule_name, printable(d->message, Whitespace::Keep));
    if (left_out > 0 || body.size() + item.size() + left_out_note(in_body.size()).size() > kGitHubBodyBudget) ++left_out;
    else body += item;
  }
  if (left_out > 0) body += left_out_note(left_out);
  json payload = {{"commit_id", commit_id}, {"body", body}, {"event", "COMMENT"}, {"comments", comments}};
  out << payload.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace torchlint
