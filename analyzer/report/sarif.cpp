// SARIF 2.1.0 for code-scanning uploads (GitHub, Azure DevOps, IDEs).
#include <nlohmann/json.hpp>

#include "report/report.h"
#include "report/rule_docs.h"

namespace torchlint {

namespace {
using json = nlohmann::ordered_json;

std::string_view level(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Info: return "note";
  }
  return "warning";
}

// SARIF tools expect rule names in PascalCase: loss-kept-with-graph -> LossKeptWithGraph.
std::string pascal_case(std::string_view kebab) {
  std::string out;
  bool upper = true;
  for (char c : kebab) {
    if (c == '-') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

std::string first_sentence(const std::string& text) {
  std::string flat;
  for (char c : text) flat += c == '\n' ? ' ' : c;
  while (!flat.empty() && flat.back() == ' ') flat.pop_back();
  size_t dot = flat.find(". ");
  return dot == std::string::npos ? flat : flat.substr(0, dot + 1);
}

// RFC 3986 percent-encoding of a relative path (slashes kept).
std::string uri_escape(std::string_view path) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

json artifact(const std::string& path) {
  if (!path.empty() && path[0] == '/') return {{"uri", "file://" + uri_escape(path)}};
  std::string rel = path.starts_with("./") ? path.substr(2) : path;
  return {{"uri", uri_escape(rel)}, {"uriBaseId", "%SRCROOT%"}};
}

json region(Position s, Position e) {
  return {{"startLine", s.line}, {"startColumn", s.column}, {"endLine", e.line}, {"endColumn", e.column}};
}
}  // namespace

void render_sarif(std::ostream& out, const std::vector<Diagnostic>& findings, const std::vector<RuleSpec>& rules,
                  const std::map<std::string, const SourceFile*>& sources, const std::string& tool_version) {
  json rule_list = json::array();
  std::map<std::string, size_t> rule_index;
  for (const RuleSpec& r : rules) {
    rule_index[r.id] = rule_list.size();
    rule_list.push_back({{"id", r.id},
                         {"name", pascal_case(r.name)},
                         {"shortDescription", {{"text", first_sentence(r.docs.what)}}},
                         {"fullDescription", {{"text", r.docs.what}}},
                         {"helpUri", "https://github.com/torchlint/torchlint/blob/main/docs/rules/" + r.id + ".md"},
                         {"help", {{"text", r.docs.why}, {"markdown", rule_docs_markdown(r)}}},
                         {"defaultConfiguration", {{"level", level(r.severity)}}},
                         {"properties", {{"tags", json::array({r.family})}}}});
  }
  json results = json::array();
  std::vector<std::string> fingerprints = unique_fingerprints(findings, sources);
  for (size_t i = 0; i < findings.size(); ++i) {
    const Diagnostic& d = findings[i];
    json result = {{"ruleId", d.rule_id}};
    if (rule_index.count(d.rule_id)) result["ruleIndex"] = rule_index[d.rule_id];
    result["level"] = level(d.severity);
    result["message"] = {{"text", d.message}};
    result["locations"] = json::array({{{"physicalLocation", {{"artifactLocation", artifact(d.path)}, {"region", region(d.start, d.end)}}}}});
    result["partialFingerprints"] = {{"torchlintFingerprint/v1", fingerprints[i]}};
    result["properties"] = {{"confidence", to_string(d.confidence)}};
    if (d.confirmation) result["properties"]["confirmation"] = confirmation_json(*d.confirmation);
    if (d.fix && !d.fix->edits.empty()) {
      json replacements = json::array();
      for (const Edit& e : d.fix->edits)
        replacements.push_back({{"deletedRegion", region(e.start, e.end)}, {"insertedContent", {{"text", e.replacement}}}});
      result["fixes"] = json::array({{{"description", {{"text", d.fix->title}}},
                                      {"artifactChanges", json::array({{{"artifactLocation", artifact(d.path)},
                                                                        {"replacements", replacements}}})}}});
    }
    results.push_back(std::move(result));
  }
  json run = {{"tool", {{"driver", {{"name", "torchlint"},
                                    {"version", tool_version},
                                    {"semanticVersion", tool_version},
                                    {"informationUri", "https://github.com/torchlint/torchlint"},
                                    {"rules", rule_list}}}}},
              {"results", results},
              {"columnKind", "unicodeCodePoints"}};
  json doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", json::array({run})}};
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace torchlint
