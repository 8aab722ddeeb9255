// SARIF 2.1.0 for code-scanning uploads (GitHub, Azure DevOps, IDEs).
#include <nlohmann/json.hpp>

#include "report/repo_paths.h"
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

std::string flattened(const std::string& text) {
  std::string flat;
  for (char c : text) {
    if (c == '\n') c = ' ';
    if (c != ' ' || (!flat.empty() && flat.back() != ' ')) flat += c;
  }
  while (!flat.empty() && flat.back() == ' ') flat.pop_back();
  return flat;
}

// Positions of `text` outside inline code spans (`...`), where prose punctuation counts.
std::vector<bool> outside_code(const std::string& text) {
  std::vector<bool> out(text.size());
  bool code = false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '`') code = !code;
    out[i] = !code && text[i] != '`';
  }
  return out;
}

// Without the parenthesised asides: "Flags `f()` (also through `g`) that ..." -> "Flags `f()` that ...".
std::string without_asides(const std::string& text) {
  std::vector<bool> prose = outside_code(text);
  std::string out;
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (prose[i] && c == '(' && (depth > 0 || (!out.empty() && out.back() == ' '))) {
      if (depth++ == 0) out.pop_back();
    } else if (prose[i] && c == ')' && depth > 0) {
      --depth;
    } else if (depth == 0) {
      out += c;
    }
  }
  return out;
}

// The last occurrence of `what` outside code spans that starts before `limit`, or npos.
size_t last_in_prose(const std::string& text, std::string_view what, size_t limit) {
  std::vector<bool> prose = outside_code(text);
  for (size_t at = text.rfind(what, limit); at != std::string::npos; at = at ? text.rfind(what, at - 1) : std::string::npos)
    if (prose[at]) return at;
  return std::string::npos;
}

// Code scanning shows shortDescription as the alert's title: one sentence of at most
// kTitleLimit characters, cut at a clause boundary (or a word, with an ellipsis) when the
// first sentence is longer.
constexpr size_t kTitleLimit = 120;

std::string title_sentence(const std::string& what) {
  std::string sentence = flattened(what);
  std::vector<bool> prose = outside_code(sentence);
  for (size_t i = 0; i + 1 < sentence.size(); ++i) {
    if (prose[i] && sentence[i] == '.' && sentence[i + 1] == ' ') {
      sentence.resize(i);
      break;
    }
  }
  if (sentence.ends_with('.')) sentence.pop_back();
  if (sentence.size() >= kTitleLimit) sentence = without_asides(sentence);
  if (sentence.size() < kTitleLimit) return sentence.empty() ? sentence : sentence + ".";
  size_t cut = std::string::npos;
  for (std::string_view boundary : {": ", "; ", " — ", ", "}) {
    size_t at = last_in_prose(sentence, boundary, kTitleLimit - 2);
    if (at != std::string::npos && at > kTitleLimit / 3 && (cut == std::string::npos || at > cut)) cut = at;
  }
  if (cut != std::string::npos) return sentence.substr(0, cut) + ".";
  size_t space = last_in_prose(sentence, " ", kTitleLimit - 4);
  return sentence.substr(0, space == std::string::npos ? kTitleLimit - 4 : space) + " …";
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

json artifact(const std::string& path, const RepoPaths& paths) {
  std::optional<std::string> rel = paths.relative(path);
  if (!rel) return {{"uri", "file://" + uri_escape(paths.relative_or_absolute(path))}};
  return {{"uri", uri_escape(*rel)}, {"uriBaseId", "%SRCROOT%"}};
}

json region(Position s, Position e) {
  return {{"startLine", s.line}, {"startColumn", s.column}, {"endLine", e.line}, {"endColumn", e.column}};
}

// A reportingDescriptor. Security rules carry the `security` tag and a `security-severity`,
// which make code scanning show their findings as security alerts.
json rule_descriptor(const RuleSpec& r) {
  const std::string& what = r.docs.what.empty() ? r.message : r.docs.what;
  json tags = json::array({r.family});
  if (!r.security_severity.empty()) tags.push_back("security");
  json properties = {{"tags", tags}};
  if (!r.security_severity.empty()) properties["security-severity"] = r.security_severity;
  return {{"id", r.id},
          {"name", pascal_case(r.name)},
          {"shortDescription", {{"text", title_sentence(what)}}},
          {"fullDescription", {{"text", flattened(what)}}},
          {"helpUri", rule_docs_url(r.id)},
          {"help", {{"text", flattened(r.docs.why.empty() ? what : r.docs.why)}, {"markdown", rule_docs_markdown(r)}}},
          {"defaultConfiguration", {{"level", level(r.severity)}}},
          {"properties", properties}};
}
}  // namespace

void render_sarif(std::ostream& out, const std::vector<Diagnostic>& findings, const std::vector<RuleSpec>& rules,
                  const std::map<std::string, const SourceFile*>& sources, const std::string& tool_version) {
  RepoPaths paths;
  json rule_list = json::array();
  std::map<std::string, size_t> rule_index;
  for (const RuleSpec& r : rules) {
    if (!rule_index.emplace(r.id, rule_list.size()).second) continue;
    rule_list.push_back(rule_descriptor(r));
  }
  // Every result's rule is listed: one the caller did not pass gets a descriptor of its name.
  for (const Diagnostic& d : findings) {
    if (!rule_index.emplace(d.rule_id, rule_list.size()).second) continue;
    rule_list.push_back({{"id", d.rule_id}, {"name", pascal_case(d.rule_name)}, {"shortDescription", {{"text", d.rule_name + "."}}}});
  }
  json results = json::array();
  std::vector<std::string> fingerprints = unique_fingerprints(findings, sources);
  for (size_t i = 0; i < findings.size(); ++i) {
    const Diagnostic& d = findings[i];
    json result = {{"ruleId", d.rule_id}};
    result["ruleIndex"] = rule_index.at(d.rule_id);
    result["level"] = level(d.severity);
    result["message"] = {{"text", d.message}};
    result["locations"] = json::array({{{"physicalLocation", {{"artifactLocation", artifact(d.path, paths)}, {"region", region(d.start, d.end)}}}}});
    result["partialFingerprints"] = {{"torchlintFingerprint/v1", fingerprints[i]}};
    result["properties"] = {{"confidence", to_string(d.confidence)}};
    if (d.confirmation) result["properties"]["confirmation"] = confirmation_json(*d.confirmation);
    if (d.fix && !d.fix->edits.empty()) {
      json replacements = json::array();
      for (const Edit& e : d.fix->edits)
        replacements.push_back({{"deletedRegion", region(e.start, e.end)}, {"insertedContent", {{"text", e.replacement}}}});
      result["fixes"] = json::array({{{"description", {{"text", d.fix->title}}},
                                      {"artifactChanges", json::array({{{"artifactLocation", artifact(d.path, paths)},
                                                                        {"replacements", replacements}}})}}});
    }
    results.push_back(std::move(result));
  }
  json run = {{"tool", {{"driver", {{"name", "torchlint"},
                                    {"version", tool_version},
                                    {"semanticVersion", tool_version},
                                    {"informationUri", "https://github.com/torchlint/torchlint"},
                                    {"rules", rule_list}}}}},
              {"originalUriBaseIds", {{"%SRCROOT%", {{"uri", "file://" + uri_escape(paths.root())}}}}},
              {"results", results},
              {"columnKind", "unicodeCodePoints"}};
  json doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", json::array({run})}};
  out << doc.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

}  // namespace torchlint
