// apply_edits (core/fix_applier.h).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/fix_applier.h"

using namespace torchlint;

namespace {
Edit edit(uint32_t start, uint32_t end, std::string replacement) {
  return Edit{{start, end}, std::move(replacement), {}, {}};
}
}  // namespace

TEST_CASE("apply_edits with no edits returns the text unchanged") {
  AppliedEdits out = apply_edits("x = 1\n", {});
  CHECK(out.text == "x = 1\n");
  CHECK(out.applied == 0);
  CHECK(out.skipped == 0);
}

TEST_CASE("apply_edits: non-overlapping edits given out of order") {
  //                 0123456789012345678
  std::string text = "losses.append(loss)";
  std::vector<Edit> edits = {
      edit(14, 18, "loss.detach()"),  // the argument
      edit(0, 6, "history"),          // the receiver
      edit(7, 13, "extend"),          // the method name
  };
  AppliedEdits out = apply_edits(text, edits);
  CHECK(out.text == "history.extend(loss.detach())");
  CHECK(out.applied == 3);
  CHECK(out.skipped == 0);

  SUBCASE("the result does not depend on the order the edits are given in") {
    std::vector<Edit> reversed(edits.rbegin(), edits.rend());
    CHECK(apply_edits(text, reversed).text == out.text);
  }
}

TEST_CASE("apply_edits: adjacent edits both apply") {
  AppliedEdits out = apply_edits("abcdef", {edit(2, 4, "XY"), edit(0, 2, "__"), edit(4, 6, "!")});
  CHECK(out.text == "__XY!");
  CHECK(out.applied == 3);
  CHECK(out.skipped == 0);
}

TEST_CASE("apply_edits: overlapping edits are skipped and counted") {
  std::string text = "0123456789";
  SUBCASE("partial overlap") {
    AppliedEdits out = apply_edits(text, {edit(2, 5, "A"), edit(4, 7, "B")});
    CHECK(out.text == "01A56789");
    CHECK(out.applied == 1);
    CHECK(out.skipped == 1);
  }
  SUBCASE("an edit inside another") {
    AppliedEdits out = apply_edits(text, {edit(1, 9, "[...]"), edit(3, 4, "x"), edit(5, 6, "y")});
    CHECK(out.text == "0[...]9");
    CHECK(out.applied == 1);
    CHECK(out.skipped == 2);
  }
  SUBCASE("skipped edits leave the others intact") {
    AppliedEdits out = apply_edits(text, {edit(8, 10, "END"), edit(0, 3, "S"), edit(1, 2, "no")});
    CHECK(out.text == "S34567END");
    CHECK(out.applied == 2);
    CHECK(out.skipped == 1);
  }
  SUBCASE("two edits of the same range: one applies") {
    AppliedEdits out = apply_edits(text, {edit(3, 5, "a"), edit(3, 5, "b")});
    CHECK(out.applied == 1);
    CHECK(out.skipped == 1);
    CHECK(out.text == "012a56789");  // the first given wins
  }
}

TEST_CASE("apply_edits: insertions") {
  SUBCASE("two insertions at one offset keep their given order") {
    AppliedEdits out = apply_edits("f(x)\n", {edit(4, 4, "  # a"), edit(4, 4, "  # b")});
    CHECK(out.text == "f(x)  # a  # b\n");
    CHECK(out.applied == 2);
    CHECK(out.skipped == 0);
  }
  SUBCASE("an insertion right after a replaced range") {
    AppliedEdits out = apply_edits("abc", {edit(1, 2, "B"), edit(2, 2, "+")});
    CHECK(out.text == "aB+c");
    CHECK(out.applied == 2);
  }
  SUBCASE("insertions at the start and at the end of the text") {
    AppliedEdits out = apply_edits("mid", {edit(3, 3, ">"), edit(0, 0, "<")});
    CHECK(out.text == "<mid>");
    CHECK(out.applied == 2);
  }
  SUBCASE("an insertion into an empty text") {
    AppliedEdits out = apply_edits("", {edit(0, 0, "import torch\n")});
    CHECK(out.text == "import torch\n");
    CHECK(out.applied == 1);
  }
}

TEST_CASE("apply_edits: deletions and multi-byte text") {
  std::string text = "x = 'é' # note\n";
  uint32_t hash = static_cast<uint32_t>(text.find(" #"));
  uint32_t eol = static_cast<uint32_t>(text.find('\n'));
  uint32_t e = static_cast<uint32_t>(text.find("é"));
  AppliedEdits out = apply_edits(text, {edit(hash, eol, ""), edit(e, e + 2, "e")});
  CHECK(out.text == "x = 'e'\n");
  CHECK(out.applied == 2);
}

TEST_CASE("apply_edits: ranges outside the text are skipped, not applied") {
  std::string text = "abc";
  SUBCASE("end past the text") {
    AppliedEdits out = apply_edits(text, {edit(2, 10, "X")});
    CHECK(out.text == "abc");
    CHECK(out.applied == 0);
    CHECK(out.skipped == 1);
  }
  SUBCASE("end before start") {
    AppliedEdits out = apply_edits(text, {edit(2, 1, "X"), edit(0, 1, "A")});
    CHECK(out.text == "Abc");
    CHECK(out.applied == 1);
    CHECK(out.skipped == 1);
  }
}

TEST_CASE("apply_edits: every applied edit is visible in the output") {
  // Replace each 'o' in a longer text, edits listed back to front.
  std::string text = "foo(boo, zoo)  # too\nloop\n";
  std::vector<Edit> edits;
  std::string expected;
  for (size_t i = text.size(); i-- > 0;)
    if (text[i] == 'o') edits.push_back(edit(static_cast<uint32_t>(i), static_cast<uint32_t>(i + 1), "0"));
  for (char c : text) expected += c == 'o' ? '0' : c;
  AppliedEdits out = apply_edits(text, edits);
  CHECK(out.text == expected);
  CHECK(out.applied == edits.size());
  CHECK(out.skipped == 0);
}
