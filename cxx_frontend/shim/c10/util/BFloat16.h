// torchlint shim: c10::BFloat16, and in CUDA code CUDA's __nv_bfloat16 it converts from.
#pragma once
#include <c10/macros/Macros.h>
#if defined(__CUDACC__)
#include <cuda_bf16.h>
#endif
namespace c10 {
struct BFloat16 {
  unsigned short x;
  C10_HOST_DEVICE BFloat16();
  C10_HOST_DEVICE BFloat16(float v);
  C10_HOST_DEVICE operator float() const;
#if defined(__CUDACC__)
  C10_HOST_DEVICE BFloat16(const __nv_bfloat16& v);
  C10_HOST_DEVICE operator __nv_bfloat16() const;
#endif
};
}  // namespace c10
