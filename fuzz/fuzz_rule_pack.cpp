// Rule-pack YAML: loading and compiling arbitrary bytes gives a located error or rules, never
// a crash; compiled rules then run on a small training loop.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/runner.h"
#include "python/rule_compiler.h"
#include "rulepack/loader.h"

using namespace torchlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    std::vector<RuleSpec> specs = load_rule_pack_text(text, "fuzz.yaml");
    py::RuleSet rules(specs);
    std::vector<std::string> code = {
        "for x, y in loader:\n    optimizer.zero_grad()\n    loss = model(x).sum()\n    loss.backward()\n"
        "    optimizer.step()\n    print(loss.item())\n    history.append(loss)\n"};
    run_analysis({"fuzz/train.py"}, rules, 1, &code);
  } catch (const RulePackError&) {
  } catch (const py::RuleCompileError&) {
  }
  return 0;
}
