// Baseline files: arbitrary bytes are a baseline, or a clear error, never a crash.
#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/baseline.h"

using namespace torchlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const SourceFile file("t.py", "for x in loader:\n    losses.append(loss)\n");
  std::map<std::string, const SourceFile*> sources = {{"t.py", &file}};
  std::vector<Diagnostic> findings(1);
  findings[0].rule_id = "TL101";
  findings[0].path = "t.py";
  findings[0].start = {2, 19};
  try {
    filter_baseline_text(std::string(reinterpret_cast<const char*>(data), size), "base.json", findings, sources);
  } catch (const std::runtime_error&) {
  }
  return 0;
}
