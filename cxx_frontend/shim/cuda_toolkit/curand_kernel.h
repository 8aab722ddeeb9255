// torchlint shim (CUDA toolkit stand-in): cuRAND's device API (generator states, init, draws).
#pragma once
#include <curand.h>
#ifdef __cplusplus
struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag, boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
struct curandStatePhilox4_32_10 { uint4 ctr; uint4 output; uint2 key; unsigned int STATE; int boxmuller_flag, boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
struct curandStateMRG32k3a { unsigned int s1[3], s2[3]; int boxmuller_flag, boxmuller_flag_double; float boxmuller_extra; double boxmuller_extra_double; };
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
struct curandStateSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateSobol32 curandStateSobol32_t;
template <typename State> __TL_HD__ inline void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, State* state) {}
template <typename State> __TL_HD__ inline unsigned int curand(State* state) { return __tl_default<unsigned int>(); }
template <typename State> __TL_HD__ inline float curand_uniform(State* state) { return __tl_default<float>(); }
template <typename State> __TL_HD__ inline double curand_uniform_double(State* state) { return __tl_default<double>(); }
template <typename State> __TL_HD__ inline float curand_normal(State* state) { return __tl_default<float>(); }
template <typename State> __TL_HD__ inline double curand_normal_double(State* state) { return __tl_default<double>(); }
template <typename State> __TL_HD__ inline float curand_log_normal(State* state, float mean, float stddev) { return __tl_default<float>(); }
template <typename State> __TL_HD__ inline unsigned int curand_poisson(State* state, double lambda) { return __tl_default<unsigned int>(); }
template <typename State> __TL_HD__ inline float2 curand_normal2(State* state) { return __tl_default<float2>(); }
template <typename State> __TL_HD__ inline double2 curand_normal2_double(State* state) { return __tl_default<double2>(); }
template <typename State> __TL_HD__ inline uint4 curand4(State* state) { return __tl_default<uint4>(); }
template <typename State> __TL_HD__ inline float4 curand_uniform4(State* state) { return __tl_default<float4>(); }
template <typename State> __TL_HD__ inline float4 curand_normal4(State* state) { return __tl_default<float4>(); }
template <typename State> __TL_HD__ inline double2 curand_uniform2_double(State* state) { return __tl_default<double2>(); }
template <typename State> __TL_HD__ inline void skipahead(unsigned long long n, State* state) {}
template <typename State> __TL_HD__ inline void skipahead_sequence(unsigned long long n, State* state) {}
#endif
