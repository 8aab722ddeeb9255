// torchlint shim (CUDA toolkit stand-in): cuBLAS (the v2 API): handles, enums, and the GEMM,
// batched GEMM, BLAS-1/2 calls extensions make.
#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <library_types.h>
#include <cuComplex.h>
#include <stdint.h>
#define CUBLAS_VER_MAJOR 12
#define CUBLAS_VER_MINOR 4
#define CUBLAS_VERSION 120400
#ifdef __cplusplus
extern "C" {
#endif
typedef struct cublasContext* cublasHandle_t;
typedef enum {
  CUBLAS_STATUS_SUCCESS = 0, CUBLAS_STATUS_NOT_INITIALIZED = 1, CUBLAS_STATUS_ALLOC_FAILED = 3, CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_ARCH_MISMATCH = 8, CUBLAS_STATUS_MAPPING_ERROR = 11, CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_INTERNAL_ERROR = 14, CUBLAS_STATUS_NOT_SUPPORTED = 15, CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;
typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2, CUBLAS_OP_HERMITAN = 2, CUBLAS_OP_CONJG = 3 } cublasOperation_t;
typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1, CUBLAS_FILL_MODE_FULL = 2 } cublasFillMode_t;
typedef enum { CUBLAS_DIAG_NON_UNIT = 0, CUBLAS_DIAG_UNIT = 1 } cublasDiagType_t;
typedef enum { CUBLAS_SIDE_LEFT = 0, CUBLAS_SIDE_RIGHT = 1 } cublasSideMode_t;
typedef enum { CUBLAS_POINTER_MODE_HOST = 0, CUBLAS_POINTER_MODE_DEVICE = 1 } cublasPointerMode_t;
typedef enum { CUBLAS_ATOMICS_NOT_ALLOWED = 0, CUBLAS_ATOMICS_ALLOWED = 1 } cublasAtomicsMode_t;
typedef enum {
  CUBLAS_DEFAULT_MATH = 0, CUBLAS_TENSOR_OP_MATH = 1, CUBLAS_PEDANTIC_MATH = 2, CUBLAS_TF32_TENSOR_OP_MATH = 3,
  CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16
} cublasMath_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64, CUBLAS_COMPUTE_16F_PEDANTIC = 65, CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_32F_PEDANTIC = 69,
  CUBLAS_COMPUTE_32F_FAST_16F = 74, CUBLAS_COMPUTE_32F_FAST_16BF = 75, CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_64F = 70, CUBLAS_COMPUTE_64F_PEDANTIC = 71, CUBLAS_COMPUTE_32I = 72, CUBLAS_COMPUTE_32I_PEDANTIC = 73
} cublasComputeType_t;
typedef enum {
  CUBLAS_GEMM_DFALT = -1, CUBLAS_GEMM_DEFAULT = -1, CUBLAS_GEMM_ALGO0 = 0, CUBLAS_GEMM_ALGO1 = 1, CUBLAS_GEMM_ALGO23 = 23,
  CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99, CUBLAS_GEMM_DFALT_TENSOR_OP = 99, CUBLAS_GEMM_ALGO0_TENSOR_OP = 100,
  CUBLAS_GEMM_ALGO15_TENSOR_OP = 115
} cublasGemmAlgo_t;
typedef cudaDataType cublasDataType_t;
cublasStatus_t cublasCreate(cublasHandle_t* handle);
cublasStatus_t cublasCreate_v2(cublasHandle_t* handle);
cublasStatus_t cublasDestroy(cublasHandle_t handle);
cublasStatus_t cublasDestroy_v2(cublasHandle_t handle);
cublasStatus_t cublasGetVersion(cublasHandle_t handle, int* version);
cublasStatus_t cublasSetStream(cublasHandle_t handle, cudaStream_t streamId);
cublasStatus_t cublasSetStream_v2(cublasHandle_t handle, cudaStream_t streamId);
cublasStatus_t cublasGetStream(cublasHandle_t handle, cudaStream_t* streamId);
cublasStatus_t cublasSetWorkspace(cublasHandle_t handle, void* workspace, size_t workspaceSizeInBytes);
cublasStatus_t cublasSetMathMode(cublasHandle_t handle, cublasMath_t mode);
cublasStatus_t cublasGetMathMode(cublasHandle_t handle, cublasMath_t* mode);
cublasStatus_t cublasSetPointerMode(cublasHandle_t handle, cublasPointerMode_t mode);
cublasStatus_t cublasGetPointerMode(cublasHandle_t handle, cublasPointerMode_t* mode);
cublasStatus_t cublasSetAtomicsMode(cublasHandle_t handle, cublasAtomicsMode_t mode);
const char* cublasGetStatusString(cublasStatus_t status);
const char* cublasGetStatusName(cublasStatus_t status);
// The BLAS calls by element type, as cuBLAS names them: S(float) D(double) C(cuComplex)
// Z(cuDoubleComplex) for all, H(__half) for the GEMMs only; dot is dotu/dotc for complex types.
#define __TL_CUBLAS_GEMM(P, T)                                                                                                   \
  cublasStatus_t cublas##P##gemm(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k, \
                                 const T* alpha, const T* A, int lda, const T* B, int ldb, const T* beta, T* C, int ldc);       \
  cublasStatus_t cublas##P##gemmStridedBatched(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, \
                                               int n, int k, const T* alpha, const T* A, int lda, long long strideA, const T* B,  \
                                               int ldb, long long strideB, const T* beta, T* C, int ldc, long long strideC,       \
                                               int batchCount);                                                                   \
  cublasStatus_t cublas##P##gemmBatched(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, \
                                        int k, const T* alpha, const T* const Aarray[], int lda, const T* const Barray[], int ldb, \
                                        const T* beta, T* const Carray[], int ldc, int batchCount);
