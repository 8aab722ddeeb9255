#include <doctest/doctest.h>

#include "python/rule_compiler.h"
#include "rulepack/loader.h"

using namespace torchlint;

namespace {
const char* kValid = R"(id: ACME001
name: no-print
family: style
language: python
severity: warning
message: "print of {X}"
match:
  pattern: print($X)
docs:
  what: a
  why: b
  example: c
  use-instead: d
)";

std::string error_of(const std::string& yaml) {
  try {
    load_rule_pack_text(yaml, "pack.yaml");
  } catch (const RulePackError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("a valid rule loads with its fields") {
  auto rules = load_rule_pack_text(kValid, "pack.yaml");
  REQUIRE(rules.size() == 1);
  CHECK(rules[0].id == "ACME001");
  CHECK(rules[0].severity == Severity::Warning);
  CHECK(*rules[0].match->pattern == "print($X)");
}

TEST_CASE("a misspelt key is located and gets a suggestion") {
  std::string yaml = kValid;
  yaml.replace(yaml.find("message:"), 8, "mesage:");
  std::string err = error_of(yaml);
  CHECK(err.find("pack.yaml:6:1") != std::string::npos);
  CHECK(err.find("did you mean `message`") != std::string::npos);
}

TEST_CASE("invalid YAML syntax is located") {
  std::string err = error_of("id: [unclosed\nname: x\n");
  CHECK(err.find("pack.yaml:") == 0);
  CHECK(err.find("invalid YAML") != std::string::npos);
}

TEST_CASE("a wrong severity suggests the closest value") {
  std::string yaml = kValid;
  yaml.replace(yaml.find("warning"), 7, "warnin");
  CHECK(error_of(yaml).find("did you mean `warning`") != std::string::npos);
}

TEST_CASE("a pack may hold a list of rules") {
  std::string item = kValid;
  std::string indented;
  for (size_t i = 0; i < item.size(); ++i) {
    indented += item[i];
    if (item[i] == '\n' && i + 1 < item.size()) indented += "    ";
  }
  auto rules = load_rule_pack_text("rules:\n  - " + indented, "pack.yaml");
  CHECK(rules.size() == 1);
}

TEST_CASE("did_you_mean picks close words and refuses far ones") {
  CHECK(did_you_mean("carries-grd", {"carries-grad", "is-tensor"}) == "carries-grad");
  CHECK(did_you_mean("zzzzzz", {"carries-grad", "is-tensor"}).empty());
}

TEST_CASE("the rule compiler rejects unknown predicates and unbound metavariables") {
  std::string yaml = kValid;
  yaml.replace(yaml.find("  pattern: print($X)\n"), 21, "  pattern: print($X)\n  where:\n    - carries-grd: $X\n");
  auto rules = load_rule_pack_text(yaml, "pack.yaml");
  try {
    py::compile_rule(rules[0]);
    FAIL("expected a compile error");
  } catch (const py::RuleCompileError& e) {
    CHECK(std::string(e.what()).find("did you mean `carries-grad`") != std::string::npos);
  }
  std::string unbound = kValid;
  unbound.replace(unbound.find("  pattern: print($X)\n"), 21, "  pattern: print($X)\n  where:\n    - carries-grad: $Y\n");
  CHECK_THROWS_AS(py::compile_rule(load_rule_pack_text(unbound, "p.yaml")[0]), py::RuleCompileError);
}
