// torchlint shim (CUDA toolkit stand-in): __half and __half2 with their operators, and the half
// intrinsics by family (conversions, arithmetic, comparisons, math). cuda_bf16.h declares the
// same families for __nv_bfloat16 with the shared macros below.
#pragma once
#include <cuda_runtime.h>
#ifdef __cplusplus
// One 16-bit float type H (and its pair H2): conversions, operators and intrinsics.
// One 16-bit float type H (and its pair H2). Its implicit conversions and its operators can be
// turned off as nvcc's headers allow (torch's builds define __CUDA_NO_HALF_CONVERSIONS__,
// __CUDA_NO_HALF_OPERATORS__, __CUDA_NO_HALF2_OPERATORS__ and the BFLOAT16 ones).
#define __TL_HALF_CONVERSIONS_ON(H)                                                               \
  __TL_HD__ H(float f);                                                                           \
  __TL_HD__ H(double f);                                                                          \
  __TL_HD__ H(int v);                                                                             \
  __TL_HD__ H(unsigned int v);                                                                    \
  __TL_HD__ H(short v);                                                                           \
  __TL_HD__ H(unsigned short v);                                                                  \
  __TL_HD__ H(long v);                                                                            \
  __TL_HD__ H(unsigned long v);                                                                   \
  __TL_HD__ H(long long v);                                                                       \
  __TL_HD__ H(unsigned long long v);                                                              \
  __TL_HD__ H& operator=(float f);                                                                \
  __TL_HD__ H& operator=(double f);                                                               \
  __TL_HD__ operator float() const;                                                               \
  __TL_HD__ explicit operator bool() const;                                                       \
  __TL_HD__ explicit operator signed char() const;                                                \
  __TL_HD__ explicit operator unsigned char() const;                                              \
  __TL_HD__ explicit operator char() const;                                                       \
  __TL_HD__ explicit operator short() const;                                                      \
  __TL_HD__ explicit operator unsigned short() const;                                             \
  __TL_HD__ explicit operator int() const;                                                        \
  __TL_HD__ explicit operator unsigned int() const;                                               \
  __TL_HD__ explicit operator long() const;                                                       \
  __TL_HD__ explicit operator unsigned long() const;                                              \
  __TL_HD__ explicit operator long long() const;                                                  \
  __TL_HD__ explicit operator unsigned long long() const;
#define __TL_HALF_CONVERSIONS_OFF(H)
#define __TL_HALF_TYPES(H, H2, RAW, RAW2, CONVERSIONS)                                           \
  struct RAW { unsigned short x; };                                                               \
  struct RAW2 { unsigned short x, y; };                                                           \
  struct __attribute__((aligned(2))) H {                                                          \
    H() = default;                                                                                \
    __TL_HD__ H(const RAW& r);                                                                    \
    __TL_HD__ H& operator=(const RAW& r);                                                         \
    __TL_HD__ operator RAW() const;                                                               \
    CONVERSIONS(H)                                                                                \
   protected:                                                                                     \
    unsigned short __x;                                                                           \
  };                                                                                              \
  struct __attribute__((aligned(4))) H2 {                                                         \
    H x, y;                                                                                       \
    H2() = default;                                                                               \
    __TL_HD__ H2(const H& a, const H& b) : x(a), y(b) {}                                          \
    __TL_HD__ H2(const RAW2& r);                                                                  \
    __TL_HD__ H2& operator=(const RAW2& r);                                                       \
    __TL_HD__ operator RAW2() const;                                                              \
  };
