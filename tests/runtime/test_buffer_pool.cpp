// Buffer (capacity kept, prepare/commit, copy/move), BufferPool (reuse, limits, memory bounds,
// threads, destruction with buffers parked in live threads) and Status (truthiness and message
// format).
#include <catch2/catch.hpp>

#include <unistd.h>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "test_support.hpp"

// Sanitizer allocators keep their own books (ASan also quarantines freed memory), so heap figures
// come from their interface there, and resident memory is not checked.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define POOL_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define POOL_TEST_SANITIZED 1
#endif
#endif
#ifdef POOL_TEST_SANITIZED
#include <sanitizer/allocator_interface.h>
#define POOL_TEST_HEAP_FIGURES 1
#elif defined(__GLIBC__)
#include <malloc.h>
#define POOL_TEST_HEAP_FIGURES 1
#endif
// Elsewhere (Windows' C runtime) the allocator has no counters to read: heap figures are not
// checked, only what the pool itself reports. Resident memory is read from Linux's /proc.
#if defined(__linux__) && !defined(POOL_TEST_SANITIZED)
#define POOL_TEST_RESIDENT_MEMORY 1
#endif

using msgpack_gen::Buffer;
using msgpack_gen::BufferPool;
using msgpack_gen::BufferPoolOptions;
using msgpack_gen::ErrorCode;
using msgpack_gen::Status;

namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

std::string content(const Buffer& buffer) {
  return std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size());
}

// Whether heap_in_use() is known here; without it the checks of heap figures are skipped.
constexpr bool kHeapFigures =
#ifdef POOL_TEST_HEAP_FIGURES
    true;
#else
    false;
#endif

// Heap bytes in use right now, from the allocator's own counters (exact, unlike resident memory);
// 0 where there are none (kHeapFigures).
std::size_t heap_in_use() {
#if defined(POOL_TEST_SANITIZED)
  return __sanitizer_get_current_allocated_bytes();
#elif defined(POOL_TEST_HEAP_FIGURES)
  const struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;  // arena chunks in use + mmap-ed chunks
#else
  return 0;
#endif
}

#ifdef POOL_TEST_RESIDENT_MEMORY
// Resident memory of the process, from /proc/self/statm.
std::size_t resident_bytes() {
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  REQUIRE(statm != nullptr);
  unsigned long size = 0, resident = 0;
  const int fields = std::fscanf(statm, "%lu %lu", &size, &resident);
  std::fclose(statm);
  REQUIRE(fields == 2);
  return static_cast<std::size_t>(resident) * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}
#endif

// Threads wait at a Gate until `count` arrivals have opened it; the mutex also orders what each
// thread did before arriving with what the waiters do after.
class Gate {
 public:
  explicit Gate(int count) : count_(count) {}
  void arrive() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (--count_ <= 0) opened_.notify_all();
  }
  void wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    opened_.wait(lock, [this] { return count_ <= 0; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable opened_;
  int count_;
};

// Leases a buffer of at least `capacity` bytes and returns it at once.
void use_buffer(BufferPool& pool, std::size_t capacity) {
  BufferPool::Lease lease = pool.acquire();
  lease->reserve(capacity);
  lease->append("x", 1);
}

}  // namespace

TEST_CASE("a new Buffer is empty, one made with a capacity has it", "[buffer]") {
  Buffer empty;
  CHECK(empty.empty());
  CHECK(empty.size() == 0);
  CHECK(empty.capacity() == 0);
  Buffer sized(100);
  CHECK(sized.empty());
  CHECK(sized.capacity() == 100);
  CHECK(sized.data() != nullptr);
}

