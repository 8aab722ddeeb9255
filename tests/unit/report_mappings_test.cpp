// Severity mappings and per-format details of the CI renderers that report_formats_test.cpp
// does not pin: each format has its own vocabulary, and a wrong word silently changes how a
// CI system ranks (or hides) a finding.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "report/repo_paths.h"
#include "report/report.h"

using namespace torchlint;

namespace {
Diagnostic at(Severity s, uint32_t line, std::string path = "f.py") {
  Diagnostic d;
  d.rule_id = "TL201";
  d.rule_name = "sync-in-hot-loop";
  d.severity = s;
  d.path = std::move(path);
  d.start = {line, 1};
  d.end = {line, 5};
  d.message = "m";
  return d;
}

std::vector<Diagnostic> one_of_each() {
  return {at(Severity::Error, 1), at(Severity::Warning, 2), at(Severity::Info, 3)};
}
}  // namespace

TEST_CASE("github commands use error, warning and notice") {
  std::ostringstream out;
  render_github(out, one_of_each());
  std::istringstream lines(out.str());
  std::string line;
  std::vector<std::string> kinds;
  while (std::getline(lines, line)) kinds.push_back(line.substr(0, line.find(' ')));
  CHECK(kinds == std::vector<std::string>{"::error", "::warning", "::notice"});
}

TEST_CASE("gitlab severities are major, minor and info") {
  std::ostringstream out;
  render_gitlab(out, one_of_each(), {});
  auto j = nlohmann::json::parse(out.str());
  REQUIRE(j.size() == 3);
  CHECK(j[0]["severity"] == "major");
  CHECK(j[1]["severity"] == "minor");
  CHECK(j[2]["severity"] == "info");
  CHECK(j[0]["description"] == "TL201 m");
  CHECK(j[0]["check_name"] == "TL201");
  CHECK(j[2]["location"]["lines"]["begin"] == 3);
}

TEST_CASE("gitlab fingerprints survive a finding moving to another line") {
  SourceFile before("f.py", "for b in data:\n    x.item()\n");
  SourceFile after("f.py", "import torch\n\nfor b in data:\n    x.item()\n");
  std::ostringstream a, b;
  render_gitlab(a, {at(Severity::Warning, 2)}, {{"f.py", &before}});
  render_gitlab(b, {at(Severity::Warning, 4)}, {{"f.py", &after}});
  CHECK(nlohmann::json::parse(a.str())[0]["fingerprint"] == nlohmann::json::parse(b.str())[0]["fingerprint"]);
}

TEST_CASE("sarif levels are error, warning and note") {
  std::ostringstream out;
  render_sarif(out, one_of_each(), {}, {}, "0.0.0");
  auto results = nlohmann::json::parse(out.str())["runs"][0]["results"];
  CHECK(results[0]["level"] == "error");
  CHECK(results[1]["level"] == "warning");
  CHECK(results[2]["level"] == "note");
  // A finding of a rule the caller did not pass still resolves: its rule is listed by name.
  auto rules = nlohmann::json::parse(out.str())["runs"][0]["tool"]["driver"]["rules"];
  REQUIRE(results[0].contains("ruleIndex"));
  CHECK(rules[results[0]["ruleIndex"].get<size_t>()]["id"] == results[0]["ruleId"]);
}

TEST_CASE("sarif uris are percent-encoded and relative to %SRCROOT%, the repository root") {
  std::ostringstream out;
  render_sarif(out, {at(Severity::Error, 1, "./my dir/ü#1.py"), at(Severity::Error, 1, "/abs/x.py")}, {}, {}, "0.0.0");
  auto run = nlohmann::json::parse(out.str())["runs"][0];
  auto results = run["results"];
  auto rel = results[0]["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(rel["uri"].get<std::string>().ends_with("my%20dir/%C3%BC%231.py"));
  CHECK_FALSE(rel["uri"].get<std::string>().starts_with("."));
  CHECK(rel["uriBaseId"] == "%SRCROOT%");
  CHECK(run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file://" + RepoPaths().root());
  auto abs = results[1]["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(abs["uri"] == "file:///abs/x.py");
  CHECK_FALSE(abs.contains("uriBaseId"));
}

TEST_CASE("rdjson maps severities and suggests only applicable fixes") {
  std::vector<Diagnostic> ds = one_of_each();
  ds[0].fix = Fix{"safe", Applicability::Safe, {{{0, 4}, "y", {1, 1}, {1, 5}}}};
  ds[1].fix = Fix{"display", Applicability::DisplayOnly, {{{0, 4}, "z", {2, 1}, {2, 5}}}};
  std::ostringstream out;
  render_rdjson(out, ds, {});
  auto j = nlohmann::json::parse(out.str());
  CHECK(j["source"]["name"] == "torchlint");
  auto diags = j["diagnostics"];
  CHECK(diags[0]["severity"] == "ERROR");
  CHECK(diags[1]["severity"] == "WARNING");
  CHECK(diags[2]["severity"] == "INFO");
  CHECK(diags[0]["code"]["value"] == "TL201");
  CHECK(diags[0]["location"]["range"]["end"]["column"] == 5);
  REQUIRE(diags[0].contains("suggestions"));
  CHECK(diags[0]["suggestions"][0]["text"] == "y");
  CHECK(diags[0]["suggestions"][0]["range"]["start"]["line"] == 1);
  CHECK_FALSE(diags[1].contains("suggestions"));
}

TEST_CASE("review risk follows the worst severity") {
  auto risk = [](std::vector<Diagnostic> ds) {
    std::ostringstream out;
    render_review(out, ds, {}, {});
    return out.str();
  };
  CHECK(risk({}).find("Overall risk: LOW** — no findings") != std::string::npos);
  CHECK(risk({at(Severity::Warning, 1), at(Severity::Info, 2)}).find("Overall risk: MEDIUM") != std::string::npos);
  std::string low = risk({at(Severity::Info, 2)});
  CHECK(low.find("Overall risk: LOW") != std::string::npos);
  CHECK(low.find("### Suggestions") != std::string::npos);
  CHECK(low.find("### Critical issues") == std::string::npos);
  CHECK(low.find("#### `f.py:2` — TL201 sync-in-hot-loop") != std::string::npos);
}

TEST_CASE("review shows a display-only fix as text, not as a suggestion") {
  SourceFile f("f.py", "x.item()\n");
  Diagnostic d = at(Severity::Warning, 1);
  d.fix = Fix{"read it later", Applicability::DisplayOnly, {{{0, 8}, "x", {}, {}}}};
  CHECK_FALSE(suggested_lines(d, f).has_value());
  std::ostringstream out;
  render_review(out, {d}, {}, {{"f.py", &f}});
  CHECK(out.str().find("```suggestion") == std::string::npos);
  CHECK(out.str().find("*Fix:* read it later") != std::string::npos);
}
