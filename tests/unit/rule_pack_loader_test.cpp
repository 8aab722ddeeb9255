// Rule pack loading (rulepack/loader.h): YAML -> RuleSpec, with located errors.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "cli/builtin_rules.h"
#include "rulepack/loader.h"

using namespace torchlint;

namespace {
// Same schema as rules/python/memory/TL101-loss-kept-with-graph/rule.yaml.
// Line numbers (1-based) matter to the tests below: `message:` is on line 6.
const std::string kRule = R"YAML(id: ACME101
name: loss-kept
family: memory
language: python
severity: error
message: "`{X}` keeps its graph in `{ACC}`"
anchor: $X
match:
  any:
    - pattern: $ACC.append($X)
    - pattern: $ACC += $X
  where:
    - inside: training-loop
    - not-inside: no-grad
    - carries-grad: $X
fix:
  title: "store `{X}.detach()`"
  applicability: unsafe
  replace: $X
  with: "$X.detach()"
docs:
  what: flags a loss kept with its graph
  why: memory grows
  example: losses.append(loss)
  use-instead: losses.append(loss.item())
  references:
    - https://example.com/a
    - https://example.com/b
)YAML";

// `kRule` with the first occurrence of `from` replaced by `to`.
std::string with(const std::string& from, const std::string& to, std::string text = kRule) {
  size_t at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, from);
  return text.replace(at, from.size(), to);
}

// The message of the RulePackError that loading `text` throws ("" if none).
std::string error_of(const std::string& text, const std::string& file = "pack.yaml") {
  try {
    load_rule_pack_text(text, file);
  } catch (const RulePackError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}
}  // namespace

TEST_CASE("a valid rule pack loads with every field") {
  std::vector<RuleSpec> rules = load_rule_pack_text(kRule, "acme.yaml");
  REQUIRE(rules.size() == 1);
  const RuleSpec& r = rules[0];
  CHECK(r.id == "ACME101");
  CHECK(r.name == "loss-kept");
  CHECK(r.family == "memory");
  CHECK(r.language == "python");
  CHECK(r.severity == Severity::Error);
  CHECK(r.message == "`{X}` keeps its graph in `{ACC}`");
  REQUIRE(r.anchor);
  CHECK(*r.anchor == "$X");
  CHECK(r.engine == "pattern");
  CHECK(r.enabled_by_default);

  REQUIRE(r.match->any.size() == 2);
  CHECK(r.match->any[0].pattern == std::optional<std::string>("$ACC.append($X)"));
  CHECK(r.match->any[1].pattern == std::optional<std::string>("$ACC += $X"));
  REQUIRE(r.match->where.size() == 3);
  CHECK(r.match->where[0].key == "inside");
  CHECK(r.match->where[0].arg == "training-loop");
  CHECK(r.match->where[1].key == "not-inside");
  CHECK(r.match->where[2].key == "carries-grad");
  CHECK(r.match->where[2].arg == "$X");
  // Every value remembers where it was written.
  CHECK(r.match->where[2].mark.str() == "acme.yaml:15:7");
  CHECK(*r.mark.file == "acme.yaml");

  REQUIRE(r.fix);
  CHECK(r.fix->title == "store `{X}.detach()`");
  CHECK(r.fix->applicability == Applicability::Unsafe);
  CHECK(r.fix->replace == std::optional<std::string>("$X"));
  CHECK(r.fix->with == std::optional<std::string>("$X.detach()"));
  CHECK_FALSE(r.fix->insert_after);

  CHECK(r.docs.use_instead == "losses.append(loss.item())");
  CHECK(r.docs.references == std::vector<std::string>{"https://example.com/a", "https://example.com/b"});
  CHECK_FALSE(r.source.empty());
}

TEST_CASE("a misspelt key names file:line:col and suggests the key") {
  std::string err = error_of(with("message:", "mesage:"), "rules/acme.yaml");
  CHECK_MESSAGE(contains(err, "rules/acme.yaml:6:1"), err);
  CHECK_MESSAGE(contains(err, "`mesage`"), err);
  CHECK_MESSAGE(contains(err, "did you mean `message`"), err);
}

TEST_CASE("misspelt keys in nested mappings are located too") {
  SUBCASE("in fix") {
    std::string err = error_of(with("  title:", "  titel:"));
    CHECK_MESSAGE(contains(err, "pack.yaml:17:3"), err);
    CHECK_MESSAGE(contains(err, "did you mean `title`"), err);
  }
  SUBCASE("in docs") {
    std::string err = error_of(with("  use-instead:", "  use_instead:"));
    CHECK_MESSAGE(contains(err, "pack.yaml:25:3"), err);
    CHECK_MESSAGE(contains(err, "did you mean `use-instead`"), err);
  }
  SUBCASE("in a match rule") {
    std::string err = error_of(with("    - pattern: $ACC += $X", "    - patern: $ACC += $X"));
    CHECK_MESSAGE(contains(err, "pack.yaml:11:7"), err);
    CHECK_MESSAGE(contains(err, "did you mean `pattern`"), err);
  }
}