#define __TL_CUBLAS_LEVEL12(P, T)                                                                                                \
  cublasStatus_t cublas##P##gemm_v2(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,   \
                                    int k, const T* alpha, const T* A, int lda, const T* B, int ldb, const T* beta, T* C, int ldc); \
  cublasStatus_t cublas##P##gemv(cublasHandle_t handle, cublasOperation_t trans, int m, int n, const T* alpha, const T* A,      \
                                 int lda, const T* x, int incx, const T* beta, T* y, int incy);                                 \
  cublasStatus_t cublas##P##axpy(cublasHandle_t handle, int n, const T* alpha, const T* x, int incx, T* y, int incy);          \
  cublasStatus_t cublas##P##scal(cublasHandle_t handle, int n, const T* alpha, T* x, int incx);                                \
  cublasStatus_t cublas##P##copy(cublasHandle_t handle, int n, const T* x, int incx, T* y, int incy);                          \
  cublasStatus_t cublas##P##geam(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,       \
                                 const T* alpha, const T* A, int lda, const T* beta, const T* B, int ldb, T* C, int ldc);       \
  cublasStatus_t cublas##P##trsm(cublasHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo, cublasOperation_t trans,  \
                                 cublasDiagType_t diag, int m, int n, const T* alpha, const T* A, int lda, T* B, int ldb);
#define __TL_CUBLAS_DOT(NAME, T) \
  cublasStatus_t NAME(cublasHandle_t handle, int n, const T* x, int incx, const T* y, int incy, T* result);
