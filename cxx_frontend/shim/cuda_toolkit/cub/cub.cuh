// torchlint shim (CUDA toolkit stand-in): CUB -- block, warp and device-wide collectives, their
// algorithms' enums, operators and iterators. Every collective takes whatever its real overloads
// take: a parse needs the names and the shapes (TempStorage, the value a reduction returns).
#pragma once
#include <cuda_runtime.h>
#include <type_traits>
#include <utility>
#define CUB_VERSION 200500
#define CUB_PTX_ARCH 0
#define CUB_RUNTIME_FUNCTION __host__ __device__
#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#define CUB_STDERR
#define CubDebug(e) (e)
#define CubDebugExit(e) (e)
namespace cub {
struct NullType {};
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE,
                          BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };
enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE,
                           BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };
enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };
enum CacheLoadModifier { LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE };
enum CacheStoreModifier { STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE };
#define __TL_CUB_OP(name, expr)                                                              \
  struct name {                                                                              \
    template <typename A, typename B> __TL_HD__ auto operator()(const A& a, const B& b) const { return expr; } \
  };
__TL_CUB_OP(Sum, a + b) __TL_CUB_OP(Max, a < b ? b : a) __TL_CUB_OP(Min, b < a ? b : a) __TL_CUB_OP(ArgMax, b) __TL_CUB_OP(ArgMin, b)
__TL_CUB_OP(Equality, a == b) __TL_CUB_OP(Inequality, a != b)
#undef __TL_CUB_OP
template <typename K, typename V> struct KeyValuePair {
  typedef K Key;
  typedef V Value;
  K key;
  V value;
  __TL_HD__ KeyValuePair() {}
  __TL_HD__ KeyValuePair(const K& k, const V& v) : key(k), value(v) {}
};
template <typename T> struct Traits {
  typedef T UnsignedBits;
  static __TL_HD__ T Max();
  static __TL_HD__ T Lowest();
};
template <typename T> struct FpLimits {
  static __TL_HD__ T Max();
  static __TL_HD__ T Lowest();
};
// Each collective method takes anything and gives back the element type (or nothing).
#define __TL_CUB_RET(name) template <typename... A> __TL_HD__ inline T name(A&&...) { return T(); }
#define __TL_CUB_VOID(name) template <typename... A> __TL_HD__ inline void name(A&&...) {}
#define __TL_CUB_BLOCK(name, methods)                          \
  template <typename T, int... Params>                        \
  class name {                                                \
   public:                                                    \
    struct TempStorage { unsigned char bytes[16]; };          \
    __TL_HD__ name() {}                                       \
    __TL_HD__ name(TempStorage&) {}                           \
    __TL_HD__ name(TempStorage&, int) {}                      \
    methods                                                   \
  };
__TL_CUB_BLOCK(BlockReduce, __TL_CUB_RET(Reduce) __TL_CUB_RET(Sum))
__TL_CUB_BLOCK(WarpReduce, __TL_CUB_RET(Reduce) __TL_CUB_RET(Sum) __TL_CUB_RET(HeadSegmentedSum) __TL_CUB_RET(TailSegmentedSum)
                               __TL_CUB_RET(HeadSegmentedReduce) __TL_CUB_RET(TailSegmentedReduce))
__TL_CUB_BLOCK(BlockScan, __TL_CUB_VOID(ExclusiveSum) __TL_CUB_VOID(InclusiveSum) __TL_CUB_VOID(ExclusiveScan)
                              __TL_CUB_VOID(InclusiveScan))
__TL_CUB_BLOCK(WarpScan, __TL_CUB_VOID(ExclusiveSum) __TL_CUB_VOID(InclusiveSum) __TL_CUB_VOID(ExclusiveScan)
                             __TL_CUB_VOID(InclusiveScan) __TL_CUB_VOID(Scan) __TL_CUB_RET(Broadcast))
__TL_CUB_BLOCK(BlockLoad, __TL_CUB_VOID(Load))
__TL_CUB_BLOCK(BlockStore, __TL_CUB_VOID(Store))
__TL_CUB_BLOCK(BlockExchange, __TL_CUB_VOID(StripedToBlocked) __TL_CUB_VOID(BlockedToStriped) __TL_CUB_VOID(WarpStripedToBlocked)
                                  __TL_CUB_VOID(BlockedToWarpStriped) __TL_CUB_VOID(ScatterToBlocked) __TL_CUB_VOID(ScatterToStriped))
