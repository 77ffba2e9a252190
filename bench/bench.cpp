// msgpack-gen's generated code against msgpack-c reflection on the seed workload (issue 3), and
// against a hand-written codec (bench/handwritten.hpp, issue 11).
//
// Every benchmark iteration is one pass over `pass` structs (65536 by default): "cold" walks
// that many distinct instances (more than the caches hold), "hot" cycles the first `hot` (1024)
// to show the codec's own cost. Before anything is timed, main() checks that the three codecs
// write identical bytes for every instance in map and array mode and that each reads them back
// to equal values, so the rows compare the same work; the hand-written codec is also checked on
// edge values and hostile input (bench/handwritten_check.hpp).
//
//   msgpack_gen_bench [--pass=N] [--hot=N] [--simd=L] [--smoke] [Google Benchmark flags]
//
// The marshal rows include the marshal targets (docs/runtime.md): the same structs into a
// std::string, a std::vector<std::uint8_t> and fixed memory (marshal_to), checked untimed to write
// the Buffer's bytes.
//
// --simd=L: the numeric arrays' kernels at level L at most (0 portable, 1 SSSE3 or NEON, 2 AVX2;
// detail::numeric::Simd), to compare the levels on one machine.
// --smoke: a pass of 64 structs, one iteration per benchmark (the ctest smoke test).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iterator>
#include <map>
#include <msgpack.hpp>
#include <msgpack_gen/msgpack_gen.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "alloc_count.hpp"
#include "handwritten.hpp"
#include "handwritten_check.hpp"
#include "numeric_vectors.hpp"
#include "string_map.hpp"
#include "workload.hpp"
#include "workload.msgpack.hpp"

namespace bench {
namespace {

std::size_t g_pass = 65536;
std::size_t g_hot = 1024;
std::size_t g_variants = 8;  // values per vector row, taken in turn (build_vector_case())
bool g_smoke = false;
bool g_failed = false;  // a benchmark hit an error: the exit status says so (for the smoke test)

// The instances of one struct in one mode, and their encoding. Both libraries use the same
// type (one header, msgpack-c's macros), each its own copy of the instances: `gen` for
// msgpack-gen, `peer` for msgpack-c, so neither walks memory the other has just warmed. The
// hand-written codec marshals `gen` too: the same objects at the same addresses as msgpack-gen,
// so the generated/hand-written ratio has no difference of heap layout in it.
template <class Gen, class Peer>
struct Corpus {
  std::vector<Gen> gen;
  std::vector<Peer> peer;
  std::vector<std::uint8_t> bytes;   // the encoded instances back to back
  std::vector<std::size_t> offsets;  // instance i is bytes[offsets[i], offsets[i + 1])