#define __TL_HALF_OPERATORS(H)                                                                    \
  __TL_HD__ H operator+(const H& a, const H& b);                                                  \
  __TL_HD__ H operator-(const H& a, const H& b);                                                  \
  __TL_HD__ H operator*(const H& a, const H& b);                                                  \
  __TL_HD__ H operator/(const H& a, const H& b);                                                  \
  __TL_HD__ H& operator+=(H& a, const H& b);                                                      \
  __TL_HD__ H& operator-=(H& a, const H& b);                                                      \
  __TL_HD__ H& operator*=(H& a, const H& b);                                                      \
  __TL_HD__ H& operator/=(H& a, const H& b);                                                      \
  __TL_HD__ H& operator++(H& a);                                                                  \
  __TL_HD__ H& operator--(H& a);                                                                  \
  __TL_HD__ H operator++(H& a, int);                                                              \
  __TL_HD__ H operator--(H& a, int);                                                              \
  __TL_HD__ H operator+(const H& a);                                                              \
  __TL_HD__ H operator-(const H& a);                                                              \
  __TL_HD__ bool operator==(const H& a, const H& b);                                              \
  __TL_HD__ bool operator!=(const H& a, const H& b);                                              \
  __TL_HD__ bool operator<(const H& a, const H& b);                                               \
  __TL_HD__ bool operator>(const H& a, const H& b);                                               \
  __TL_HD__ bool operator<=(const H& a, const H& b);                                              \
  __TL_HD__ bool operator>=(const H& a, const H& b);
#define __TL_HALF2_OPERATORS(H2)                                                                  \
  __TL_HD__ H2 operator+(const H2& a, const H2& b);                                               \
  __TL_HD__ H2 operator-(const H2& a, const H2& b);                                               \
  __TL_HD__ H2 operator*(const H2& a, const H2& b);                                               \
  __TL_HD__ H2 operator/(const H2& a, const H2& b);                                               \
  __TL_HD__ H2& operator+=(H2& a, const H2& b);                                                   \
  __TL_HD__ H2& operator-=(H2& a, const H2& b);                                                   \
  __TL_HD__ H2& operator*=(H2& a, const H2& b);                                                   \
  __TL_HD__ H2& operator/=(H2& a, const H2& b);                                                   \
  __TL_HD__ H2 operator-(const H2& a);                                                            \
  __TL_HD__ bool operator==(const H2& a, const H2& b);                                            \
  __TL_HD__ bool operator!=(const H2& a, const H2& b);
