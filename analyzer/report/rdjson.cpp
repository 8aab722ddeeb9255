// reviewdog's rdjson: diagnostics with suggestions that reviewdog turns into review comments.
#include <nlohmann/json.hpp>

#include "report/report.h"

namespace torchlint {

namespace {
nlohmann::ordered_json range(Position s, Position e) {
  return {{"start", {{"line", s.line}, {"column", s.column}}}, {"end", {{"line", e.line}, {"column", e.column}}}};
}
}  // namespace

void render_rdjson(std::ostream& out, const std::vector<Diagnostic>& findings) {
  using json = nlohmann::ordered_json;
  json diagnostics = json::array();
  for (const Diagnostic& d : findings) {
    std::string_view severity = d.severity == Severity::Error     ? "ERROR"
                                : d.severity == Severity::Warning ? "WARNING"
                                                                  : "INFO";
    json diag = {{"message", d.message},
                 {"location", {{"path", d.path}, {"range", range(d.start, d.end)}}},
                 {"severity", severity},
                 {"code", {{"value", d.rule_id}, {"url", "https://github.com/torchlint/torchlint/blob/main/docs/rules/" + d.rule_id + ".md"}}}};
    if (d.fix && d.fix->applicability != Applicability::DisplayOnly && !d.fix->edits.empty()) {
      json suggestions = json::array();
      for (const Edit& e : d.fix->edits) suggestions.push_back({{"range", range(e.start, e.end)}, {"text", e.replacement}});
      diag["suggestions"] = suggestions;
    }
    diagnostics.push_back(std::move(diag));
  }
  json doc = {{"source", {{"name", "torchlint"}, {"url", "https://github.com/torchlint/torchlint"}}},
              {"severity", "WARNING"},
              {"diagnostics", diagnostics}};
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace torchlint
