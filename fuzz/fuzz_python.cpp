// The Python front end and every built-in rule on arbitrary bytes, with the fixes applied:
// no crash, no sanitizer report, no hang, whatever the file holds.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/builtin_rules.h"
#include "cli/runner.h"
#include "core/fix_applier.h"

using namespace torchlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const py::RuleSet rules = [] {
    py::RuleSet set(builtin_rules());
    set.set_available_rules(builtin_rules());
    return set;
  }();
  std::vector<std::string> texts = {std::string(reinterpret_cast<const char*>(data), size)};
  // Half the inputs with no memory budget: the analyse-alone-then-replay path runs too.
  set_analysis_memory_budget(size % 2 ? 0 : kDefaultAnalysisMemoryBudget);
  RunResult r = run_analysis({"fuzz/train.py"}, rules, 1, &texts);
  std::vector<Edit> edits;
  for (const auto& d : r.findings)
    if (d.fix) edits.insert(edits.end(), d.fix->edits.begin(), d.fix->edits.end());
  if (!edits.empty()) apply_edits(texts[0], edits);
  return 0;
}
