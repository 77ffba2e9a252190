// Steady-state marshalling and unmarshalling allocate nothing. This binary replaces the global
// operator new/delete to count allocations, so it is kept apart from the other tests.
//
// Buffer grows with realloc(), which operator new cannot see; its reuse is proven instead by a
// capacity that never changes (Buffer only reallocates to a larger capacity).
#include <catch2/catch.hpp>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <map>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

std::atomic<long> g_allocations{0};
std::atomic<std::size_t> g_largest{0};

void* counted_allocation(std::size_t size) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  std::size_t largest = g_largest.load(std::memory_order_relaxed);
  while (size > largest && !g_largest.compare_exchange_weak(largest, size)) {
  }
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

// Allocations made since construction. Read it outside Catch macros, which allocate themselves.
class AllocationCounter {
 public:
  AllocationCounter() : start_(g_allocations.load()) { g_largest.store(0); }
  long count() const { return g_allocations.load() - start_; }
  std::size_t largest() const { return g_largest.load(); }

 private:
  long start_;
};

using msgpack_gen::Buffer;
using msgpack_gen::BufferPool;
using msgpack_gen::Status;

}  // namespace

// Every form is replaced, not only the basic pair: sanitizers intercept the array and nothrow
// forms themselves, and a pointer must be freed by the family that allocated it.
void* operator new(std::size_t size) {
  return counted_allocation(size);
}
void* operator new[](std::size_t size) {
  return counted_allocation(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return counted_allocation(size);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept {
  return operator new(size, tag);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}

// Escapes through a volatile global, so the optimiser cannot elide the allocation being counted.
std::string* volatile g_escaped = nullptr;

TEST_CASE("the allocation counter sees std allocations", "[allocations]") {
  AllocationCounter counter;
  g_escaped = new std::string(100, 'x');
  const long counted = counter.count();
  const std::size_t largest = counter.largest();
  delete g_escaped;
  CHECK(counted == 2);  // the string object and its heap buffer
  CHECK(largest >= 100);
}

TEST_CASE("marshalling into a pooled buffer allocates nothing after warm-up", "[allocations]") {
  BufferPool pool;
  const std::vector<std::string> names = {std::string(100, 'a'), "short", std::string(300, 'c')};
  std::map<std::string, int> scores;
  for (int i = 0; i < 50; ++i) scores.emplace("player number " + std::to_string(i), i * 1000);
  const std::vector<std::map<std::string, std::vector<double>>> nested = {
      {{"x", {0.5, 1.5}}}, {{"y", {}}, {"z", {2.5}}}};

  std::size_t warm_capacity = 0;
  for (int i = 0; i < 3; ++i) {
    BufferPool::Lease lease = pool.acquire();
    msgpack_gen::marshal(*lease, names);
    msgpack_gen::marshal(*lease, scores);
    msgpack_gen::marshal(*lease, nested);
    warm_capacity = lease->capacity();
  }

  AllocationCounter counter;
  bool capacity_kept = true;
  std::size_t size = 0;
  for (int i = 0; i < 1000; ++i) {
    BufferPool::Lease lease = pool.acquire();
    msgpack_gen::marshal(*lease, names);
    msgpack_gen::marshal(*lease, scores);
    msgpack_gen::marshal(*lease, nested);
    capacity_kept = capacity_kept && lease->capacity() == warm_capacity;
    size = lease->size();
  }
  const long allocations = counter.count();
  CHECK(allocations == 0);
  CHECK(capacity_kept);
  CHECK(size > 1000);
}

TEST_CASE("unmarshalling into reused containers allocates nothing", "[allocations]") {
  Buffer message;
  const std::vector<std::string> short_strings = {"a", "bc", "def", "", "ghij", "klmno"};
  msgpack_gen::marshal(message, short_strings);

  std::vector<std::string> into;
  REQUIRE(msgpack_gen::unmarshal(message, into).ok());  // warm-up: sizes the vector
  {
    AllocationCounter counter;
    bool all_ok = true;
    for (int i = 0; i < 1000; ++i) all_ok = msgpack_gen::unmarshal(message, into).ok() && all_ok;
    const long allocations = counter.count();
    CHECK(allocations == 0);
    CHECK(all_ok);
    CHECK(into == short_strings);
  }

  // Long strings reuse the capacity the previous message gave them.
  Buffer long_message;
  const std::vector<std::string> long_strings = {std::string(200, 'x'), std::string(70, 'y')};
  msgpack_gen::marshal(long_message, long_strings);
  std::vector<std::string> long_into;
  REQUIRE(msgpack_gen::unmarshal(long_message, long_into).ok());
  {
    AllocationCounter counter;
    bool all_ok = true;
    for (int i = 0; i < 100; ++i) {
      all_ok = msgpack_gen::unmarshal(long_message, long_into).ok() && all_ok;
    }
    const long allocations = counter.count();
    CHECK(allocations == 0);
    CHECK(all_ok);
    CHECK(long_into == long_strings);
  }

  // Nested vectors, arrays, optionals and byte vectors keep their memory too.
  Buffer mixed;
  const std::vector<std::vector<int>> grid = {{1, 2, 3}, {}, {70000, -5}};
  const std::array<std::string, 2> pair = {std::string(50, 'p'), "q"};
  const std::optional<std::string> note = std::string(40, 'n');
  const std::vector<std::uint8_t> blob(500, 7);
  msgpack_gen::marshal(mixed, grid);
  const std::size_t grid_end = mixed.size();
  msgpack_gen::marshal(mixed, pair);
  const std::size_t pair_end = mixed.size();
  msgpack_gen::marshal(mixed, note);
  const std::size_t note_end = mixed.size();
  msgpack_gen::marshal(mixed, blob);

  std::vector<std::vector<int>> grid_into;
  std::array<std::string, 2> pair_into;
  std::optional<std::string> note_into;
  std::vector<std::uint8_t> blob_into;
  const auto decode_all = [&] {
    const std::uint8_t* p = mixed.data();
    return msgpack_gen::unmarshal(p, grid_end, grid_into).ok() &&
           msgpack_gen::unmarshal(p + grid_end, pair_end - grid_end, pair_into).ok() &&
           msgpack_gen::unmarshal(p + pair_end, note_end - pair_end, note_into).ok() &&
           msgpack_gen::unmarshal(p + note_end, mixed.size() - note_end, blob_into).ok();
  };
  REQUIRE(decode_all());
  {
    AllocationCounter counter;
    bool all_ok = true;
    for (int i = 0; i < 100; ++i) all_ok = decode_all() && all_ok;
    const long allocations = counter.count();
    CHECK(allocations == 0);
    CHECK(all_ok);
  }
  CHECK(grid_into == grid);
  CHECK(pair_into == pair);
  CHECK(note_into == note);
  CHECK(blob_into == blob);
}

TEST_CASE("acquiring and releasing a warm pool buffer allocates nothing", "[allocations][pool]") {
  BufferPool pool(4);
  { BufferPool::Lease warm = pool.acquire(); }
  AllocationCounter counter;
  for (int i = 0; i < 1000; ++i) {
    BufferPool::Lease lease = pool.acquire();
    lease->append("x", 1);
  }
  const long allocations = counter.count();
  CHECK(allocations == 0);
}

TEST_CASE("hostile declared lengths never cause a large allocation", "[allocations][hostile]") {
  const std::vector<test_support::Bytes> hostile = {
      {0xdd, 0xff, 0xff, 0xff, 0xff, 0x00},        // array32 of 4e9 elements
      {0x91, 0xdd, 0x10, 0x00, 0x00, 0x00, 0x00},  // nested array32 of 2^28 elements
      {0xdf, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00},  // map32 of 4e9 entries
      {0xdb, 0xff, 0xff, 0xff, 0xff, 'a'},         // str32 of 4e9 bytes
      {0xc6, 0xff, 0xff, 0xff, 0xff, 'a'},         // bin32 of 4e9 bytes
  };
  for (const test_support::Bytes& bytes : hostile) {
    INFO("marker " << +bytes[0]);
    std::vector<std::vector<std::string>> strings;
    std::map<std::string, std::string> map;
    std::string text;
    std::vector<std::uint8_t> blob;
    AllocationCounter counter;
    const Status as_strings = msgpack_gen::unmarshal(bytes.data(), bytes.size(), strings);
    const Status as_map = msgpack_gen::unmarshal(bytes.data(), bytes.size(), map);
    const Status as_text = msgpack_gen::unmarshal(bytes.data(), bytes.size(), text);
    const Status as_blob = msgpack_gen::unmarshal(bytes.data(), bytes.size(), blob);
    const std::size_t largest = counter.largest();
    CHECK(!as_strings);
    CHECK(!as_map);
    CHECK(!as_text);
    CHECK(!as_blob);
    CHECK(largest < 1024);  // only the error messages
  }
}
