// The semantic model's value facts (python/semantic_model.h): provenance (where grad starts
// and ends), canonical names through imports, and enable_grad inside no-grad regions.
#include <doctest/doctest.h>

#include <string>

#include "python_helpers.h"

using namespace torchlint::py;

namespace {
// Provenance of the i-th argument of the call whose text is `call`.
Provenance arg_provenance(const Snippet& s, const std::string& call, uint32_t i) {
  TSNode c = s.find(call, "call");
  REQUIRE_MESSAGE(!ts_node_is_null(c), call);
  TSNode arg = ts_node_named_child(field(c, "arguments"), i);
  REQUIRE(!ts_node_is_null(arg));
  return s.model->provenance(arg);
}
}  // namespace

// torch.enable_grad() re-enables autograd inside a no-grad region; the model does not know it.
TEST_CASE("enable_grad inside a no-grad function is not no-grad") {
  Snippet s(R"(
import torch
@torch.no_grad()
def attack(model, x):
    with torch.enable_grad():
        out = model(x)
        use(out)
)");
  CHECK_FALSE(s.model->in_no_grad(stmt(s, "out = model(x)")));
  CHECK(arg_provenance(s, "use(out)", 0).grad);
}

TEST_CASE("provenance: where grad starts and where it ends") {
  Snippet s(R"(
import torch
import torch.nn.functional as F
def train(model, loader, criterion):
    for x, y in loader:
        out = model(x)
        loss = criterion(out, y)
        ce = F.cross_entropy(out, y)
        logits = out.logits
        scaled = loss * 2
        value = loss.item()
        detached = loss.detach()
        number = float(loss)
        moved = loss.detach().cpu()
        fresh = torch.zeros(3)
        with torch.no_grad():
            frozen = model(x)
        total = 0
        total += loss
        use(out, loss, ce, logits, scaled, value, detached, number, moved, fresh, frozen, total, x)
)");
  const std::string call = "use(out, loss, ce, logits, scaled, value, detached, number, moved, fresh, frozen, total, x)";
  auto p = [&](uint32_t i) { return arg_provenance(s, call, i); };
  CHECK(p(0).grad);
  CHECK(p(0).model_output);
  CHECK(p(1).grad);
  CHECK(p(1).loss);
  CHECK(p(2).loss);
  CHECK(p(2).grad);
  CHECK(p(3).grad);  // an attribute of a model output
  CHECK(p(4).grad);
  CHECK(p(4).loss);
  CHECK_FALSE(p(5).grad);  // .item()
  CHECK_FALSE(p(5).tensor);
  CHECK_FALSE(p(6).grad);  // .detach()
  CHECK(p(6).tensor);
  CHECK_FALSE(p(7).grad);  // float()
  CHECK_FALSE(p(7).tensor);
  CHECK_FALSE(p(8).grad);
  CHECK_FALSE(p(9).grad);  // a factory
  CHECK_FALSE(p(10).grad);  // assigned under no_grad
  CHECK(p(10).model_output);
  CHECK(p(11).grad);  // a running total of losses
  CHECK_FALSE(p(12).grad);  // a batch from the loader
  CHECK(p(12).host_batch);
}

// Grad is carried through any number of `+=`; only the last two are looked at.
TEST_CASE("provenance survives a chain of augmented assignments") {
  Snippet s("def f(model, x):\n    total = 0\n    total += model(x)\n    total += 1\n    total += 2\n    use(total)\n");
  CHECK(arg_provenance(s, "use(total)", 0).grad);
}

// Parameters are not assignments, so a parameter falls back to a module-level variable of the
// same name and inherits its provenance.
TEST_CASE("a function parameter does not inherit a module variable's provenance") {
  Snippet s("out = model(x)\nkeep(out)\ndef report(out):\n    use(out)\n");
  REQUIRE(arg_provenance(s, "keep(out)", 0).grad);  // the module-level `out` does carry grad
  CHECK_FALSE(arg_provenance(s, "use(out)", 0).grad);
}

TEST_CASE("imports canonicalise names") {
  Snippet s(R"(
import torch.nn.functional as F
from torch import optim
from torch.nn import functional as Fn
import torch.nn
import numpy as np
from . import utils
F.cross_entropy
optim.SGD
optim.lr_scheduler.StepLR
Fn.relu
torch.nn.Linear
np.mean
utils.helper
unknown.thing
count = 1
)");
  auto canon = [&](const char* t) {
    TSNode n = s.find(t, "attribute");
    REQUIRE_MESSAGE(!ts_node_is_null(n), t);
    return s.model->canonical(n);
  };
  CHECK(canon("F.cross_entropy") == "torch.nn.functional.cross_entropy");
  CHECK(canon("optim.SGD") == "torch.optim.SGD");
  CHECK(canon("optim.lr_scheduler.StepLR") == "torch.optim.lr_scheduler.StepLR");
  CHECK(canon("Fn.relu") == "torch.nn.functional.relu");
  CHECK(canon("torch.nn.Linear") == "torch.nn.Linear");
  CHECK(canon("np.mean") == "numpy.mean");
  CHECK(canon("utils.helper") == "utils.helper");
  CHECK(canon("unknown.thing") == "unknown.thing");
  CHECK(s.model->imports().canonical("F") == "torch.nn.functional");
  CHECK(s.model->imports().canonical("optim.Adam") == "torch.optim.Adam");
  // Only names have a canonical form.
  CHECK(s.model->canonical(s.find("1", "integer")).empty());
}

TEST_CASE("a name rebound after its import stands for the new value") {
  Snippet s(R"(
import model
import network
try:
    import apex
except ImportError:
    apex = None
from torch import nn

before = model.Net
model = model.Net(10)

def train(network):
    network.fit
    apex.amp.initialize
    model.eval
    nn.Linear
)");
  auto import_at = [&](const char* name, int nth) {
    TSNode n = s.find(name, "identifier", nth);
    REQUIRE_MESSAGE(!ts_node_is_null(n), name);
    return s.model->names_import(n);
  };
  // Before the assignment, and on its own right-hand side, the name is still the module.
  CHECK(import_at("model", 1));
  CHECK(import_at("model", 3));
  // After it, in any function: the instance, not the module.
  CHECK_FALSE(import_at("model", 4));
  // A parameter of the same name shadows the import inside its function.
  CHECK_FALSE(import_at("network", 2));
  // An `except ImportError: x = None` fallback leaves the module where the import worked.
  CHECK(import_at("apex", 2));
  CHECK(s.model->canonical(s.find("apex.amp.initialize", "attribute")) == "apex.amp.initialize");
  CHECK(s.model->canonical(s.find("nn.Linear", "attribute")) == "torch.nn.Linear");
}

TEST_CASE("canonical ignores whitespace and line continuations inside a dotted name") {
  Snippet s("import torch.nn.functional as F\ny = F . softmax\nz = (F\n     .relu)\n");
  CHECK(s.model->canonical(s.find("F . softmax", "attribute")) == "torch.nn.functional.softmax");
  CHECK(s.model->canonical(s.find("F\n     .relu", "attribute")) == "torch.nn.functional.relu");
}

// semantic_queries.cpp compacts whitespace but keeps a comment's text inside the name.
TEST_CASE("canonical ignores a comment inside a dotted name") {
  Snippet s("import torch\nwith (torch  # why\n      .no_grad()):\n    a = 1\n");
  CHECK(s.model->canonical(s.find("torch  # why\n      .no_grad", "attribute")) == "torch.no_grad");
}
