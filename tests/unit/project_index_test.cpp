// The project index: calls resolved to definitions through imports, facts transitive across
// files, and never across projects.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "python/engine.h"
#include "python/project_index.h"
#include "python/semantic_model.h"
#include "python/ts.h"

using namespace torchlint::py;

namespace {
// Several files of one project, joined.
struct Project {
  struct File {
    std::string text;
    Tree tree;
    std::unique_ptr<SemanticModel> model;
  };
  std::vector<std::unique_ptr<File>> files;
  ProjectIndex index;

  // `test_modules`: the modules that are test files.
  Project(std::initializer_list<std::pair<const char*, const char*>> sources,
          std::initializer_list<std::string_view> test_modules = {}) {
    Parser parser;
    for (auto [module, text] : sources) {
      auto f = std::make_unique<File>();
      f->text = text;
      f->tree = parser.parse(f->text);
      bool test = std::find(test_modules.begin(), test_modules.end(), module) != test_modules.end();
      f->model = std::make_unique<SemanticModel>(f->tree.root(), f->text, ModelOptions{module, test});
      index.add(f->model->summary());
      files.push_back(std::move(f));
    }
    index.complete();
    for (auto& f : files) f->model->complete(index);
  }
  const FunctionFacts& facts(const char* qualname) const {
    const FunctionFacts* f = index.function(qualname);
    REQUIRE_MESSAGE(f, qualname);
    return *f;
  }
};
}  // namespace

TEST_CASE("dotted names match on whole segments only") {
  CHECK(dotted_suffix_match("src.pkg.utils.f", "pkg.utils.f"));
  CHECK(dotted_suffix_match("utils.f", "pkg.utils.f"));
  CHECK_FALSE(dotted_suffix_match("pkg.myutils.f", "utils.f"));
  CHECK(module_name_for_path("./pkg/sub/train.py") == "pkg.sub.train");
  CHECK(module_name_for_path("pkg/__init__.py") == "pkg");
}

