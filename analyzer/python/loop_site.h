// Where the harness puts its probe: the loop a finding is about, and the text that rewrites its
// head so that each iteration is measured, on the same line (line numbers stay true).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace torchlint::py {

struct LoopSite {
  enum class Kind { For, While, Comprehension } kind = Kind::For;
  ByteRange head;        // the iterable (for) or the condition (while)
  uint32_t line = 0;     // 1-based line of the loop keyword
  size_t ordinal = 0;    // loops before it in the file, in source order
  bool is_async = false; // `async for`: not instrumented
  bool at_module_level = false;  // in no function: it runs when the file runs
};

// The innermost loop around `range`; when `region` starts exactly at a loop (a rule's
// training-loop region), that loop; when the range is in no loop, the first loop after it in
// the same function. nullopt: there is none.
// `after`: the first loop after the outermost loop around the range (a setting made in a loop of
// its own, `for p in backbone.parameters(): p.requires_grad = False`, costs in the training after);
// with none after it in its function, the first loop after that function (or its class).
std::optional<LoopSite> find_loop_site(std::string_view source, ByteRange range, std::optional<ByteRange> region,
                                       bool after = false);
// Every loop around `range`, the outermost first.
std::vector<LoopSite> loops_around(std::string_view source, ByteRange range);
// The loop with this ordinal (the same loop in a fixed copy of the code).
std::optional<LoopSite> loop_by_ordinal(std::string_view source, size_t ordinal);
// The edit that makes the probe sample each iteration: `loop((ITER), "SITE")` or
// `tick("SITE") and (COND)`.
Edit probe_edit(std::string_view source, const LoopSite& site, const std::string& label);
// Whether the file runs as a script (`if __name__ == "__main__":`).
bool has_main_guard(std::string_view source);

}  // namespace torchlint::py
