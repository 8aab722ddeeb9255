// The JSON payload of GitHub's "create a review" REST call: a summary body plus one inline
// comment per finding, with a ```suggestion block when a fix stays on one line. Posting it
// is left to the caller's CI step (it holds the token).
#include <nlohmann/json.hpp>
#include <sstream>

#include "report/report.h"

namespace torchlint {

void render_github_review(std::ostream& out, const std::vector<Diagnostic>& findings,
                          const std::vector<RuleSpec>& rules, const std::map<std::string, const SourceFile*>& sources,
                          const std::string& commit_id) {
  using json = nlohmann::ordered_json;
  std::ostringstream summary;
  render_review(summary, findings, rules, sources);
  json comments = json::array();
  for (const Diagnostic& d : findings) {
    std::string body = "**" + d.rule_id + " " + d.rule_name + "**: " + d.message;
    auto src = sources.find(d.path);
    std::optional<std::string> fixed = src == sources.end() ? std::nullopt : suggested_line(d, *src->second);
    if (fixed) {
      body += "\n\n" + d.fix->title + ":\n```suggestion\n" + *fixed + "\n```";
    } else if (!d.hint.empty()) {
      body += "\n\n" + d.hint;
    }
    std::string path = d.path.starts_with("./") ? d.path.substr(2) : d.path;
    comments.push_back({{"path", path}, {"line", d.start.line}, {"side", "RIGHT"}, {"body", body}});
  }
  json payload = {{"commit_id", commit_id}, {"body", summary.str()}, {"event", "COMMENT"}, {"comments", comments}};
  out << payload.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace torchlint
