// A fixture: does not compile with the shim headers (it calls a member they do not declare).
// Clang's typo correction would turn `a.layout()` into a call of the deprecated `a.type()`;
// torchlint parses without it, so nothing is reported.
#include <torch/extension.h>

bool same_layout(const at::Tensor& a, const at::Tensor& b) { return a.layout() == b.layout() && a.dtype() == b.dtype(); }
