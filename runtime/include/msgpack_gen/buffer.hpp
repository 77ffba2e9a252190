// A growable, contiguous byte buffer that keeps its capacity across clear().
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#include "msgpack_gen/detail/compiler.hpp"

namespace msgpack_gen {

class Buffer {
 public:
  Buffer() noexcept = default;
  explicit Buffer(std::size_t capacity) { reserve(capacity); }
  Buffer(const Buffer& other) { append(other.data_, other.size_); }
  Buffer(Buffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  Buffer& operator=(Buffer other) noexcept {
    swap(other);
    return *this;
  }
  ~Buffer() { std::free(data_); }

  void swap(Buffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

  const std::uint8_t* data() const noexcept { return data_; }
  std::uint8_t* data() noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return capacity_; }
  bool empty() const noexcept { return size_ == 0; }

  // Drops the content, keeps the memory.
  void clear() noexcept { size_ = 0; }

  // Makes room for at least n bytes in total.
  void reserve(std::size_t n) {
    if (n > capacity_) reallocate(n);
  }

  // Makes room for n more bytes and returns where they go; commit() them after writing.
  MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* prepare(std::size_t n) {
    if (MSGPACK_GEN_UNLIKELY(capacity_ - size_ < n)) grow(n);
    return data_ + size_;
  }
  // Marks everything up to `end` (a pointer into the area prepare() returned) as written.
  void commit(std::uint8_t* end) noexcept { size_ = static_cast<std::size_t>(end - data_); }

  MSGPACK_GEN_ALWAYS_INLINE void append(const void* bytes, std::size_t n) {
    if (n == 0) return;
    std::memcpy(prepare(n), bytes, n);
    size_ += n;
  }

  // Shrinks the content to its first n bytes (n <= size()).
  void truncate(std::size_t n) noexcept {
    if (n < size_) size_ = n;
  }

 private:
  // Out of line and cold, so that the fast path of prepare() stays one compare.
#if defined(__GNUC__)
  __attribute__((noinline, cold))
#endif
  void
  grow(std::size_t n) {
    std::size_t wanted = size_ + n;
    std::size_t doubled = capacity_ * 2;
    reallocate(wanted > doubled ? wanted : (doubled < 64 ? 64 : doubled));
  }

  void reallocate(std::size_t n) {
    void* fresh = std::realloc(data_, n);
    if (fresh == nullptr) throw std::bad_alloc();
    data_ = static_cast<std::uint8_t*>(fresh);
    capacity_ = n;
  }

  std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace msgpack_gen
