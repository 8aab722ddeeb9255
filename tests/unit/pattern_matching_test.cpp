// Code patterns (python/pattern.h): compile_pattern + match_pattern over a parsed snippet.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "python/pattern.h"
#include "python/semantic_model.h"
#include "python/ts.h"

using namespace torchlint::py;

namespace {
// A parsed snippet and its semantic model, built as the engine builds them.
struct Code {
  std::string text;
  Tree tree;
  std::unique_ptr<SemanticModel> model;
  explicit Code(std::string t) : text(std::move(t)) {
    Parser parser;
    tree = parser.parse(text);
    model = std::make_unique<SemanticModel>(tree.root(), text, false);
  }
};

struct Match {
  std::string text;
  Bindings bindings;
};

// Every node of `c` (walked with py::walk) that `pattern` matches, in pre-order.
std::vector<Match> find_all(const Code& c, const std::string& pattern) {
  PatternNode p = compile_pattern(pattern);
  std::vector<Match> out;
  walk(c.tree.root(), [&](TSNode n) {
    Bindings b;
    if (match_pattern(p, n, *c.model, b)) out.push_back({std::string(node_text(n, c.text)), b});
    return true;
  }, [](TSNode) {});
  return out;
}

std::vector<std::string> texts(const std::vector<Match>& ms) {
  std::vector<std::string> out;
  for (const Match& m : ms) out.push_back(m.text);
  return out;
}

std::string bound(const Code& c, const Match& m, const char* name) {
  const TSNode* n = m.bindings.find(name);
  return n ? std::string(node_text(*n, c.text)) : std::string("<unbound>");
}

using Texts = std::vector<std::string>;
}  // namespace

TEST_CASE("$X.append($Y) binds the receiver and the argument") {
  Code c("history.append(loss)\nself.buf.append(x[0] * 2)\nhistory.extend(loss)\nappend(z)\n");
  auto ms = find_all(c, "$X.append($Y)");
  REQUIRE(ms.size() == 2);
  CHECK(ms[0].text == "history.append(loss)");
  CHECK(bound(c, ms[0], "X") == "history");
  CHECK(bound(c, ms[0], "Y") == "loss");
  CHECK(bound(c, ms[1], "X") == "self.buf");
  CHECK(bound(c, ms[1], "Y") == "x[0] * 2");
  CHECK(ms[0].bindings.find("Z") == nullptr);
}

TEST_CASE("$X does not match several arguments or none") {
  Code c("l.append()\nl.append(a, b)\nl.append(a)\n");
  CHECK(texts(find_all(c, "$X.append($Y)")) == Texts{"l.append(a)"});
}

TEST_CASE("a repeated metavariable must bind the same text each time") {
  Code c("t = t + x\nt = u + x\nself.total = self.total + loss\nt = x + t\n");
  auto ms = find_all(c, "$A = $A + $B");
  CHECK(texts(ms) == Texts{"t = t + x", "self.total = self.total + loss"});
  REQUIRE(ms.size() == 2);
  CHECK(bound(c, ms[0], "A") == "t");
  CHECK(bound(c, ms[0], "B") == "x");
  CHECK(bound(c, ms[1], "B") == "loss");
}

TEST_CASE("$_ matches anything without binding, and twice need not agree") {
  Code c("f(a, b)\nf(a, a)\ng(a, b)\n");
  auto ms = find_all(c, "f($_, $_)");
  CHECK(texts(ms) == Texts{"f(a, b)", "f(a, a)"});
  for (const Match& m : ms) {
    CHECK(m.bindings.single.empty());
    CHECK(m.bindings.multi.empty());
  }
}

TEST_CASE("$$$ARGS matches zero, one and several arguments") {
  Code c("print()\nprint(x)\nprint(a, b, sep='-')\nlog(a)\n");
  auto ms = find_all(c, "print($$$ARGS)");
  REQUIRE(texts(ms) == Texts{"print()", "print(x)", "print(a, b, sep='-')"});
  std::vector<size_t> counts;
  for (const Match& m : ms) {
    const auto* args = m.bindings.find_multi("ARGS");
    REQUIRE(args != nullptr);
    counts.push_back(args->size());
  }
  CHECK(counts == std::vector<size_t>{0, 1, 3});
  const auto& several = *ms[2].bindings.find_multi("ARGS");
  CHECK(node_text(several[0], c.text) == "a");
  CHECK(node_text(several[2], c.text) == "sep='-'");
  CHECK(ms[2].bindings.nodes("ARGS").size() == 3);
}

TEST_CASE("$$$ next to fixed arguments") {
  Code c("f(a)\nf(a, b, c)\nf()\n");
  auto ms = find_all(c, "f($FIRST, $$$REST)");
  REQUIRE(texts(ms) == Texts{"f(a)", "f(a, b, c)"});
  CHECK(ms[0].bindings.find_multi("REST")->empty());
  CHECK(ms[1].bindings.find_multi("REST")->size() == 2);
  CHECK(bound(c, ms[1], "FIRST") == "a");

  auto last = find_all(c, "f($$$INIT, $LAST)");
  REQUIRE(texts(last) == Texts{"f(a)", "f(a, b, c)"});
  CHECK(bound(c, last[1], "LAST") == "c");
}