TEST_CASE("a key far from every known key gets no suggestion") {
  std::string err = error_of(kRule + "zzzzzzzzzz: 1\n");
  CHECK_MESSAGE(contains(err, "pack.yaml:29:1"), err);
  CHECK_MESSAGE(contains(err, "`zzzzzzzzzz`"), err);
  CHECK_FALSE(contains(err, "did you mean"));
}

TEST_CASE("invalid YAML syntax gives a located error") {
  std::string err = error_of("id: ACME1\nname: x\nmatch: [unclosed\nseverity: error\n");
  REQUIRE_FALSE(err.empty());
  CHECK_MESSAGE(err.rfind("pack.yaml:", 0) == 0, err);
  CHECK_MESSAGE(contains(err, "invalid YAML"), err);
  // The location is a real line:col pair within the text.
  size_t first = err.find(':'), second = err.find(':', first + 1), third = err.find(':', second + 1);
  REQUIRE(third != std::string::npos);
  int line = std::stoi(err.substr(first + 1, second - first - 1));
  int col = std::stoi(err.substr(second + 1, third - second - 1));
  CHECK(line >= 3);
  CHECK(line <= 5);
  CHECK(col >= 1);
}

TEST_CASE("a wrong enum value gets a did-you-mean") {
  SUBCASE("severity") {
    std::string err = error_of(with("severity: error", "severity: eror"));
    CHECK_MESSAGE(contains(err, "pack.yaml:5:11"), err);
    CHECK_MESSAGE(contains(err, "did you mean `error`"), err);
  }
  SUBCASE("severity far from any value") {
    std::string err = error_of(with("severity: error", "severity: catastrophic"));
    CHECK(contains(err, "must be error, warning or info"));
    CHECK_FALSE(contains(err, "did you mean"));
  }
  SUBCASE("applicability") {
    std::string err = error_of(with("applicability: unsafe", "applicability: unsaf"));
    CHECK_MESSAGE(contains(err, "did you mean `unsafe`"), err);
  }
}

TEST_CASE("missing and ill-typed fields are errors") {
  CHECK(contains(error_of(with("language: python\n", "")), "`language`"));
  CHECK(contains(error_of(with("name: loss-kept", "name: LossKept")), "kebab-case"));
  CHECK(contains(error_of(with("language: python", "language: cpp")), "`language` must be `python`"));
  CHECK(contains(error_of(with("  replace: $X\n  with: \"$X.detach()\"\n", "  replace: $X\n")), "needs `with`"));
  CHECK(contains(error_of(with("  where:\n", "  where: {}\n")), "pack.yaml:"));
  CHECK(contains(error_of(""), "empty"));
}

TEST_CASE("a pack may hold a list of rules") {
  std::string second = with("ACME101", "ACME102", with("name: loss-kept", "name: loss-kept-too"));
  auto indent = [](const std::string& rule) {
    std::string out = "  - ";
    for (size_t i = 0; i < rule.size(); ++i) {
      out += rule[i];
      if (rule[i] == '\n' && i + 1 < rule.size()) out += "    ";
    }
    return out;
  };
  std::string pack = "rules:\n" + indent(kRule) + indent(second);
  auto rules = load_rule_pack_text(pack, "many.yaml");
  REQUIRE(rules.size() == 2);
  CHECK(rules[0].id == "ACME101");
  CHECK(rules[1].id == "ACME102");
  CHECK(rules[1].name == "loss-kept-too");
  CHECK(rules[1].match->any.size() == 2);

  SUBCASE("errors inside the list point into the list") {
    std::string bad = "rules:\n" + indent(kRule) + indent(with("message:", "mesage:", second));
    std::string err = error_of(bad, "many.yaml");
    // Line 1 is `rules:`, the first rule takes 28 lines, `message:` is line 6 of the second.
    CHECK_MESSAGE(contains(err, "many.yaml:35:5"), err);
    CHECK_MESSAGE(contains(err, "did you mean `message`"), err);
  }
  SUBCASE("`rules` must be a list") {
    CHECK(contains(error_of("rules: 3\n"), "`rules` must be a list"));
  }
}