__TL_CUB_BLOCK(BlockHistogram, __TL_CUB_VOID(Histogram) __TL_CUB_VOID(Composite) __TL_CUB_VOID(InitHistogram))
__TL_CUB_BLOCK(BlockDiscontinuity, __TL_CUB_VOID(FlagHeads) __TL_CUB_VOID(FlagTails) __TL_CUB_VOID(FlagHeadsAndTails))
__TL_CUB_BLOCK(BlockAdjacentDifference, __TL_CUB_VOID(SubtractLeft) __TL_CUB_VOID(SubtractRight))
__TL_CUB_BLOCK(WarpLoad, __TL_CUB_VOID(Load))
__TL_CUB_BLOCK(WarpStore, __TL_CUB_VOID(Store))
template <typename K, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename V = NullType, int... Params>
class BlockRadixSort {
 public:
  struct TempStorage { unsigned char bytes[16]; };
  __TL_HD__ BlockRadixSort() {}
  __TL_HD__ BlockRadixSort(TempStorage&) {}
  __TL_CUB_VOID(Sort) __TL_CUB_VOID(SortDescending) __TL_CUB_VOID(SortBlockedToStriped) __TL_CUB_VOID(SortDescendingBlockedToStriped)
};
template <typename K, typename V = NullType, int... Params>
class WarpMergeSort {
 public:
  struct TempStorage { unsigned char bytes[16]; };
  __TL_HD__ WarpMergeSort(TempStorage&) {}
  __TL_CUB_VOID(Sort) __TL_CUB_VOID(StableSort)
};
#undef __TL_CUB_BLOCK
#undef __TL_CUB_RET
#undef __TL_CUB_VOID
// Device-wide algorithms: static functions taking anything, returning a cudaError_t.
#define __TL_CUB_DEVICE_FN(name) template <typename... A> static __TL_HD__ inline cudaError_t name(A&&...) { return cudaSuccess; }
#define __TL_CUB_DEVICE(name, fns) struct name { fns };
__TL_CUB_DEVICE(DeviceRadixSort, __TL_CUB_DEVICE_FN(SortPairs) __TL_CUB_DEVICE_FN(SortPairsDescending) __TL_CUB_DEVICE_FN(SortKeys)
                                     __TL_CUB_DEVICE_FN(SortKeysDescending))
__TL_CUB_DEVICE(DeviceSegmentedRadixSort, __TL_CUB_DEVICE_FN(SortPairs) __TL_CUB_DEVICE_FN(SortPairsDescending)
                                              __TL_CUB_DEVICE_FN(SortKeys) __TL_CUB_DEVICE_FN(SortKeysDescending))
__TL_CUB_DEVICE(DeviceSegmentedSort, __TL_CUB_DEVICE_FN(SortPairs) __TL_CUB_DEVICE_FN(SortKeys) __TL_CUB_DEVICE_FN(StableSortPairs)
                                         __TL_CUB_DEVICE_FN(StableSortKeys))
__TL_CUB_DEVICE(DeviceMergeSort, __TL_CUB_DEVICE_FN(SortPairs) __TL_CUB_DEVICE_FN(SortKeys) __TL_CUB_DEVICE_FN(StableSortPairs)
                                     __TL_CUB_DEVICE_FN(StableSortKeys))
__TL_CUB_DEVICE(DeviceReduce, __TL_CUB_DEVICE_FN(Reduce) __TL_CUB_DEVICE_FN(Sum) __TL_CUB_DEVICE_FN(Min) __TL_CUB_DEVICE_FN(Max)
                                  __TL_CUB_DEVICE_FN(ArgMin) __TL_CUB_DEVICE_FN(ArgMax) __TL_CUB_DEVICE_FN(ReduceByKey)
                                  __TL_CUB_DEVICE_FN(TransformReduce))
__TL_CUB_DEVICE(DeviceSegmentedReduce, __TL_CUB_DEVICE_FN(Reduce) __TL_CUB_DEVICE_FN(Sum) __TL_CUB_DEVICE_FN(Min) __TL_CUB_DEVICE_FN(Max)
                                           __TL_CUB_DEVICE_FN(ArgMin) __TL_CUB_DEVICE_FN(ArgMax))
__TL_CUB_DEVICE(DeviceScan, __TL_CUB_DEVICE_FN(ExclusiveSum) __TL_CUB_DEVICE_FN(InclusiveSum) __TL_CUB_DEVICE_FN(ExclusiveScan)
                                __TL_CUB_DEVICE_FN(InclusiveScan) __TL_CUB_DEVICE_FN(ExclusiveSumByKey) __TL_CUB_DEVICE_FN(InclusiveSumByKey)
                                __TL_CUB_DEVICE_FN(ExclusiveScanByKey) __TL_CUB_DEVICE_FN(InclusiveScanByKey))
