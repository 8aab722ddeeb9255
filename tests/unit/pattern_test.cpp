#include <doctest/doctest.h>

#include "python/pattern.h"
#include "python_helpers.h"

using namespace torchlint::py;

namespace {
// Texts of the nodes the pattern matches, in pre-order.
std::vector<std::string> matches(const Snippet& s, const std::string& pattern, Bindings* last = nullptr) {
  PatternNode p = compile_pattern(pattern);
  std::vector<std::string> out;
  for (size_t i = 0; i < s.model->node_count(); ++i) {
    Bindings b;
    TSNode n = s.model->node_at(i);
    if (match_pattern(p, n, *s.model, b)) {
      out.emplace_back(node_text(n, s.text));
      if (last) *last = b;
    }
  }
  return out;
}
}  // namespace

TEST_CASE("metavariables bind the matched nodes") {
  Snippet s("losses.append(loss)\nother.extend(x)\n");
  Bindings b;
  auto m = matches(s, "$ACC.append($X)", &b);
  REQUIRE(m.size() == 1);
  CHECK(node_text(*b.find("ACC"), s.text) == "losses");
  CHECK(node_text(*b.find("X"), s.text) == "loss");
}

TEST_CASE("a repeated metavariable must match the same text") {
  Snippet s("t = t + x\nt = u + x\n");
  CHECK(matches(s, "$A = $A + $B") == std::vector<std::string>{"t = t + x"});
}

TEST_CASE("operators are part of the pattern") {
  Snippet s("a = b + c\na = b - c\n");
  CHECK(matches(s, "$X + $Y") == std::vector<std::string>{"b + c"});
}

TEST_CASE("$$$ matches any number of arguments") {
  Snippet s("print()\nprint(a)\nprint(a, b, sep='')\nlog(a)\n");
  CHECK(matches(s, "print($$$ARGS)").size() == 3);
  Bindings b;
  matches(Snippet("f(a, b, c)\n"), "f($X, $$$REST)", &b);
  REQUIRE(b.find_multi("REST"));
  CHECK(b.find_multi("REST")->size() == 2);
  CHECK(matches(Snippet("f(a)\n"), "f($X, $$$REST)").size() == 1);
}

TEST_CASE("metavariables in an import list match any names, aliased ones included") {
  Snippet s(
      "import tv.ops as ops, os\nimport os, tv.io as io\nimport sys, tv.a as a, os\n"
      "import tv.b as c, os\n");
  auto m = matches(s, "import $$$BEFORE, tv.$M as $M, $$$AFTER");
  CHECK(m == std::vector<std::string>{"import tv.ops as ops, os", "import os, tv.io as io",
                                      "import sys, tv.a as a, os"});
  CHECK(matches(s, "import $X, tv.$M as $M") == std::vector<std::string>{"import os, tv.io as io"});
}

TEST_CASE("dotted names match through imports") {
  Snippet s(
      "import torch as th\nfrom torch import no_grad\nimport torch.nn.functional as F\n"
      "th.no_grad()\nno_grad()\nfoo.no_grad()\nF.softmax(x)\n");
  auto m = matches(s, "torch.no_grad()");
  CHECK(m == std::vector<std::string>{"th.no_grad()", "no_grad()"});
  CHECK(matches(s, "torch.nn.functional.softmax($X)") == std::vector<std::string>{"F.softmax(x)"});
}

TEST_CASE("comments inside a match are ignored") {
  Snippet s("opt.step(  # update\n)\n");
  CHECK(matches(s, "$O.step()").size() == 1);
}

TEST_CASE("invalid patterns are rejected") {
  CHECK_THROWS_AS(compile_pattern("def ("), PatternError);
  CHECK_THROWS_AS(compile_pattern("a\nb"), PatternError);
  CHECK_THROWS_AS(compile_pattern("$ + 1"), PatternError);
}
