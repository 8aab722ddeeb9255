// Whether a forward pass's output is only ever taken off the graph: `net(x).detach()`, or
// `out = net(x)` with every later use `out.detach()`, `out.item()`, `out.tolist()`. The
// graph the call recorded is thrown away unread: the code runs the model for its values.
#pragma once
#include <tree_sitter/api.h>

namespace torchlint::py {

class SemanticModel;

// `call` is a model call inside `scope` (the function or module node that holds it).
bool forward_output_discarded(const SemanticModel& m, TSNode call, TSNode scope);

}  // namespace torchlint::py
