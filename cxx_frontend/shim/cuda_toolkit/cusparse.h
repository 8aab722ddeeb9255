// torchlint shim (CUDA toolkit stand-in): cuSPARSE's handle and status.
#pragma once
#include <cuda_runtime.h>
#include <library_types.h>
#ifdef __cplusplus
extern "C" {
#endif
typedef struct cusparseContext* cusparseHandle_t;
typedef struct cusparseMatDescr* cusparseMatDescr_t;
typedef struct cusparseSpMatDescr* cusparseSpMatDescr_t;
typedef struct cusparseDnMatDescr* cusparseDnMatDescr_t;
typedef struct cusparseDnVecDescr* cusparseDnVecDescr_t;
typedef enum { CUSPARSE_STATUS_SUCCESS = 0, CUSPARSE_STATUS_NOT_INITIALIZED = 1, CUSPARSE_STATUS_ALLOC_FAILED = 2,
               CUSPARSE_STATUS_INVALID_VALUE = 3, CUSPARSE_STATUS_INTERNAL_ERROR = 7, CUSPARSE_STATUS_NOT_SUPPORTED = 10 } cusparseStatus_t;
typedef enum { CUSPARSE_OPERATION_NON_TRANSPOSE = 0, CUSPARSE_OPERATION_TRANSPOSE = 1, CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE = 2 } cusparseOperation_t;
typedef enum { CUSPARSE_INDEX_BASE_ZERO = 0, CUSPARSE_INDEX_BASE_ONE = 1 } cusparseIndexBase_t;
typedef enum { CUSPARSE_INDEX_16U = 1, CUSPARSE_INDEX_32I = 2, CUSPARSE_INDEX_64I = 3 } cusparseIndexType_t;
cusparseStatus_t cusparseCreate(cusparseHandle_t* handle);
cusparseStatus_t cusparseDestroy(cusparseHandle_t handle);
cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId);
const char* cusparseGetErrorString(cusparseStatus_t status);
#ifdef __cplusplus
}
#endif