__TL_CUB_DEVICE(DeviceSelect, __TL_CUB_DEVICE_FN(Flagged) __TL_CUB_DEVICE_FN(If) __TL_CUB_DEVICE_FN(Unique) __TL_CUB_DEVICE_FN(UniqueByKey))
__TL_CUB_DEVICE(DevicePartition, __TL_CUB_DEVICE_FN(Flagged) __TL_CUB_DEVICE_FN(If))
__TL_CUB_DEVICE(DeviceRunLengthEncode, __TL_CUB_DEVICE_FN(Encode) __TL_CUB_DEVICE_FN(NonTrivialRuns))
__TL_CUB_DEVICE(DeviceHistogram, __TL_CUB_DEVICE_FN(HistogramEven) __TL_CUB_DEVICE_FN(HistogramRange)
                                     __TL_CUB_DEVICE_FN(MultiHistogramEven) __TL_CUB_DEVICE_FN(MultiHistogramRange))
__TL_CUB_DEVICE(DeviceSpmv, __TL_CUB_DEVICE_FN(CsrMV))
__TL_CUB_DEVICE(DeviceFor, __TL_CUB_DEVICE_FN(ForEach) __TL_CUB_DEVICE_FN(ForEachN) __TL_CUB_DEVICE_FN(Bulk))
#undef __TL_CUB_DEVICE
#undef __TL_CUB_DEVICE_FN
// Iterators: built from anything, read as their value type.
#define __TL_CUB_ITERATOR(name, VALUE, PARAMS)                                          \
  template <PARAMS> class name {                                                        \
   public:                                                                              \
    typedef VALUE value_type;                                                           \
    typedef ptrdiff_t difference_type;                                                  \
    template <typename... A> __TL_HD__ name(A&&...) {}                                  \
    __TL_HD__ value_type operator*() const { return value_type(); }                     \
    __TL_HD__ value_type operator[](ptrdiff_t) const { return value_type(); }           \
    __TL_HD__ name operator+(ptrdiff_t) const { return *this; }                         \
    __TL_HD__ name& operator++() { return *this; }                                      \
    __TL_HD__ name& operator+=(ptrdiff_t) { return *this; }                             \
  };
