// glob_match (cli/discover.h): gitignore-style globs.
#include <doctest/doctest.h>

#include <string>

#include "cli/discover.h"

using torchlint::glob_match;

TEST_CASE("glob: literal names") {
  CHECK(glob_match("train.py", "train.py"));
  CHECK_FALSE(glob_match("train.py", "train.pyc"));
  CHECK_FALSE(glob_match("train.py", "xtrain.py"));
  CHECK_FALSE(glob_match("build", "builds"));
  CHECK(glob_match("", ""));
  CHECK_FALSE(glob_match("", "a"));
}

TEST_CASE("glob: * matches any run of characters within one path segment") {
  CHECK(glob_match("*.py", "train.py"));
  CHECK(glob_match("*.py", ".py"));
  CHECK(glob_match("*.py", "a.b.py"));
  CHECK_FALSE(glob_match("*.py", "train.pyi"));
  CHECK_FALSE(glob_match("*.py", "train.ipynb"));
  CHECK(glob_match("test_*", "test_model.py"));
  CHECK(glob_match("*_pb2*", "model_pb2_grpc.py"));
  CHECK(glob_match("a*b*c", "aXXbYYc"));
  CHECK_FALSE(glob_match("a*b*c", "aXXbYY"));
  CHECK(glob_match("*", "anything"));
  CHECK(glob_match("*", ""));
}

TEST_CASE("glob: * and ? do not cross '/'") {
  CHECK_FALSE(glob_match("*.py", "src/train.py"));
  CHECK_FALSE(glob_match("*", "a/b"));
  CHECK(glob_match("src/*.py", "src/train.py"));
  CHECK_FALSE(glob_match("src/*.py", "src/models/net.py"));
  CHECK(glob_match("*/*.py", "src/train.py"));
  CHECK_FALSE(glob_match("a?b", "a/b"));
  CHECK_FALSE(glob_match("src*", "src/x"));
}

TEST_CASE("glob: directory names as written in .gitignore (`build/` is matched by name)") {
  // The loader strips the trailing '/'; the name then matches a path segment exactly.
  CHECK(glob_match("build", "build"));
  CHECK_FALSE(glob_match("build", "build/lib.py"));
  CHECK(glob_match("build*", "build-debug"));
  CHECK(glob_match("__pycache__", "__pycache__"));
  CHECK(glob_match(".venv*", ".venv311"));
}

TEST_CASE("glob: leading **/ matches in every directory, including the top") {
  CHECK(glob_match("**/foo", "foo"));
  CHECK(glob_match("**/foo", "a/foo"));
  CHECK(glob_match("**/foo", "a/b/c/foo"));
  CHECK_FALSE(glob_match("**/foo", "a/xfoo"));
  CHECK_FALSE(glob_match("**/foo", "foo/bar"));
  CHECK(glob_match("**/foo/bar", "x/foo/bar"));
  CHECK(glob_match("**/*.py", "a/b/c.py"));
  CHECK(glob_match("**/*.py", "c.py"));
}

TEST_CASE("glob: a/**/b matches zero or more directories in between") {
  CHECK(glob_match("a/**/b", "a/b"));
  CHECK(glob_match("a/**/b", "a/x/b"));
  CHECK(glob_match("a/**/b", "a/x/y/z/b"));
  CHECK_FALSE(glob_match("a/**/b", "a/x/bb"));
  CHECK_FALSE(glob_match("a/**/b", "ab"));
  CHECK_FALSE(glob_match("a/**/b", "x/a/b"));
  CHECK_FALSE(glob_match("a/**/b", "a/b/c"));
}

TEST_CASE("glob: trailing /** matches everything inside, not the directory itself") {
  CHECK(glob_match("data/**", "data/x.py"));
  CHECK(glob_match("data/**", "data/deep/er/x.py"));
  CHECK_FALSE(glob_match("data/**", "data"));
  CHECK_FALSE(glob_match("data/**", "database/x.py"));
}

TEST_CASE("glob: [...] character classes") {
  CHECK(glob_match("[abc].py", "a.py"));
  CHECK(glob_match("[abc].py", "c.py"));
  CHECK_FALSE(glob_match("[abc].py", "d.py"));
  CHECK_FALSE(glob_match("[abc].py", "ab.py"));
  CHECK(glob_match("run[0-9]", "run7"));
  CHECK_FALSE(glob_match("run[0-9]", "runx"));
  CHECK(glob_match("run[!0-9]", "runx"));
  CHECK_FALSE(glob_match("run[!0-9]", "run7"));
  CHECK(glob_match("run[^0-9]", "runx"));
  CHECK(glob_match("[a-cx-z]*", "yes"));
  CHECK_FALSE(glob_match("[a-cx-z]*", "no"));
  CHECK(glob_match("*.py[cod]", "m.pyc"));
  CHECK_FALSE(glob_match("*.py[cod]", "m.py"));
  // A class matches one character, never '/'.
  CHECK_FALSE(glob_match("a[/]b", "a/b"));
}

TEST_CASE("glob: ? matches exactly one character") {
  CHECK(glob_match("?.py", "a.py"));
  CHECK_FALSE(glob_match("?.py", ".py"));
  CHECK_FALSE(glob_match("?.py", "ab.py"));
  CHECK(glob_match("v??", "v12"));
  CHECK_FALSE(glob_match("v??", "v1"));
  CHECK(glob_match("*?", "a"));
  CHECK_FALSE(glob_match("*?", ""));
}

TEST_CASE("glob: backslash escapes a special character") {
  CHECK(glob_match("\\*.py", "*.py"));
  CHECK_FALSE(glob_match("\\*.py", "a.py"));
  CHECK(glob_match("file\\?", "file?"));
  CHECK_FALSE(glob_match("file\\?", "filex"));
}
