#include "cli/schemas.h"

#include <map>
#include <stdexcept>

#include "cli/config.h"
#include "gpu_harness/experiments.h"
#include "python/predicates.h"
#include "rulepack/loader.h"

namespace torchlint {

using ojson = nlohmann::ordered_json;

namespace {

ojson strings(const std::string& description) {
  return {{"type", "array"}, {"items", {{"type", "string"}}}, {"description", description}};
}

ojson one_of(const std::vector<std::string>& values, const std::string& description) {
  return {{"enum", values}, {"description", description}};
}

// The properties for `keys`, each described in `types`; a key the loader accepts but the
// schema does not describe is a bug of this file (a unit test runs these).
ojson properties(const std::vector<std::string>& keys, const std::map<std::string, ojson>& types) {
  ojson out = ojson::object();
  for (const auto& k : keys) {
    auto it = types.find(k);
    if (it == types.end()) throw std::logic_error("schema: no type for key `" + k + "`");
    out[k] = it->second;
  }
  return out;
}

ojson closed_object(ojson props) {
  return {{"type", "object"}, {"properties", std::move(props)}, {"additionalProperties", false}};
}

}  // namespace

ojson config_schema() {
  const std::string codes = "Rule codes (TL101), prefixes (TL1), names (loss-kept-with-graph) or ALL";
  std::map<std::string, ojson> types = {
      {"select", strings(codes + "; default: the rules that are on by default (one that is off runs when named or with ALL, not by a prefix)")},
      {"ignore", strings(codes)},
      {"extend-select", strings(codes + ", added to `select`")},
      {"extend-ignore", strings(codes + ", added to `ignore`")},
      {"per-file-ignores",
       {{"type", "object"}, {"additionalProperties", strings(codes)}, {"description", "Glob -> rules ignored in matching files"}}},
      {"exclude", strings("Gitignore-style globs, relative to this file, of files and folders not to check")},
      {"force-exclude", {{"type", "boolean"}, {"description", "Apply `exclude` to files named on the command line too"}}},
      {"extend-rules", strings("Rule pack files or folders, relative to this file")},
      {"extend",
       {{"type", "string"},
        {"description", "A configuration file to start from, relative to this file; the keys here replace its keys"}}},
      {"severity",
       {{"type", "object"},
        {"additionalProperties", one_of({"error", "warning", "info"}, "")},
        {"description", "Rule selector -> severity"}}},
      {"torch-version",
       {{"type", "string"},
        {"pattern", "^[0-9]+(\\.[0-9]+){0,2}$"},
        {"description", "The oldest PyTorch the project supports, e.g. \"2.4\" (default: read from the dependency files)"}}},
      {"max-file-size",
       {{"type", "integer"},
        {"minimum", 1},
        {"maximum", kMaxFileSizeMiB},
        {"description", "MiB: larger files are skipped with a note (default " + std::to_string(kDefaultMaxFileSizeMiB) + ")"}}},
      {"options", {{"type", "object"}, {"maxProperties", 0}, {"description", "Per-rule options (no rule has any yet)"}}},
  };
  ojson s = closed_object(properties(config_keys(), types));
  s["$schema"] = "http://json-schema.org/draft-07/schema#";
  s["$id"] = "https://github.com/torchlint/torchlint/schemas/torchlint-config.schema.json";
  s["title"] = "torchlint configuration ([tool.torchlint] in pyproject.toml, or .torchlint.yaml)";
  return s;
}

ojson rule_pack_schema() {
  std::vector<std::string> where_keys = {"not", "any", "inside", "not-inside", "torch-version"};
  for (const auto& p : py::predicates()) where_keys.push_back(p.name);
  std::vector<std::string> contexts;
  for (const auto& c : py::contexts()) contexts.push_back(c.name);
  ojson where_item = {{"type", "object"}, {"minProperties", 1}, {"maxProperties", 1}, {"additionalProperties", false}};
  for (const auto& k : where_keys) {
    if (k == "not") where_item["properties"][k] = {{"$ref", "#/definitions/where-item"}};
    else if (k == "any") where_item["properties"][k] = {{"type", "array"}, {"minItems", 1}, {"items", {{"$ref", "#/definitions/where-item"}}}};
    else if (k == "inside" || k == "not-inside") where_item["properties"][k] = one_of(contexts, "A context");
    else if (k == "torch-version")
      where_item["properties"][k] = {{"type", "string"},
                                     {"pattern", "^(<|<=|>|>=|==|!=) *[0-9]+(\\.[0-9]+)*$"},
                                     {"description", "A condition on the oldest PyTorch the project supports, e.g. \">= 2.6\" (false when unknown)"}};
    else where_item["properties"][k] = {{"type", "string"}, {"description", "A metavariable, e.g. $X"}};
  }
  const ojson match_ref = {{"$ref", "#/definitions/match"}};
  std::map<std::string, ojson> match_types = {
      {"pattern", {{"type", "string"}, {"description", "Python code with $X / $$$ARGS / $_ metavariables"}}},
      {"kind", {{"type", "string"}, {"description", "A tree-sitter node kind (`torchlint parse FILE`)"}}},
      {"any", {{"type", "array"}, {"minItems", 1}, {"items", match_ref}}},
      {"all", {{"type", "array"}, {"minItems", 1}, {"items", match_ref}}},
      {"not", match_ref},
      {"inside", {{"oneOf", {one_of(contexts, "A context"), match_ref}}}},
      {"has", match_ref},
      {"field", {{"type", "string"}, {"description", "With inside/has: the field that holds the node"}}},
      {"where", {{"type", "array"}, {"items", {{"$ref", "#/definitions/where-item"}}}}},
      {"bind", {{"type", "object"}, {"additionalProperties", {{"type", "string"}}}, {"propertyNames", {{"pattern", "^[A-Z0-9_]+$"}}},
                {"description", "Text bound to these names when this match rule matches ({NAME} in message, hint, fix)"}}},
  };
  std::map<std::string, ojson> fix_types = {
      {"title", {{"type", "string"}}},
      {"applicability", one_of({"safe", "unsafe", "display-only"}, "")},
      {"replace", {{"type", "string"}, {"description", "A metavariable; default: the whole match"}}},
      {"with", {{"type", "string"}}},
      {"insert-after", {{"type", "string"}}},
  };
  std::map<std::string, ojson> doc_types = {
      {"what", {{"type", "string"}}},        {"why", {{"type", "string"}}},
      {"example", {{"type", "string"}}},     {"use-instead", {{"type", "string"}}},
      {"fix-safety", {{"type", "string"}}},  {"references", strings("URLs")},
  };
  std::vector<std::string> experiments(harness::experiment_names().begin(), harness::experiment_names().end());
  std::vector<std::string> variants(harness::probe_variants().begin(), harness::probe_variants().end());
  const ojson experiment = one_of(experiments, "The harness experiment that measures the cost (torchlint confirm)");
  ojson rewrite = closed_object(properties({"replace", "with"}, {{"replace", {{"type", "string"}}}, {"with", {{"type", "string"}}}}));
  rewrite["required"] = {"with"};
  ojson confirm_object = closed_object(properties(
      {"experiment", "fixed-by", "setup", "run", "device", "loop"},
      {{"experiment", experiment},
       {"fixed-by", {{"oneOf", {one_of(variants, "The probe makes the fixed twin"), rewrite}}}},
       {"setup", {{"type", "string"}, {"description", "Python run before the docs example"}}},
       {"run", {{"type", "string"}, {"description", "Python run after the docs example"}}},
       {"device", one_of({"cuda", "any"}, "cuda: the cost shows only on a GPU (elsewhere the verdict is inconclusive)")},
       {"loop", one_of({"after", "around"}, "after: measure the first loop after the finding's own loop (a setting made before training)")}}));
  confirm_object["required"] = {"experiment"};
  ojson confirm_none = closed_object(properties(
      {"none"}, {{"none", {{"type", "string"}, {"minLength", 1}, {"description", "Why no experiment can show this rule's cost"}}}}));
  confirm_none["required"] = {"none"};
  std::map<std::string, ojson> rule_types = {
      {"id", {{"type", "string"}, {"pattern", "^[A-Z]+[0-9]+$"}}},
      {"name", {{"type", "string"}, {"pattern", "^[a-z0-9]+(-[a-z0-9]+)*$"}}},
      {"family", {{"type", "string"}}},
      {"language", one_of({"python", "cxx"}, "")},
      {"severity", one_of({"error", "warning", "info"}, "")},
      {"message", {{"type", "string"}, {"description", "{X} or $X: the bound source text"}}},
      {"hint", {{"type", "string"}}},
      {"anchor", {{"type", "string"}}},
      {"report", one_of({"every-match", "once-per-function", "once-per-region"}, "")},
      {"match", match_ref},
      {"fix", closed_object(properties(fix_keys(), fix_types))},
      {"confirm", {{"oneOf", {experiment, confirm_object, confirm_none}}}},
      {"docs", closed_object(properties(doc_keys(), doc_types))},
      {"engine", one_of({"pattern", "clang", "suppressions", "syntax"}, "")},
      {"check", {{"type", "string"}, {"description", "clang rules: a named C++ check of torchlint-cxx"}}},
      {"matchers", {{"type", "array"},
                    {"items", closed_object(properties({"matcher", "fix-member"},
                                                       {{"matcher", {{"type", "string"}, {"description", "An AST matcher expression, as clang-query takes"}}},
                                                        {"fix-member", {{"type", "string"}, {"description", "Rename the matched member call to this"}}}}))}}},
      {"default", one_of({"on", "off"}, "")},
      {"region", one_of({"training-loop", "function", "except-handler"}, "")},
      {"dedupe-by", {{"type", "string"}}},
      {"absorbs", strings("Rule codes")},
      // `8.8` reads as a number in editors and as a string to YAML readers that resolve no types.
      {"security-severity", {{"anyOf", {{{"type", "number"}, {"minimum", 0}, {"maximum", 10}},
                                        {{"type", "string"}, {"pattern", "^(10(\\.0+)?|[0-9](\\.[0-9]+)?)$"}}}},
                             {"description", "A security rule's score (0.0 to 10.0, as CVSS): code scanning shows its findings as security alerts"}}},
  };
  ojson rule = closed_object(properties(rule_keys(), rule_types));
  rule["required"] = {"id", "name", "family", "language", "severity", "message"};
  ojson s = {{"$schema", "http://json-schema.org/draft-07/schema#"},
             {"$id", "https://github.com/torchlint/torchlint/schemas/rule-pack.schema.json"},
             {"title", "torchlint rule pack: one rule, or `rules: [...]`"},
             {"oneOf", {{{"$ref", "#/definitions/rule"}},
                        {{"type", "object"}, {"properties", {{"rules", {{"type", "array"}, {"items", {{"$ref", "#/definitions/rule"}}}}}}},
                         {"required", {"rules"}}, {"additionalProperties", false}}}},
             {"definitions", {{"rule", rule}, {"match", closed_object(properties(match_keys(), match_types))}, {"where-item", where_item}}}};
  return s;
}

}  // namespace torchlint
