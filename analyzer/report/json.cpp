#include <nlohmann/json.hpp>

#include "report/report.h"
#include "report/rule_docs.h"

namespace torchlint {

nlohmann::ordered_json confirmation_json(const Confirmation& c) {
  using json = nlohmann::ordered_json;
  auto figure = [](const Figure& f) {
    return json{{"metric", f.metric}, {"unit", f.unit}, {"bad", f.bad}, {"fixed", f.fixed}, {"spread", f.spread}};
  };
  json more = json::array();
  for (const auto& f : c.more) more.push_back(figure(f));
  return {{"verdict", to_string(c.verdict)}, {"experiment", c.experiment}, {"metric", c.main.metric}, {"bad", c.main.bad},
          {"fixed", c.main.fixed}, {"unit", c.main.unit}, {"ratio", c.ratio}, {"spread", c.main.spread}, {"n", c.n},
          {"repeats", c.repeats}, {"device", c.device}, {"torch", c.torch_version}, {"sandbox", c.sandbox}, {"why", c.why}, {"other", more}};
}

void render_json(std::ostream& out, const std::vector<Diagnostic>& findings, const RunSummary& summary) {
  using json = nlohmann::ordered_json;
  json list = json::array();
  std::map<std::string, size_t> by_rule;
  std::map<std::string, size_t> by_severity = {{"error", 0}, {"warning", 0}, {"info", 0}};
  for (const Diagnostic& d : findings) {
    ++by_rule[d.rule_id];
    ++by_severity[std::string(to_string(d.severity))];
    json fix = nullptr;
    if (d.fix) {
      json edits = json::array();
      for (const Edit& e : d.fix->edits)
        edits.push_back({{"line", e.start.line}, {"column", e.start.column}, {"end_line", e.end.line},
                         {"end_column", e.end.column}, {"replacement", e.replacement}});
      fix = {{"title", d.fix->title}, {"applicability", to_string(d.fix->applicability)}, {"edits", edits}};
    }
    list.push_back({{"rule", d.rule_id}, {"name", d.rule_name}, {"severity", to_string(d.severity)},
                    {"confidence", to_string(d.confidence)}, {"path", d.path}, {"line", d.start.line}, {"column", d.start.column}, {"end_line", d.end.line},
                    {"end_column", d.end.column}, {"message", d.message}, {"url", rule_docs_url(d.rule_id)}, {"fix", fix}});
    if (d.confirmation) list.back()["confirmation"] = confirmation_json(*d.confirmation);
  }
  json doc = {{"findings", list},
              {"summary",
               {{"files", summary.files},
                {"lines", summary.lines},
                {"findings", findings.size()},
                {"by_severity", by_severity},
                {"by_rule", by_rule},
                {"files_with_syntax_errors", summary.files_with_syntax_errors},
                {"notes", summary.notes}}}};
  // Invalid UTF-8 in messages or replacements must not abort the report.
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace torchlint
