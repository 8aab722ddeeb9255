// torchlint shim (CUDA toolkit stand-in): the atomics, for every type and scope (templates: a
// project's own `atomicAdd(double*, double)` for old GPUs is an overload, not a conflict).
#pragma once
#include <host_defines.h>
#ifdef __cplusplus
#define __TL_ATOMIC(name)                                                         \
  template <typename T, typename U> __TL_HD__ inline T name(T* address, U val) { return *address; }          \
  template <typename T, typename U> __TL_HD__ inline T name##_block(T* address, U val) { return *address; }  \
  template <typename T, typename U> __TL_HD__ inline T name##_system(T* address, U val) { return *address; }
__TL_ATOMIC(atomicAdd) __TL_ATOMIC(atomicSub) __TL_ATOMIC(atomicExch) __TL_ATOMIC(atomicMin) __TL_ATOMIC(atomicMax)
__TL_ATOMIC(atomicInc) __TL_ATOMIC(atomicDec) __TL_ATOMIC(atomicAnd) __TL_ATOMIC(atomicOr) __TL_ATOMIC(atomicXor)
#undef __TL_ATOMIC
template <typename T, typename U, typename V> __TL_HD__ inline T atomicCAS(T* address, U compare, V val) { return *address; }
template <typename T, typename U, typename V> __TL_HD__ inline T atomicCAS_block(T* address, U compare, V val) { return *address; }
template <typename T, typename U, typename V> __TL_HD__ inline T atomicCAS_system(T* address, U compare, V val) { return *address; }
#endif