// The intrinsics CUDA spells alike for __half and __nv_bfloat16.
#define __TL_HALF_INTRINSICS(H, H2)                                                                 \
  __TL_HD__ float __low2float(H2 a);                                                              \
  __TL_HD__ float __high2float(H2 a);                                                             \
  __TL_HD__ H __hadd(H a, H b); __TL_HD__ H __hsub(H a, H b); __TL_HD__ H __hmul(H a, H b);       \
  __TL_HD__ H __hdiv(H a, H b); __TL_HD__ H __hadd_sat(H a, H b); __TL_HD__ H __hsub_sat(H a, H b); \
  __TL_HD__ H __hmul_sat(H a, H b); __TL_HD__ H __hadd_rn(H a, H b); __TL_HD__ H __hsub_rn(H a, H b); \
  __TL_HD__ H __hmul_rn(H a, H b); __TL_HD__ H __hfma(H a, H b, H c); __TL_HD__ H __hfma_sat(H a, H b, H c); \
  __TL_HD__ H __hfma_relu(H a, H b, H c); __TL_HD__ H __hneg(H a); __TL_HD__ H __habs(H a);       \
  __TL_HD__ H __hmax(H a, H b); __TL_HD__ H __hmin(H a, H b); __TL_HD__ H __hmax_nan(H a, H b);   \
  __TL_HD__ H __hmin_nan(H a, H b);                                                               \
  __TL_HD__ H2 __hadd2(H2 a, H2 b); __TL_HD__ H2 __hsub2(H2 a, H2 b); __TL_HD__ H2 __hmul2(H2 a, H2 b); \
  __TL_HD__ H2 __h2div(H2 a, H2 b); __TL_HD__ H2 __hadd2_sat(H2 a, H2 b); __TL_HD__ H2 __hsub2_sat(H2 a, H2 b); \
  __TL_HD__ H2 __hmul2_sat(H2 a, H2 b); __TL_HD__ H2 __hadd2_rn(H2 a, H2 b); __TL_HD__ H2 __hmul2_rn(H2 a, H2 b); \
  __TL_HD__ H2 __hfma2(H2 a, H2 b, H2 c); __TL_HD__ H2 __hfma2_sat(H2 a, H2 b, H2 c);             \
  __TL_HD__ H2 __hfma2_relu(H2 a, H2 b, H2 c); __TL_HD__ H2 __hneg2(H2 a); __TL_HD__ H2 __habs2(H2 a); \
  __TL_HD__ H2 __hmax2(H2 a, H2 b); __TL_HD__ H2 __hmin2(H2 a, H2 b); __TL_HD__ H2 __hmax2_nan(H2 a, H2 b); \
  __TL_HD__ H2 __hmin2_nan(H2 a, H2 b); __TL_HD__ H2 __hcmadd(H2 a, H2 b, H2 c);                  \
  __TL_HD__ bool __heq(H a, H b); __TL_HD__ bool __hne(H a, H b); __TL_HD__ bool __hle(H a, H b); \
  __TL_HD__ bool __hge(H a, H b); __TL_HD__ bool __hlt(H a, H b); __TL_HD__ bool __hgt(H a, H b); \
  __TL_HD__ bool __hequ(H a, H b); __TL_HD__ bool __hneu(H a, H b); __TL_HD__ bool __hleu(H a, H b); \
  __TL_HD__ bool __hgeu(H a, H b); __TL_HD__ bool __hltu(H a, H b); __TL_HD__ bool __hgtu(H a, H b); \
  __TL_HD__ bool __hisnan(H a); __TL_HD__ int __hisinf(H a);                                      \
  __TL_HD__ H2 __heq2(H2 a, H2 b); __TL_HD__ H2 __hne2(H2 a, H2 b); __TL_HD__ H2 __hle2(H2 a, H2 b); \
  __TL_HD__ H2 __hge2(H2 a, H2 b); __TL_HD__ H2 __hlt2(H2 a, H2 b); __TL_HD__ H2 __hgt2(H2 a, H2 b); \
  __TL_HD__ H2 __hisnan2(H2 a);                                                                   \
  __TL_HD__ bool __hbeq2(H2 a, H2 b); __TL_HD__ bool __hbne2(H2 a, H2 b); __TL_HD__ bool __hble2(H2 a, H2 b); \
  __TL_HD__ bool __hbge2(H2 a, H2 b); __TL_HD__ bool __hblt2(H2 a, H2 b); __TL_HD__ bool __hbgt2(H2 a, H2 b); \
  __TL_HD__ unsigned __heq2_mask(H2 a, H2 b); __TL_HD__ unsigned __hne2_mask(H2 a, H2 b);         \
  __TL_HD__ H hsqrt(H a); __TL_HD__ H hrsqrt(H a); __TL_HD__ H hrcp(H a); __TL_HD__ H hlog(H a);  \
  __TL_HD__ H hlog2(H a); __TL_HD__ H hlog10(H a); __TL_HD__ H hexp(H a); __TL_HD__ H hexp2(H a); \
  __TL_HD__ H hexp10(H a); __TL_HD__ H hcos(H a); __TL_HD__ H hsin(H a); __TL_HD__ H htanh(H a);  \
  __TL_HD__ H hceil(H a); __TL_HD__ H hfloor(H a); __TL_HD__ H hrint(H a); __TL_HD__ H htrunc(H a); \
  __TL_HD__ H2 h2sqrt(H2 a); __TL_HD__ H2 h2rsqrt(H2 a); __TL_HD__ H2 h2rcp(H2 a); __TL_HD__ H2 h2log(H2 a); \
  __TL_HD__ H2 h2log2(H2 a); __TL_HD__ H2 h2log10(H2 a); __TL_HD__ H2 h2exp(H2 a); __TL_HD__ H2 h2exp2(H2 a); \
  __TL_HD__ H2 h2exp10(H2 a); __TL_HD__ H2 h2cos(H2 a); __TL_HD__ H2 h2sin(H2 a); __TL_HD__ H2 h2tanh(H2 a); \
  __TL_HD__ H2 h2ceil(H2 a); __TL_HD__ H2 h2floor(H2 a); __TL_HD__ H2 h2rint(H2 a); __TL_HD__ H2 h2trunc(H2 a);
