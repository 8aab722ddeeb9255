// torchlint shim (CUDA toolkit stand-in): Thrust -- pointers and vectors, tuples and pairs,
// functors, execution policies, fancy iterators, and the algorithms (each taking an optional
// policy, then its iterators; it returns its first iterator's type, a count or a value).
#pragma once
#include <cuda_runtime.h>
#include <cstddef>
#include <iterator>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#define THRUST_VERSION 200500
#define THRUST_MAJOR_VERSION 2
#define THRUST_MINOR_VERSION 5
#define THRUST_NAMESPACE_BEGIN namespace thrust {
#define THRUST_NAMESPACE_END }
namespace thrust {
using std::tuple;
using std::get;
using std::make_tuple;
using std::tie;
using std::tuple_element;
using std::tuple_size;
template <typename T1, typename T2> struct pair {
  typedef T1 first_type;
  typedef T2 second_type;
  T1 first;
  T2 second;
  __TL_HD__ pair() : first(), second() {}
  __TL_HD__ pair(const T1& a, const T2& b) : first(a), second(b) {}
  template <typename U1, typename U2> __TL_HD__ pair(const pair<U1, U2>& p) : first(p.first), second(p.second) {}
};
template <typename T1, typename T2> __TL_HD__ inline pair<T1, T2> make_pair(T1 a, T2 b) { return pair<T1, T2>(a, b); }
// Execution policies.
struct execution_policy_base {
  template <typename S> __TL_HD__ execution_policy_base on(const S&) const { return *this; }
  template <typename A> __TL_HD__ execution_policy_base operator()(const A&) const { return *this; }
};
static const execution_policy_base device, host, seq;
namespace cuda {
static const execution_policy_base par, par_nosync;
}
namespace system::cuda {
static const execution_policy_base par, par_nosync;
}
namespace cuda_cub = cuda;
template <typename T> struct is_policy : std::is_base_of<execution_policy_base, std::decay_t<T>> {};
// Pointers and containers.
template <typename T> class device_ptr {
 public:
  typedef T value_type;
  typedef T& reference;
  typedef T* pointer;
  typedef std::ptrdiff_t difference_type;
  typedef std::random_access_iterator_tag iterator_category;
  __TL_HD__ device_ptr() : p_(nullptr) {}
  __TL_HD__ explicit device_ptr(T* p) : p_(p) {}
  template <typename U> __TL_HD__ device_ptr(const device_ptr<U>& o) : p_(o.get()) {}
  __TL_HD__ T* get() const { return p_; }
  __TL_HD__ T& operator*() const { return *p_; }
  __TL_HD__ T& operator[](std::ptrdiff_t i) const { return p_[i]; }
  __TL_HD__ device_ptr operator+(std::ptrdiff_t n) const { return device_ptr(p_ + n); }
  __TL_HD__ device_ptr operator-(std::ptrdiff_t n) const { return device_ptr(p_ - n); }
  __TL_HD__ std::ptrdiff_t operator-(const device_ptr& o) const { return p_ - o.p_; }
  __TL_HD__ device_ptr& operator++() { ++p_; return *this; }
  __TL_HD__ device_ptr& operator+=(std::ptrdiff_t n) { p_ += n; return *this; }
  __TL_HD__ bool operator==(const device_ptr& o) const { return p_ == o.p_; }
  __TL_HD__ bool operator!=(const device_ptr& o) const { return p_ != o.p_; }

 private:
  T* p_;
};
template <typename T> __TL_HD__ inline device_ptr<T> device_pointer_cast(T* p) { return device_ptr<T>(p); }
template <typename T> __TL_HD__ inline device_ptr<T> device_pointer_cast(device_ptr<T> p) { return p; }
template <typename T> __TL_HD__ inline T* raw_pointer_cast(device_ptr<T> p) { return p.get(); }
template <typename T> __TL_HD__ inline T* raw_pointer_cast(T* p) { return p; }
template <typename T> __TL_HD__ inline device_ptr<T> device_malloc(size_t n) { return device_ptr<T>(); }
template <typename T> __TL_HD__ inline void device_free(device_ptr<T> p) {}
template <typename T, typename Alloc = void> class device_vector : public std::vector<T> {
 public:
  typedef device_ptr<T> iterator;
  typedef device_ptr<const T> const_iterator;
  using std::vector<T>::vector;
  template <typename It> device_vector(It first, It last) {}
  template <typename U> device_vector(const std::vector<U>& v) {}
  iterator begin();
  iterator end();
  const_iterator begin() const;
  const_iterator end() const;
  device_ptr<T> data();
  device_ptr<const T> data() const;
};
template <typename T, typename Alloc = void> class host_vector : public std::vector<T> {
 public:
  using std::vector<T>::vector;
  template <typename U> host_vector(const device_vector<U>& v) {}
};
template <typename T> class complex {
 public:
  typedef T value_type;
  __TL_HD__ complex(const T& re = T(), const T& im = T());
  __TL_HD__ T real() const;
  __TL_HD__ T imag() const;
};
// Functors.
#define __TL_THRUST_BINARY(name, expr) \
  template <typename T = void> struct name { template <typename A, typename B> __TL_HD__ auto operator()(const A& a, const B& b) const { return expr; } };
#define __TL_THRUST_UNARY(name, expr) \
  template <typename T = void> struct name { template <typename A> __TL_HD__ auto operator()(const A& a) const { return expr; } };
__TL_THRUST_BINARY(plus, a + b) __TL_THRUST_BINARY(minus, a - b) __TL_THRUST_BINARY(multiplies, a * b) __TL_THRUST_BINARY(divides, a / b)
__TL_THRUST_BINARY(modulus, a % b) __TL_THRUST_BINARY(maximum, a < b ? b : a) __TL_THRUST_BINARY(minimum, b < a ? b : a)
__TL_THRUST_BINARY(equal_to, a == b) __TL_THRUST_BINARY(not_equal_to, a != b) __TL_THRUST_BINARY(greater, a > b)
__TL_THRUST_BINARY(less, a < b) __TL_THRUST_BINARY(greater_equal, a >= b) __TL_THRUST_BINARY(less_equal, a <= b)
__TL_THRUST_BINARY(logical_and, a && b) __TL_THRUST_BINARY(logical_or, a || b) __TL_THRUST_BINARY(bit_and, a & b)
__TL_THRUST_BINARY(bit_or, a | b) __TL_THRUST_BINARY(bit_xor, a ^ b)
__TL_THRUST_UNARY(negate, -a) __TL_THRUST_UNARY(logical_not, !a) __TL_THRUST_UNARY(identity, a) __TL_THRUST_UNARY(square, a * a)
#undef __TL_THRUST_BINARY
#undef __TL_THRUST_UNARY
template <typename F> __TL_HD__ inline F not_fn(F f) { return f; }
namespace placeholders {
struct placeholder {};
static const placeholder _1, _2, _3;
}  // namespace placeholders
// Fancy iterators: random access, dereferencing to their value type.
#define __TL_THRUST_ITERATOR(name, VALUE)                                                       \
  typedef VALUE value_type;                                                                     \
  typedef value_type reference;                                                                 \
  typedef value_type* pointer;                                                                  \
  typedef std::ptrdiff_t difference_type;                                                       \
  typedef std::random_access_iterator_tag iterator_category;                                    \
  __TL_HD__ name() {}                                                                           \
  __TL_HD__ value_type operator*() const { return value_type(); }                               \
  __TL_HD__ value_type operator[](std::ptrdiff_t) const { return value_type(); }                \
  __TL_HD__ name operator+(std::ptrdiff_t) const { return *this; }                              \
  __TL_HD__ name operator-(std::ptrdiff_t) const { return *this; }                              \
  __TL_HD__ std::ptrdiff_t operator-(const name&) const { return 0; }                           \
  __TL_HD__ name& operator++() { return *this; }                                                \
  __TL_HD__ name& operator+=(std::ptrdiff_t) { return *this; }                                  \
  __TL_HD__ bool operator==(const name&) const { return true; }                                 \
  __TL_HD__ bool operator!=(const name&) const { return false; }
template <typename T, typename... R> class counting_iterator {
 public:
  __TL_THRUST_ITERATOR(counting_iterator, T)
  __TL_HD__ counting_iterator(T v) {}
};
template <typename T, typename... R> class constant_iterator {
 public:
  __TL_THRUST_ITERATOR(constant_iterator, T)
  __TL_HD__ constant_iterator(T v) {}
};
template <typename F, typename It, typename... R> class transform_iterator {
 public:
  __TL_THRUST_ITERATOR(transform_iterator, decltype(std::declval<F>()(*std::declval<It>())))
  __TL_HD__ transform_iterator(It it, F f) {}
};
template <typename Tuple> class zip_iterator {
 public:
  __TL_THRUST_ITERATOR(zip_iterator, Tuple)
  __TL_HD__ zip_iterator(Tuple t) {}
};
template <typename E, typename I> class permutation_iterator {
 public:
  __TL_THRUST_ITERATOR(permutation_iterator, typename std::iterator_traits<E>::value_type)
  __TL_HD__ permutation_iterator(E e, I i) {}
};
template <typename... R> class discard_iterator {
 public:
  __TL_THRUST_ITERATOR(discard_iterator, int)
};
#undef __TL_THRUST_ITERATOR
template <typename T> __TL_HD__ inline counting_iterator<T> make_counting_iterator(T v) { return counting_iterator<T>(v); }
template <typename T> __TL_HD__ inline constant_iterator<T> make_constant_iterator(T v) { return constant_iterator<T>(v); }
template <typename It, typename F> __TL_HD__ inline transform_iterator<F, It> make_transform_iterator(It it, F f) { return transform_iterator<F, It>(it, f); }
template <typename... It> __TL_HD__ inline zip_iterator<tuple<typename std::iterator_traits<It>::value_type...>> make_zip_iterator(tuple<It...> t) { return {}; }
template <typename... It> __TL_HD__ inline zip_iterator<tuple<typename std::iterator_traits<It>::value_type...>> make_zip_iterator(It... its) { return {}; }
template <typename E, typename I> __TL_HD__ inline permutation_iterator<E, I> make_permutation_iterator(E e, I i) { return permutation_iterator<E, I>(e, i); }
__TL_HD__ inline discard_iterator<> make_discard_iterator(std::ptrdiff_t = 0) { return {}; }
// The algorithms. Each: [policy,] first, ... -- returning that iterator, a count, a value or nothing.
template <typename... A> struct __tl_first { typedef void type; };
template <typename P, typename I, typename... A> struct __tl_first<P, I, A...> {
  typedef std::decay_t<std::conditional_t<is_policy<P>::value, I, P>> type;
};
template <typename P> struct __tl_first<P> { typedef std::decay_t<P> type; };
#define __TL_THRUST_ITER(name) template <typename... A> __TL_HD__ inline typename __tl_first<A...>::type name(A&&...) { return {}; }
#define __TL_THRUST_PAIR(name)                                                                          \
  template <typename... A> __TL_HD__ inline pair<typename __tl_first<A...>::type, typename __tl_first<A...>::type> name(A&&...) { \
    return {};                                                                                          \
  }
#define __TL_THRUST_VOID(name) template <typename... A> __TL_HD__ inline void name(A&&...) {}
#define __TL_THRUST_COUNT(name) template <typename... A> __TL_HD__ inline std::ptrdiff_t name(A&&...) { return 0; }
#define __TL_THRUST_BOOL(name) template <typename... A> __TL_HD__ inline bool name(A&&...) { return false; }
__TL_THRUST_VOID(sort) __TL_THRUST_VOID(stable_sort) __TL_THRUST_VOID(sort_by_key) __TL_THRUST_VOID(stable_sort_by_key)
__TL_THRUST_VOID(fill) __TL_THRUST_VOID(sequence) __TL_THRUST_VOID(tabulate) __TL_THRUST_VOID(generate) __TL_THRUST_VOID(replace)
__TL_THRUST_VOID(replace_if) __TL_THRUST_VOID(for_each) __TL_THRUST_VOID(uninitialized_fill) __TL_THRUST_VOID(swap_ranges)
__TL_THRUST_ITER(transform) __TL_THRUST_ITER(copy) __TL_THRUST_ITER(copy_n) __TL_THRUST_ITER(copy_if) __TL_THRUST_ITER(fill_n)
__TL_THRUST_ITER(for_each_n) __TL_THRUST_ITER(gather) __TL_THRUST_ITER(gather_if) __TL_THRUST_ITER(scatter) __TL_THRUST_ITER(scatter_if)
__TL_THRUST_ITER(inclusive_scan) __TL_THRUST_ITER(exclusive_scan) __TL_THRUST_ITER(inclusive_scan_by_key)
__TL_THRUST_ITER(exclusive_scan_by_key) __TL_THRUST_ITER(transform_inclusive_scan) __TL_THRUST_ITER(transform_exclusive_scan)
__TL_THRUST_ITER(unique) __TL_THRUST_ITER(unique_copy) __TL_THRUST_ITER(remove) __TL_THRUST_ITER(remove_if) __TL_THRUST_ITER(remove_copy_if)
__TL_THRUST_ITER(lower_bound) __TL_THRUST_ITER(upper_bound) __TL_THRUST_ITER(min_element) __TL_THRUST_ITER(max_element)
__TL_THRUST_ITER(find) __TL_THRUST_ITER(find_if) __TL_THRUST_ITER(partition) __TL_THRUST_ITER(stable_partition)
__TL_THRUST_ITER(adjacent_difference) __TL_THRUST_ITER(set_difference) __TL_THRUST_ITER(set_intersection) __TL_THRUST_ITER(set_union)
__TL_THRUST_ITER(merge) __TL_THRUST_ITER(transform_if) __TL_THRUST_ITER(reverse_copy) __TL_THRUST_ITER(rotate)
__TL_THRUST_PAIR(unique_by_key) __TL_THRUST_PAIR(reduce_by_key) __TL_THRUST_PAIR(minmax_element) __TL_THRUST_PAIR(mismatch)
__TL_THRUST_PAIR(unique_by_key_copy) __TL_THRUST_PAIR(equal_range) __TL_THRUST_PAIR(partition_copy)
__TL_THRUST_COUNT(count) __TL_THRUST_COUNT(count_if) __TL_THRUST_COUNT(distance) __TL_THRUST_COUNT(unique_count)
__TL_THRUST_BOOL(all_of) __TL_THRUST_BOOL(any_of) __TL_THRUST_BOOL(none_of) __TL_THRUST_BOOL(equal) __TL_THRUST_BOOL(binary_search)
__TL_THRUST_BOOL(is_sorted) __TL_THRUST_BOOL(is_partitioned)
#undef __TL_THRUST_ITER
#undef __TL_THRUST_PAIR
#undef __TL_THRUST_VOID
#undef __TL_THRUST_COUNT
#undef __TL_THRUST_BOOL
// reduce / transform_reduce / inner_product: the initial value's type (or the elements').
template <typename... A> struct __tl_value { typedef float type; };
template <typename I> struct __tl_value<I, I> { typedef typename std::iterator_traits<std::decay_t<I>>::value_type type; };
template <typename I, typename V, typename... R> struct __tl_value<I, I, V, R...> { typedef std::decay_t<V> type; };
template <typename P, typename I, typename... R> __TL_HD__ inline
    typename std::enable_if_t<is_policy<P>::value, __tl_value<std::decay_t<I>, std::decay_t<R>...>>::type
    reduce(P&&, I&&, R&&...) { return {}; }
template <typename I, typename... R> __TL_HD__ inline
    typename std::enable_if_t<!is_policy<I>::value, __tl_value<std::decay_t<I>, std::decay_t<R>...>>::type
    reduce(I&&, R&&...) { return {}; }
template <typename... A> __TL_HD__ inline auto transform_reduce(A&&... a) { return std::get<sizeof...(A) - 2>(std::forward_as_tuple(a...)); }
template <typename... A> __TL_HD__ inline auto inner_product(A&&... a) { return std::get<sizeof...(A) - 1>(std::forward_as_tuple(a...)); }
template <typename T> __TL_HD__ inline void swap(T& a, T& b) {}
namespace random {
struct default_random_engine {
  __TL_HD__ default_random_engine(unsigned int seed = 0);
  __TL_HD__ void discard(unsigned long long z);
  __TL_HD__ unsigned int operator()();
};
typedef default_random_engine minstd_rand;
template <typename T = float> struct uniform_real_distribution {
  __TL_HD__ uniform_real_distribution(T a = 0, T b = 1);
  template <typename G> __TL_HD__ T operator()(G& g) { return T(); }
};
template <typename T = int> struct uniform_int_distribution {
  __TL_HD__ uniform_int_distribution(T a = 0, T b = 1);
  template <typename G> __TL_HD__ T operator()(G& g) { return T(); }
};
template <typename T = float> struct normal_distribution {
  __TL_HD__ normal_distribution(T mean = 0, T stddev = 1);
  template <typename G> __TL_HD__ T operator()(G& g) { return T(); }
};
}  // namespace random
}  // namespace thrust