  const std::uint8_t* data(std::size_t i) const { return bytes.data() + offsets[i]; }
  std::size_t size(std::size_t i) const { return offsets[i + 1] - offsets[i]; }
};

[[noreturn]] void die(const std::string& what) {
  std::fprintf(stderr, "msgpack_gen_bench: %s\n", what.c_str());
  std::exit(1);
}

// The marshal targets other than Buffer (std::string, std::vector, fixed memory, and
// encoded_size()) write the bytes the Buffer holds.
template <class Gen>
void check_marshal_targets(const char* name, std::size_t i, const Gen& value,
                           const msgpack_gen::Buffer& expected) {
  const auto same = [&](const void* data, std::size_t size) {
    return size == expected.size() && std::memcmp(data, expected.data(), size) == 0;
  };
  std::string text;
  std::vector<std::uint8_t> bytes;
  std::vector<std::uint8_t> fixed(expected.size());
  const msgpack_gen::MarshalResult to_text = msgpack_gen::marshal(text, value);
  const msgpack_gen::MarshalResult to_bytes = msgpack_gen::marshal(bytes, value);
  const msgpack_gen::MarshalResult to_fixed =
      msgpack_gen::marshal_to(fixed.data(), fixed.size(), value);
  if (!to_text || !same(text.data(), text.size()) || !to_bytes ||
      !same(bytes.data(), bytes.size()) || !to_fixed || !same(fixed.data(), to_fixed.size) ||
      msgpack_gen::encoded_size(value) != expected.size()) {
    die(std::string(name) + ": instance " + std::to_string(i) +
        " encodes differently into a std::string, a std::vector, fixed memory or encoded_size() "
        "than into a Buffer");
  }
}

// Builds the corpus and proves, untimed, that the three codecs agree on every instance.
template <class Gen, class Peer, class Make, class Copy, class Same>
Corpus<Gen, Peer> build_corpus(const char* name, Make make, Copy copy, Same same) {
  Corpus<Gen, Peer> corpus;
  Rng rng(kSeed);
  corpus.gen.reserve(g_pass);
  corpus.peer.resize(g_pass);
  corpus.offsets.push_back(0);
  msgpack_gen::Buffer ours;
  msgpack::sbuffer theirs;
  handwritten::Bytes hand;
  // Each library's instances are built in one go, so their nodes and buffers lie in the heap as
  // they would after a batch of work, not interleaved with the other library's or with the
  // checks' temporaries (which would make the cold passes colder than they need be).
  for (std::size_t i = 0; i < g_pass; ++i) corpus.gen.push_back(make(rng));
  for (std::size_t i = 0; i < g_pass; ++i) copy(corpus.gen[i], corpus.peer[i]);
  for (std::size_t i = 0; i < g_pass; ++i) {
    ours.clear();
    msgpack_gen::marshal(ours, corpus.gen[i]);
    theirs.clear();
    msgpack::pack(theirs, corpus.peer[i]);
    if (ours.size() != theirs.size() || std::memcmp(ours.data(), theirs.data(), ours.size()) != 0) {
      die(std::string(name) + ": instance " + std::to_string(i) +
          " encodes differently in msgpack-gen and msgpack-c");
    }
    hand.clear();
    if (!handwritten::encode(hand, corpus.gen[i]) || hand.size() != ours.size() ||
        std::memcmp(hand.data(), ours.data(), ours.size()) != 0) {
      die(std::string(name) + ": instance " + std::to_string(i) +
          " encodes differently in the hand-written codec and msgpack-gen");
    }
    check_marshal_targets(name, i, corpus.gen[i], ours);
    corpus.bytes.insert(corpus.bytes.end(), ours.data(), ours.data() + ours.size());
    corpus.offsets.push_back(corpus.bytes.size());

    Gen decoded;
    msgpack_gen::Status status = msgpack_gen::unmarshal(ours, decoded);
    if (!status)
      die(std::string(name) + ": msgpack-gen cannot read back instance " + std::to_string(i) +
          ": " + status.message());
    if (!same(decoded, corpus.gen[i])) {
      die(std::string(name) + ": msgpack-gen reads back instance " + std::to_string(i) +
          " with different values");
    }
    Gen by_hand;
    handwritten::Result result = handwritten::decode(ours.data(), ours.size(), by_hand);
    if (!result)
      die(std::string(name) + ": the hand-written codec cannot read back instance " +
          std::to_string(i) + ": " + handwritten::error_name(result.error) + " at offset " +
          std::to_string(result.offset));
    if (!same(by_hand, corpus.gen[i])) {
      die(std::string(name) + ": the hand-written codec reads back instance " + std::to_string(i) +
          " with different values");
    }
    msgpack::object_handle handle = msgpack::unpack(theirs.data(), theirs.size());
    Peer converted;
    handle.get().convert(converted);
    if (!same(corpus.gen[i], converted)) {
      die(std::string(name) + ": msgpack-c reads back instance " + std::to_string(i) +
          " with different values");
    }
  }
  return corpus;
}

// Walks instance indices 0, 1, ..., distinct - 1, 0, 1, ... without a division.
struct Cycle {
  std::size_t distinct;
  std::size_t index = 0;
  std::size_t next() {
    std::size_t current = index;
    if (++index == distinct) index = 0;
    return current;
  }
};

// Allocations and sizes per struct, reported as counters next to the time.
class Accounting {
 public:
  explicit Accounting(benchmark::State& state) : state_(state), start_(allocations()) {}
  template <class Gen, class Peer>
  void finish(const Corpus<Gen, Peer>& corpus, std::size_t distinct) {
    const double ops = static_cast<double>(state_.iterations()) * static_cast<double>(g_pass);
    state_.counters["allocs_per_op"] = static_cast<double>(allocations() - start_) / ops;
    state_.counters["structs"] = static_cast<double>(g_pass);
    state_.counters["bytes_per_struct"] =
        static_cast<double>(corpus.offsets[distinct]) / static_cast<double>(distinct);
    state_.SetItemsProcessed(static_cast<std::int64_t>(ops));
  }

