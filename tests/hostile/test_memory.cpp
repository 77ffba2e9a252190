// Peak memory while decoding hostile input, measured by replacing the global operator new/delete
// (so this binary is apart from the others). A length that lies costs nothing; the most any
// input can make the decoder hold is a small multiple of its own size: the worst is a container
// of empty elements, where every input byte becomes one default-constructed element.
#include <malloc.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "hostile_support.hpp"

namespace {

// The size the allocator really set aside for a block: what the heap holds for it.
std::size_t usable_size(void* p) {
#ifdef _WIN32
  return _msize(p);  // the C runtime's equivalent, also in <malloc.h>
#else
  return malloc_usable_size(p);
#endif
}

std::atomic<std::size_t> g_live{0};
std::atomic<std::size_t> g_peak{0};

void* tracked_allocation(std::size_t size) {
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p == nullptr) throw std::bad_alloc();
  std::size_t live = g_live.fetch_add(usable_size(p)) + usable_size(p);
  std::size_t peak = g_peak.load();
  while (live > peak && !g_peak.compare_exchange_weak(peak, live)) {
  }
  return p;
}
void tracked_free(void* p) noexcept {
  if (p == nullptr) return;
  g_live.fetch_sub(usable_size(p));
  std::free(p);
}

// The most heap memory held at once since construction, above what was held at construction.
class PeakMeter {
 public:
  PeakMeter() : base_(g_live.load()) { g_peak.store(base_); }
  std::size_t peak() const { return g_peak.load() - base_; }

 private:
  std::size_t base_;
};

hostile::BadInputReport g_report{"hostile_memory_tests"};

}  // namespace