TEST_CASE("clear() keeps the memory, reserve() grows but never shrinks", "[buffer]") {
  Buffer buffer;
  buffer.append("hello world", 11);
  CHECK(content(buffer) == "hello world");
  const std::uint8_t* memory = buffer.data();
  const std::size_t capacity = buffer.capacity();
  CHECK(capacity >= 11);

  buffer.clear();
  CHECK(buffer.empty());
  CHECK(buffer.capacity() == capacity);
  CHECK(buffer.data() == memory);

  buffer.reserve(1000);
  CHECK(buffer.capacity() >= 1000);
  const std::size_t reserved = buffer.capacity();
  buffer.reserve(10);
  CHECK(buffer.capacity() == reserved);

  // Content survives a reallocation.
  buffer.append("abc", 3);
  buffer.reserve(reserved * 4);
  CHECK(content(buffer) == "abc");
  buffer.append(nullptr, 0);
  CHECK(buffer.size() == 3);
}

TEST_CASE("prepare() gives room to write and commit() publishes it", "[buffer]") {
  Buffer buffer;
  buffer.append("ab", 2);
  std::uint8_t* p = buffer.prepare(100);
  REQUIRE(buffer.capacity() >= 102);
  CHECK(p == buffer.data() + 2);
  CHECK(buffer.size() == 2);  // nothing published yet
  std::memcpy(p, "cdef", 4);
  buffer.commit(p + 3);  // only part of what was prepared
  CHECK(content(buffer) == "abcde");

  // prepare() within the capacity does not move the memory.
  const std::uint8_t* memory = buffer.data();
  p = buffer.prepare(10);
  CHECK(buffer.data() == memory);
  buffer.commit(p);
  CHECK(buffer.size() == 5);

  // Growth keeps the content and makes room for everything asked.
  const std::size_t before = buffer.capacity();
  p = buffer.prepare(before * 3);
  CHECK(buffer.capacity() >= 5 + before * 3);
  CHECK(content(buffer) == "abcde");
  std::memset(p, 'z', before * 3);
  buffer.commit(p + before * 3);
  CHECK(buffer.size() == 5 + before * 3);
  CHECK(buffer.data()[buffer.size() - 1] == 'z');

  buffer.truncate(2);
  CHECK(content(buffer) == "ab");
  buffer.truncate(50);  // longer than the content: no change
  CHECK(content(buffer) == "ab");
}

// The fast path's one compare: room for exactly n more bytes is enough, so a buffer sized for
// its message (a pooled one, or Buffer(n)) is filled without a reallocation.
TEST_CASE("prepare() of exactly the room left keeps the memory", "[buffer]") {
  Buffer buffer(16);
  const std::uint8_t* memory = buffer.data();
  std::uint8_t* p = buffer.prepare(16);
  CHECK(p == memory);
  CHECK(buffer.capacity() == 16);
  std::memset(p, 'a', 16);
  buffer.commit(p + 16);

  buffer.truncate(10);
  p = buffer.prepare(6);
  CHECK(p == memory + 10);
  CHECK(buffer.capacity() == 16);
  buffer.commit(p);
  CHECK(buffer.size() == 10);
}

TEST_CASE("Buffer copies are independent, moves take the memory", "[buffer]") {
  Buffer original;
  original.append("payload", 7);

  Buffer copy(original);
  CHECK(content(copy) == "payload");
  CHECK(copy.data() != original.data());
  copy.data()[0] = 'P';
  CHECK(content(original) == "payload");

  Buffer assigned;
  assigned.append("old content that is longer", 26);
  assigned = original;
  CHECK(content(assigned) == "payload");
  CHECK(assigned.data() != original.data());

  const std::uint8_t* memory = original.data();
  const std::size_t capacity = original.capacity();
  Buffer moved(std::move(original));
  CHECK(moved.data() == memory);
  CHECK(moved.capacity() == capacity);
  CHECK(content(moved) == "payload");
  CHECK(original.data() == nullptr);  // NOLINT(bugprone-use-after-move): documented state
  CHECK(original.size() == 0);
  CHECK(original.capacity() == 0);

  Buffer target;
  target.append("x", 1);
  target = std::move(moved);
  CHECK(target.data() == memory);
  CHECK(content(target) == "payload");

  // The moved-from buffer is usable again.
  original.append("again", 5);
  CHECK(content(original) == "again");

  Buffer empty;
  Buffer empty_copy(empty);
  CHECK(empty_copy.empty());

  Buffer a;
  a.append("a", 1);
  Buffer b;
  b.append("bb", 2);
  a.swap(b);
  CHECK(content(a) == "bb");
  CHECK(content(b) == "a");
}

