// torchlint shim (CUDA toolkit stand-in): cuRAND's host API.
#pragma once
#include <cuda_runtime.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef enum curandStatus { CURAND_STATUS_SUCCESS = 0, CURAND_STATUS_VERSION_MISMATCH = 100, CURAND_STATUS_NOT_INITIALIZED = 101,
                            CURAND_STATUS_ALLOCATION_FAILED = 102, CURAND_STATUS_TYPE_ERROR = 103, CURAND_STATUS_OUT_OF_RANGE = 104,
                            CURAND_STATUS_LAUNCH_FAILURE = 201, CURAND_STATUS_INTERNAL_ERROR = 999 } curandStatus_t;
typedef enum curandRngType { CURAND_RNG_PSEUDO_DEFAULT = 100, CURAND_RNG_PSEUDO_XORWOW = 101, CURAND_RNG_PSEUDO_MRG32K3A = 121,
                             CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161, CURAND_RNG_QUASI_DEFAULT = 200 } curandRngType_t;
typedef struct curandGenerator_st* curandGenerator_t;
curandStatus_t curandCreateGenerator(curandGenerator_t* generator, curandRngType_t rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed);
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float* outputPtr, size_t num);
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float* outputPtr, size_t n, float mean, float stddev);
#ifdef __cplusplus
}
#endif
