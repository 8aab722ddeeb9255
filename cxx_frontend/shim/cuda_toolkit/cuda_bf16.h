// torchlint shim (CUDA toolkit stand-in): __nv_bfloat16 and __nv_bfloat162, with the families
// of cuda_fp16.h.
#pragma once
#include <cuda_fp16.h>
#ifdef __cplusplus
#ifdef __CUDA_NO_BFLOAT16_CONVERSIONS__
__TL_HALF_TYPES(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw, __nv_bfloat162_raw, __TL_HALF_CONVERSIONS_OFF)
#else
__TL_HALF_TYPES(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw, __nv_bfloat162_raw, __TL_HALF_CONVERSIONS_ON)
#endif
#ifndef __CUDA_NO_BFLOAT16_OPERATORS__
__TL_HALF_OPERATORS(__nv_bfloat16)
#endif
#ifndef __CUDA_NO_BFLOAT162_OPERATORS__
__TL_HALF2_OPERATORS(__nv_bfloat162)
#endif
__TL_HALF_INTRINSICS(__nv_bfloat16, __nv_bfloat162)
__TL_HALF_CONVERSIONS(__nv_bfloat16, __nv_bfloat162, bfloat16, bfloat162)
__TL_HD__ __nv_bfloat162 __float22bfloat162_rn(float2 a);
__TL_HD__ __nv_bfloat16 __float2bfloat16(float a);
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
#endif
