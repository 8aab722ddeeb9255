// LineIndex, resolve_positions and looks_binary (core/source_file.h).
#include <doctest/doctest.h>

#include <string>

#include "core/source_file.h"

using namespace torchlint;

namespace {
// The 1-based (line, column) of byte `b`, as a pair for compact comparisons.
std::pair<uint32_t, uint32_t> at(const LineIndex& idx, std::string_view text, size_t b) {
  Position p = idx.position(text, static_cast<uint32_t>(b));
  return {p.line, p.column};
}
using LC = std::pair<uint32_t, uint32_t>;
}  // namespace

namespace doctest {
template <>
struct StringMaker<LC> {
  static String convert(const LC& p) {
    return ("line " + std::to_string(p.first) + ", column " + std::to_string(p.second)).c_str();
  }
};
}  // namespace doctest

TEST_CASE("LineIndex: line starts and line ends") {
  std::string text = "first\nsecond line\nx";
  LineIndex idx(text);
  REQUIRE(idx.line_count() == 3);
  CHECK(idx.line_start(1) == 0);
  CHECK(idx.line_start(2) == text.find("second"));
  CHECK(idx.line_start(3) == text.find('x'));

  CHECK(at(idx, text, 0) == LC{1, 1});
  // The newline belongs to the line it ends; its column is one past the last character.
  CHECK(at(idx, text, text.find('\n')) == LC{1, 6});
  CHECK(at(idx, text, text.find('\n') + 1) == LC{2, 1});
  size_t second_nl = text.find('\n', text.find('\n') + 1);
  CHECK(at(idx, text, second_nl) == LC{2, 12});
  CHECK(at(idx, text, second_nl + 1) == LC{3, 1});
  // End of text (a valid end offset) and beyond it (clamped).
  CHECK(at(idx, text, text.size()) == LC{3, 2});
  CHECK(at(idx, text, text.size() + 100) == LC{3, 2});
}

TEST_CASE("LineIndex: a trailing newline opens an empty last line") {
  std::string text = "a\nb\n";
  LineIndex idx(text);
  CHECK(idx.line_count() == 3);
  CHECK(idx.line_text(text, 2) == "b");
  CHECK(idx.line_text(text, 3).empty());
  CHECK(at(idx, text, text.size()) == LC{3, 1});
}

TEST_CASE("LineIndex: columns count UTF-8 code points, not bytes") {
  // é: 2 bytes, €: 3 bytes, 😀: 4 bytes.
  std::string text = "x = 'é€😀' + y\n";
  LineIndex idx(text);
  CHECK(at(idx, text, text.find("é")) == LC{1, 6});
  CHECK(at(idx, text, text.find("€")) == LC{1, 7});
  CHECK(at(idx, text, text.find("😀")) == LC{1, 8});
  CHECK(at(idx, text, text.find("' +")) == LC{1, 9});
  CHECK(at(idx, text, text.find('y')) == LC{1, 13});

  SUBCASE("on a later line the count restarts") {
    std::string two = "ab\n€€z";
    LineIndex i2(two);
    CHECK(at(i2, two, two.find('z')) == LC{2, 3});
  }
}

TEST_CASE("LineIndex: invalid UTF-8 lead bytes count one column each") {
  // Latin-1 "café": 0xE9 is a lead byte whose continuation is missing.
  std::string text = "caf\xE9 x";
  LineIndex idx(text);
  CHECK(at(idx, text, text.find('x')) == LC{1, 6});
}

// Documented in source_file.h: "invalid bytes counting one each". A stray continuation
// byte (Latin-1 'µ' = 0xB5, '°' = 0xB0) is invalid UTF-8 but is counted as zero columns.
TEST_CASE("LineIndex: stray continuation bytes count one column each") {
  std::string text = "a\xB5" "b\xB0 c";
  LineIndex idx(text);
  CHECK(at(idx, text, text.find('b')) == LC{1, 3});
  CHECK(at(idx, text, text.find('c')) == LC{1, 6});
}

