#include "alloc_count.hpp"

#include <cstddef>
#include <cstdlib>
#include <new>

namespace {
std::uint64_t allocation_count = 0;
}  // namespace

std::uint64_t bench::allocations() noexcept {
  return allocation_count;
}

// The real C allocator, reached past the --wrap redirection.
extern "C" {
void* __real_malloc(std::size_t size);
void* __real_calloc(std::size_t count, std::size_t size);
void* __real_realloc(void* pointer, std::size_t size);
void __real_free(void* pointer);

void* __wrap_malloc(std::size_t size) {
  ++allocation_count;
  return __real_malloc(size);
}
void* __wrap_calloc(std::size_t count, std::size_t size) {
  ++allocation_count;
  return __real_calloc(count, size);
}
void* __wrap_realloc(void* pointer, std::size_t size) {
  ++allocation_count;
  return __real_realloc(pointer, size);
}
void __wrap_free(void* pointer) {
  __real_free(pointer);
}
}

namespace {

void* counted_new(std::size_t size) {
  ++allocation_count;
  void* pointer = __real_malloc(size == 0 ? 1 : size);
  if (pointer == nullptr) throw std::bad_alloc();
  return pointer;
}

void* counted_aligned_new(std::size_t size, std::align_val_t alignment) {
  ++allocation_count;  // aligned_alloc is not wrapped, so this is counted once
  std::size_t align = static_cast<std::size_t>(alignment);
  // aligned_alloc wants a size that is a multiple of the alignment.
  std::size_t rounded = (size + align - 1) / align * align;
  void* pointer = std::aligned_alloc(align, rounded == 0 ? align : rounded);
  if (pointer == nullptr) throw std::bad_alloc();
  return pointer;
}

}  // namespace

void* operator new(std::size_t size) {
  return counted_new(size);
}
void* operator new[](std::size_t size) {
  return counted_new(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return counted_new(size);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return counted_new(size);
  } catch (...) {
    return nullptr;
  }
}
void* operator new(std::size_t size, std::align_val_t alignment) {
  return counted_aligned_new(size, alignment);
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
  return counted_aligned_new(size, alignment);
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  try {
    return counted_aligned_new(size, alignment);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  try {
    return counted_aligned_new(size, alignment);
  } catch (...) {
    return nullptr;
  }
}

void operator delete(void* pointer) noexcept {
  __real_free(pointer);
}
void operator delete[](void* pointer) noexcept {
  __real_free(pointer);
}
void operator delete(void* pointer, std::size_t) noexcept {
  __real_free(pointer);
}
void operator delete[](void* pointer, std::size_t) noexcept {
  __real_free(pointer);
}
void operator delete(void* pointer, const std::nothrow_t&) noexcept {
  __real_free(pointer);
}
void operator delete[](void* pointer, const std::nothrow_t&) noexcept {
  __real_free(pointer);
}
void operator delete(void* pointer, std::align_val_t) noexcept {
  __real_free(pointer);
}
void operator delete[](void* pointer, std::align_val_t) noexcept {
  __real_free(pointer);
}
void operator delete(void* pointer, std::size_t, std::align_val_t) noexcept {
  __real_free(pointer);
}
void operator delete[](void* pointer, std::size_t, std::align_val_t) noexcept {
  __real_free(pointer);
}
void operator delete(void* pointer, std::align_val_t, const std::nothrow_t&) noexcept {
  __real_free(pointer);
}
void operator delete[](void* pointer, std::align_val_t, const std::nothrow_t&) noexcept {
  __real_free(pointer);
}
