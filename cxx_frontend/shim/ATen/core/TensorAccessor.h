// torchlint shim: TensorAccessor and PackedTensorAccessor (32/64-bit indices, pointer traits).
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <type_traits>
#include <c10/macros/Macros.h>
namespace at {
template <typename T> struct DefaultPtrTraits { typedef T* PtrType; };
template <typename T> struct RestrictPtrTraits { typedef T* __restrict__ PtrType; };
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
class TensorAccessorBase {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE TensorAccessorBase(PtrType data, const index_t* sizes, const index_t* strides);
  C10_HOST_DEVICE index_t stride(index_t i) const;
  C10_HOST_DEVICE index_t size(index_t i) const;
  C10_HOST_DEVICE PtrType data();
  C10_HOST_DEVICE const PtrType data() const;
};
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
class TensorAccessor : public TensorAccessorBase<T, N, PtrTraits, index_t> {
 public:
  using TensorAccessorBase<T, N, PtrTraits, index_t>::TensorAccessorBase;
  C10_HOST_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i);
  C10_HOST_DEVICE const TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i) const;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> : public TensorAccessorBase<T, 1, PtrTraits, index_t> {
 public:
  using TensorAccessorBase<T, 1, PtrTraits, index_t>::TensorAccessorBase;
  C10_HOST_DEVICE T& operator[](index_t i);
  C10_HOST_DEVICE const T& operator[](index_t i) const;
};
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
class GenericPackedTensorAccessorBase {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE GenericPackedTensorAccessorBase(PtrType data, const index_t* sizes, const index_t* strides);
  C10_HOST_DEVICE index_t stride(index_t i) const;
  C10_HOST_DEVICE index_t size(index_t i) const;
  C10_HOST_DEVICE PtrType data();
  C10_HOST_DEVICE const PtrType data() const;
};
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
class GenericPackedTensorAccessor : public GenericPackedTensorAccessorBase<T, N, PtrTraits, index_t> {
 public:
  using GenericPackedTensorAccessorBase<T, N, PtrTraits, index_t>::GenericPackedTensorAccessorBase;
  C10_HOST_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i);
  C10_HOST_DEVICE const TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i) const;
  template <typename U = T> C10_HOST_DEVICE GenericPackedTensorAccessor<U, N, PtrTraits, index_t> transpose(index_t dim1, index_t dim2) const;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t> : public GenericPackedTensorAccessorBase<T, 1, PtrTraits, index_t> {
 public:
  using GenericPackedTensorAccessorBase<T, 1, PtrTraits, index_t>::GenericPackedTensorAccessorBase;
  C10_HOST_DEVICE T& operator[](index_t i);
  C10_HOST_DEVICE const T& operator[](index_t i) const;
};
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
using PackedTensorAccessor = GenericPackedTensorAccessor<T, N, PtrTraits, index_t>;
}  // namespace at