TEST_CASE("LineIndex: line_text strips LF and CRLF terminators") {
  std::string text = "one\r\ntwo\nthree\r\n\r\nlast";
  LineIndex idx(text);
  REQUIRE(idx.line_count() == 5);
  CHECK(idx.line_text(text, 1) == "one");
  CHECK(idx.line_text(text, 2) == "two");
  CHECK(idx.line_text(text, 3) == "three");
  CHECK(idx.line_text(text, 4).empty());
  CHECK(idx.line_text(text, 5) == "last");
  // Out-of-range lines are empty rather than undefined.
  CHECK(idx.line_text(text, 0).empty());
  CHECK(idx.line_text(text, 6).empty());
  // The CR is still a byte of its line: positions are not affected by stripping.
  CHECK(at(idx, text, text.find("two")) == LC{2, 1});
}

TEST_CASE("LineIndex: empty text has one empty line") {
  std::string text;
  LineIndex idx(text);
  CHECK(idx.line_count() == 1);
  CHECK(idx.line_start(1) == 0);
  CHECK(idx.line_text(text, 1).empty());
  CHECK(at(idx, text, 0) == LC{1, 1});
  CHECK(at(idx, text, 5) == LC{1, 1});
}

TEST_CASE("LineIndex: text of only newlines") {
  std::string text = "\n\n\n";
  LineIndex idx(text);
  CHECK(idx.line_count() == 4);
  for (uint32_t b = 0; b < 3; ++b) CHECK(at(idx, text, b) == LC{b + 1, 1});
}

TEST_CASE("SourceFile builds its index over its own copy of the text") {
  std::string original = "a\nbé\nc";
  SourceFile f("x.py", original);
  original.assign(100, 'z');  // the file must not depend on the caller's buffer
  CHECK(f.lines.line_count() == 3);
  CHECK(f.lines.line_text(f.text, 2) == "bé");
}

TEST_CASE("resolve_positions fills the diagnostic, its region and its fix edits") {
  SourceFile f("t.py", "for x in y:\n    l.append(é + x)\n    z = 1\n");
  Diagnostic d;
  uint32_t x_in_call = static_cast<uint32_t>(f.text.find("x)"));
  d.range = {x_in_call, x_in_call + 1};
  d.region = ByteRange{0, static_cast<uint32_t>(f.text.find("z = 1") + 5)};
  Fix fix;
  fix.edits.push_back({{x_in_call, x_in_call + 1}, "x.detach()", {}, {}});
  fix.edits.push_back({{0, 3}, "FOR", {}, {}});
  d.fix = fix;
  resolve_positions(f, d);
  // "    l.append(é + x)": x is the 18th code point of line 2.
  CHECK(d.start.line == 2);
  CHECK(d.start.column == 18);
  CHECK(d.end.line == 2);
  CHECK(d.end.column == 19);
  CHECK(d.region_start_line == 1);
  CHECK(d.region_end_line == 3);
  CHECK(d.fix->edits[0].start.column == 18);
  CHECK(d.fix->edits[1].start.line == 1);
  CHECK(d.fix->edits[1].end.column == 4);
}

TEST_CASE("resolve_positions leaves region lines at zero without a region") {
  SourceFile f("t.py", "a\nb\n");
  Diagnostic d;
  d.range = {2, 3};
  resolve_positions(f, d);
  CHECK(d.start.line == 2);
  CHECK(d.region_start_line == 0);
  CHECK(d.region_end_line == 0);
  CHECK_FALSE(d.fix.has_value());
}

TEST_CASE("looks_binary: a NUL in the first 8 KiB only") {
  CHECK_FALSE(looks_binary(""));
  CHECK_FALSE(looks_binary("print('héllo')\n"));
  std::string early(100, 'a');
  early[50] = '\0';
  CHECK(looks_binary(early));
  std::string late(9000, 'a');
  late[8500] = '\0';
  CHECK_FALSE(looks_binary(late));
  std::string edge(8192, 'a');
  edge[8191] = '\0';
  CHECK(looks_binary(edge));
}

TEST_CASE("SourceFile: a lone CR ends a line, as in Python, and original_text() keeps it") {
  std::string raw = "a = 1\rb = 2\r\nc = 3\r\rd\n";
  SourceFile f("mac.py", raw);
  CHECK(f.text == "a = 1\nb = 2\r\nc = 3\n\nd\n");  // same bytes, same offsets
  CHECK(f.lines.line_count() == 6);
  CHECK(at(f.lines, f.text, raw.find('b')) == LC{2, 1});
  CHECK(at(f.lines, f.text, raw.find('d')) == LC{5, 1});
  CHECK(f.original_text() == raw);
}
