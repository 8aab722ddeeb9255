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
// The CUDA toolkit's stand-in (shim/cuda_toolkit/, one header per toolkit header name), searched
// only where the toolkit's own headers are not.
inline constexpr const char* kCudaShimRoot = "/torchlint-shim/include/cuda_toolkit";
// CUDA libraries no toolkit ships (cuDNN, NCCL), searched after the toolkit's or the shim's.
inline constexpr const char* kCudaLibrariesRoot = "/torchlint-shim/include/cuda_libraries";

}  // namespace torchlint::cxx