TEST_CASE("a pool hands out empty buffers that keep their capacity", "[pool]") {
  BufferPool pool;
  const std::uint8_t* memory = nullptr;
  std::size_t capacity = 0;
  {
    BufferPool::Lease lease = pool.acquire();
    REQUIRE(lease);
    CHECK(lease->empty());
    msgpack_gen::marshal(*lease, std::string(1000, 'x'));
    memory = lease->data();
    capacity = lease->capacity();
    CHECK(capacity >= 1003);
  }
  CHECK(pool.idle() == 1);
  BufferPool::Lease again = pool.acquire();
  CHECK(pool.idle() == 0);
  CHECK(again->empty());
  CHECK(again->capacity() == capacity);
  CHECK(again->data() == memory);
}

TEST_CASE("a pool reuses the most recently returned buffer", "[pool]") {
  BufferPool pool;
  BufferPool::Lease first = pool.acquire();
  BufferPool::Lease second = pool.acquire();
  Buffer* first_buffer = first.get();
  Buffer* second_buffer = second.get();
  CHECK(first_buffer != second_buffer);
  first.release();
  CHECK(!first);
  second.release();
  CHECK(pool.idle() == 2);
  BufferPool::Lease next = pool.acquire();
  CHECK(next.get() == second_buffer);
  BufferPool::Lease after = pool.acquire();
  CHECK(after.get() == first_buffer);
  CHECK(pool.idle() == 0);
}

TEST_CASE("a pool keeps at most max_idle buffers", "[pool]") {
  BufferPool pool(2);
  {
    std::vector<BufferPool::Lease> leases;
    for (int i = 0; i < 5; ++i) leases.push_back(pool.acquire());
    CHECK(pool.idle() == 0);
  }
  CHECK(pool.idle() == 2);

  BufferPool none(0);
  { BufferPool::Lease lease = none.acquire(); }
  CHECK(none.idle() == 0);
}

TEST_CASE("a pool's new buffers start with the initial capacity", "[pool]") {
  BufferPool pool(4, 512);
  BufferPool::Lease lease = pool.acquire();
  CHECK(lease->capacity() == 512);
  CHECK(lease->empty());
}

TEST_CASE("leases move, the buffer goes back once", "[pool]") {
  BufferPool pool;
  BufferPool::Lease a = pool.acquire();
  Buffer* buffer = a.get();
  a->append("data", 4);
  BufferPool::Lease b(std::move(a));
  CHECK(!a);  // NOLINT(bugprone-use-after-move): documented state
  CHECK(b.get() == buffer);
  CHECK(content(*b) == "data");

  BufferPool::Lease c = pool.acquire();
  Buffer* other = c.get();
  c = std::move(b);  // c's own buffer goes back first
  CHECK(pool.idle() == 1);
  CHECK(c.get() == buffer);
  c.release();
  c.release();  // a second release does nothing
  CHECK(pool.idle() == 2);
  BufferPool::Lease d = pool.acquire();
  CHECK(d.get() == buffer);
  CHECK(d->empty());
  BufferPool::Lease e = pool.acquire();
  CHECK(e.get() == other);

  BufferPool::Lease empty;
  CHECK(!empty);
  CHECK(empty.get() == nullptr);
}

