// The shim headers (shim/), compiled in and served from memory under kShimRoot.
#pragma once
#include <vector>

namespace torchlint::cxx {

struct ShimFile {
  const char* path;  // relative to the shim root, e.g. "ATen/ATen.h"
  const char* text;
};
const std::vector<ShimFile>& shim_files();
inline constexpr const char* kShimRoot = "/torchlint-shim/include";

}  // namespace torchlint::cxx
