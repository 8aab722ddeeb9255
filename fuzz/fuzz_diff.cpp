// `git diff -U0` output as `--diff-base`, `--staged` and review read it: file names quoted with
// C escapes, tab-terminated or bare, malformed hunks ignored, huge counts refused; nothing
// crashes or hangs. Every line is also read as a header's name, and every name git_quote
// writes reads back to itself.
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli/git_diff.h"

using namespace torchlint;

namespace {
void check_round_trip(std::string_view name) {
  if (git_unquote(git_quote(name)) != name) std::abort();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  ChangedLines changed;
  changed.repo_root = "/repo";
  parse_diff_hunks(text, changed);
  for (const auto& [path, lines] : changed.files) changed.touches(path, 1, 10);
  std::string_view rest = text;
  while (!rest.empty()) {
    std::string_view line = rest.substr(0, rest.find('\n'));
    rest.remove_prefix(std::min(rest.size(), line.size() + 1));
    for (std::string_view marker : {"+++ ", "--- "})
      if (line.starts_with(marker))
        if (auto name = diff_header_path(line.substr(marker.size()))) check_round_trip(*name);
    std::string_view after;
    git_unquote(line, &after);
  }
  check_round_trip(text);
  return 0;
}
