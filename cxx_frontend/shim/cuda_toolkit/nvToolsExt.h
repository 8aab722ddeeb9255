// torchlint shim (CUDA toolkit stand-in): NVTX ranges and marks.
#pragma once
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
int nvtxRangePushA(const char* message);
int nvtxRangePop(void);
void nvtxMarkA(const char* message);
uint64_t nvtxRangeStartA(const char* message);
void nvtxRangeEnd(uint64_t id);
#ifdef __cplusplus
}
#endif
#define nvtxRangePush nvtxRangePushA
#define nvtxMark nvtxMarkA
#define nvtxRangeStart nvtxRangeStartA
