#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "report/repo_paths.h"
#include "report/report.h"

using namespace torchlint;

namespace {
Diagnostic finding(uint32_t line, std::string message) {
  Diagnostic d;
  d.rule_id = "TL101";
  d.rule_name = "loss-kept-with-graph";
  d.severity = Severity::Error;
  d.path = "dir,a:b.py";
  d.start = {line, 5};
  d.end = {line, 9};
  d.message = std::move(message);
  return d;
}
}  // namespace

TEST_CASE("github workflow commands escape data and properties, and name files from the repository root") {
  std::ostringstream out;
  render_github(out, {finding(3, "100% of\nthe graph")});
  std::string folder = *RepoPaths().relative("x");  // the working folder, relative to the root
  folder.pop_back();
  CHECK(out.str() == "::error file=" + folder +
                         "dir%2Ca%3Ab.py,line=3,col=5,endLine=3,endColumn=9,title=TL101 [loss-kept-with-graph]::100%25 of%0Athe graph\n");
}

TEST_CASE("fingerprints follow the line's text, not its number") {
  SourceFile before("f.py", "a = 1\nlosses.append(loss)\n");
  SourceFile after("f.py", "import os\n\na = 1\nlosses.append(loss)\n");
  SourceFile edited("f.py", "a = 1\nlosses.append(loss2)\n");
  Diagnostic d = finding(2, "m");
  d.path = "f.py";
  Diagnostic moved = d;
  moved.start.line = 4;
  std::string fp = finding_fingerprint(d, {{"f.py", &before}});
  CHECK(fp == finding_fingerprint(moved, {{"f.py", &after}}));
  CHECK(fp != finding_fingerprint(d, {{"f.py", &edited}}));
}

TEST_CASE("sarif carries rules, levels, regions and fixes") {
  SourceFile f("f.py", "losses.append(loss)\n");
  Diagnostic d = finding(1, "kept");
  d.path = "f.py";
  d.fix = Fix{"detach", Applicability::Unsafe, {{{14, 18}, "loss.detach()", {1, 15}, {1, 19}}}};
  RuleSpec r;
  r.id = "TL101";
  r.name = "loss-kept-with-graph";
  r.severity = Severity::Error;
  r.docs.what = "Flags things. More text.";
  std::ostringstream out;
  render_sarif(out, {d}, {r}, {{"f.py", &f}}, "1.2.3");
  auto j = nlohmann::json::parse(out.str());
  CHECK(j["version"] == "2.1.0");
  const auto& run = j["runs"][0];
  CHECK(run["tool"]["driver"]["rules"][0]["name"] == "LossKeptWithGraph");
  CHECK(run["tool"]["driver"]["rules"][0]["shortDescription"]["text"] == "Flags things.");
  const auto& result = run["results"][0];
  CHECK(result["level"] == "error");
  CHECK(result["ruleIndex"] == 0);
  CHECK(result["locations"][0]["physicalLocation"]["region"]["startColumn"] == 5);
  CHECK(result["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == "loss.detach()");
}

TEST_CASE("the review rates risk and shows the fixed line as a diff") {
  SourceFile f("f.py", "    losses.append(loss)\n");
  Diagnostic d = finding(1, "kept");
  d.path = "f.py";
  d.fix = Fix{"detach it", Applicability::Unsafe, {{{18, 22}, "loss.detach()", {}, {}}}};
  RuleSpec r;
  r.id = "TL101";
  r.docs.why = "Graphs stay alive.\n\nSecond paragraph.";
  std::ostringstream out;
  render_review(out, {d}, {r}, {{"f.py", &f}});
  CHECK(out.str().find("Overall risk: HIGH") != std::string::npos);
  // A plain comment renders no ```suggestion block: the fix is a diff.
  CHECK(out.str().find("```diff\n-    losses.append(loss)\n+    losses.append(loss.detach())\n```") != std::string::npos);
  CHECK(out.str().find("```suggestion") == std::string::npos);
  CHECK(out.str().find("Graphs stay alive.") != std::string::npos);
  CHECK(out.str().find("Second paragraph") == std::string::npos);
}

TEST_CASE("identical findings on identical lines get distinct fingerprints") {
  SourceFile f("f.py", "x.append(loss)\nx.append(loss)\n");
  Diagnostic a = finding(1, "m"), b = finding(2, "m");
  a.path = b.path = "f.py";
  auto fps = unique_fingerprints({a, b}, {{"f.py", &f}});
  CHECK(fps[0] != fps[1]);
  CHECK(fps[0] == finding_fingerprint(a, {{"f.py", &f}}));
}

TEST_CASE("rdjson columns count UTF-8 bytes") {
  SourceFile f("f.py", "é = loss\n");  // `loss` starts at code point 5, byte 6
  Diagnostic d = finding(1, "m");
  d.path = "f.py";
  d.range = {5, 9};
  d.start = {1, 5};
  d.end = {1, 9};
  std::ostringstream out;
  render_rdjson(out, {d}, {{"f.py", &f}});
  auto j = nlohmann::json::parse(out.str());
  CHECK(j["diagnostics"][0]["location"]["range"]["start"]["column"] == 6);
  CHECK(j["diagnostics"][0]["location"]["range"]["end"]["column"] == 10);
}

TEST_CASE("sarif: security rules are security alerts, and titles are one short sentence") {
  RuleSpec r;
  r.id = "TL001";
  r.name = "torch-load-unsafe";
  r.family = "hygiene";
  r.security_severity = "8.8";
  r.docs.what = "Flags `torch.load(...)` (also through `import torch as th` or `from torch import load`) that may "
                "unpickle arbitrary objects: with an explicit `weights_only=False` on a path that is not a string "
                "literal, or with no `weights_only` argument at all. Second sentence.";
  RuleSpec plain = r;
  plain.id = "TL002";
  plain.security_severity = "";
  std::ostringstream out;
  render_sarif(out, {}, {r, plain}, {}, "1.2.3");
  auto rules = nlohmann::json::parse(out.str())["runs"][0]["tool"]["driver"]["rules"];
  CHECK(rules[0]["properties"]["tags"] == nlohmann::json::array({"hygiene", "security"}));
  CHECK(rules[0]["properties"]["security-severity"] == "8.8");
  CHECK(rules[0]["shortDescription"]["text"] == "Flags `torch.load(...)` that may unpickle arbitrary objects.");
  CHECK(rules[0]["fullDescription"]["text"].get<std::string>().ends_with("Second sentence."));
  CHECK(rules[1]["properties"]["tags"] == nlohmann::json::array({"hygiene"}));
  CHECK_FALSE(rules[1]["properties"].contains("security-severity"));
}
