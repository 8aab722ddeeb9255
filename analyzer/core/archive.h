// A compact binary form of plain data. Each struct lists its members once, in a
// `fields(archive, value)` function found by ADL:
//
//   template <typename A, archive::Of<SourceMark> S> void fields(A& a, S& m) { a(m.file, m.line, m.column); }
//
// The same list writes (S is const) and reads, so the two can never disagree on the order.
// Integers and enums are LEB128 varints (signed ones zigzagged), containers are prefixed by
// their size, and a string is written once: again, it is the number of its first writing
// (rule packs repeat file names and keys thousands of times). The reader throws
// ArchiveError on bytes that end too soon or refer to what they do not hold.
#pragma once
#include <concepts>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/shared.h"

namespace torchlint::archive {

// `S` is `T` or `const T`: a fields() function that serves both the writer and the reader.
template <typename S, typename T>
concept Of = std::same_as<std::remove_const_t<S>, T>;

struct ArchiveError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Writer {
 public:
  template <typename... T>
  void operator()(const T&... values) {
    (put(values), ...);
  }
  const std::string& bytes() const { return out_; }

 private:
  void varint(uint64_t v) {
    for (; v >= 0x80; v >>= 7) out_ += static_cast<char>((v & 0x7f) | 0x80);
    out_ += static_cast<char>(v);
  }
  void put(bool b) { out_ += static_cast<char>(b); }
  // 0 and the text for a string not written before, else 1 + the number of its first writing.
  void put(const std::string& s) {
    auto [it, fresh] = strings_.try_emplace(s, strings_.size());
    if (!fresh) return varint(it->second + 1);
    varint(0);
    varint(s.size());
    out_ += s;
  }
  template <std::integral T>
  void put(T v) {
    if constexpr (std::is_signed_v<T>) varint((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v < 0 ? -1 : 0));
    else varint(v);
  }
  template <typename E> requires std::is_enum_v<E>
  void put(E e) {
    put(static_cast<std::underlying_type_t<E>>(e));
  }
  template <typename A, typename B>
  void put(const std::pair<A, B>& p) {
    (*this)(p.first, p.second);
  }
  template <typename T>
  void put(const std::optional<T>& o) {
    put(o.has_value());
    if (o) put(*o);
  }
  template <typename T>
  void put(const std::vector<T>& items) {
    varint(items.size());
    for (const T& item : items) put(item);
  }
  template <typename K, typename V>
  void put(const std::map<K, V>& items) {
    varint(items.size());
    for (const auto& item : items) put(item);
  }
  template <typename T>
  void put(const Shared<T>& v) {
    put(*v);
  }
  template <typename S> requires std::is_class_v<S>
  void put(const S& s) {
    fields(*this, s);
  }

  std::string out_;
  std::unordered_map<std::string, uint64_t> strings_;
};

class Reader {
 public:
  explicit Reader(std::string_view bytes) : in_(bytes) {}
  template <typename... T>
  void operator()(T&... values) {
    (get(values), ...);
  }
  size_t position() const { return pos_; }
  bool at_end() const { return pos_ == in_.size(); }

 private:
  uint8_t byte() {
    if (pos_ >= in_.size()) throw ArchiveError("the archive ends too soon");
    return static_cast<uint8_t>(in_[pos_++]);
  }
  uint64_t varint() {
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      uint8_t b = byte();
      v |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return v;
    }
    throw ArchiveError("a number in the archive is too long");
  }
  // A size no larger than the bytes left (every item takes at least one): a damaged size
  // fails here instead of allocating without bound.
  size_t count() {
    uint64_t n = varint();
    if (n > in_.size() - pos_) throw ArchiveError("a size in the archive runs past its end");
    return static_cast<size_t>(n);
  }
  void get(bool& b) { b = byte() != 0; }
  // The number of the string read in strings_.
  size_t string_index() {
    if (uint64_t seen = varint()) {
      if (seen > strings_.size()) throw ArchiveError("a string in the archive refers past those read");
      return seen - 1;
    }
    size_t n = count();
    strings_.push_back(in_.substr(pos_, n));
    pos_ += n;
    return strings_.size() - 1;
  }
  void get(std::string& s) { s.assign(strings_[string_index()]); }
  // One string written many times is shared in memory too.
  void get(Shared<std::string>& v) {
    size_t index = string_index();
    auto it = shared_strings_.find(index);
    if (it == shared_strings_.end())
      it = shared_strings_.emplace(index, Shared<std::string>(std::string(strings_[index]))).first;
    v = it->second;
  }
  template <std::integral T>
  void get(T& v) {
    uint64_t u = varint();
    if constexpr (std::is_signed_v<T>) v = static_cast<T>((u >> 1) ^ (~(u & 1) + 1));
    else v = static_cast<T>(u);
  }
  template <typename E> requires std::is_enum_v<E>
  void get(E& e) {
    std::underlying_type_t<E> v;
    get(v);
    e = static_cast<E>(v);
  }
  template <typename A, typename B>
  void get(std::pair<A, B>& p) {
    (*this)(p.first, p.second);
  }
  template <typename T>
  void get(std::optional<T>& o) {
    bool present;
    get(present);
    if (!present) return o.reset();
    get(o.emplace());
  }
  template <typename T>
  void get(std::vector<T>& items) {
    items.resize(count());
    for (T& item : items) get(item);
  }
  template <typename K, typename V>
  void get(std::map<K, V>& items) {
    items.clear();
    for (size_t n = count(); n > 0; --n) {
      std::pair<K, V> item;
      get(item);
      items.insert(items.end(), std::move(item));
    }
  }
  template <typename T>
  void get(Shared<T>& v) {
    T value;
    get(value);
    v = Shared<T>(std::move(value));
  }
  template <typename S> requires std::is_class_v<S>
  void get(S& s) {
    fields(*this, s);
  }

  std::string_view in_;
  size_t pos_ = 0;
  std::vector<std::string_view> strings_;
  std::unordered_map<size_t, Shared<std::string>> shared_strings_;
};

}  // namespace torchlint::archive
