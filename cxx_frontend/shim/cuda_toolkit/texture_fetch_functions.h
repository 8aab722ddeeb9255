// torchlint shim (CUDA toolkit stand-in): texture and surface object fetches.
#pragma once
#include <driver_types.h>
#ifdef __cplusplus
template <class T> __TL_HD__ inline T tex1Dfetch(cudaTextureObject_t texObject, int x) { return __tl_default<T>(); }
template <class T> __TL_HD__ inline T tex1D(cudaTextureObject_t texObject, float x) { return __tl_default<T>(); }
template <class T> __TL_HD__ inline T tex2D(cudaTextureObject_t texObject, float x, float y) { return __tl_default<T>(); }
template <class T> __TL_HD__ inline T tex3D(cudaTextureObject_t texObject, float x, float y, float z) { return __tl_default<T>(); }
template <class T> __TL_HD__ inline T tex1DLayered(cudaTextureObject_t texObject, float x, int layer) { return __tl_default<T>(); }
template <class T> __TL_HD__ inline T tex2DLayered(cudaTextureObject_t texObject, float x, float y, int layer) { return __tl_default<T>(); }
template <class T> __TL_HD__ inline T texCubemap(cudaTextureObject_t texObject, float x, float y, float z) { return __tl_default<T>(); }
template <class T> __TL_HD__ inline T tex2DLod(cudaTextureObject_t texObject, float x, float y, float level) { return __tl_default<T>(); }
template <class T> __TL_HD__ inline T tex2DGrad(cudaTextureObject_t texObject, float x, float y, float2 dPdx, float2 dPdy) { return __tl_default<T>(); }
template <class T> __TL_HD__ inline void surf2Dread(T* data, cudaSurfaceObject_t surfObject, int x, int y, int boundaryMode = 0) {}
template <class T> __TL_HD__ inline T surf2Dread(cudaSurfaceObject_t surfObject, int x, int y, int boundaryMode = 0) { return __tl_default<T>(); }
template <class T> __TL_HD__ inline void surf2Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int boundaryMode = 0) {}
template <class T> __TL_HD__ inline void surf3Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y, int z, int boundaryMode = 0) {}
template <class T> __TL_HD__ inline void surf1Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int boundaryMode = 0) {}
#endif