TEST_CASE("threads share a pool without races or crossed buffers", "[pool][threads]") {
  constexpr int kThreads = 4;
  constexpr int kIterations = 10000;
  BufferPool pool(8);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&pool, &failures, t] {
      for (int i = 0; i < kIterations; ++i) {
        const std::vector<std::string> message = {
            "thread " + std::to_string(t), std::string(static_cast<std::size_t>(i % 97), 'p'),
            std::to_string(i)};
        BufferPool::Lease lease = pool.acquire();
        if (!lease->empty()) ++failures;
        msgpack_gen::marshal(*lease, message);
        // Another thread writing into this buffer would change what decodes.
        std::this_thread::yield();
        std::vector<std::string> decoded;
        const Status status = msgpack_gen::unmarshal(*lease, decoded);
        if (!status || decoded != message) ++failures;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  CHECK(failures.load() == 0);
  CHECK(pool.idle() >= 1);
  CHECK(pool.idle() <= kThreads);
}

TEST_CASE("Status is truthy only when ok", "[status]") {
  const Status ok;
  CHECK(static_cast<bool>(ok));
  CHECK(ok.ok());
  CHECK(ok.code() == ErrorCode::ok);
  CHECK(ok.message() == "ok");
  CHECK(ok.path().empty());
  CHECK(ok.detail().empty());

  const Status error(ErrorCode::type_mismatch, 17, "expected str, found int (0xcc)", "subs[3].key");
  CHECK(!static_cast<bool>(error));
  CHECK(!error.ok());
  CHECK(error.code() == ErrorCode::type_mismatch);
  CHECK(error.offset() == 17);
  CHECK(error.path() == "subs[3].key");
  CHECK(error.detail() == "expected str, found int (0xcc)");
  CHECK(error.message() ==
        "type mismatch at offset 17 in subs[3].key: expected str, found int (0xcc)");

  CHECK(Status(ErrorCode::incomplete, 3, "expected int", "").message() ==
        "incomplete input at offset 3: expected int");
  CHECK(Status(ErrorCode::trailing_bytes, 9, "", "").message() == "trailing bytes at offset 9");
  CHECK(Status(ErrorCode::too_deep, 0, "", "a.b").message() ==
        "nesting too deep at offset 0 in a.b");
}

TEST_CASE("every error code has its own text", "[status]") {
  // The old names of a cut (truncated, length_exceeds_input) are the one code incomplete.
  STATIC_REQUIRE(ErrorCode::truncated == ErrorCode::incomplete);
  STATIC_REQUIRE(ErrorCode::length_exceeds_input == ErrorCode::incomplete);
  const std::vector<ErrorCode> codes = {ErrorCode::ok,
                                        ErrorCode::incomplete,
                                        ErrorCode::type_mismatch,
                                        ErrorCode::out_of_range,
                                        ErrorCode::invalid_marker,
                                        ErrorCode::too_deep,
                                        ErrorCode::trailing_bytes,
                                        ErrorCode::invalid_value,
                                        ErrorCode::missing_field,
                                        ErrorCode::unknown_key,
                                        ErrorCode::limit_exceeded};
  std::set<std::string> texts;
  for (ErrorCode code : codes) {
    const std::string text = msgpack_gen::to_string(code);
    CHECK(text != "unknown error");
    texts.insert(text);
    if (code != ErrorCode::ok) {
      const Status status(code, 1, "d", "p");
      CHECK(!status);
      CHECK(status.message().rfind(text, 0) == 0);
    }
  }
  CHECK(texts.size() == codes.size());
}

TEST_CASE("a buffer returned on a thread that exits goes back to the shared pool",
          "[pool][threads]") {
  BufferPool pool;
  const std::uint8_t* data = nullptr;
  std::thread worker([&] {
    BufferPool::Lease lease = pool.acquire();
    lease->reserve(1000);
    data = lease->data();
  });  // the lease ends on the worker, whose slot keeps the buffer until the thread exits
  worker.join();
  CHECK(pool.idle() == 1);
  BufferPool::Lease lease = pool.acquire();
  CHECK(lease->data() == data);
  CHECK(lease->capacity() >= 1000);
}

TEST_CASE("two pools used on one thread keep their own buffers", "[pool]") {
  BufferPool first;
  BufferPool second;
  const std::uint8_t* first_data = nullptr;
  {
    BufferPool::Lease lease = first.acquire();
    lease->reserve(100);
    first_data = lease->data();
  }
  {
    BufferPool::Lease lease = second.acquire();  // first's buffer stays first's
    lease->reserve(200);
  }
  CHECK(first.idle() == 1);
  CHECK(second.idle() == 1);
  BufferPool::Lease again = first.acquire();
  CHECK(again->data() == first_data);
  CHECK(again->capacity() >= 100);
}

TEST_CASE("pool options: defaults, and the two-number constructor keeps the other defaults",
          "[pool]") {
  const BufferPoolOptions defaults;
  CHECK(defaults.max_idle_buffers == 64);
  CHECK(defaults.max_buffer_capacity == kMiB);
  CHECK(defaults.max_idle_bytes == 16 * kMiB);
  CHECK(defaults.initial_capacity == 0);
  BufferPool counted(8, 256);
  CHECK(counted.options().max_idle_buffers == 8);
  CHECK(counted.options().initial_capacity == 256);
  CHECK(counted.options().max_buffer_capacity == kMiB);
  CHECK(counted.options().max_idle_bytes == 16 * kMiB);
}

TEST_CASE("a returned buffer above max_buffer_capacity is freed, one at the cap is kept",
          "[pool][memory]") {
  BufferPool pool;  // the default cap: 1 MiB
  {
    BufferPool::Lease lease = pool.acquire();
    lease->reserve(kMiB + 1);
  }
  CHECK(pool.idle() == 0);
  CHECK(pool.idle_bytes() == 0);
  {
    BufferPool::Lease lease = pool.acquire();
    lease->reserve(kMiB);
    CHECK(lease->capacity() == kMiB);
  }
  CHECK(pool.idle() == 1);
  CHECK(pool.idle_bytes() == kMiB);

  BufferPoolOptions options;
  options.max_buffer_capacity = 4096;
  BufferPool small(options);
  const std::uint8_t* kept = nullptr;
  {
    BufferPool::Lease lease = small.acquire();
    lease->reserve(4096);
    kept = lease->data();
  }
  CHECK(small.idle_bytes() == 4096);
  {
    BufferPool::Lease lease = small.acquire();
    CHECK(lease->data() == kept);  // the same buffer, capacity kept
    lease->reserve(4097);          // grows past the cap while on loan
  }
  CHECK(small.idle() == 0);
  CHECK(small.idle_bytes() == 0);
  // Whatever the slot or the shared list: a second buffer on loan at the same time too.
  {
    BufferPool::Lease a = small.acquire();
    BufferPool::Lease b = small.acquire();
    a->reserve(100);
    b->reserve(5000);
  }
  CHECK(small.idle() == 1);
  CHECK(small.idle_bytes() == 100);
}

TEST_CASE("the pool's idle memory stays within max_idle_bytes", "[pool][memory]") {
  BufferPoolOptions options;
  options.max_idle_bytes = 10000;
  BufferPool pool(options);
  {
    std::vector<BufferPool::Lease> leases;
    for (int i = 0; i < 5; ++i) {
      leases.push_back(pool.acquire());
      leases.back()->reserve(3000);
    }
  }  // returned in order: three fit (9000 bytes), the last two would go beyond 10000
  CHECK(pool.idle() == 3);
  CHECK(pool.idle_bytes() == 9000);

  // Buffers of mixed sizes, many rounds: never beyond the cap.
  for (int round = 0; round < 50; ++round) {
    std::vector<BufferPool::Lease> leases;
    for (int i = 0; i < 1 + round % 7; ++i) {
      leases.push_back(pool.acquire());
      leases.back()->reserve(static_cast<std::size_t>(500 + (round * 977 + i * 313) % 4000));
    }
    leases.clear();
    REQUIRE(pool.idle_bytes() <= options.max_idle_bytes);
  }

  BufferPoolOptions none;
  none.max_idle_bytes = 0;
  BufferPool keeps_nothing(none);
  use_buffer(keeps_nothing, 100);
  CHECK(keeps_nothing.idle() == 0);
}

TEST_CASE("release_idle_memory frees the shared list and the calling thread's slot",
          "[pool][memory]") {
  BufferPool pool;
  {
    BufferPool::Lease a = pool.acquire();
    BufferPool::Lease b = pool.acquire();
    BufferPool::Lease c = pool.acquire();
    a->reserve(10000);  // above glibc's per-thread cache, whose chunks count as in use
    b->reserve(20000);
    c->reserve(40000);
  }
  CHECK(pool.idle() == 3);
  CHECK(pool.idle_bytes() == 70000);
  const std::size_t heap_before = heap_in_use();
  const std::size_t freed = pool.release_idle_memory();
  const std::size_t heap_after = heap_in_use();
  CHECK(freed == 70000);
  if (kHeapFigures) CHECK(heap_after + 70000 <= heap_before);
  CHECK(pool.idle() == 0);
  CHECK(pool.idle_bytes() == 0);
  CHECK(pool.release_idle_memory() == 0);
  // Still a working pool, fast path included.
  for (int i = 0; i < 3; ++i) use_buffer(pool, 500);
  CHECK(pool.idle() == 1);
  CHECK(pool.idle_bytes() == 500);
}

TEST_CASE("a buffer leased again from the shared list no longer counts as idle", "[pool][memory]") {
  BufferPool pool;
  {
    BufferPool::Lease a = pool.acquire();
    BufferPool::Lease b = pool.acquire();
    a->reserve(3000);
    b->reserve(5000);
  }  // one parks in the calling thread's slot, the other goes to the shared list
  REQUIRE(pool.idle() == 2);
  REQUIRE(pool.idle_bytes() == 8000);
  {
    BufferPool::Lease first = pool.acquire();
    BufferPool::Lease second = pool.acquire();
    CHECK(first->capacity() + second->capacity() == 8000);
    CHECK(pool.idle() == 0);
    CHECK(pool.idle_bytes() == 0);  // what max_idle_bytes is checked against
  }
  CHECK(pool.idle() == 2);
  CHECK(pool.idle_bytes() == 8000);
}

// Compiled only where the pool has thread slots (see the thread_local case below).
#if MSGPACK_GEN_POOL_THREAD_SLOTS
TEST_CASE("destroying a pool frees buffers parked in live threads' slots, they use other pools",
          "[pool][memory][threads]") {
  constexpr int kThreads = 4;
  constexpr std::size_t kCapacity = 4 * kMiB;
  BufferPoolOptions options;
  options.max_buffer_capacity = kCapacity;
  options.max_idle_bytes = kThreads * kCapacity;
  auto pool = std::make_unique<BufferPool>(options);
  BufferPool next;  // what the threads use after the first pool is gone
  Gate parked(kThreads);
  Gate destroyed(1);
  std::atomic<int> failures{0};
  const std::size_t heap_start = heap_in_use();
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      use_buffer(*pool, kCapacity);  // parked in this thread's slot
      parked.arrive();
      destroyed.wait();
      // The slot still names the destroyed pool's place: switching must not touch it.
      for (int i = 0; i < 100; ++i) {
        BufferPool::Lease lease = next.acquire();
        if (!lease->empty()) ++failures;
        msgpack_gen::marshal(*lease, std::string(static_cast<std::size_t>(i), 'n'));
      }
    });  // exiting returns the slot's buffer to `next`, never to the destroyed pool
  }
  parked.wait();
  CHECK(pool->idle() == kThreads);
  CHECK(pool->idle_bytes() == kThreads * kCapacity);
  const std::size_t heap_parked = heap_in_use();
  if (kHeapFigures) CHECK(heap_parked >= heap_start + kThreads * kCapacity);

  pool.reset();
  const std::size_t heap_after = heap_in_use();
  INFO("heap: " << heap_start << " at start, " << heap_parked << " parked, " << heap_after
                << " after destruction");
  if (kHeapFigures) CHECK(heap_after + kThreads * kCapacity <= heap_parked);  // all freed

  destroyed.arrive();
  for (std::thread& thread : threads) thread.join();
  CHECK(failures.load() == 0);
  CHECK(next.idle() >= 1);
  CHECK(next.idle() <= kThreads);
}
#endif

