// Which loop `torchlint confirm` measures for a finding: its steps are the unit of every figure.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "core/diagnostic.h"
#include "python/loop_site.h"

namespace torchlint {

// `--loop LINE` when given; else the innermost loop holding the finding; a finding before its
// loop (or one with `loop: after`) is measured in the innermost first loop of the loop after it
// (the batches of an epoch loop, not its two epochs); a finding in a function with no loop is
// measured where that function is called from (a helper called by `main()`). nullopt and `why`
// when there is none.
std::optional<py::LoopSite> measured_loop(const std::string& text, const Diagnostic& d, bool loop_after, uint32_t loop_line,
                                          std::string& why);

}  // namespace torchlint
