// torchlint shim (CUDA toolkit stand-in): cooperative groups -- the group types, their queries,
// synchronisation, shuffles and votes, partitions, and the reduce/scan/memcpy_async collectives.
#pragma once
#include <cuda_runtime.h>
#ifdef __cplusplus
#include <type_traits>
#define _CG_ASM_PTR_CONSTRAINT "l"
#define _CG_STATIC_QUALIFIER static __forceinline__ __device__
#define _CG_QUALIFIER __forceinline__ __device__
namespace cooperative_groups {
class thread_group {
 public:
  __TL_HD__ void sync() const;
  __TL_HD__ unsigned long long size() const;
  __TL_HD__ unsigned long long num_threads() const;
  __TL_HD__ unsigned long long thread_rank() const;
  __TL_HD__ bool is_valid() const;
  __TL_HD__ unsigned int get_type() const;
};
class thread_block : public thread_group {
 public:
  __TL_HD__ static void sync();
  __TL_HD__ static unsigned int size();
  __TL_HD__ static unsigned int num_threads();
  __TL_HD__ static unsigned int thread_rank();
  __TL_HD__ static dim3 group_index();
  __TL_HD__ static dim3 thread_index();
  __TL_HD__ static dim3 group_dim();
  __TL_HD__ static dim3 dim_threads();
  __TL_HD__ void barrier_wait() const;
  struct arrival_token {};
  __TL_HD__ arrival_token barrier_arrive() const;
  __TL_HD__ void barrier_wait(arrival_token&& token) const;
};
class grid_group : public thread_group {
 public:
  __TL_HD__ static void sync();
  __TL_HD__ static unsigned long long size();
  __TL_HD__ static unsigned long long num_threads();
  __TL_HD__ static unsigned long long thread_rank();
  __TL_HD__ static unsigned long long block_rank();
  __TL_HD__ static unsigned long long num_blocks();
  __TL_HD__ static dim3 group_dim();
  __TL_HD__ static dim3 dim_blocks();
  __TL_HD__ static dim3 block_index();
  __TL_HD__ static bool is_valid();
  struct arrival_token {};
  __TL_HD__ arrival_token barrier_arrive() const;
  __TL_HD__ void barrier_wait(arrival_token&& token) const;
  __TL_HD__ void barrier_wait() const;
};
class cluster_group : public thread_group {
 public:
  __TL_HD__ static void sync();
  __TL_HD__ static unsigned int block_rank();
  __TL_HD__ static unsigned int num_blocks();
  __TL_HD__ static dim3 block_index();
  __TL_HD__ static unsigned int query_shared_rank(const void* addr);
  template <typename T> __TL_HD__ inline static T* map_shared_rank(T* addr, int rank) { return __tl_default<T*>(); }
  __TL_HD__ static dim3 dim_blocks();
  __TL_HD__ static unsigned int num_threads();
  __TL_HD__ static unsigned int thread_rank();
  struct arrival_token {};
  __TL_HD__ arrival_token barrier_arrive() const;
  __TL_HD__ void barrier_wait(arrival_token&& token) const;
  __TL_HD__ void barrier_wait() const;
};
// A warp-sized (or smaller) group: the collective operations of a warp.
class coalesced_group : public thread_group {
 public:
  __TL_HD__ unsigned int size() const;
  __TL_HD__ unsigned int num_threads() const;
  __TL_HD__ unsigned int thread_rank() const;
  __TL_HD__ unsigned int meta_group_rank() const;
  __TL_HD__ unsigned int meta_group_size() const;
  template <typename T> __TL_HD__ inline T shfl(T var, int srcRank) const { return __tl_default<T>(); }
  template <typename T> __TL_HD__ inline T shfl_down(T var, unsigned int delta) const { return __tl_default<T>(); }
  template <typename T> __TL_HD__ inline T shfl_up(T var, unsigned int delta) const { return __tl_default<T>(); }
  template <typename T> __TL_HD__ inline T shfl_xor(T var, unsigned int laneMask) const { return __tl_default<T>(); }
  __TL_HD__ int any(int predicate) const;
  __TL_HD__ int all(int predicate) const;
  __TL_HD__ unsigned int ballot(int predicate) const;
  template <typename T> __TL_HD__ inline unsigned int match_any(T val) const { return __tl_default<unsigned int>(); }
  template <typename T> __TL_HD__ inline unsigned int match_all(T val, int& pred) const { return __tl_default<unsigned int>(); }
};
template <unsigned int Size, typename ParentT = void>
class thread_block_tile : public coalesced_group {
 public:
  __TL_HD__ static constexpr unsigned int size() { return Size; }
  __TL_HD__ static constexpr unsigned int num_threads() { return Size; }
  __TL_HD__ unsigned int thread_rank() const;
  __TL_HD__ void sync() const;
  __TL_HD__ thread_block_tile() = default;
  template <typename P> __TL_HD__ inline thread_block_tile(const thread_block_tile<Size, P>&) {}
};
__TL_HD__ thread_block this_thread_block();
__TL_HD__ grid_group this_grid();
__TL_HD__ cluster_group this_cluster();
__TL_HD__ coalesced_group coalesced_threads();
__TL_HD__ thread_group tiled_partition(const thread_group& parent, unsigned int tilesz);
__TL_HD__ thread_group tiled_partition(const thread_block& parent, unsigned int tilesz);
template <unsigned int Size, typename ParentT> __TL_HD__ inline thread_block_tile<Size, ParentT> tiled_partition(const ParentT& g) { return __tl_default<thread_block_tile<Size, ParentT>>(); }
template <typename Group> __TL_HD__ inline coalesced_group labeled_partition(const Group& g, int label) { return __tl_default<coalesced_group>(); }
template <typename Group> __TL_HD__ inline coalesced_group binary_partition(const Group& g, bool pred) { return __tl_default<coalesced_group>(); }
template <typename Group> __TL_HD__ inline void sync(const Group& g) {}
template <typename Group> __TL_HD__ inline unsigned long long thread_rank(const Group& g) { return __tl_default<unsigned long long>(); }
template <typename Group> __TL_HD__ inline unsigned long long group_size(const Group& g) { return __tl_default<unsigned long long>(); }
template <typename T> struct plus { __TL_HD__ T operator()(const T& a, const T& b) const { return a + b; } };
template <typename T> struct less { __TL_HD__ T operator()(const T& a, const T& b) const { return a < b ? a : b; } };
template <typename T> struct greater { __TL_HD__ T operator()(const T& a, const T& b) const { return a < b ? b : a; } };
template <typename T> struct bit_and { __TL_HD__ T operator()(const T& a, const T& b) const { return a & b; } };
template <typename T> struct bit_or { __TL_HD__ T operator()(const T& a, const T& b) const { return a | b; } };
template <typename T> struct bit_xor { __TL_HD__ T operator()(const T& a, const T& b) const { return a ^ b; } };
template <typename Group, typename T, typename Op> __TL_HD__ inline std::remove_reference_t<T> reduce(const Group& g, T&& val, Op&& op) { return val; }

template <typename Group, typename T, typename Op> __TL_HD__ inline std::remove_reference_t<T> inclusive_scan(const Group& g, T&& val, Op&& op) { return val; }
template <typename Group, typename T> __TL_HD__ inline std::remove_reference_t<T> inclusive_scan(const Group& g, T&& val) { return val; }
template <typename Group, typename T, typename Op> __TL_HD__ inline std::remove_reference_t<T> exclusive_scan(const Group& g, T&& val, Op&& op) { return val; }
template <typename Group, typename T> __TL_HD__ inline std::remove_reference_t<T> exclusive_scan(const Group& g, T&& val) { return val; }
template <typename Group, typename T, typename Op> __TL_HD__ inline void reduce_update_async(const Group& g, T& dst, const T& val, Op&& op) {}
template <typename Group, typename T, typename Op> __TL_HD__ inline void reduce_store_async(const Group& g, T* dst, const T& val, Op&& op) {}
template <typename Group, typename T> __TL_HD__ inline void memcpy_async(const Group& g, T* dst, const T* src, size_t count) {}
template <typename Group, typename T, typename Layout> __TL_HD__ inline void memcpy_async(const Group& g, T* dst, const T* src, const Layout& count) {}
template <typename Group> __TL_HD__ inline void wait(const Group& g) {}
template <unsigned int N, typename Group> __TL_HD__ inline void wait_prior(const Group& g) {}
template <size_t N> struct aligned_size_t { __TL_HD__ constexpr aligned_size_t(size_t n) : value(n) {} size_t value; };
template <typename Group, typename F> __TL_HD__ inline auto invoke_one_broadcast(const Group& g, F&& fn) -> decltype(fn()) { return fn(); }
template <typename Group, typename F> __TL_HD__ inline void invoke_one(const Group& g, F&& fn) { fn(); }
namespace details {
__TL_HD__ bool bar_has_flipped(unsigned int old_arrive, unsigned int current_arrive);
__TL_HD__ void sync_grids(unsigned int expected, volatile unsigned int* arrived);
__TL_HD__ void sync_warps(unsigned int* arrived, unsigned int expected);
}  // namespace details
namespace experimental {}
}  // namespace cooperative_groups
#endif