TEST_CASE("facts are transitive across files, through imports and methods") {
  Project p({{"pkg.steps", R"(
def apply(opt, loss):
    loss.backward()
    opt.step()
)"},
             {"pkg.engine", R"(
from .steps import apply

class Trainer:
    def train_step(self, batch):
        apply(self.opt, self.model(batch).mean())
)"},
             {"pkg.main", R"(
from pkg.engine import Trainer

def fit(loader):
    trainer = Trainer()
    for batch in loader:
        trainer.train_step(batch)
)"}});
  CHECK((p.facts("pkg.steps.apply").effects & kSteps));
  CHECK((p.facts("pkg.engine.Trainer.train_step").effects & kSteps));
  CHECK((p.facts("pkg.main.fit").effects & kBackward));
  CHECK_FALSE((p.facts("pkg.main.fit").effects & kSteps));  // its step is inside its own loop
}

TEST_CASE("a call resolves to its definition, not to any function of that name") {
  Project p({{"app.utils", R"(
def validate(model, loader):
    for x in loader:
        model(x)
)"},
             {"app.other", R"(
def validate(n):
    return n + 1

def noise():
    validate(3)
)"},
             {"app.train", R"(
import torch
from app import utils

def run(model, loader):
    with torch.no_grad():
        utils.validate(model, loader)
)"}});
  CHECK(p.facts("app.utils.validate").called_only_under_no_grad);
  // The unrelated validate(3) calls app.other.validate, which is called outside no_grad.
  CHECK_FALSE(p.facts("app.other.validate").called_only_under_no_grad);
}

TEST_CASE("a project decorator that wraps no_grad makes a function no-grad") {
  Project p({{"lib.torch_utils", R"(
import torch

def smart_inference_mode(enabled=True):
    def decorate(fn):
        return (torch.inference_mode if enabled else torch.no_grad)()(fn)
    return decorate
)"},
             {"lib.val", R"(
from lib.torch_utils import smart_inference_mode

@smart_inference_mode()
def run(model, loader):
    for x in loader:
        model(x)
)"}});
  CHECK((p.facts("lib.torch_utils.smart_inference_mode").effects & kNoGradWrapper));
  CHECK((p.facts("lib.val.run").effects & kNoGradBody));
  // Its forwards record no graph: it does not run a model with gradients on.
  CHECK_FALSE((p.facts("lib.val.run").effects & kRunsModel));
}

TEST_CASE("a class named like an optimizer is not one: isinstance(m, OptimizedModule) trains nothing") {
  Project p({{"lib.unwrap", R"(
import torch

def unwrap(model):
    if isinstance(model, torch._dynamo.eval_frame.OptimizedModule):
        return model._orig_mod
    return model

def fit(model, optimG):
    return train_one(model, optimG)

def clip(model, optimal_threshold):
    return keep(model, optimal_threshold)
)"}});
  CHECK_FALSE((p.facts("lib.unwrap.unwrap").effects & kBackward));
  CHECK((p.facts("lib.unwrap.fit").effects & kBackward));  // handed an optimizer: it trains
  CHECK_FALSE((p.facts("lib.unwrap.clip").effects & kBackward));
}

TEST_CASE("a file's findings depend only on the effect bits its analysis read") {
  const char* helper = R"(
import torch

def log_batch(model, batch):
    model.eval()
    print(batch.shape)
)";
  const char* caller = R"(
from lib.helper import log_batch

def train(model, loader, optimizer):
    for batch in loader:
        log_batch(model, batch)
        optimizer.zero_grad()
        model(batch).sum().backward()
        optimizer.step()
)";
  Project p({{"lib.helper", helper}, {"lib.train", caller}});
  std::vector<IndexQuery> asked = p.files[1]->model->index_queries();
  const IndexQuery* effects = nullptr;
  for (const IndexQuery& q : asked)
    if (q.kind == IndexQuery::kEffects && q.key.str() == "lib.helper.log_batch") effects = &q;
  REQUIRE(effects);
  // The helper switches its argument to eval mode, which this file's analysis did not read
  // here: an index without the helper answers alike, and phase 1's findings stand.
  CHECK((p.facts("lib.helper.log_batch").effects & kSetsEval));
  CHECK((effects->bits & kBackward));
  CHECK_FALSE((effects->bits & kSetsEval));
  CHECK(p.index.answers_alike(asked, "lib.train"));
  ProjectIndex alone;
  alone.add(p.files[1]->model->summary());
  alone.complete();
  CHECK(alone.answers_alike(asked, "lib.train"));
  // Asked for every bit, the answer recorded (nothing read was set) no longer holds.
  std::vector<IndexQuery> all_bits = asked;
  for (IndexQuery& q : all_bits) q.bits = ~0u;
  CHECK_FALSE(p.index.answers_alike(all_bits, "lib.train"));
}

TEST_CASE("the mode a helper leaves behind follows its last switch, own or a callee's") {
  Project p({{"m", R"(
def evaluate(model, loader):
    model.eval()
    for x in loader:
        model(x)

def evaluate_and_restore(model, loader):
    evaluate(model, loader)
    model.train()

def build_and_eval(path):
    model = load(path)
    model.eval()
    return model
)"}});
  CHECK((p.facts("m.evaluate").effects & kLeavesEval));
  CHECK_FALSE((p.facts("m.evaluate_and_restore").effects & kLeavesEval));
  // A model the function builds itself is not the caller's: its mode does not leak.
  CHECK_FALSE((p.facts("m.build_and_eval").effects & kLeavesEval));
}

TEST_CASE("a call after a switch to eval: not when it hands over another model, nor from a test") {
  Project p({{"losses", R"(
def evaluate(model, loader):
    for x in loader:
        model(x)

def student_loss(model, batch):
    return model(batch).mean()

def train_loss(model, batch):
    return model(batch).mean()
)"},
             {"loop", R"(
from losses import evaluate, student_loss

def validate(model, loader):
    model.eval()
    evaluate(model, loader)

class KD:
    def step(self, model, batch):
        self.teacher.eval()
        return student_loss(model, batch)
)"},
             {"tests.test_losses", R"(
from losses import train_loss

def test_eval_mode(model, batch):
    model.eval()
    assert train_loss(model, batch) > 0
)"}},
            {"tests.test_losses"});
  CHECK(p.facts("losses.evaluate").called_after_eval);
  // The teacher was switched; the student is what the callee runs.
  CHECK_FALSE(p.facts("losses.student_loss").called_after_eval);
  // A test switches modes to check behaviour: not the program evaluating.
  CHECK_FALSE(p.facts("losses.train_loss").called_after_eval);
}

TEST_CASE("test files are judged on the path inside their project") {
  namespace fs = std::filesystem;
  fs::path root = fs::temp_directory_path() / "torchlint_tests_parent" / "tests" / "proj";
  fs::create_directories(root / ".git");
  fs::create_directories(root / "tests");
  std::ofstream(root / "train.py") << "x = 1\n";
  std::ofstream(root / "tests" / "check.py") << "x = 1\n";
  // A checkout under a folder named `tests` is not a test file; its own tests/ folder is.
  CHECK_FALSE(is_test_file_path((root / "train.py").string()));
  CHECK(is_test_file_path((root / "tests" / "check.py").string()));
  CHECK(project_root((root / "train.py").string()) == root.string());
  // By their names: pytest's defaults, conftest.py, and a Django app's tests.py.
  for (const char* name : {"test_train.py", "train_test.py", "conftest.py", "tests.py"})
    CHECK_MESSAGE(is_test_file_path((root / name).string()), name);
  CHECK_FALSE(is_test_file_path((root / "testing.py").string()));
  CHECK_FALSE(is_test_file_path((root / "latest.py").string()));
  // Named like a test, it is one only when it holds tests: `test_net.py` beside
  // `train_net.py` evaluates a model and is checked as code.
  const char* script = "import torch\n\ndef main(net, loader):\n    for x in loader:\n        net(x)\n";
  CHECK_FALSE(is_test_file((root / "test_net.py").string(), script));
  CHECK(is_test_file((root / "test_net.py").string(), "def test_forward(net):\n    net(1)\n"));
  CHECK(is_test_file((root / "net_test.py").string(), "import unittest\n"));
  CHECK(is_test_file((root / "conftest.py").string(), "import torch\n"));
  CHECK(is_test_file((root / "tests" / "check.py").string(), script));
  CHECK_FALSE(is_test_file((root / "train.py").string(), "def test_split(data):\n    pass\n"));
  fs::remove_all(fs::temp_directory_path() / "torchlint_tests_parent");
}