#define __TL_COMMA ,
__TL_CUB_ITERATOR(CountingInputIterator, T, typename T __TL_COMMA typename O = ptrdiff_t)
__TL_CUB_ITERATOR(ConstantInputIterator, T, typename T __TL_COMMA typename O = ptrdiff_t)
__TL_CUB_ITERATOR(TransformInputIterator, V, typename V __TL_COMMA typename Op __TL_COMMA typename It __TL_COMMA typename O = ptrdiff_t)
__TL_CUB_ITERATOR(ArgIndexInputIterator, KeyValuePair<ptrdiff_t __TL_COMMA T>, typename It __TL_COMMA typename O = ptrdiff_t __TL_COMMA typename T = float)
__TL_CUB_ITERATOR(CacheModifiedInputIterator, T, CacheLoadModifier M __TL_COMMA typename T __TL_COMMA typename O = ptrdiff_t)
__TL_CUB_ITERATOR(DiscardOutputIterator, NullType, typename O = ptrdiff_t)
#undef __TL_CUB_ITERATOR
#undef __TL_COMMA
template <CacheLoadModifier M = LOAD_DEFAULT, typename T> __TL_HD__ inline T ThreadLoad(T* ptr) { return *ptr; }
template <CacheStoreModifier M = STORE_DEFAULT, typename T, typename V> __TL_HD__ inline void ThreadStore(T* ptr, V val) {}
struct CachingDeviceAllocator {
  template <typename... A> CachingDeviceAllocator(A&&...) {}
  cudaError_t DeviceAllocate(void** d_ptr, size_t bytes, cudaStream_t active_stream = 0);
  cudaError_t DeviceFree(void* d_ptr);
};
// Utilities: warp geometry, compile-time arithmetic, shuffles, per-thread reductions.
#define CUB_WARP_THREADS(arch) 32
#define CUB_LOG_WARP_THREADS(arch) 5
#define CUB_PTX_WARP_THREADS 32
#define CUB_PTX_LOG_WARP_THREADS 5
#define CUB_SMEM_BANKS(arch) 32
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#define CUB_QUOTIENT_CEILING(a, b) (((a) + (b)-1) / (b))
#define CUB_ROUND_UP_NEAREST(x, y) ((((x) + (y)-1) / (y)) * (y))
#define CUB_STATIC_ASSERT(cond, msg) static_assert(cond, #msg)
template <int N, int CURRENT_VAL = N, int COUNT = 0> struct Log2 { enum { VALUE = (N <= 1) ? 0 : 1 + Log2<(N >> 1), CURRENT_VAL, COUNT>::VALUE }; };
template <int CURRENT_VAL, int COUNT> struct Log2<1, CURRENT_VAL, COUNT> { enum { VALUE = 0 }; };
template <int CURRENT_VAL, int COUNT> struct Log2<0, CURRENT_VAL, COUNT> { enum { VALUE = 0 }; };
template <int N> struct PowerOfTwo { enum { VALUE = ((N & (N - 1)) == 0) }; };
template <typename T> struct Uninitialized {
  T storage;
  __TL_HD__ T& Alias() { return storage; }
};
template <int LOGICAL_WARP_THREADS, typename... R> __TL_HD__ inline unsigned int WarpMask(unsigned int warp_id = 0) { return 0xffffffffu; }
template <int LOGICAL_WARP_THREADS, typename T> __TL_HD__ inline T ShuffleDown(T input, int src_offset, int last_thread, unsigned int member_mask) { return input; }
template <int LOGICAL_WARP_THREADS, typename T> __TL_HD__ inline T ShuffleUp(T input, int src_offset, int first_thread, unsigned int member_mask) { return input; }
template <int LOGICAL_WARP_THREADS, typename T> __TL_HD__ inline T ShuffleIndex(T input, int src_lane, unsigned int member_mask) { return input; }
template <typename T> __TL_HD__ inline T ShuffleIndex(T input, int src_lane, unsigned int member_mask) { return input; }
__TL_HD__ inline unsigned int LaneId() { return 0; }
__TL_HD__ inline unsigned int WarpId() { return 0; }
__TL_HD__ inline unsigned int LaneMaskLt() { return 0; }
__TL_HD__ inline void CTA_SYNC() {}
__TL_HD__ inline void WARP_SYNC(unsigned int member_mask) {}
template <int LENGTH, typename T, typename Op> __TL_HD__ inline T ThreadReduce(T* input, Op op) { return input[0]; }
template <int LENGTH, typename T, typename Op> __TL_HD__ inline T ThreadReduce(T (&input)[LENGTH], Op op) { return input[0]; }
template <int LENGTH, typename T, typename Op> __TL_HD__ inline T ThreadScanInclusive(T* input, T* output, Op op) { return input[0]; }
template <int LENGTH, typename T, typename Op> __TL_HD__ inline T ThreadScanExclusive(T* input, T* output, Op op, T prefix) { return prefix; }
template <typename T> __TL_HD__ inline constexpr T DivideAndRoundUp(T n, T d) { return (n + d - 1) / d; }
template <typename T> __TL_HD__ inline constexpr T RoundUpToPowerOfTwo(T n) { return n; }
// The raking grid of a block's threads (what BlockReduce/BlockScan use inside).
template <typename T, int BLOCK_THREADS, int... Params> struct BlockRakingLayout {
  enum {
    SHARED_ELEMENTS = BLOCK_THREADS,
    MAX_RAKING_THREADS = BLOCK_THREADS < 32 ? BLOCK_THREADS : 32,
    SEGMENT_LENGTH = (SHARED_ELEMENTS + MAX_RAKING_THREADS - 1) / MAX_RAKING_THREADS,
    RAKING_THREADS = (SHARED_ELEMENTS + SEGMENT_LENGTH - 1) / SEGMENT_LENGTH,
    HAS_CONFLICTS = 0,
    CONFLICT_DEGREE = 1,
    USE_SEGMENT_PADDING = 0,
    GRID_ELEMENTS = RAKING_THREADS * SEGMENT_LENGTH,
    UNGUARDED = (SHARED_ELEMENTS % RAKING_THREADS == 0),
  };
  struct TempStorage { T buff[GRID_ELEMENTS]; };
  static __TL_HD__ T* PlacementPtr(TempStorage& temp_storage, unsigned int linear_tid) { return temp_storage.buff; }
  static __TL_HD__ T* RakingPtr(TempStorage& temp_storage, unsigned int linear_tid) { return temp_storage.buff; }
};
template <int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1> __TL_HD__ inline int RowMajorTid() { return 0; }
__TL_HD__ inline int RowMajorTid(int block_dim_x, int block_dim_y, int block_dim_z) { return 0; }
template <typename T> struct BaseTraits { typedef T UnsignedBits; enum { CATEGORY = 0, PRIMITIVE = 1, NULL_TYPE = 0 }; };
}  // namespace cub
