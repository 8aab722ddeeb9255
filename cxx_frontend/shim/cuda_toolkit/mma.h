// torchlint shim (CUDA toolkit stand-in): the warp matrix (WMMA) API.
#pragma once
#include <cuda_fp16.h>
#ifdef __cplusplus
namespace nvcuda {
namespace wmma {
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };
namespace precision { struct tf32 {}; struct b1 {}; struct s4 {}; struct u4 {}; }
namespace experimental { namespace precision { struct b1 {}; struct s4 {}; struct u4 {}; } }
template <typename Use, int M, int N, int K, typename T, typename Layout = void>
struct fragment {
  enum { num_elements = 8 };
  T x[8];
  __TL_HD__ T& operator[](int i);
};
template <typename F, typename P> __TL_HD__ inline void load_matrix_sync(F& a, const P* mptr, unsigned ldm) {}
template <typename F, typename P> __TL_HD__ inline void load_matrix_sync(F& a, const P* mptr, unsigned ldm, layout_t layout) {}
template <typename P, typename F> __TL_HD__ inline void store_matrix_sync(P* mptr, const F& a, unsigned ldm, layout_t layout) {}
template <typename F, typename T> __TL_HD__ inline void fill_fragment(F& a, const T& v) {}
template <typename D, typename A, typename B, typename C> __TL_HD__ inline void mma_sync(D& d, const A& a, const B& b, const C& c, bool satf = false) {}
__TL_HD__ float __float_to_tf32(float in);
}  // namespace wmma
}  // namespace nvcuda
#endif
