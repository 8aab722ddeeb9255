// torchlint shim: c10::Half, and in CUDA code CUDA's __half it converts from.
#pragma once
#include <c10/macros/Macros.h>
#if defined(__CUDACC__)
#include <cuda_fp16.h>
#endif
namespace c10 {
struct Half {
  unsigned short x;
  C10_HOST_DEVICE Half();
  C10_HOST_DEVICE Half(float v);
  C10_HOST_DEVICE operator float() const;
#if defined(__CUDACC__)
  C10_HOST_DEVICE Half(const __half& v);
  C10_HOST_DEVICE operator __half() const;
#endif
};
}  // namespace c10
