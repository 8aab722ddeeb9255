// A fixture: does not compile with the shim headers (it calls members they do not declare, as
// with any header the shim leaves out). An unknown member is an error, never a call of a
// similarly spelled deprecated one (torchlint parses with typo correction off).
#include <torch/extension.h>

bool same_kind(const at::Tensor& a, const at::Tensor& b) { return a.ctype() == b.ctype() && a.date() == b.date(); }
