// `git diff -U0` output as `--diff-base` and `--staged` read it: malformed hunks are ignored,
// huge counts are refused, nothing crashes or hangs.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/git_diff.h"

using namespace torchlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ChangedLines changed;
  changed.repo_root = "/repo";
  parse_diff_hunks(std::string(reinterpret_cast<const char*>(data), size), changed);
  for (const auto& [path, lines] : changed.files) changed.touches(path, 1, 10);
  return 0;
}