TEST_CASE("several $$$ gaps bind as before: the longest first run, and a repeated $X agrees") {
  Code c("f(a, x, b, y, c)\nf(x, y)\nf(x, x, y, y)\nf(y, x)\n");
  auto ms = find_all(c, "f($$$A, x, $$$B, y, $$$C)");
  REQUIRE(texts(ms) == Texts{"f(a, x, b, y, c)", "f(x, y)", "f(x, x, y, y)"});
  CHECK(ms[0].bindings.find_multi("A")->size() == 1);
  CHECK(ms[0].bindings.find_multi("B")->size() == 1);
  CHECK(ms[0].bindings.find_multi("C")->size() == 1);
  CHECK(ms[2].bindings.find_multi("A")->size() == 1);  // the last x ends the longest first run
  CHECK(ms[2].bindings.find_multi("C")->empty());

  // A failure remembered while $X was bound to one argument must not stand for another.
  Code same("g(a, b, c, b, d)\ng(a, b, c, d)\n");
  auto pairs = find_all(same, "g($$$P, $X, $$$Q, $X, $$$R)");
  REQUIRE(texts(pairs) == Texts{"g(a, b, c, b, d)"});
  CHECK(bound(same, pairs[0], "X") == "b");
}

TEST_CASE("several $$$ gaps over many arguments take polynomial time") {
  // Tried naively, five gaps over 24 arguments take seconds (each more gap multiplies it).
  std::string call = "f(";
  for (int i = 0; i < 24; ++i) call += "x, ";
  Code c(call + "x)\n");
  auto start = std::chrono::steady_clock::now();
  CHECK(find_all(c, "f($$$A, x, $$$B, x, $$$C, x, $$$D, x, $$$E, z)").empty());
  CHECK(find_all(c, "f($$$A, x, $$$B, x, $$$C, x, $$$D, x, $$$E)").size() == 1);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(500));
}

TEST_CASE("literal parts of the pattern must match exactly") {
  Code c("x.to('cuda')\nx.to('cpu')\nx.to(device)\nx.cuda()\n");
  CHECK(texts(find_all(c, "$T.to('cuda')")) == Texts{"x.to('cuda')"});
  CHECK(texts(find_all(c, "$T.to($D)")).size() == 3);
  Code ops("a = b * c\na = b @ c\n");
  CHECK(texts(find_all(ops, "$X * $Y")) == Texts{"b * c"});
}

TEST_CASE("dotted names match by canonical name through imports") {
  Code c(
      "import torch\n"
      "import torch as tc\n"
      "from torch import no_grad\n"
      "from torch import no_grad as ng\n"
      "import torch.nn as tnn\n"
      "torch.no_grad()\n"
      "tc.no_grad()\n"
      "no_grad()\n"
      "ng()\n"
      "tnn.no_grad()\n"
      "foo.no_grad()\n"
      "torch.enable_grad()\n");
  // tnn is torch.nn: `tnn.no_grad` is torch.nn.no_grad, not torch.no_grad.
  CHECK(texts(find_all(c, "torch.no_grad()")) == Texts{"torch.no_grad()", "tc.no_grad()", "no_grad()", "ng()"});
}

TEST_CASE("a pattern spelled with a submodule alias matches the full name") {
  Code c(
      "import torch.nn.functional as F\n"
      "from torch.nn import functional\n"
      "F.cross_entropy(logits, y)\n"
      "functional.cross_entropy(a, b)\n"
      "torch.nn.functional.cross_entropy(p, q)\n"
      "cross_entropy(p, q)\n");
  auto ms = find_all(c, "torch.nn.functional.cross_entropy($P, $Y)");
  CHECK(texts(ms) == Texts{"F.cross_entropy(logits, y)", "functional.cross_entropy(a, b)",
                           "torch.nn.functional.cross_entropy(p, q)"});
}

TEST_CASE("attribute names in a pattern are not resolved as imports") {
  // `step` is imported, but `$O.step()` names a method: `opt.step()` still matches and the
  // bare imported function does not.
  Code c("from trainer import step\nopt.step()\nstep()\n");
  CHECK(texts(find_all(c, "$O.step()")) == Texts{"opt.step()"});
}

TEST_CASE("a dotted pattern ending in a metavariable binds the attribute") {
  Code c("import torch as th\nth.cat([a, b])\ntorch.stack(x)\nnp.cat(y)\n");
  auto ms = find_all(c, "torch.$OP($$$A)");
  REQUIRE(texts(ms) == Texts{"th.cat([a, b])", "torch.stack(x)"});
  CHECK(bound(c, ms[0], "OP") == "cat");
}

TEST_CASE("statement patterns") {
  Code c("loss = model(x)\nloss += reg\nout = model(x)\n");
  CHECK(texts(find_all(c, "loss = $E")) == Texts{"loss = model(x)"});
  CHECK(texts(find_all(c, "$T += $V")) == Texts{"loss += reg"});
}

TEST_CASE("collect_metavariables lists named metavariables only") {
  std::vector<std::string> names;
  collect_metavariables(compile_pattern("$ACC[$K] = f($_, $$$REST)"), names);
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"ACC", "K", "REST"});
}

TEST_CASE("invalid patterns throw PatternError") {
  CHECK_THROWS_AS(compile_pattern("f($X"), PatternError);          // does not parse
  CHECK_THROWS_AS(compile_pattern("a = 1\nb = 2"), PatternError);  // two statements
  CHECK_THROWS_AS(compile_pattern("$x.append(1)"), PatternError);  // lower-case metavariable
  CHECK_THROWS_AS(compile_pattern("f($)"), PatternError);          // bare `$`
  CHECK_THROWS_AS(compile_pattern(""), PatternError);              // nothing
  try {
    compile_pattern("def (");
    FAIL("expected PatternError");
  } catch (const PatternError& e) {
    CHECK_FALSE(e.message.empty());
  }
  CHECK_NOTHROW(compile_pattern("$X.append($Y)"));
}
