#include <doctest/doctest.h>

#include "cli/discover.h"

using torchlint::glob_match;

TEST_CASE("gitignore globs") {
  CHECK(glob_match("*.py", "train.py"));
  CHECK_FALSE(glob_match("*.py", "train.pyc"));
  CHECK_FALSE(glob_match("*.py", "src/train.py"));  // * stops at '/'
  CHECK(glob_match("**/build", "build"));
  CHECK(glob_match("**/build", "a/b/build"));
  CHECK(glob_match("a/**/b", "a/b"));
  CHECK(glob_match("a/**/b", "a/x/y/b"));
  CHECK_FALSE(glob_match("a/**/b", "c/a/b"));
  CHECK(glob_match("data/**", "data/x/y.py"));
  CHECK(glob_match("file[0-9].py", "file3.py"));
  CHECK_FALSE(glob_match("file[!0-9].py", "file3.py"));
  CHECK(glob_match("?.py", "a.py"));
  CHECK_FALSE(glob_match("?.py", "ab.py"));
}
