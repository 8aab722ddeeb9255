// The file system Clang reads through: the real one, with the shim headers mounted at kShimRoot
// and a fallback folder at kFallbackRoot (searched last) where every header that is found
// nowhere else exists, empty. A missing include then costs the declarations it would have
// given (a non-fatal error) instead of stopping the parse at the first line. Under kShimRoot,
// every torch/ATen/c10/caffe2/pybind11/THC header the shim lacks is empty too: with the shim
// first, a real libtorch found by accident on the system path is never half-read. The project's
// own files are read with spaced kernel launches respelled (launch_spelling.h).
#pragma once
#include <llvm/Support/VirtualFileSystem.h>

namespace torchlint::cxx {

inline constexpr const char* kFallbackRoot = "/torchlint-shim/fallback";

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> file_system_with_shim();

}  // namespace torchlint::cxx
