// reviewdog's rdjson: diagnostics with suggestions that reviewdog turns into review comments.
#include <nlohmann/json.hpp>

#include "report/report.h"
#include "report/rule_docs.h"

namespace torchlint {

namespace {
// reviewdog counts columns in UTF-8 bytes (1-based), not code points.
uint32_t byte_column(const SourceFile* f, uint32_t line, uint32_t offset, uint32_t fallback) {
  return f && line >= 1 && line <= f->lines.line_count() ? offset - f->lines.line_start(line) + 1 : fallback;
}
}  // namespace

void render_rdjson(std::ostream& out, const std::vector<Diagnostic>& findings,
                   const std::map<std::string, const SourceFile*>& sources) {
  using json = nlohmann::ordered_json;
  json diagnostics = json::array();
  for (const Diagnostic& d : findings) {
    auto it = sources.find(d.path);
    const SourceFile* f = it == sources.end() ? nullptr : it->second;
    auto range = [&](Position s, uint32_t so, Position e, uint32_t eo) {
      return json{{"start", {{"line", s.line}, {"column", byte_column(f, s.line, so, s.column)}}},
                  {"end", {{"line", e.line}, {"column", byte_column(f, e.line, eo, e.column)}}}};
    };
    std::string_view severity = d.severity == Severity::Error     ? "ERROR"
                                : d.severity == Severity::Warning ? "WARNING"
                                                                  : "INFO";
    json diag = {{"message", d.message},
                 {"location", {{"path", d.path}, {"range", range(d.start, d.range.start, d.end, d.range.end)}}},
                 {"severity", severity},
                 {"code", {{"value", d.rule_id}, {"url", rule_docs_url(d.rule_id)}}}};
    if (d.fix && d.fix->applicability != Applicability::DisplayOnly && !d.fix->edits.empty()) {
      json suggestions = json::array();
      for (const Edit& e : d.fix->edits) suggestions.push_back({{"range", range(e.start, e.range.start, e.end, e.range.end)}, {"text", e.replacement}});
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