TEST_CASE("a pool destroyed while threads that parked in it switch to another pool",
          "[pool][threads]") {
  // The race the slot registry serialises: the destructor clears slots that their threads are
  // unbinding at the same moment.
  constexpr int kThreads = 4;
  for (int round = 0; round < 20; ++round) {
    auto first = std::make_unique<BufferPool>();
    BufferPool second;
    Gate parked(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        use_buffer(*first, 100 + static_cast<std::size_t>(t));
        parked.arrive();  // no use of `first` after this
        for (int i = 0; i < 50; ++i) use_buffer(second, 200);
      });
    }
    parked.wait();
    first.reset();
    for (std::thread& thread : threads) thread.join();
    CHECK(second.idle() >= 1);
  }
}

TEST_CASE("concurrent marshalling through shared pools with trimming and tight caps",
          "[pool][threads]") {
  constexpr int kThreads = 4;
  constexpr int kIterations = 3000;
  BufferPoolOptions tight;
  tight.max_idle_buffers = 3;
  tight.max_buffer_capacity = 2048;
  tight.max_idle_bytes = 6000;
  BufferPool a(tight);
  BufferPool b;
  std::atomic<bool> stop{false};
  std::atomic<int> failures{0};
  Gate done(kThreads);
  Gate leave(1);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kIterations; ++i) {
        BufferPool& pool = (i + t) % 3 == 0 ? b : a;  // threads switch pools all the time
        const std::vector<std::string> message = {
            std::to_string(t), std::string(static_cast<std::size_t>((i * 37 + t) % 3000), 'v')};
        BufferPool::Lease lease = pool.acquire();
        if (!lease->empty()) ++failures;
        msgpack_gen::marshal(*lease, message);
        if (i % 5 == 0) {
          BufferPool::Lease second = pool.acquire();  // two at once: the shared list
          msgpack_gen::marshal(*second, message);
        }
        std::vector<std::string> decoded;
        if (!msgpack_gen::unmarshal(*lease, decoded) || decoded != message) ++failures;
      }
      done.arrive();
      leave.wait();  // alive, slots parked, while the main thread checks the caps
    });
  }
  std::thread trimmer([&] {
    while (!stop.load()) {
      a.release_idle_memory();
      if (a.idle_bytes() > 100 * kMiB) ++failures;  // reads other threads' slots
      b.idle();
      std::this_thread::yield();
    }
  });
  done.wait();
  stop = true;
  trimmer.join();
  CHECK(failures.load() == 0);
  CHECK(a.idle_bytes() <= tight.max_idle_bytes);
  CHECK(a.idle() <= static_cast<std::size_t>(tight.max_idle_buffers + kThreads));
  leave.arrive();
  for (std::thread& thread : threads) thread.join();
  CHECK(a.idle_bytes() <= tight.max_idle_bytes);
  CHECK(a.idle() <= tight.max_idle_buffers);
}