 private:
  benchmark::State& state_;
  std::uint64_t start_;
};

// Runs `op(i)` over one pass once untimed (steady state: buffers have grown, caches are as the
// timed passes will find them), then times whole passes.
template <class Gen, class Peer, class Op>
void run_passes(benchmark::State& state, const Corpus<Gen, Peer>& corpus, std::size_t distinct,
                Op op) {
  {
    Cycle cycle{distinct};
    for (std::size_t i = 0; i < g_pass; ++i) op(cycle.next());
  }
  Accounting accounting(state);
  for (auto _ : state) {
    Cycle cycle{distinct};
    for (std::size_t i = 0; i < g_pass; ++i) op(cycle.next());
  }
  accounting.finish(corpus, distinct);
}

// --- the floor ---------------------------------------------------------------------------------

template <class Gen, class Peer>
void copy_floor(benchmark::State& state, const Corpus<Gen, Peer>& corpus, std::size_t distinct) {
  std::vector<std::uint8_t> out(64 * 1024);
  run_passes(state, corpus, distinct, [&](std::size_t i) {
    std::memcpy(out.data(), corpus.data(i), corpus.size(i));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  });
}

// --- marshal -----------------------------------------------------------------------------------

// A buffer leased from a BufferPool per struct, as a server would per message.
template <class Gen, class Peer>
void marshal_gen_pool(benchmark::State& state, const Corpus<Gen, Peer>& corpus,
                      std::size_t distinct) {
  msgpack_gen::BufferPool pool;
  run_passes(state, corpus, distinct, [&](std::size_t i) {
    msgpack_gen::BufferPool::Lease lease = pool.acquire();
    msgpack_gen::marshal(*lease, corpus.gen[i]);
    benchmark::DoNotOptimize(lease->data());
    benchmark::ClobberMemory();
  });
}

// One Buffer cleared per struct: the same use as msgpack-c's reused sbuffer.
template <class Gen, class Peer>
void marshal_gen_buffer(benchmark::State& state, const Corpus<Gen, Peer>& corpus,
                        std::size_t distinct) {
  msgpack_gen::Buffer buffer;
  run_passes(state, corpus, distinct, [&](std::size_t i) {
    buffer.clear();
    msgpack_gen::marshal(buffer, corpus.gen[i]);
    benchmark::DoNotOptimize(buffer.data());
    benchmark::ClobberMemory();
  });
}

// The marshal targets (docs/runtime.md): one std::string, one std::vector<std::uint8_t> cleared
// per struct (their capacity kept, as the Buffer's), and marshal_to() into one fixed 64 KiB array.
template <class Container, class Gen, class Peer>
void marshal_gen_container(benchmark::State& state, const Corpus<Gen, Peer>& corpus,
                           std::size_t distinct) {
  Container out;
  bool ok = true;
  run_passes(state, corpus, distinct, [&](std::size_t i) {
    out.clear();
    ok &= static_cast<bool>(msgpack_gen::marshal(out, corpus.gen[i]));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  });
  if (!ok) {
    g_failed = true;
    state.SkipWithError("msgpack-gen failed to marshal into a container");
  }
}

template <class Gen, class Peer>
void marshal_gen_fixed(benchmark::State& state, const Corpus<Gen, Peer>& corpus,
                       std::size_t distinct) {
  std::vector<std::uint8_t> out(64 * 1024);
  bool ok = true;
  run_passes(state, corpus, distinct, [&](std::size_t i) {
    ok &= static_cast<bool>(msgpack_gen::marshal_to(out.data(), out.size(), corpus.gen[i]));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  });
  if (!ok) {
    g_failed = true;
    state.SkipWithError("msgpack-gen failed to marshal into fixed memory");
  }
}

template <class Gen, class Peer>
void marshal_msgpack_c(benchmark::State& state, const Corpus<Gen, Peer>& corpus,
                       std::size_t distinct) {
  msgpack::sbuffer buffer;
  run_passes(state, corpus, distinct, [&](std::size_t i) {
    buffer.clear();
    msgpack::pack(buffer, corpus.peer[i]);
    benchmark::DoNotOptimize(buffer.data());
    benchmark::ClobberMemory();
  });
}

// The hand-written codec (bench/handwritten.hpp) into one reused buffer, from the same objects
// as msgpack-gen.
template <class Gen, class Peer>
void marshal_handwritten(benchmark::State& state, const Corpus<Gen, Peer>& corpus,
                         std::size_t distinct) {
  handwritten::Bytes buffer;
  bool ok = true;
  run_passes(state, corpus, distinct, [&](std::size_t i) {
    buffer.clear();
    ok &= handwritten::encode(buffer, corpus.gen[i]);
    benchmark::DoNotOptimize(buffer.data());
    benchmark::ClobberMemory();
  });
  if (!ok) {
    g_failed = true;
    state.SkipWithError("the hand-written codec failed to marshal");
  }
}

// --- unmarshal ---------------------------------------------------------------------------------

// The decoders the unmarshal rows compare, with the message a failed row reports.
struct GeneratedDecoder {
  static constexpr const char* kFailure = "msgpack-gen failed to unmarshal";
  template <class T>
  static bool decode(const std::uint8_t* data, std::size_t size, T& value) {
    return static_cast<bool>(msgpack_gen::unmarshal(data, size, value));
  }
};
struct HandwrittenDecoder {
  static constexpr const char* kFailure = "the hand-written codec failed to unmarshal";
  template <class T>
  static bool decode(const std::uint8_t* data, std::size_t size, T& value) {
    return static_cast<bool>(handwritten::decode(data, size, value));
  }
};

// kFresh false: into one object reused for every struct (its strings and containers keep their
// capacity); true: into a new object per struct, destroyed after.
template <class Decoder, bool kFresh, class Gen, class Peer>
void unmarshal_with(benchmark::State& state, const Corpus<Gen, Peer>& corpus,
                    std::size_t distinct) {
  Gen reused;
  bool ok = true;
  run_passes(state, corpus, distinct, [&](std::size_t i) {
    if constexpr (kFresh) {
      Gen value;
      ok &= Decoder::decode(corpus.data(i), corpus.size(i), value);
      benchmark::DoNotOptimize(value);
    } else {
      ok &= Decoder::decode(corpus.data(i), corpus.size(i), reused);
      benchmark::DoNotOptimize(reused);
    }
    benchmark::ClobberMemory();
  });
  if (!ok) {
    g_failed = true;
    state.SkipWithError(Decoder::kFailure);
  }
}

// The documented way: unpack into a new object_handle (its own zone), convert into a new object.
template <class Gen, class Peer>
void unmarshal_msgpack_c(benchmark::State& state, const Corpus<Gen, Peer>& corpus,
                         std::size_t distinct) {
  run_passes(state, corpus, distinct, [&](std::size_t i) {
    msgpack::object_handle handle =
        msgpack::unpack(reinterpret_cast<const char*>(corpus.data(i)), corpus.size(i));
    Peer value;
    handle.get().convert(value);
    benchmark::DoNotOptimize(value);
    benchmark::ClobberMemory();
  });
}

// strs and bins become references into the input instead of copies in the zone.
bool reference_everything(msgpack::type::object_type, std::size_t, void*) {
  return true;
}

// msgpack-c at its best: one zone cleared per struct (its first chunk is kept), strings that
// reference the input, and one object reused like the other unmarshal rows.
template <class Gen, class Peer>
void unmarshal_msgpack_c_tuned(benchmark::State& state, const Corpus<Gen, Peer>& corpus,
                               std::size_t distinct) {
  msgpack::zone zone;
  Peer value;
  run_passes(state, corpus, distinct, [&](std::size_t i) {
    zone.clear();
    std::size_t offset = 0;
    msgpack::object object = msgpack::unpack(zone, reinterpret_cast<const char*>(corpus.data(i)),
                                             corpus.size(i), offset, reference_everything);
    object.convert(value);
    benchmark::DoNotOptimize(value);
    benchmark::ClobberMemory();
  });
}

// --- registration ------------------------------------------------------------------------------

template <class Gen, class Peer>
void register_family(const std::string& prefix, const Corpus<Gen, Peer>& corpus) {
  using Function = void (*)(benchmark::State&, const Corpus<Gen, Peer>&, std::size_t);
  struct Row {
    const char* name;
    Function function;
  };
  const Row rows[] = {
      {"memcpy", copy_floor<Gen, Peer>},
      {"marshal/gen_pool", marshal_gen_pool<Gen, Peer>},
      {"marshal/gen_buffer", marshal_gen_buffer<Gen, Peer>},
      {"marshal/gen_string", marshal_gen_container<std::string, Gen, Peer>},
      {"marshal/gen_vector", marshal_gen_container<std::vector<std::uint8_t>, Gen, Peer>},
      {"marshal/gen_fixed", marshal_gen_fixed<Gen, Peer>},
      {"marshal/msgpack_c", marshal_msgpack_c<Gen, Peer>},
      {"marshal/handwritten", marshal_handwritten<Gen, Peer>},
      {"unmarshal/gen_reused", unmarshal_with<GeneratedDecoder, false, Gen, Peer>},
      {"unmarshal/gen_fresh", unmarshal_with<GeneratedDecoder, true, Gen, Peer>},
      {"unmarshal/msgpack_c", unmarshal_msgpack_c<Gen, Peer>},
      {"unmarshal/msgpack_c_tuned", unmarshal_msgpack_c_tuned<Gen, Peer>},
      {"unmarshal/handwritten", unmarshal_with<HandwrittenDecoder, false, Gen, Peer>},
      {"unmarshal/handwritten_fresh", unmarshal_with<HandwrittenDecoder, true, Gen, Peer>},
  };
  const std::pair<const char*, std::size_t> workloads[] = {
      {"cold", g_pass}, {"hot", g_hot < g_pass ? g_hot : g_pass}};
  for (const auto& [workload, distinct] : workloads) {
    for (const Row& row : rows) {
      std::string name = prefix + "/" + workload + "/" + row.name;
      Function function = row.function;
      std::size_t count = distinct;
      benchmark::internal::Benchmark* b = benchmark::RegisterBenchmark(
          name.c_str(),
          [function, &corpus, count](benchmark::State& state) { function(state, corpus, count); });
      b->Unit(benchmark::kMillisecond);
      if (g_smoke) b->Iterations(1);
    }
  }
}

// --- numeric vectors and the nested object (issue 22) ------------------------------------------
// One operation is one 10,000-element vector (or one Telemetry object, or one map); bytes/s counts
// its encoded bytes. The rows: memcpy of the encoded bytes (the floor), msgpack-gen into one
// cleared Buffer, msgpack-c into one cleared sbuffer, msgpack-gen decoding into one reused vector,
// msgpack-c unpacking into a new object_handle and converting into one reused vector.
//
// Each row takes g_variants values of the same distribution in turn (--variants, 8 unless told).
// With one value repeated, a modern branch predictor learns its 10,000 random forms: on a Zen 4
// core msgpack-c packed the mixed uint64 vector in 7 us repeated and in 76 us with 8 of them in
// turn (docs/benchmarks.md, round twenty), so one value measures the predictor, not the codec.

template <class V>
struct is_vector : std::false_type {};
template <class T>
struct is_vector<std::vector<T>> : std::true_type {};
template <class V>
struct is_map : std::false_type {};
template <class K, class T>
struct is_map<std::map<K, T>> : std::true_type {};

// V: a std::vector of numbers, a std::map, or the nested object (Telemetry); `items` its numbers,
// its entries, or 1, per value.
template <class V>
struct VectorValue {
  V gen;
  V peer;  // msgpack-c's own copy, as for the structs
  std::vector<std::uint8_t> bytes;
};
template <class V>
struct VectorCase {
  std::vector<VectorValue<V>> values;  // g_variants of them, taken in turn by every row
  std::size_t items = 1;
};

// The values of a case in turn, from the first.
template <class V>
class Turns {
 public:
  explicit Turns(const VectorCase<V>& c) : values_(c.values) {}
  const VectorValue<V>& next() {
    const VectorValue<V>& v = values_[at_];
    at_ = at_ + 1 == values_.size() ? 0 : at_ + 1;
    return v;
  }

