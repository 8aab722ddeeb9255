// glob_match (cli/discover.h): gitignore-style globs.
#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

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

namespace {

// glob_match as it was written first: plain recursion at every `**`, exponential in their
// number. Kept as the definition of the semantics the memoized matcher must reproduce.
bool reference_glob_match(std::string_view p, std::string_view t) {
  size_t pi = 0, ti = 0;
  size_t star_p = std::string_view::npos, star_t = 0;
  while (ti < t.size()) {
    if (pi + 1 < p.size() && p[pi] == '*' && p[pi + 1] == '*') {
      std::string_view rest = p.substr(pi + 2);
      if (!rest.empty() && rest[0] == '/') rest.remove_prefix(1);
      for (size_t k = ti; k <= t.size(); ++k)
        if ((k == ti || t[k - 1] == '/' || rest.empty()) && reference_glob_match(rest, t.substr(k))) return true;
      return false;
    }
    if (pi < p.size() && p[pi] == '*') {
      star_p = pi++;
      star_t = ti;
      continue;
    }
    if (pi < p.size() && p[pi] == '[') {
      size_t close = p.find(']', pi + 1);
      if (close != std::string_view::npos && t[ti] != '/') {
        bool negate = p[pi + 1] == '!' || p[pi + 1] == '^';
        bool hit = false;
        for (size_t k = pi + 1 + negate; k < close; ++k) {
          if (k + 2 < close && p[k + 1] == '-') {
            hit |= t[ti] >= p[k] && t[ti] <= p[k + 2];
            k += 2;
          } else {
            hit |= t[ti] == p[k];
          }
        }
        if (hit != negate) {
          pi = close + 1;
          ++ti;
          continue;
        }
      }
    } else if (pi < p.size() && (p[pi] == t[ti] || (p[pi] == '?' && t[ti] != '/') ||
                                 (p[pi] == '\\' && pi + 1 < p.size() && p[pi + 1] == t[ti]))) {
      pi += p[pi] == '\\' ? 2 : 1;
      ++ti;
      continue;
    }
    if (star_p != std::string_view::npos && t[star_t] != '/') {
      pi = star_p + 1;
      ti = ++star_t;
      continue;
    }
    return false;
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

// Every string of up to `max_len` symbols from `alphabet`.
std::vector<std::string> all_strings(std::string_view alphabet, size_t max_len) {
  std::vector<std::string> out{""};
  for (size_t begin = 0, len = 0; len < max_len; ++len) {
    size_t end = out.size();
    for (size_t i = begin; i < end; ++i)
      for (char c : alphabet) out.push_back(out[i] + c);
    begin = end;
  }
  return out;
}

}  // namespace

TEST_CASE("glob: `**` anywhere, `*`, `?`, classes and escapes decide exactly as the plain recursive matcher") {
  // Every pattern of up to 5 symbols against every path of up to 5: `**` next to letters,
  // stars before and after `**`, a `/` after a star, unclosed classes, trailing backslashes.
  std::vector<std::string> patterns = all_strings("a/*?[!]\\", 5), paths = all_strings("ab/", 5);
  size_t differences = 0;
  for (const auto& p : patterns)
    for (const auto& t : paths)
      if (glob_match(p, t) != reference_glob_match(p, t) && ++differences <= 5)
        FAIL_CHECK("pattern `" << p << "` on `" << t << "`: " << glob_match(p, t));
  CHECK(differences == 0);
}

TEST_CASE("glob: many `**/` segments on a deep path take polynomial time") {
  std::string deep;
  for (int i = 0; i < 60; ++i) deep += "d" + std::to_string(i) + "/";
  std::string pattern;
  for (int i = 0; i < 12; ++i) pattern += "**/";
  auto start = std::chrono::steady_clock::now();
  CHECK_FALSE(glob_match(pattern + "zz", deep + "t.py"));
  CHECK(glob_match(pattern + "t.py", deep + "t.py"));
  CHECK(glob_match(pattern + "d3*/**/d5?/**", deep + "t.py"));
  // The exponential matcher needed minutes here; the table makes it milliseconds.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
}