// Compiled only where resident memory is measured (Linux, no sanitizer allocator, which keeps
// freed memory): tests/runtime/CMakeLists.txt has ctest report it skipped elsewhere.
#ifdef POOL_TEST_RESIDENT_MEMORY
TEST_CASE("a 100 MB message's buffer leaves resident memory when returned or when its pool dies",
          "[pool][memory][rss]") {
  // 100 MB is above glibc's largest mmap threshold (32 MiB), so it is mapped on its own and
  // unmapped when freed: resident memory follows the buffer, not the allocator's caching.
  constexpr std::size_t kMessage = 100 * kMiB;
  constexpr std::size_t kSignal = 90 * kMiB;  // what must appear and disappear
  constexpr std::size_t kSlack = 16 * kMiB;   // anything else the process does meanwhile
  BufferPoolOptions keep_all;                 // so that only destruction can free it
  keep_all.max_buffer_capacity = 256 * kMiB;
  keep_all.max_idle_bytes = 256 * kMiB;

  // Each scenario in a fresh thread, whose slot starts empty and stays alive while checked.
  const auto in_thread = [](auto&& body) {
    std::thread worker(body);
    worker.join();
  };
  const auto marshal_big = [&](BufferPool& pool) {
    BufferPool::Lease lease = pool.acquire();
    {
      const std::string text(kMessage, 'm');
      msgpack_gen::marshal(*lease, text);
    }
    CHECK(lease->size() > kMessage);
    return lease;
  };

  SECTION("the default pool frees it when the lease ends") {
    in_thread([&] {
      BufferPool pool;
      const std::size_t before = resident_bytes();
      {
        BufferPool::Lease lease = marshal_big(pool);
        CHECK(resident_bytes() >= before + kSignal);  // the measurement sees the buffer
      }
      CHECK(pool.idle_bytes() == 0);
      CHECK(resident_bytes() <= before + kSlack);
    });
  }
  SECTION("a pool that keeps it frees it when destroyed, though a live thread parked it") {
    auto pool = std::make_unique<BufferPool>(keep_all);
    const std::size_t before = resident_bytes();
    Gate parked(1);
    Gate destroyed(1);
    std::thread worker([&] {
      { BufferPool::Lease lease = marshal_big(*pool); }
      parked.arrive();
      destroyed.wait();
    });
    parked.wait();
    CHECK(pool->idle_bytes() >= kMessage);
    CHECK(resident_bytes() >= before + kSignal);
    pool.reset();
    CHECK(resident_bytes() <= before + kSlack);
    destroyed.arrive();
    worker.join();
  }
  SECTION("the same on the destroying thread's own slot") {
    in_thread([&] {
      const std::size_t before = resident_bytes();
      {
        BufferPool pool(keep_all);
        { BufferPool::Lease lease = marshal_big(pool); }
        CHECK(pool.idle_bytes() >= kMessage);
        CHECK(resident_bytes() >= before + kSignal);
      }
      CHECK(resident_bytes() <= before + kSlack);  // the thread lives on, its slot is empty
    });
  }
  SECTION("release_idle_memory frees it") {
    in_thread([&] {
      BufferPool pool(keep_all);
      const std::size_t before = resident_bytes();
      { BufferPool::Lease lease = marshal_big(pool); }
      CHECK(resident_bytes() >= before + kSignal);
      CHECK(pool.release_idle_memory() >= kMessage);
      CHECK(resident_bytes() <= before + kSlack);
    });
  }
}
#endif

// Compiled only where the pool has thread slots (not with MinGW-w64's GCC, which destroys
// thread_local objects in freed memory: pool.hpp); ctest reports it skipped elsewhere.
#if MSGPACK_GEN_POOL_THREAD_SLOTS
TEST_CASE("a thread_local lease released after its thread's slot is gone is freed, not parked",
          "[pool][threads]") {
  auto pool = std::make_unique<BufferPool>();
  std::thread worker([&pool] {
    // Constructed before the slot (the first acquire makes the slot), so destroyed after it.
    static thread_local BufferPool::Lease late;
    late = pool->acquire();
    late->reserve(1000);
  });
  worker.join();
  CHECK(pool->idle() == 0);
  pool.reset();  // must not touch the exited thread's slot (ASan and TSan builds check)
}
#endif
