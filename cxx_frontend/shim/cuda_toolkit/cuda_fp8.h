// torchlint shim (CUDA toolkit stand-in): the 8-bit float types and their conversions.
#pragma once
#include <cuda_bf16.h>
#ifdef __cplusplus
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE };
enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 };
#define __TL_FP8(N, STORAGE)                               \
  struct N {                                               \
    STORAGE __x;                                           \
    N() = default;                                         \
    __TL_HD__ explicit N(float f);                         \
    __TL_HD__ explicit N(double f);                        \
    __TL_HD__ explicit N(__half f);                        \
    __TL_HD__ explicit N(__nv_bfloat16 f);                 \
    __TL_HD__ explicit N(int v);                           \
    __TL_HD__ operator float() const;                      \
    __TL_HD__ explicit operator __half() const;            \
    __TL_HD__ explicit operator __nv_bfloat16() const;     \
  };
__TL_FP8(__nv_fp8_e4m3, __nv_fp8_storage_t) __TL_FP8(__nv_fp8_e5m2, __nv_fp8_storage_t)
__TL_FP8(__nv_fp8x2_e4m3, __nv_fp8x2_storage_t) __TL_FP8(__nv_fp8x2_e5m2, __nv_fp8x2_storage_t)
__TL_FP8(__nv_fp8x4_e4m3, __nv_fp8x4_storage_t) __TL_FP8(__nv_fp8x4_e5m2, __nv_fp8x4_storage_t)
#undef __TL_FP8
__TL_HD__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(float x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__TL_HD__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(float2 x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__TL_HD__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(__half_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__TL_HD__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fp8_interpretation);
__TL_HD__ __half_raw __nv_cvt_fp8_to_halfraw(__nv_fp8_storage_t x, __nv_fp8_interpretation_t fp8_interpretation);
__TL_HD__ __half2_raw __nv_cvt_fp8x2_to_halfraw2(__nv_fp8x2_storage_t x, __nv_fp8_interpretation_t fp8_interpretation);
#endif
