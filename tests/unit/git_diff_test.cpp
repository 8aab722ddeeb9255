// Reading `git diff` output (cli/git_diff.h): file names exactly as git writes them, and hunk
// bodies that are never mistaken for headers.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "cli/git_diff.h"

using namespace torchlint;

TEST_CASE("git_unquote reads bare and C-quoted names") {
  CHECK(git_unquote("plain.py") == "plain.py");
  CHECK(git_unquote("a b.py") == "a b.py");
  CHECK(git_unquote(R"("tab\there.py")") == "tab\there.py");
  CHECK(git_unquote(R"("nl\nname.py")") == "nl\nname.py");
  CHECK(git_unquote(R"("quo\"te.py")") == "quo\"te.py");
  CHECK(git_unquote(R"("back\\slash.py")") == "back\\slash.py");
  CHECK(git_unquote(R"("\303\251.py")") == "\xc3\xa9.py");
  CHECK(git_unquote(R"("\033[31mred.py")") == "\x1b[31mred.py");
  CHECK(git_unquote(R"("\a\b\f\r\v\177")") == "\a\b\f\r\v\x7f");
  std::string_view rest;
  CHECK(git_unquote(R"("a\"b"	tail)", &rest) == "a\"b");
  CHECK(rest == "\ttail");
}

TEST_CASE("git_unquote refuses malformed quoting") {
  CHECK_FALSE(git_unquote(R"("unterminated)"));
  CHECK_FALSE(git_unquote(R"("ends in a backslash\)"));
  CHECK_FALSE(git_unquote(R"("\q")"));    // no such escape
  CHECK_FALSE(git_unquote(R"("\47")"));   // octal needs three digits
  CHECK_FALSE(git_unquote(R"("\400")"));  // over one byte
  CHECK_FALSE(git_unquote(R"("\38")"));
}

TEST_CASE("git_quote writes what git writes, and git_unquote reads it back") {
  CHECK(git_quote("plain.py") == "plain.py");
  CHECK(git_quote("a b.py") == "a b.py");
  CHECK(git_quote("tab\there.py") == R"("tab\there.py")");
  CHECK(git_quote("\xc3\xa9.py") == R"("\303\251.py")");
  CHECK(git_quote("\x1b[31m.py") == R"("\033[31m.py")");
  CHECK(git_quote("q\"b\\\x7f") == R"("q\"b\\\177")");
  std::string every_byte;
  for (int c = 1; c < 256; ++c) every_byte += static_cast<char>(c);
  CHECK(git_unquote(git_quote(every_byte)) == every_byte);
}

TEST_CASE("diff_header_path: prefixes, /dev/null and the tab after a name with a space") {
  CHECK(diff_header_path("b/plain.py") == "plain.py");
  CHECK(diff_header_path("a/dir/x.py") == "dir/x.py");
  CHECK(diff_header_path("b/a b.py\t") == "a b.py");
  CHECK(diff_header_path(R"("b/tab\there.py")") == "tab\there.py");
  CHECK(diff_header_path(R"("b/a b\tc.py")"
                         "\t") == "a b\tc.py");
  CHECK(diff_header_path(R"("b/\303\251.py")") == "\xc3\xa9.py");
  CHECK(diff_header_path("b/dev/null") == "dev/null");
  CHECK_FALSE(diff_header_path("/dev/null"));
  CHECK_FALSE(diff_header_path("b/"));
  CHECK_FALSE(diff_header_path("plain.py"));               // no prefix: not what git writes
  CHECK_FALSE(diff_header_path(R"("b/x.py)"));             // unterminated
  CHECK_FALSE(diff_header_path(R"("b/x.py"junk)"));
}

namespace {
std::set<uint32_t> lines_of(const ChangedLines& c, const std::string& path) {
  auto it = c.files.find(path);
  return it == c.files.end() ? std::set<uint32_t>{} : it->second;
}
}  // namespace

TEST_CASE("parse_diff_hunks finds every file of a diff, whatever its name") {
  std::string diff =
      "diff --git a/a b.py b/a b.py\n"
      "new file mode 100644\n"
      "--- /dev/null\n"
      "+++ b/a b.py\t\n"
      "@@ -0,0 +1,2 @@\n"
      "+x = 1\n"
      "+y = 2\n"
      "diff --git \"a/tab\\there.py\" \"b/tab\\there.py\"\n"
      "--- \"a/tab\\there.py\"\n"
      "+++ \"b/tab\\there.py\"\n"
      "@@ -3 +3 @@\n"
      "-a\n"
      "+b\n"
      "diff --git \"a/\\303\\251.py\" \"b/\\303\\251.py\"\n"
      "--- \"a/\\303\\251.py\"\n"
      "+++ \"b/\\303\\251.py\"\n"
      "@@ -7,0 +8,3 @@\n"
      "+p\n"
      "+q\n"
      "+r\n"
      "\\ No newline at end of file\n";
  ChangedLines c;
  c.repo_root = "/repo";
  parse_diff_hunks(diff, c);
  CHECK(c.files.size() == 3);
  CHECK(lines_of(c, "/repo/a b.py") == std::set<uint32_t>{1, 2});
  CHECK(lines_of(c, "/repo/tab\there.py") == std::set<uint32_t>{3});
  CHECK(lines_of(c, "/repo/\xc3\xa9.py") == std::set<uint32_t>{8, 9, 10});
}

TEST_CASE("parse_diff_hunks: a body line that looks like a header is part of its hunk") {
  // Removing `-- x` and adding `++ b/other.py` shows as `--- x` / `+++ b/other.py` inside the hunk.
  std::string diff =
      "diff --git a/doc.py b/doc.py\n"
      "--- a/doc.py\n"
      "+++ b/doc.py\n"
      "@@ -2 +2,2 @@\n"
      "--- x\n"
      "+++ b/other.py\n"
      "+@@ -1 +40 @@\n"
      "@@ -9,0 +11 @@\n"
      "+z\n";
  ChangedLines c;
  c.repo_root = "/repo";
  parse_diff_hunks(diff, c);
  CHECK(c.files.size() == 1);
  CHECK(lines_of(c, "/repo/doc.py") == std::set<uint32_t>{2, 3, 11});
}

TEST_CASE("parse_diff_hunks: a file without a `+++` line gets no hunks of the file before it") {
  std::string diff =
      "diff --git a/a.py b/a.py\n"
      "--- a/a.py\n"
      "+++ b/a.py\n"
      "@@ -1 +1 @@\n"
      "-a\n"
      "+b\n"
      "diff --git a/old.py b/new.py\n"
      "similarity index 90%\n"
      "rename from old.py\n"
      "rename to new.py\n"
      "@@ -5 +5 @@\n"
      "-c\n"
      "+d\n";
  ChangedLines c;
  c.repo_root = "/repo";
  parse_diff_hunks(diff, c);
  CHECK(lines_of(c, "/repo/a.py") == std::set<uint32_t>{1});
}

TEST_CASE("parse_diff_hunks: a hunk body shorter than its header said ends at the next file") {
  std::string diff =
      "diff --git a/a.py b/a.py\n"
      "--- a/a.py\n"
      "+++ b/a.py\n"
      "@@ -1 +1,5 @@\n"
      "+only one line\n"
      "diff --git a/b.py b/b.py\n"
      "--- a/b.py\n"
      "+++ b/b.py\n"
      "@@ -2 +2 @@\n"
      "-x\n"
      "+y\n";
  ChangedLines c;
  c.repo_root = "/repo";
  parse_diff_hunks(diff, c);
  CHECK(lines_of(c, "/repo/b.py") == std::set<uint32_t>{2});
}
