// Counts the instructions of one operation under callgrind, for changes to the generated code
// or the runtime: timings on a shared machine are noisy, instruction counts are not.
//
//   valgrind --tool=callgrind --instr-atstart=no msgpack_gen_instructions Data unmarshal
//   valgrind --tool=callgrind --instr-atstart=no msgpack_gen_instructions Data unmarshal
//   handwritten (bench/instructions.sh runs them all; --branch-sim adds branch mispredictions)
//
// The third argument picks the codec: `gen` (the generated code, the default) or `handwritten`
// (bench/handwritten.hpp, the yardstick of issue 11; marshal and unmarshal only). Only the
// measured loop is instrumented (CALLGRIND_START/STOP_INSTRUMENTATION); it prints the number of
// structs processed so the caller can divide.
#include <valgrind/callgrind.h>

#include <cstdio>
#include <cstring>
#include <msgpack_gen/framing.hpp>
#include <msgpack_gen/pool.hpp>
#include <msgpack_gen/stream.hpp>
#include <string>
#include <type_traits>
#include <vector>

#include "handwritten.hpp"
#include "numeric_vectors.hpp"
#include "workload.hpp"
#include "workload.msgpack.hpp"

namespace {

constexpr int kInstances = 1024;
constexpr int kPasses = 4;

template <class T, class Make>
int run(const char* operation, bool handwritten, Make make) {
  bench::Rng rng(bench::kSeed);
  std::vector<T> values;
  for (int i = 0; i < kInstances; ++i) values.push_back(make(rng));
  std::vector<msgpack_gen::Buffer> encoded(kInstances);
  for (int i = 0; i < kInstances; ++i) msgpack_gen::marshal(encoded[i], values[i]);
  msgpack_gen::Buffer out;
  out.reserve(1 << 16);
  std::vector<T> decoded = values;  // decoding into objects of the same shape: reused capacity

  if (handwritten) {
    bench::handwritten::Bytes hand_out;
    hand_out.room(1 << 16);
    if (std::strcmp(operation, "marshal") == 0) {
      CALLGRIND_START_INSTRUMENTATION;
      for (int pass = 0; pass < kPasses; ++pass) {
        for (const T& value : values) {
          hand_out.clear();
          if (!bench::handwritten::encode(hand_out, value)) return 1;
        }
      }
      CALLGRIND_STOP_INSTRUMENTATION;
    } else if (std::strcmp(operation, "unmarshal") == 0) {
      CALLGRIND_START_INSTRUMENTATION;
      for (int pass = 0; pass < kPasses; ++pass) {
        for (int i = 0; i < kInstances; ++i) {
          if (!bench::handwritten::decode(encoded[i].data(), encoded[i].size(), decoded[i]))
            return 1;
        }
      }
      CALLGRIND_STOP_INSTRUMENTATION;
    } else {
      std::fprintf(stderr, "operation for the hand-written codec: marshal or unmarshal\n");
      return 2;
    }
  } else if (std::strcmp(operation, "marshal") == 0) {
    CALLGRIND_START_INSTRUMENTATION;
    for (int pass = 0; pass < kPasses; ++pass) {
      for (const T& value : values) {
        out.clear();
        msgpack_gen::marshal(out, value);
      }
    }
    CALLGRIND_STOP_INSTRUMENTATION;
  } else if (std::strcmp(operation, "marshal_string") == 0) {
    std::string text;  // its capacity grows to the largest struct's, as in a service
    CALLGRIND_START_INSTRUMENTATION;
    for (int pass = 0; pass < kPasses; ++pass) {
      for (const T& value : values) {
        text.clear();
        if (!msgpack_gen::marshal(text, value)) return 1;
      }
    }
    CALLGRIND_STOP_INSTRUMENTATION;
  } else if (std::strcmp(operation, "marshal_vector") == 0) {
    std::vector<std::uint8_t> bytes;
    CALLGRIND_START_INSTRUMENTATION;
    for (int pass = 0; pass < kPasses; ++pass) {
      for (const T& value : values) {
        bytes.clear();
        if (!msgpack_gen::marshal(bytes, value)) return 1;
      }
    }
    CALLGRIND_STOP_INSTRUMENTATION;
  } else if (std::strcmp(operation, "marshal_fixed") == 0) {
    std::vector<std::uint8_t> fixed(1 << 16);
    CALLGRIND_START_INSTRUMENTATION;
    for (int pass = 0; pass < kPasses; ++pass) {
      for (const T& value : values) {
        if (!msgpack_gen::marshal_to(fixed.data(), fixed.size(), value)) return 1;
      }
    }
    CALLGRIND_STOP_INSTRUMENTATION;
  } else if (std::strcmp(operation, "marshal_pool") == 0) {
    msgpack_gen::BufferPool pool;
    CALLGRIND_START_INSTRUMENTATION;
    for (int pass = 0; pass < kPasses; ++pass) {
      for (const T& value : values) {
        msgpack_gen::BufferPool::Lease lease = pool.acquire();
        msgpack_gen::marshal(*lease, value);
      }
    }
    CALLGRIND_STOP_INSTRUMENTATION;
  } else if (std::strcmp(operation, "unmarshal") == 0) {
    CALLGRIND_START_INSTRUMENTATION;
    for (int pass = 0; pass < kPasses; ++pass) {
      for (int i = 0; i < kInstances; ++i) {
        if (!msgpack_gen::unmarshal(encoded[i].data(), encoded[i].size(), decoded[i])) return 1;
      }
    }
    CALLGRIND_STOP_INSTRUMENTATION;
  } else if (std::strcmp(operation, "stream_next") == 0 ||
             std::strcmp(operation, "stream_framing") == 0) {
    // The structs one after another in one chunk, as a socket read brings them: taken out with
    // StreamDecoder::next(), or only framed with next_value_size() (docs/runtime.md).
    msgpack_gen::Buffer all;
    for (const msgpack_gen::Buffer& one : encoded) all.append(one.data(), one.size());
    const bool framing_only = std::strcmp(operation, "stream_framing") == 0;
    CALLGRIND_START_INSTRUMENTATION;
    for (int pass = 0; pass < kPasses; ++pass) {
      if (framing_only) {
        std::size_t at = 0;
        for (int i = 0; i < kInstances; ++i) {
          const msgpack_gen::ValueSize found =
              msgpack_gen::next_value_size(all.data() + at, all.size() - at);
          if (!found.complete()) return 1;
          at += found.size;
        }
      } else {
        msgpack_gen::StreamDecoder stream;
        stream.feed(all.data(), all.size());
        for (int i = 0; i < kInstances; ++i) {
          if (!stream.next(decoded[static_cast<std::size_t>(i)])) return 1;
        }
      }
    }
    CALLGRIND_STOP_INSTRUMENTATION;
  } else {
    std::fprintf(stderr,
                 "operation: marshal, marshal_string, marshal_vector, marshal_fixed, "
                 "marshal_pool, unmarshal, stream_next or stream_framing\n");
    return 2;
  }
  std::printf("%d\n", kInstances * kPasses);
  return 0;
}

// A numeric vector of bench/numeric_vectors.hpp, or its nested object: marshal or unmarshal it
// kVectorPasses times; prints the number of elements (objects) processed.
constexpr int kVectorPasses = 8;

template <class V>
int items_of(const V& value) {
  if constexpr (std::is_same_v<V, bench::Telemetry>) {
    return 1;
  } else {
    return static_cast<int>(value.size());
  }
}

template <class Make>
int run_vector(const char* operation, Make make) {
  bench::Rng rng(bench::kSeed);
  const auto values = make(rng);
  msgpack_gen::Buffer encoded;
  msgpack_gen::marshal(encoded, values);
  msgpack_gen::Buffer out;
  out.reserve(encoded.size() * 2);
  auto decoded = values;  // reused capacity
  if (std::strcmp(operation, "marshal") == 0) {
    CALLGRIND_START_INSTRUMENTATION;
    for (int pass = 0; pass < kVectorPasses; ++pass) {
      out.clear();
      msgpack_gen::marshal(out, values);
    }
    CALLGRIND_STOP_INSTRUMENTATION;
  } else if (std::strcmp(operation, "unmarshal") == 0) {
    CALLGRIND_START_INSTRUMENTATION;
    for (int pass = 0; pass < kVectorPasses; ++pass) {
      if (!msgpack_gen::unmarshal(encoded.data(), encoded.size(), decoded)) return 1;
    }
    CALLGRIND_STOP_INSTRUMENTATION;
  } else {
    std::fprintf(stderr, "operation for a vector: marshal or unmarshal\n");
    return 2;
  }
  std::printf("%d\n", items_of(values) * kVectorPasses);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3 && argc != 4) {
    std::fprintf(
        stderr,
        "usage: %s Data|Flat|DataArray|FlatArray "
        "marshal|marshal_string|marshal_vector|marshal_fixed|marshal_pool|unmarshal|"
        "stream_next|stream_framing "
        "[gen|handwritten]\n"
        "       %s "
        "VectorDouble|VectorFloat|VectorUint64Mixed|VectorUint32|VectorUint16|VectorUint16Mixed|"
        "VectorInt32Small|VectorInt64Small|VectorPhase|NestedTelemetry marshal|unmarshal\n",
        argv[0], argv[0]);
    return 2;
  }
  std::string type = argv[1];
  // Numeric vectors (issue 22): the count printed is of elements, not structs.
  if (type == "VectorDouble") return run_vector(argv[2], bench::make_doubles);
  if (type == "VectorFloat") return run_vector(argv[2], bench::make_floats);
  if (type == "VectorUint64Mixed") return run_vector(argv[2], bench::make_uint64s);
  if (type == "VectorUint32") return run_vector(argv[2], bench::make_uint32s);
  if (type == "VectorUint16") return run_vector(argv[2], bench::make_uint16s);
  if (type == "VectorUint16Mixed") return run_vector(argv[2], bench::make_mixed_uint16s);
  if (type == "VectorInt32Small") return run_vector(argv[2], bench::make_small_int32s);
  if (type == "VectorInt64Small") return run_vector(argv[2], bench::make_small_int64s);
  if (type == "VectorPhase") return run_vector(argv[2], bench::make_phases);
  if (type == "NestedTelemetry") return run_vector(argv[2], bench::make_telemetry);
  const std::string codec = argc == 4 ? argv[3] : "gen";
  if (codec != "gen" && codec != "handwritten") {
    std::fprintf(stderr, "codec: gen or handwritten\n");
    return 2;
  }
  const bool hand = codec == "handwritten";
  if (type == "Data") return run<bench::Data>(argv[2], hand, bench::make_data<bench::Data>);
  if (type == "Flat") return run<bench::Flat>(argv[2], hand, bench::make_flat<bench::Flat>);
  if (type == "DataArray")
    return run<bench::DataArray>(argv[2], hand, bench::make_data<bench::DataArray>);
  if (type == "FlatArray")
    return run<bench::FlatArray>(argv[2], hand, bench::make_flat<bench::FlatArray>);
  std::fprintf(stderr, "unknown type %s\n", type.c_str());
  return 2;
}