__TL_CUBLAS_GEMM(S, float)
__TL_CUBLAS_GEMM(D, double)
__TL_CUBLAS_GEMM(C, cuComplex)
__TL_CUBLAS_GEMM(Z, cuDoubleComplex)
__TL_CUBLAS_GEMM(H, __half)
__TL_CUBLAS_LEVEL12(S, float)
__TL_CUBLAS_LEVEL12(D, double)
__TL_CUBLAS_LEVEL12(C, cuComplex)
__TL_CUBLAS_LEVEL12(Z, cuDoubleComplex)
__TL_CUBLAS_DOT(cublasSdot, float)
__TL_CUBLAS_DOT(cublasDdot, double)
__TL_CUBLAS_DOT(cublasCdotu, cuComplex)
__TL_CUBLAS_DOT(cublasCdotc, cuComplex)
__TL_CUBLAS_DOT(cublasZdotu, cuDoubleComplex)
__TL_CUBLAS_DOT(cublasZdotc, cuDoubleComplex)
#undef __TL_CUBLAS_GEMM
#undef __TL_CUBLAS_LEVEL12
#undef __TL_CUBLAS_DOT
cublasStatus_t cublasSnrm2(cublasHandle_t handle, int n, const float* x, int incx, float* result);
cublasStatus_t cublasSasum(cublasHandle_t handle, int n, const float* x, int incx, float* result);
cublasStatus_t cublasIsamax(cublasHandle_t handle, int n, const float* x, int incx, int* result);
cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
                            const void* alpha, const void* A, cudaDataType Atype, int lda, const void* B, cudaDataType Btype,
                            int ldb, const void* beta, void* C, cudaDataType Ctype, int ldc, cublasComputeType_t computeType,
                            cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                                          int k, const void* alpha, const void* A, cudaDataType Atype, int lda, long long strideA,
                                          const void* B, cudaDataType Btype, int ldb, long long strideB, const void* beta, void* C,
                                          cudaDataType Ctype, int ldc, long long strideC, int batchCount,
                                          cublasComputeType_t computeType, cublasGemmAlgo_t algo);
cublasStatus_t cublasGemmBatchedEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
                                   const void* alpha, const void* const Aarray[], cudaDataType Atype, int lda,
                                   const void* const Barray[], cudaDataType Btype, int ldb, const void* beta, void* const Carray[],
                                   cudaDataType Ctype, int ldc, int batchCount, cublasComputeType_t computeType,
                                   cublasGemmAlgo_t algo);
cublasStatus_t cublasSgemmEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
                             const float* alpha, const void* A, cudaDataType Atype, int lda, const void* B, cudaDataType Btype,
                             int ldb, const float* beta, void* C, cudaDataType Ctype, int ldc);
#ifdef __cplusplus
}
// The C++ overloads that take the compute type as a cudaDataType, as before CUDA 11.
static inline cublasStatus_t cublasGemmEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n, int k,
                                          const void* alpha, const void* A, cudaDataType Atype, int lda, const void* B, cudaDataType Btype,
                                          int ldb, const void* beta, void* C, cudaDataType Ctype, int ldc, cudaDataType computeType,
                                          cublasGemmAlgo_t algo) {
  return CUBLAS_STATUS_SUCCESS;
}
static inline cublasStatus_t cublasGemmStridedBatchedEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m,
                                                        int n, int k, const void* alpha, const void* A, cudaDataType Atype, int lda,
                                                        long long strideA, const void* B, cudaDataType Btype, int ldb, long long strideB,
                                                        const void* beta, void* C, cudaDataType Ctype, int ldc, long long strideC,
                                                        int batchCount, cudaDataType computeType, cublasGemmAlgo_t algo) {
  return CUBLAS_STATUS_SUCCESS;
}
static inline cublasStatus_t cublasGemmBatchedEx(cublasHandle_t handle, cublasOperation_t transa, cublasOperation_t transb, int m, int n,
                                                 int k, const void* alpha, const void* const Aarray[], cudaDataType Atype, int lda,
                                                 const void* const Barray[], cudaDataType Btype, int ldb, const void* beta,
                                                 void* const Carray[], cudaDataType Ctype, int ldc, int batchCount, cudaDataType computeType,
                                                 cublasGemmAlgo_t algo) {
  return CUBLAS_STATUS_SUCCESS;
}
#endif
