// A run goes a batch of whole projects at a time: cross-file facts stay inside their project
// whichever batch it lands in, and the texts interned for a batch are freed after it.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/builtin_rules.h"
#include "cli/runner.h"
#include "core/interned.h"

using namespace torchlint;
namespace fs = std::filesystem;

namespace {
// A project whose train.py reads a tensor every step only through utils.sync when `syncs`.
void write_project(const fs::path& dir, bool syncs) {
  fs::create_directories(dir);
  std::ofstream(dir / "setup.py") << "";
  std::ofstream(dir / "utils.py") << (syncs ? "def sync(loss):\n    return loss.item()\n"
                                            : "def sync(loss):\n    return 0\n");
  std::ofstream(dir / "train.py") << R"(from utils import sync


def fit(model, opt, loader):
    for x in loader:
        loss = model(x).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        print(sync(loss))
)";
}

std::vector<std::string> findings_at(const RunResult& r) {
  std::vector<std::string> out;
  for (const Diagnostic& d : r.findings) out.push_back(d.path + ":" + std::to_string(d.range.start) + ":" + d.rule_id);
  return out;
}
}  // namespace

TEST_CASE("projects in different batches keep their own cross-file facts") {
  fs::path root = fs::temp_directory_path() / "torchlint_runner_batches";
  fs::remove_all(root);
  // 255 one-file projects first: a batch closes at 256 files or more, so cutting by file
  // count alone would split the syncing project. Its harmless twin shares its module names.
  std::vector<std::string> paths;
  for (int i = 0; i < 255; ++i) {
    fs::path dir = root / ("small" + std::to_string(i));
    fs::create_directories(dir);
    std::ofstream(dir / "setup.py") << "";
    std::ofstream(dir / "m.py") << "def f(x):\n    return x\n";
    paths.push_back((dir / "m.py").string());
  }
  write_project(root / "syncs", true);
  write_project(root / "quiet", false);
  for (const char* p : {"syncs/utils.py", "syncs/train.py", "quiet/utils.py", "quiet/train.py"})
    paths.push_back((root / p).string());

  static const py::RuleSet rules(builtin_rules());
  RunResult all = run_analysis(paths, rules, 2);
  RunResult alone = run_analysis({paths[255], paths[256]}, rules, 1);
  CHECK(all.summary.files == 259);
  REQUIRE(all.findings.size() == 1);
  CHECK(all.findings[0].path == (root / "syncs" / "train.py").string());
  CHECK(all.findings[0].rule_id == "TL201");
  CHECK(findings_at(all) == findings_at(alone));
  fs::remove_all(root);
}

TEST_CASE("texts interned inside a scope are freed with it; those from before stay") {
  Interned before(std::string_view("interned-before-the-scope"));
  size_t outside = Interned::pool_size();
  {
    InternedScope scope;
    CHECK(Interned::pool_size() == 0);
    Interned inside(std::string_view("interned-inside-the-scope"));
    Interned again(std::string_view("interned-before-the-scope"));
    CHECK(again == before);  // equal by text, though interned twice
    CHECK(Interned::pool_size() == 2);
  }
  CHECK(Interned::pool_size() == outside);
  CHECK(before.str() == "interned-before-the-scope");
}