 private:
  const std::vector<VectorValue<V>>& values_;
  std::size_t at_ = 0;
};

template <class V>
void check_vector_value(const std::string& name, VectorValue<V>& value) {
  msgpack_gen::Buffer ours;
  msgpack_gen::marshal(ours, value.gen);
  msgpack::sbuffer theirs;
  msgpack::pack(theirs, value.peer);
  if (ours.size() != theirs.size() || std::memcmp(ours.data(), theirs.data(), ours.size()) != 0) {
    die(name + ": encodes differently in msgpack-gen and msgpack-c");
  }
  value.bytes.assign(ours.data(), ours.data() + ours.size());
  V decoded;
  msgpack_gen::Status status = msgpack_gen::unmarshal(ours, decoded);
  if (!status) die(name + ": msgpack-gen cannot read it back: " + status.message());
  if (decoded != value.gen) die(name + ": msgpack-gen reads back different values");
  msgpack::object_handle handle = msgpack::unpack(theirs.data(), theirs.size());
  V converted;
  handle.get().convert(converted);
  if (converted != value.gen) die(name + ": msgpack-c reads back different values");
}

// The values come from one generator, so the first is the same whatever --variants says.
template <class V, class Make>
VectorCase<V> build_vector_case(const std::string& name, Make make) {
  VectorCase<V> c;
  Rng rng(kSeed);
  c.values.resize(g_variants);
  for (VectorValue<V>& value : c.values) {
    value.gen = make(rng);
    value.peer = value.gen;
    check_vector_value(name, value);
  }
  if constexpr (is_vector<V>::value || is_map<V>::value) c.items = c.values.front().gen.size();
  return c;
}

// Bytes and items per operation: the mean over the values (their encoded sizes differ a little).
template <class T>
void finish_vector_row(benchmark::State& state, const VectorCase<T>& c, std::uint64_t start) {
  const double ops = static_cast<double>(state.iterations());
  double bytes = 0;
  for (const VectorValue<T>& value : c.values) bytes += static_cast<double>(value.bytes.size());
  bytes /= static_cast<double>(c.values.size());
  state.SetBytesProcessed(static_cast<std::int64_t>(ops * bytes));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(c.items));
  state.counters["allocs_per_op"] = static_cast<double>(allocations() - start) / ops;
  state.counters["bytes_per_op"] = bytes;
}

template <class T>
void vector_memcpy(benchmark::State& state, const VectorCase<T>& c) {
  std::vector<std::uint8_t> out;
  for (const VectorValue<T>& value : c.values) out.resize(std::max(out.size(), value.bytes.size()));
  Turns<T> turns(c);
  const std::uint64_t start = allocations();
  for (auto _ : state) {
    const VectorValue<T>& value = turns.next();
    std::memcpy(out.data(), value.bytes.data(), value.bytes.size());
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  finish_vector_row(state, c, start);
}

template <class T>
void vector_marshal_gen(benchmark::State& state, const VectorCase<T>& c) {
  msgpack_gen::Buffer buffer;
  for (const VectorValue<T>& value : c.values) {
    buffer.clear();
    msgpack_gen::marshal(buffer, value.gen);  // steady state: the buffer has grown
  }
  Turns<T> turns(c);
  const std::uint64_t start = allocations();
  for (auto _ : state) {
    buffer.clear();
    msgpack_gen::marshal(buffer, turns.next().gen);
    benchmark::DoNotOptimize(buffer.data());
    benchmark::ClobberMemory();
  }
  finish_vector_row(state, c, start);
}

template <class T>
void vector_marshal_msgpack_c(benchmark::State& state, const VectorCase<T>& c) {
  msgpack::sbuffer buffer;
  for (const VectorValue<T>& value : c.values) {
    buffer.clear();
    msgpack::pack(buffer, value.peer);
  }
  Turns<T> turns(c);
  const std::uint64_t start = allocations();
  for (auto _ : state) {
    buffer.clear();
    msgpack::pack(buffer, turns.next().peer);
    benchmark::DoNotOptimize(buffer.data());
    benchmark::ClobberMemory();
  }
  finish_vector_row(state, c, start);
}

// kFresh: into a new value each time, destroyed in the loop too (what the first message costs,
// and what msgpack-c's convert() does for a map every time: it builds a new one and moves it
// in); else into one reused value, as the steady state of a reader.
template <class T, bool kFresh>
void vector_unmarshal_gen(benchmark::State& state, const VectorCase<T>& c) {
  T reused;
  bool ok = true;
  Turns<T> turns(c);
  const auto decode = [&](T& value) {
    const std::vector<std::uint8_t>& bytes = turns.next().bytes;
    ok &= static_cast<bool>(msgpack_gen::unmarshal(bytes.data(), bytes.size(), value));
    benchmark::DoNotOptimize(value);
    benchmark::ClobberMemory();
  };
  for (std::size_t i = 0; i < c.values.size(); ++i) decode(reused);
  const std::uint64_t start = allocations();
  for (auto _ : state) {
    if constexpr (kFresh) {
      T value;
      decode(value);
    } else {
      decode(reused);
    }
  }
  finish_vector_row(state, c, start);
  if (!ok) {
    g_failed = true;
    state.SkipWithError("msgpack-gen failed to unmarshal");
  }
}

template <class T>
void vector_unmarshal_msgpack_c(benchmark::State& state, const VectorCase<T>& c) {
  T value;
  Turns<T> turns(c);
  const std::uint64_t start = allocations();
  for (auto _ : state) {
    const std::vector<std::uint8_t>& bytes = turns.next().bytes;
    msgpack::object_handle handle =
        msgpack::unpack(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    handle.get().convert(value);
    benchmark::DoNotOptimize(value);
    benchmark::ClobberMemory();
  }
  finish_vector_row(state, c, start);
}

template <class T>
void register_vector_family(const std::string& prefix, const VectorCase<T>& c) {
  using Function = void (*)(benchmark::State&, const VectorCase<T>&);
  const std::pair<const char*, Function> rows[] = {
      {"memcpy", vector_memcpy<T>},
      {"marshal/gen_buffer", vector_marshal_gen<T>},
      {"marshal/msgpack_c", vector_marshal_msgpack_c<T>},
      {"unmarshal/gen_reused", vector_unmarshal_gen<T, false>},
      {"unmarshal/msgpack_c", vector_unmarshal_msgpack_c<T>},
  };
  std::vector<std::pair<const char*, Function>> all(std::begin(rows), std::end(rows));
  if constexpr (is_map<T>::value)
    all.emplace_back("unmarshal/gen_fresh", vector_unmarshal_gen<T, true>);
  for (const auto& [row, function] : all) {
    const std::string name = prefix + "/" + row;
    Function f = function;
    benchmark::internal::Benchmark* b = benchmark::RegisterBenchmark(
        name.c_str(), [f, &c](benchmark::State& state) { f(state, c); });
    b->Unit(benchmark::kMicrosecond);
    if (g_smoke) b->Iterations(1);
  }
}

// Takes this binary's own flags out of argv before Google Benchmark sees it.
void parse_own_flags(int& argc, char** argv) {
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const char* arg = argv[i];
    if (std::strncmp(arg, "--pass=", 7) == 0) {
      g_pass = std::strtoull(arg + 7, nullptr, 10);
    } else if (std::strncmp(arg, "--hot=", 6) == 0) {
      g_hot = std::strtoull(arg + 6, nullptr, 10);
    } else if (std::strncmp(arg, "--variants=", 11) == 0) {
      g_variants = std::strtoull(arg + 11, nullptr, 10);
    } else if (std::strncmp(arg, "--simd=", 7) == 0) {
      const int level = std::atoi(arg + 7);
      const int detected = static_cast<int>(msgpack_gen::detail::numeric::detected_simd());
      if (level < 0 || level > detected) die("--simd: this CPU runs levels 0 to its own");
      msgpack_gen::detail::numeric::simd_override = level;
    } else if (std::strcmp(arg, "--smoke") == 0) {
      g_smoke = true;
      g_pass = 64;
      g_hot = 16;
    } else {
      argv[kept++] = argv[i];
    }
  }
  argc = kept;
  if (g_pass == 0 || g_hot == 0 || g_variants == 0) {
    die("--pass, --hot and --variants must be positive");
  }
}

}  // namespace
}  // namespace bench

