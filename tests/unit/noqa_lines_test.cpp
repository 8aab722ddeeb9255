// Where a suppression comment for a line of Python goes (core/noqa_lines.h), and TL000's
// verdicts and fixes on the codes of one directive (core/suppressions.h).
#include <doctest/doctest.h>

#include <string>

#include "core/fix_applier.h"
#include "core/noqa_lines.h"
#include "core/suppressions.h"

using namespace torchlint;

TEST_CASE("noqa lines: a multi-line string or a backslash continuation maps to its last line") {
  NoqaLines lines(
      "a = 1\n"                   // 1
      "b = '''x \"\"\" y\n"       // 2: a triple-quoted string with the other quotes inside
      "z'''\n"                    // 3
      "c = 1 + \\\n"              // 4: continued
      "    2\n"                   // 5
      "d = 1  # a comment \\\n"   // 6: a backslash in a comment continues nothing
      "e = \"\\\"\" + '''\\\n"   // 7: an escaped quote, then a string with an escaped line end
      "'''\n"                     // 8
      "f = 'unterminated\n"       // 9: a one-quote string ends at the line's end
      "g = 1\n");                 // 10
  CHECK(lines.comment_line(1) == 1);
  CHECK(lines.comment_line(2) == 3);
  CHECK(lines.comment_line(3) == 3);
  CHECK(lines.comment_line(4) == 5);
  CHECK(lines.comment_line(6) == 6);
  CHECK(lines.comment_line(7) == 8);
  CHECK(lines.comment_line(9) == 9);
  CHECK(lines.comment_line(10) == 10);
  CHECK(lines.comment_line(99) == 99);  // past the end: itself
}

TEST_CASE("noqa lines: comments are found outside strings only, CRLF line ends excluded") {
  std::string text = "s = '# not a comment'  # one\r\nt = \"\"\"\n# inside\n\"\"\"  # two\r\n";
  NoqaLines lines(text);
  REQUIRE(lines.comments().size() == 2);
  auto comment = [&](size_t i) {
    ByteRange r = lines.comments()[i].range;
    return text.substr(r.start, r.end - r.start);
  };
  CHECK(comment(0) == "# one");
  CHECK(comment(1) == "# two");
  CHECK(lines.comment_line(2) == 4);
}

namespace {

// TL000 on `text` once `findings` were suppressed: TL101 and TL303 ran, TL501 did not, TL999
// findings are never suppressed, and TL2O1 is a misspelling of TL201.
std::vector<Diagnostic> judge(const std::string& text, std::vector<Diagnostic> findings = {}) {
  SourceFile file("t.py", text);
  NoqaLines lines(file.text);
  std::vector<Suppression> suppressions = parse_suppressions(file, lines.comments());
  apply_suppressions(findings, suppressions, &lines);
  SuppressionJudge j{"TL000", "unused-suppression", Severity::Warning,
                     [](const std::string& code) {
                       if (code == "TL999") return CodeStatus::kNeverSuppressed;
                       if (code == "TL101" || code == "TL303") return CodeStatus::kRan;
                       return code == "TL501" ? CodeStatus::kNotEnabled : CodeStatus::kUnknown;
                     },
                     [](const std::string& code) { return code == "TL2O1" ? std::string("TL201") : std::string(); },
                     true};
  return unused_suppressions(file, suppressions, j);
}

std::string fixed(const std::string& text, const Diagnostic& d) {
  REQUIRE(d.fix);
  return apply_edits(text, d.fix->edits).text;
}

Diagnostic finding_on(uint32_t line, const std::string& rule) {
  Diagnostic d;
  d.rule_id = rule;
  d.start.line = line;
  return d;
}

}  // namespace

TEST_CASE("TL000: one fix per directive removes only the codes that do nothing") {
  std::string text = "x = 1  # noqa: TL101, E501, TL303, TL2O1, TL501\n";
  auto found = judge(text, {finding_on(1, "TL101")});
  REQUIRE(found.size() == 3);  // unused TL303, unknown TL2O1, not enabled TL501
  CHECK(found[0].message == "unused suppression of `TL303`: no such finding here");
  CHECK(found[1].message == "suppression of `TL2O1`: no such rule (did you mean `TL201`?)");
  CHECK(found[2].message.find("`TL501`, not enabled") != std::string::npos);
  CHECK(fixed(text, found[0]) == "x = 1  # noqa: TL101, E501, TL501\n");
  CHECK(!found[1].fix);
  CHECK(!found[2].fix);
}

TEST_CASE("TL000: a directive left with nothing goes whole; a following comment keeps its place") {
  std::string text = "x = 1  # noqa: TL303, TL999  # why\n";
  auto found = judge(text);
  REQUIRE(found.size() == 2);
  CHECK(found[1].message == "suppression of `TL999`: its findings are always reported, no comment hides them");
  CHECK(fixed(text, found[0]) == "x = 1  # why\n");
}

TEST_CASE("TL000: a bare noqa that hides nothing is reported, its removal unsafe") {
  auto found = judge("x = 1  # noqa\n");
  REQUIRE(found.size() == 1);
  REQUIRE(found[0].fix);
  CHECK(found[0].fix->applicability == Applicability::Unsafe);
  CHECK(judge("x = 1  # noqa: E501, B101\n").empty());  // other linters' codes are theirs
}

TEST_CASE("suppressions: a comment after a multi-line string covers its first line") {
  std::vector<Diagnostic> findings = {finding_on(1, "TL101")};
  SourceFile file("t.py", "x = f('''a\nb''')  # noqa: TL101\n");
  NoqaLines lines(file.text);
  std::vector<Suppression> suppressions = parse_suppressions(file, lines.comments());
  apply_suppressions(findings, suppressions, &lines);
  CHECK(findings.empty());
}
