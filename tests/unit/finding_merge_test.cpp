// One problem, one finding: reads of the device that share a cause are reported together.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/builtin_rules.h"
#include "cli/runner.h"

using namespace torchlint;

namespace {
std::vector<Diagnostic> sync_findings(const std::string& text) {
  static const py::RuleSet rules(builtin_rules());
  std::vector<std::string> texts{text};
  std::string path = (std::filesystem::temp_directory_path() / "torchlint_merge" / "train.py").string();
  std::vector<Diagnostic> out;
  for (Diagnostic& d : run_analysis({path}, rules, 1, &texts).findings)
    if (d.rule_id == "TL201") out.push_back(std::move(d));
  return out;
}

const char* kLoopHead = R"(
import torch
def fit(model, loader, opt, criterion):
    model.cuda()
    for x, y in loader:
        opt.zero_grad()
        d_loss = criterion(model(x.cuda()), y.cuda())
        g_loss = criterion(model(x.cuda()), y.cuda())
        (d_loss + g_loss).backward()
        opt.step()
)";
}  // namespace

TEST_CASE("two device reads in one statement are one finding that names both") {
  auto found = sync_findings(std::string(kLoopHead) + "        print(\"D %f G %f\" % (d_loss.item(), g_loss.item()))\n");
  REQUIRE(found.size() == 1);
  CHECK(found[0].message.find("`d_loss.item()` reads") == 0);
  CHECK(found[0].message.find("the same statement also reads `g_loss.item()`") != std::string::npos);
}

TEST_CASE("reads in separate statements stay separate findings") {
  auto found = sync_findings(std::string(kLoopHead) + "        print(d_loss.item())\n        print(g_loss.item())\n");
  CHECK(found.size() == 2);
  for (const Diagnostic& d : found) CHECK(d.message.find("same statement") == std::string::npos);
}

TEST_CASE("the same value read twice in a loop is one finding that lists the other line") {
  auto found = sync_findings(std::string(kLoopHead) + "        print(d_loss.item())\n        log = d_loss.item()\n");
  REQUIRE(found.size() == 1);
  INFO(found[0].message);
  CHECK(found[0].message.find("the same value is read again on line 12 of this loop") != std::string::npos);
}
