// The create-review payload: inline comments only on lines of the diff, the rest in a body
// that stays under GitHub's size limit.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "report/report.h"

using namespace torchlint;

namespace {
Diagnostic finding(uint32_t line, const std::string& rule = "TL301") {
  Diagnostic d;
  d.rule_id = rule;
  d.rule_name = "missing-zero-grad";
  d.severity = Severity::Error;
  d.path = "train.py";
  d.start = {line, 9};
  d.end = {line, 25};
  d.message = "`optimizer` steps but its gradients are never cleared";
  return d;
}

nlohmann::json review(const std::vector<Diagnostic>& findings, const std::set<uint32_t>& changed,
                      const std::map<std::string, const SourceFile*>& sources = {}) {
  std::ostringstream out;
  render_github_review(out, findings, sources, "abc", [&](const std::string&, uint32_t line) { return changed.count(line) > 0; });
  return nlohmann::json::parse(out.str());
}
}  // namespace

TEST_CASE("a finding on a changed line is commented on that line") {
  auto p = review({finding(10)}, {10});
  REQUIRE(p["comments"].size() == 1);
  CHECK(p["comments"][0]["line"] == 10);
  CHECK(p["comments"][0]["side"] == "RIGHT");
  CHECK(p["commit_id"] == "abc");
}

TEST_CASE("a finding kept for its region sits on a changed line of the region, saying where") {
  Diagnostic d = finding(10);
  d.region = ByteRange{0, 1};
  d.region_start_line = 7;
  d.region_end_line = 20;
  auto p = review({d}, {18, 30});
  REQUIRE(p["comments"].size() == 1);
  CHECK(p["comments"][0]["line"] == 18);
  CHECK(p["comments"][0]["body"].get<std::string>().starts_with("Line 10 "));
}

TEST_CASE("a finding with no line in the diff goes to the body, never to a comment") {
  auto p = review({finding(10)}, {30});
  CHECK(p["comments"].empty());
  CHECK(p["body"].get<std::string>().find("train.py:10` **TL301") != std::string::npos);
}

TEST_CASE("a fix over several lines is a suggestion from start_line to line, when all are in the diff") {
  SourceFile f("train.py", "a\n        optimizer.step()\n        x = 1\n");
  Diagnostic d = finding(2);
  d.fix = Fix{"clear", Applicability::Safe, {{{2, 40}, "        optimizer.step()\n        y = 2", {}, {}}}};
  auto p = review({d}, {2, 3}, {{"train.py", &f}});
  REQUIRE(p["comments"].size() == 1);
  CHECK(p["comments"][0]["start_line"] == 2);
  CHECK(p["comments"][0]["line"] == 3);
  CHECK(p["comments"][0]["start_side"] == "RIGHT");
  CHECK(p["comments"][0]["body"].get<std::string>().find("```suggestion\n        optimizer.step()\n        y = 2\n```") !=
        std::string::npos);
  // Line 3 outside the diff: a comment on line 2 without the suggestion.
  auto partly = review({d}, {2}, {{"train.py", &f}});
  CHECK(partly["comments"][0]["line"] == 2);
  CHECK_FALSE(partly["comments"][0].contains("start_line"));
  CHECK(partly["comments"][0]["body"].get<std::string>().find("```suggestion") == std::string::npos);
}

TEST_CASE("many findings: inline comments are capped and the body stays under GitHub's limit") {
  std::vector<Diagnostic> many;
  std::set<uint32_t> changed;
  for (uint32_t line = 1; line <= 2000; ++line) {
    many.push_back(finding(line));
    if (line <= 1000) changed.insert(line);
  }
  auto p = review(many, changed);
  CHECK(p["comments"].size() <= 50);
  std::string body = p["body"];
  CHECK(body.size() <= kGitHubBodyLimit);
  CHECK(body.find("more findings not shown") != std::string::npos);
}

TEST_CASE("the markdown review stays under GitHub's limit and says what it left out") {
  std::vector<Diagnostic> many;
  for (uint32_t line = 1; line <= 2000; ++line) many.push_back(finding(line));
  std::ostringstream out;
  render_review(out, many, {}, {});
  CHECK(out.str().size() <= kGitHubBodyLimit);
  CHECK(out.str().find("more findings not shown") != std::string::npos);
}
