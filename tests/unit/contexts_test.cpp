// The per-file semantic model (python/semantic_model.h): training loops, periodic guards and
// no-grad regions. Provenance and import canonicalisation: provenance_test.cpp.
#include <doctest/doctest.h>

#include <string>

#include "python_helpers.h"

using namespace torchlint::py;

namespace {
// The text of the first line of the innermost training loop around `n` ("" if none).
std::string training_loop_header(const Snippet& s, TSNode n) {
  TSNode loop{};
  if (!s.model->innermost_training_loop(n, &loop)) return "";
  std::string_view t = node_text(loop, s.text);
  return std::string(t.substr(0, t.find('\n')));
}
}  // namespace

TEST_CASE("training loops: backward/step directly, through a helper, and not without") {
  Snippet s(R"(
import torch

def train_step(model, batch, optimizer):
    loss = model(batch).mean()
    loss.backward()
    optimizer.step()

def fit(model, loader, optimizer):
    for epoch in range(3):
        for batch in loader:
            train_step(model, batch, optimizer)
            via_helper = 1
        per_epoch = 1

def predict(model, loader):
    for batch in loader:
        no_backward = model(batch)

for x in loader:
    opt.step()
    only_step = 1
    for p in model.parameters():
        nested_plain = 1

while True:
    model(x).sum().backward()
    in_while = 1
    scheduler.step()

for x in loader:
    scheduler.step()
    only_scheduler = 1
)");
  CHECK(training_loop_header(s, stmt(s, "via_helper = 1")) == "for batch in loader:");
  // Only the innermost loop that steps is a training loop.
  CHECK(training_loop_header(s, stmt(s, "per_epoch = 1")).empty());
  CHECK(s.model->innermost_training_loop(stmt(s, "no_backward = model(batch)")) == nullptr);
  CHECK(training_loop_header(s, stmt(s, "only_step = 1")) == "for x in loader:");
  // A plain loop nested in a training loop belongs to the training loop around it.
  CHECK(training_loop_header(s, stmt(s, "nested_plain = 1")) == "for x in loader:");
  CHECK(training_loop_header(s, stmt(s, "in_while = 1")) == "while True:");
  // A scheduler's step() is not an optimizer step.
  CHECK(s.model->innermost_training_loop(stmt(s, "only_scheduler = 1")) == nullptr);
  // Code in a helper is not inside the caller's loop.
  CHECK(s.model->innermost_training_loop(stmt(s, "loss = model(batch).mean()")) == nullptr);
}

TEST_CASE("test files have no training loops") {
  Parser parser;
  std::string text = "for x in loader:\n    loss.backward()\n    a = 1\n";
  Tree tree = parser.parse(text);
  SemanticModel m(tree.root(), text, true);
  bool any_training = false;
  for (size_t i = 0; i < m.node_count(); ++i) {
    m.set_current(static_cast<int32_t>(i));
    any_training = any_training || m.innermost_training_loop(m.node_at(i)) != nullptr;
  }
  CHECK_FALSE(any_training);
}

TEST_CASE("periodic guards: the guarded body is not every iteration, the else branch is") {
  Snippet s(R"(
for step, (x, y) in enumerate(loader):
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    if step % 10 == 0:
        guarded = 1
        if flag:
            nested_in_guard = 1
    else:
        in_else = 1
    if global_step % log_every == 0:
        log_a = 1
    elif loss.item() > 100:
        in_elif = 1
    if i == len(loader) - 1:
        last_batch = 1
    if should_log:
        flagged = 1
    if loss.item() > 0:
        data_dependent = 1
    try:
        in_try = 1
    except RuntimeError:
        in_except = 1
    plain = 1

for x in loader:
    not_training = 1
)");
  CHECK_FALSE(s.model->every_iteration(stmt(s, "guarded = 1")));
  CHECK_FALSE(s.model->every_iteration(stmt(s, "nested_in_guard = 1")));
  CHECK(s.model->every_iteration(stmt(s, "in_else = 1")));
  CHECK_FALSE(s.model->every_iteration(stmt(s, "log_a = 1")));
  CHECK(s.model->every_iteration(stmt(s, "in_elif = 1")));
  CHECK_FALSE(s.model->every_iteration(stmt(s, "last_batch = 1")));
  CHECK_FALSE(s.model->every_iteration(stmt(s, "flagged = 1")));
  CHECK(s.model->every_iteration(stmt(s, "data_dependent = 1")));
  CHECK(s.model->every_iteration(stmt(s, "in_try = 1")));
  CHECK_FALSE(s.model->every_iteration(stmt(s, "in_except = 1")));
  CHECK(s.model->every_iteration(stmt(s, "plain = 1")));
  CHECK_FALSE(s.model->every_iteration(stmt(s, "not_training = 1")));
}

TEST_CASE("no-grad regions") {
  Snippet s(R"(
import torch
from torch import no_grad

with torch.no_grad():
    in_with = 1
    def defined_inside():
        nested_def = 1
with no_grad():
    imported_name = 1
with torch.inference_mode():
    inference = 1
with torch.set_grad_enabled(False):
    grad_disabled = 1
with torch.autocast("cuda"):
    autocast_only = 1

@torch.no_grad()
def decorated_call():
    dec_call = 1

@torch.no_grad
def decorated_bare():
    dec_bare = 1

@torch.inference_mode()
def decorated_inference():
    dec_inf = 1

def toggled():
    before = 1
    torch.set_grad_enabled(False)
    disabled = 1
    torch.set_grad_enabled(True)
    enabled = 1

outside = 1
)");
  for (const char* t : {"in_with = 1", "imported_name = 1", "inference = 1", "grad_disabled = 1", "dec_call = 1",
                        "dec_bare = 1", "dec_inf = 1", "disabled = 1"}) {
    CAPTURE(t);
    CHECK(s.model->in_no_grad(stmt(s, t)));
  }
  for (const char* t : {"nested_def = 1", "autocast_only = 1", "before = 1", "enabled = 1", "outside = 1"}) {
    CAPTURE(t);
    CHECK_FALSE(s.model->in_no_grad(stmt(s, t)));
  }
}

TEST_CASE("a function only ever called under no_grad runs without grad") {
  Snippet s(R"(
import torch
def helper(x):
    inside_helper = 1
def other(x):
    inside_other = 1
with torch.no_grad():
    helper(1)
    other(1)
other(2)
)");
  CHECK(s.model->in_no_grad(stmt(s, "inside_helper = 1")));
  CHECK_FALSE(s.model->in_no_grad(stmt(s, "inside_other = 1")));
}