int main(int argc, char** argv) {
  using namespace bench;
  parse_own_flags(argc, argv);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  check_handwritten_codec();
  const auto data_map =
      build_corpus<Data, Data>("Data", make_data<Data>, copy_data<Data, Data>,
                               [](const auto& a, const auto& b) { return same_data(a, b); });
  const auto flat_map =
      build_corpus<Flat, Flat>("Flat", make_flat<Flat>, copy_flat<Flat, Flat>,
                               [](const auto& a, const auto& b) { return same_flat(a, b); });
  const auto data_array = build_corpus<DataArray, DataArray>(
      "DataArray", make_data<DataArray>, copy_data<DataArray, DataArray>,
      [](const auto& a, const auto& b) { return same_data(a, b); });
  const auto flat_array = build_corpus<FlatArray, FlatArray>(
      "FlatArray", make_flat<FlatArray>, copy_flat<FlatArray, FlatArray>,
      [](const auto& a, const auto& b) { return same_flat(a, b); });

  const auto doubles = build_vector_case<std::vector<double>>("Vector/double", make_doubles);
  const auto floats = build_vector_case<std::vector<float>>("Vector/float", make_floats);
  const auto uint64s =
      build_vector_case<std::vector<std::uint64_t>>("Vector/uint64_mixed", make_uint64s);
  const auto uint32s = build_vector_case<std::vector<std::uint32_t>>("Vector/uint32", make_uint32s);
  const auto uint16s = build_vector_case<std::vector<std::uint16_t>>("Vector/uint16", make_uint16s);
  const auto mixed_uint16s =
      build_vector_case<std::vector<std::uint16_t>>("Vector/uint16_mixed", make_mixed_uint16s);
  const auto int32s =
      build_vector_case<std::vector<std::int32_t>>("Vector/int32_small", make_small_int32s);
  const auto int64s =
      build_vector_case<std::vector<std::int64_t>>("Vector/int64_small", make_small_int64s);
  const auto telemetry = build_vector_case<Telemetry>("Nested/telemetry", make_telemetry);
  const auto string_map =
      build_vector_case<std::map<std::string, std::int64_t>>("Map/string_int64", make_string_map);

  benchmark::AddCustomContext("pass", std::to_string(g_pass));
  benchmark::AddCustomContext("hot", std::to_string(g_hot));
  register_family("Data/map", data_map);
  register_family("Flat/map", flat_map);
  register_family("Data/array", data_array);
  register_family("Flat/array", flat_array);
  register_vector_family("Vector/double", doubles);
  register_vector_family("Vector/float", floats);
  register_vector_family("Vector/uint64_mixed", uint64s);
  register_vector_family("Vector/uint32", uint32s);
  register_vector_family("Vector/uint16", uint16s);
  register_vector_family("Vector/uint16_mixed", mixed_uint16s);
  register_vector_family("Vector/int32_small", int32s);
  register_vector_family("Vector/int64_small", int64s);
  register_vector_family("Nested/telemetry", telemetry);
  register_vector_family("Map/string_int64", string_map);

  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return g_failed ? 1 : 0;
}
