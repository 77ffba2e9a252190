// Buffer (capacity kept, prepare/commit, copy/move), BufferPool (reuse, limits, threads) and
// Status (truthiness and message format).
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "test_support.hpp"

using msgpack_gen::Buffer;
using msgpack_gen::BufferPool;
using msgpack_gen::ErrorCode;
using msgpack_gen::Status;

namespace {

std::string content(const Buffer& buffer) {
  return std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size());
}

}  // namespace

TEST_CASE("a new Buffer is empty; one made with a capacity has it", "[buffer]") {
  Buffer empty;
  CHECK(empty.empty());
  CHECK(empty.size() == 0);
  CHECK(empty.capacity() == 0);
  Buffer sized(100);
  CHECK(sized.empty());
  CHECK(sized.capacity() == 100);
  CHECK(sized.data() != nullptr);
}

TEST_CASE("clear() keeps the memory; reserve() grows but never shrinks", "[buffer]") {
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

TEST_CASE("Buffer copies are independent; moves take the memory", "[buffer]") {
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

TEST_CASE("leases move; the buffer goes back once", "[pool]") {
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

  CHECK(Status(ErrorCode::truncated, 3, "expected int", "").message() ==
        "truncated input at offset 3: expected int");
  CHECK(Status(ErrorCode::trailing_bytes, 9, "", "").message() == "trailing bytes at offset 9");
  CHECK(Status(ErrorCode::too_deep, 0, "", "a.b").message() ==
        "nesting too deep at offset 0 in a.b");
}

TEST_CASE("every error code has its own text", "[status]") {
  const std::vector<ErrorCode> codes = {ErrorCode::ok,
                                        ErrorCode::truncated,
                                        ErrorCode::type_mismatch,
                                        ErrorCode::out_of_range,
                                        ErrorCode::invalid_marker,
                                        ErrorCode::too_deep,
                                        ErrorCode::length_exceeds_input,
                                        ErrorCode::trailing_bytes,
                                        ErrorCode::invalid_value};
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