TEST_CASE("did_you_mean") {
  std::vector<std::string> keys = {"message", "match", "name", "severity"};
  CHECK(did_you_mean("mesage", keys) == "message");
  CHECK(did_you_mean("messaeg", keys) == "message");
  CHECK(did_you_mean("severty", keys) == "severity");
  CHECK(did_you_mean("mach", keys) == "match");
  CHECK(did_you_mean("name", keys) == "name");
  CHECK(did_you_mean("completely-different", keys).empty());
  CHECK(did_you_mean("mesage", {}).empty());
  // The closest candidate wins, whatever the order.
  CHECK(did_you_mean("carries-grd", {"is-grad-scaler", "carries-grad", "is-tensor"}) == "carries-grad");
  CHECK(did_you_mean("is-tensr", {"is-loss", "is-tensor"}) == "is-tensor");
}

TEST_CASE("load_rule_packs reads *.yaml and *.yml recursively, in path order") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("torchlint_loader_test_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "sub");
  auto write = [](const fs::path& p, const std::string& text) { std::ofstream(p) << text; };
  write(dir / "b.yaml", with("ACME101", "ACME002"));
  write(dir / "sub" / "a.yml", with("ACME101", "ACME003"));
  write(dir / "a.yaml", with("ACME101", "ACME001"));
  write(dir / "notes.txt", "not: a rule\n");

  auto rules = load_rule_packs(dir.string());
  REQUIRE(rules.size() == 3);
  CHECK(rules[0].id == "ACME001");
  CHECK(rules[1].id == "ACME002");
  CHECK(rules[2].id == "ACME003");
  CHECK(*rules[2].mark.file == (dir / "sub" / "a.yml").string());

  CHECK(load_rule_packs((dir / "a.yaml").string()).size() == 1);
  CHECK_THROWS_AS(load_rule_packs((dir / "missing").string()), RulePackError);
  CHECK_THROWS_AS(load_rule_pack_file((dir / "missing.yaml").string()), RulePackError);

  write(dir / "c.yaml", with("severity: error", "severity: eror"));
  std::string err;
  try {
    load_rule_packs(dir.string());
  } catch (const RulePackError& e) {
    err = e.what();
  }
  CHECK_MESSAGE(contains(err, (dir / "c.yaml").string() + ":5:11"), err);
  fs::remove_all(dir);
}

TEST_CASE("report options: dedupe-by takes a metavariable, absorbs takes rule codes") {
  std::string err = error_of(with("match:", "dedupe-by: X\nmatch:"));
  CHECK_MESSAGE(contains(err, "`dedupe-by` must be a metavariable"), err);
  err = error_of(with("match:", "absorbs: [loss-kept-with-graph]\nmatch:"));
  CHECK_MESSAGE(contains(err, "`absorbs` lists rule codes such as `TL304`"), err);
  CHECK_MESSAGE(contains(err, "pack.yaml:"), err);
  err = error_of(with("match:", "absorbs: TL304\nmatch:"));
  CHECK_MESSAGE(contains(err, "`absorbs` must be a list"), err);
  CHECK(error_of(with("match:", "dedupe-by: $X\nabsorbs: [TL304]\nmatch:")).empty());
  err = error_of(with("match:", "region: handler\nmatch:"));
  CHECK_MESSAGE(contains(err, "`region` must be `training-loop`, `function` or `except-handler`"), err);
  for (const char* region : {"training-loop", "function", "except-handler"})
    CHECK(error_of(with("match:", std::string("region: ") + region + "\nreport: once-per-region\nmatch:")).empty());
}

TEST_CASE("docs are optional in a user's pack") {
  size_t docs = kRule.find("docs:");
  REQUIRE(docs != std::string::npos);
  std::string without = kRule.substr(0, docs);  // docs: is the last key
  auto rules = load_rule_pack_text(without, "pack.yaml");
  REQUIRE(rules.size() == 1);
  CHECK(rules[0].docs.what.empty());
}

TEST_CASE("every built-in rule is documented") {
  for (const auto& r : builtin_rules()) {
    CAPTURE(r.id);
    CHECK(!r.docs.what.empty());
    CHECK(!r.docs.why.empty());
    CHECK(!r.docs.example.empty());
    CHECK(!r.docs.use_instead.empty());
  }
}

TEST_CASE("security-severity is a score from 0.0 to 10.0") {
  std::vector<RuleSpec> rules = load_rule_pack_text(with("severity: error", "severity: error\nsecurity-severity: 8.8"), "pack.yaml");
  CHECK(rules.at(0).security_severity == "8.8");
  CHECK(load_rule_pack_text(kRule, "pack.yaml").at(0).security_severity.empty());
  for (const char* bad : {"high", "11", "-1", "8.8x"}) {
    std::string err = error_of(with("severity: error", std::string("severity: error\nsecurity-severity: ") + bad));
    CHECK_MESSAGE(contains(err, "must be a score from 0.0 to 10.0"), err);
  }
}
