#include <doctest/doctest.h>

#include "core/fix_applier.h"
#include "core/source_file.h"

using namespace torchlint;

TEST_CASE("LineIndex maps bytes to 1-based lines and code-point columns") {
  std::string text = "ab\ncafé x\r\n\nlast";
  LineIndex idx(text);
  CHECK(idx.line_count() == 4);
  CHECK(idx.position(text, 0).line == 1);
  CHECK(idx.position(text, 3).line == 2);
  CHECK(idx.position(text, 3).column == 1);
  size_t x = text.find('x');
  CHECK(idx.position(text, x).column == 6);  // c a f é ' ' : é is two bytes, one column
  CHECK(idx.line_text(text, 2) == "café x");   // CR LF stripped
  CHECK(idx.line_text(text, 3).empty());
  CHECK(idx.line_text(text, 4) == "last");
  CHECK(idx.position(text, 10'000).line == 4);  // clamped to the end
}

TEST_CASE("LineIndex on empty text") {
  std::string text;
  LineIndex idx(text);
  CHECK(idx.line_count() == 1);
  CHECK(idx.position(text, 0).column == 1);
}

TEST_CASE("apply_edits applies out-of-order edits and skips overlaps") {
  std::string text = "0123456789";
  std::vector<Edit> edits = {{{6, 8}, "X", {}, {}}, {{1, 3}, "ab", {}, {}}, {{2, 4}, "overlap", {}, {}},
                             {{10, 10}, "!", {}, {}}};
  AppliedEdits out = apply_edits(text, edits);
  CHECK(out.text == "0ab345X89!");
  CHECK(out.applied == 3);
  CHECK(out.skipped == 1);
}

TEST_CASE("apply_edits keeps two insertions at one offset in order") {
  AppliedEdits out = apply_edits("ab", {{{1, 1}, "1", {}, {}}, {{1, 1}, "2", {}, {}}});
  CHECK(out.text == "a12b");
}

TEST_CASE("looks_binary finds NUL bytes only near the start") {
  CHECK(looks_binary(std::string("ab\0c", 4)));
  CHECK_FALSE(looks_binary("plain text"));
}