// Every form is replaced, so each pointer is freed by the family that allocated it.
void* operator new(std::size_t size) {
  return tracked_allocation(size);
}
void* operator new[](std::size_t size) {
  return tracked_allocation(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return tracked_allocation(size);
  } catch (const std::bad_alloc&) {
    return nullptr;
  }
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept {
  return operator new(size, tag);
}
void operator delete(void* p) noexcept {
  tracked_free(p);
}
void operator delete[](void* p) noexcept {
  tracked_free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  tracked_free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  tracked_free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  tracked_free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  tracked_free(p);
}

namespace {

using hostile::Everything;
using hostile::Msg;
using hostile::Tree;

// Peak heap bytes held while decoding `bytes` into a fresh T (the T itself lives on the stack).
template <class T>
std::size_t peak_while_decoding(const std::string& bytes, bool* ok = nullptr) {
  std::size_t peak = 0;
  bool succeeded = false;
  {
    T value;
    PeakMeter meter;
    succeeded = hostile::decode(bytes, value).ok();
    peak = meter.peak();
  }
  if (ok != nullptr) *ok = succeeded;
  return peak;
}

std::string be32(std::uint32_t v) {
  std::string out(4, '\0');
  for (int i = 0; i < 4; ++i)
    out[static_cast<std::size_t>(i)] = static_cast<char>(v >> (24 - 8 * i));
  return out;
}

}  // namespace

TEST_CASE("the meter sees allocations and their release", "[memory]") {
  PeakMeter meter;
  {
    std::vector<char> block(100000);
    block[5] = 1;
  }
  const std::size_t peak = meter.peak();
  CHECK(peak >= 100000);
  CHECK(peak < 200000);
}

TEST_CASE("a length that lies allocates nothing before failing", "[memory]") {
  const std::string max32 = "\xff\xff\xff\xff";
  const std::vector<std::pair<const char*, std::string>> lies = {
      {"text", "\xdb" + max32},
      {"bytes", "\xc6" + max32},
      {"numbers", "\xdd" + max32},
      {"words", "\xdd" + max32},
      {"path", "\xdd" + max32},
      {"by_name", "\xdf" + max32},
      {"points_by_name", "\xdf" + max32},
      {"ext", "\xc9" + max32 + "\x01"},
      {"raw", "\xdb" + max32},
      {"unknown", "\xdd" + max32},
  };
  for (const auto& [field, header] : lies) {
    for (std::size_t tail : {std::size_t{0}, std::size_t{1} << 16}) {
      Msg m;
      m.map(1).str(field).raw(header).raw(std::string(tail, '\x01'));
      const std::string bytes = m.bytes();
      bool ok = true;
      const std::size_t peak = peak_while_decoding<Everything>(bytes, &ok);
      ++hostile::bad_input_count();
      INFO(field << " with " << tail << " bytes after the header: peak " << peak << " bytes");
      CHECK_FALSE(ok);
      CHECK(peak < 1024);  // the error's text, nothing sized by the claimed length
    }
  }
}

TEST_CASE("peak memory is a small multiple of the input, even for the worst inputs", "[memory]") {
  // Containers of the smallest possible elements turn each input byte into one element; a count
  // that is within the input but then not followed by elements costs the same. Everything else
  // (strings, bin, ext payloads) costs at most about one byte per input byte.
  const std::size_t n = 1 << 18;
  struct Input {
    const char* what;
    std::string bytes;
    bool is_tree;
  };
  std::vector<Input> inputs;
  auto container = [&](const char* field, std::string_view element, std::size_t count) {
    Msg m;
    m.map(1).str(field).raw("\xdd" + be32(static_cast<std::uint32_t>(count)));
    m.repeat(element, count);
    return m.bytes();
  };
  inputs.push_back({"vector<Point> of empty arrays", container("path", "\x90", n), false});
  inputs.push_back({"vector<string> of empty strings", container("words", "\xa0", n), false});
  inputs.push_back({"vector<vector<int8>> of empty arrays", container("grid", "\x90", n), false});
  inputs.push_back({"vector<int32> of fixints", container("numbers", "\x01", n), false});
  inputs.push_back({"array count with no elements after it",
                    container("path", "", n) + std::string(n, '\xc1'), false});
  {
    Msg m;
    m.map(1).str("children").raw("\xdd" + be32(n)).repeat("\x80", n);
    inputs.push_back({"vector<Tree> of empty maps", m.bytes(), true});
  }
  {
    Msg m;
    m.map(1).str("flags_by_id").raw("\xdf" + be32(n));
    for (std::uint32_t i = 0; i < n; ++i) m.raw("\xce" + be32(i)).boolean(true);
    inputs.push_back({"unordered_map<uint64, bool>, distinct keys", m.bytes(), false});
  }
  {
    Msg m;
    m.map(1).str("by_id").raw("\xdf" + be32(n));
    for (std::uint32_t i = 0; i < n; ++i) m.raw("\xce" + be32(i)).raw("\xa0");
    inputs.push_back({"map<int32, string>, distinct keys, empty values", m.bytes(), false});
  }
  {
    Msg m;
    m.map(1).str("points_by_name").raw("\xdf" + be32(n));
    for (std::uint32_t i = 0; i < n; ++i) m.raw("\xa4" + be32(i)).raw("\x90");
    inputs.push_back({"unordered_map<string, Point>, distinct keys", m.bytes(), false});
  }
  {
    Msg m;
    m.map(1).str("unknown").raw("\xdd" + be32(n)).repeat("\x80", n);
    inputs.push_back({"unknown field: an array of empty maps, skipped", m.bytes(), false});
  }
  {
    Msg m;
    m.map(1).str("text").str(std::string(n, 'x'));
    inputs.push_back({"one long string", m.bytes(), false});
  }

  double worst = 0;
  for (const Input& input : inputs) {
    const std::size_t peak = input.is_tree ? peak_while_decoding<Tree>(input.bytes)
                                           : peak_while_decoding<Everything>(input.bytes);
    const double multiple = static_cast<double>(peak) / static_cast<double>(input.bytes.size());
    worst = std::max(worst, multiple);
    ++hostile::bad_input_count();
    std::fprintf(stderr, "peak memory: %-50s %8zu input bytes -> %10zu heap bytes (%.1fx)\n",
                 input.what, input.bytes.size(), peak, multiple);
    INFO(input.what << ": " << multiple << "x its size");
    // sizeof(element) per input byte, plus the node and bucket overhead of hash maps.
    CHECK(multiple <= 64.0);
  }
  std::fprintf(stderr, "peak memory: worst multiple of the input size: %.1fx\n", worst);
}
