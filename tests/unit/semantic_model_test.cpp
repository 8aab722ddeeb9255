#include <doctest/doctest.h>

#include "python_helpers.h"

using namespace torchlint::py;

TEST_CASE("training loops: backward or step, directly or through a local helper") {
  Snippet s(R"(
def step(model, batch, opt):
    model(batch).sum().backward()
    opt.step()

def train(model, loader, opt):
    for batch in loader:
        step(model, batch, opt)
        marker_a = 1
    for batch in loader:
        marker_b = 1
    for x in loader:
        loss = model(x).sum()
        loss.backward()
        marker_c = 1
)");
  CHECK(s.model->innermost_training_loop(s.find("marker_a = 1", "assignment")) != nullptr);
  CHECK(s.model->innermost_training_loop(s.find("marker_b = 1", "assignment")) == nullptr);
  CHECK(s.model->innermost_training_loop(s.find("marker_c = 1", "assignment")) != nullptr);
}

TEST_CASE("periodic guards are not every iteration; their else branch is") {
  Snippet s(R"(
for step, x in enumerate(loader):
    loss = model(x)
    loss.backward()
    optimizer.step()
    if step % 10 == 0:
        in_guard = 1
    else:
        in_else = 1
    if (step + 1) % log_every == 0 and rank == 0:
        in_and = 1
    plain = 1
)");
  CHECK_FALSE(s.model->every_iteration(s.find("in_guard = 1", "assignment")));
  CHECK(s.model->every_iteration(s.find("in_else = 1", "assignment")));
  CHECK_FALSE(s.model->every_iteration(s.find("in_and = 1", "assignment")));
  CHECK(s.model->every_iteration(s.find("plain = 1", "assignment")));
}

TEST_CASE("no-grad regions: with blocks and decorators, with or without parentheses") {
  Snippet s(R"(
import torch
from torch import inference_mode

with torch.no_grad():
    a = 1
with inference_mode():
    b = 1

@torch.no_grad()
def f():
    c = 1

@torch.no_grad
def g():
    d = 1

def h():
    e = 1
)");
  for (const char* t : {"a = 1", "b = 1", "c = 1", "d = 1"}) {
    CAPTURE(t);
    CHECK(s.model->in_no_grad(s.find(t, "assignment")));
  }
  CHECK_FALSE(s.model->in_no_grad(s.find("e = 1", "assignment")));
}

TEST_CASE("provenance: model outputs carry grad until detached") {
  Snippet s(R"(
import torch
def f(model, x, criterion):
    out = model(x)
    loss = criterion(out, x)
    value = loss.item()
    kept = loss.detach()
    number = float(loss)
    with torch.no_grad():
        frozen = model(x)
    use(out, loss, value, kept, number, frozen)
)");
  TSNode use = s.find("use(out, loss, value, kept, number, frozen)", "call");
  REQUIRE(!ts_node_is_null(use));
  auto at_use = [&](int index) {
    TSNode args = field(use, "arguments");
    return s.model->provenance(ts_node_named_child(args, index));
  };
  CHECK(at_use(0).grad);
  CHECK(at_use(1).grad);
  CHECK(at_use(1).loss);
  CHECK_FALSE(at_use(2).grad);
  CHECK_FALSE(at_use(2).tensor);
  CHECK_FALSE(at_use(3).grad);
  CHECK(at_use(3).tensor);
  CHECK_FALSE(at_use(4).tensor);
  CHECK_FALSE(at_use(5).grad);
}

TEST_CASE("imports resolve to canonical names, relative imports against the module path") {
  Snippet s(R"(
import torch.nn.functional as F
from torch import optim
from .utils import helper
F.cross_entropy
optim.SGD
helper
)");
  CHECK(s.model->canonical(s.find("F.cross_entropy", "attribute")) == "torch.nn.functional.cross_entropy");
  CHECK(s.model->canonical(s.find("optim.SGD", "attribute")) == "torch.optim.SGD");
  CHECK(s.model->canonical(s.find("helper", "identifier")) == "utils.helper");  // relative to the top-level module
}

TEST_CASE("a += with no earlier binding (carried from the previous iteration) ends") {
  Snippet s(R"(
def f(model, loader):
    for b in loader:
        total += model(b)
        total += 1
        use(total)
)");
  TSNode use = s.find("use(total)", "call");
  REQUIRE(!ts_node_is_null(use));
  CHECK(s.model->provenance(ts_node_named_child(field(use, "arguments"), 0)).grad);
}

TEST_CASE("the node table: a node's named descendants are the entries up to its subtree end") {
  Snippet s("def f(x):\n    # note\n    return g(x, [1, (2, h(3))])\n\nclass C:\n    y = f(1) + 2\n");
  const SemanticModel& m = *s.model;
  for (size_t i = 0; i < m.node_count(); ++i) {
    TSNode n = m.node_at(i);
    CHECK(m.index_of(n) == static_cast<int32_t>(i));
    std::vector<std::string> walked, table;
    walk(n, [&](TSNode c) {
      if (!same_node(c, n) && ts_node_is_named(c)) walked.emplace_back(node_text(c, s.text));
      return true;
    }, [](TSNode) {});
    for (int32_t j = static_cast<int32_t>(i) + 1; j < m.subtree_end(static_cast<int32_t>(i)); ++j)
      table.emplace_back(node_text(m.node_at(j), s.text));
    CHECK(walked == table);
  }
  CHECK(m.index_of(TSNode{}) == -1);
}