// Conversions named after the type (`__float2half`, `__float2bfloat16`, ...).
#define __TL_HALF_CONVERSIONS(H, H2, h, h2)                                                          \
  __TL_HD__ H __float2##h(float a); __TL_HD__ H __float2##h##_rn(float a); __TL_HD__ H __float2##h##_rz(float a); \
  __TL_HD__ H __float2##h##_rd(float a); __TL_HD__ H __float2##h##_ru(float a); __TL_HD__ H __double2##h(double a); \
  __TL_HD__ float __##h##2float(H a); __TL_HD__ H2 __float2##h2##_rn(float a);                        \
  __TL_HD__ H2 __floats2##h2##_rn(float a, float b); __TL_HD__ H2 __float22##h2##_rn(float2 a);       \
  __TL_HD__ float2 __##h2##2float2(H2 a); __TL_HD__ H __low2##h(H2 a); __TL_HD__ H __high2##h(H2 a); \
  __TL_HD__ H2 __low2##h2(H2 a); __TL_HD__ H2 __high2##h2(H2 a); __TL_HD__ H2 __lows2##h2(H2 a, H2 b); \
  __TL_HD__ H2 __highs2##h2(H2 a, H2 b); __TL_HD__ H2 __halves2##h2(H a, H b); __TL_HD__ H2 __##h##2##h2(H a); \
  __TL_HD__ H2 __lowhigh2highlow(H2 a); __TL_HD__ H2 make_##h2(H x, H y);                          \
  __TL_HD__ short __##h##_as_short(H a); __TL_HD__ unsigned short __##h##_as_ushort(H a);          \
  __TL_HD__ H __short_as_##h(short a); __TL_HD__ H __ushort_as_##h(unsigned short a);              \
  __TL_HD__ signed char __##h##2char_rz(H a); __TL_HD__ unsigned char __##h##2uchar_rz(H a);       \
  __TL_HD__ H __int2##h##_rn(int a); __TL_HD__ H __int2##h##_rz(int a); __TL_HD__ H __int2##h##_rd(int a); __TL_HD__ H __int2##h##_ru(int a); \
  __TL_HD__ int __##h##2int_rn(H a); __TL_HD__ int __##h##2int_rz(H a); __TL_HD__ int __##h##2int_rd(H a); __TL_HD__ int __##h##2int_ru(H a); \
  __TL_HD__ H __uint2##h##_rn(unsigned a); __TL_HD__ H __uint2##h##_rz(unsigned a); __TL_HD__ unsigned __##h##2uint_rn(H a); __TL_HD__ unsigned __##h##2uint_rz(H a); \
  __TL_HD__ H __short2##h##_rn(short a); __TL_HD__ H __short2##h##_rz(short a); __TL_HD__ short __##h##2short_rn(H a); __TL_HD__ short __##h##2short_rz(H a); \
  __TL_HD__ H __ushort2##h##_rn(unsigned short a); __TL_HD__ unsigned short __##h##2ushort_rn(H a); __TL_HD__ unsigned short __##h##2ushort_rz(H a); \
  __TL_HD__ H __ll2##h##_rn(long long a); __TL_HD__ H __ll2##h##_rz(long long a); __TL_HD__ long long __##h##2ll_rn(H a); __TL_HD__ long long __##h##2ll_rz(H a); \
  __TL_HD__ H __ull2##h##_rn(unsigned long long a); __TL_HD__ unsigned long long __##h##2ull_rn(H a); __TL_HD__ unsigned long long __##h##2ull_rz(H a);
#ifdef __CUDA_NO_HALF_CONVERSIONS__
__TL_HALF_TYPES(__half, __half2, __half_raw, __half2_raw, __TL_HALF_CONVERSIONS_OFF)
#else
__TL_HALF_TYPES(__half, __half2, __half_raw, __half2_raw, __TL_HALF_CONVERSIONS_ON)
#endif
#ifndef __CUDA_NO_HALF_OPERATORS__
__TL_HALF_OPERATORS(__half)
#endif
#ifndef __CUDA_NO_HALF2_OPERATORS__
__TL_HALF2_OPERATORS(__half2)
#endif
__TL_HALF_INTRINSICS(__half, __half2)
__TL_HALF_CONVERSIONS(__half, __half2, half, half2)
typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#endif
