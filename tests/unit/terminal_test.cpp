// What reaches a terminal (cli/terminal.h): control characters and broken UTF-8 escaped,
// echoed values cut.
#include <doctest/doctest.h>

#include <string>

#include "cli/terminal.h"

using namespace torchlint;

TEST_CASE("printable escapes C0, DEL, C1 and bytes that are not UTF-8") {
  CHECK(printable("\x1b[31mred.py") == "\\x1b[31mred.py");
  CHECK(printable("a\tb\nc\rd") == "a\\tb\\nc\\rd");
  CHECK(printable(std::string("nul\0.py", 7)) == "nul\\x00.py");
  CHECK(printable("del\x7f") == "del\\x7f");
  CHECK(printable("csi\xc2\x9b" "2J") == "csi\\u009b2J");  // U+009B, the one-byte CSI
  CHECK(printable("bad\xff\xfe") == "bad\\xff\\xfe");
  CHECK(printable("cut\xc3") == "cut\\xc3");               // a sequence cut short
  CHECK(printable("over\xc0\xaf") == "over\\xc0\\xaf");    // an overlong '/'
  CHECK(printable("sur\xed\xa0\x80") == "sur\\xed\\xa0\\x80");  // a UTF-16 surrogate
}

TEST_CASE("printable leaves ordinary text alone") {
  CHECK(printable("src/train.py") == "src/train.py");
  CHECK(printable("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x94\xa5") == "caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x94\xa5");
  CHECK(printable("two\nlines\tand a tab", Whitespace::Keep) == "two\nlines\tand a tab");
  CHECK(printable("keep\n\x1b[2J", Whitespace::Keep) == "keep\n\\x1b[2J");
}

TEST_CASE("quoted_value quotes short values and cuts long ones, saying how long they were") {
  CHECK(quoted_value("TL101") == "`TL101`");
  CHECK(quoted_value("\x1b]0;x\a") == "`\\x1b]0;x\\x07`");
  std::string huge(20'000'000, 'X');
  CHECK(quoted_value(huge) == "`" + std::string(80, 'X') + "…` (20000000 bytes)");
  // Never cut inside a character.
  std::string accents;
  for (int i = 0; i < 60; ++i) accents += "\xc3\xa9";
  std::string shown = quoted_value(accents);
  CHECK(shown == "`" + accents.substr(0, 80) + "…` (120 bytes)");
}
