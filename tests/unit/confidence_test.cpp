// Findings say how they were established: by flow (high) or by a naming convention (medium).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/builtin_rules.h"
#include "cli/runner.h"

using namespace torchlint;

namespace {
std::vector<Diagnostic> findings_of(const std::string& text) {
  static const py::RuleSet rules(builtin_rules());
  std::vector<std::string> texts{text};
  // Outside any project and outside the working folder (tests run from tests/): plain code,
  // not a test file.
  std::string path = (std::filesystem::temp_directory_path() / "torchlint_confidence" / "train.py").string();
  return run_analysis({path}, rules, 1, &texts).findings;
}
}  // namespace

TEST_CASE("a loss established by flow is high confidence, one known by its name is medium") {
  auto by_flow = findings_of(R"(
import torch.nn as nn
def fit(net, loader, opt):
    bce = nn.BCEWithLogitsLoss()
    kept = []
    for x, y in loader:
        opt.zero_grad()
        d_err = bce(net(x), y)
        d_err.backward()
        opt.step()
        kept.append(d_err)
)");
  REQUIRE(by_flow.size() == 1);
  CHECK(by_flow[0].rule_id == "TL101");
  CHECK(by_flow[0].confidence == Confidence::High);

  auto by_name = findings_of(R"(
def fit(model, loader, opt, criterion):
    kept = []
    for x, y in loader:
        opt.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        opt.step()
        kept.append(loss)
)");
  REQUIRE(by_name.size() == 1);
  CHECK(by_name[0].rule_id == "TL101");
  CHECK(by_name[0].confidence == Confidence::Medium);  // `criterion` and `model` by name
}
