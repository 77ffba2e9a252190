// libFuzzer target over the generated unmarshalers of tests/hostile/dto: every input is decoded
// as each root type (Everything, Tree, Point, Ints, Modern, Chain, Unordered, and the Evolving
// ones that keep unknown fields). Sanitizers catch
// memory errors and undefined behaviour; the checks below catch logic errors that do not crash:
//   - whatever the decoder leaves in the object, success or failure, is a valid object: it
//     marshals, and its encoding decodes again (a failed unmarshal must not leave a half-built
//     value that cannot be used);
//   - round-trip stability: encoding the decoded object and decoding that again gives the same
//     object, compared through the canonical form of both encodings;
//   - decoding into an object that already holds data (the reuse path) is safe too;
//   - the service in the middle: a message read as an older type that keeps unknown fields
//     (Evolving*) and marshalled again reads, as the newer type, as the message itself does.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "../support/bytes.hpp"
#include "canonical.hpp"
#include "everything.msgpack.hpp"

namespace {

[[noreturn]] void die(const char* type, const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_unmarshal: %s: %s: %s\n", type, what, detail.c_str());
  std::abort();
}

std::string hex(const msgpack_gen::Buffer& buffer) {
  return test_support::to_hex(buffer.data(), buffer.size(), 512);
}

// kStable: whether re-encoding must give the same value. Unordered sets are arrays listed in
// iteration order, which a second decode need not reproduce, so for them only the first half
// (the encoding decodes) is checked.
template <class T, bool kStable>
void check_round_trip(const char* type, const T& decoded) {
  msgpack_gen::Buffer once;
  msgpack_gen::marshal(once, decoded);
  // A failed decode may leave a value one level deeper than the limit it stopped at (the element
  // it was decoding), so the value's own encoding is read back with the widest limit.
  msgpack_gen::ReaderOptions widest;
  widest.max_depth = msgpack_gen::Reader::kDepthLimit;
  T again;
  msgpack_gen::Status status = msgpack_gen::unmarshal(once, again, widest);
  if (!status.ok()) {
    die(type, "our own encoding does not decode", status.message() + "; bytes " + hex(once));
  }
  if (!kStable) return;
  msgpack_gen::Buffer twice;
  msgpack_gen::marshal(twice, again);
  if (once.size() == twice.size() &&
      std::equal(once.data(), once.data() + once.size(), twice.data())) {
    return;
  }
  // Unordered maps may iterate in another order; compare with map entries sorted.
  std::string first, second;
  if (!fuzz::canonical(once.data(), once.size(), first)) {
    die(type, "our own encoding is not one msgpack value", hex(once));
  }
  if (!fuzz::canonical(twice.data(), twice.size(), second)) {
    die(type, "our own encoding is not one msgpack value", hex(twice));
  }
  if (first != second) die(type, "round trip changed the value", hex(once) + " -> " + hex(twice));
}

template <class T, bool kStable = true>
void check(const char* type, const std::uint8_t* data, std::size_t size) {
  T value;
  msgpack_gen::Status status = msgpack_gen::unmarshal(data, size, value);
  if (!status.ok() && status.message().empty()) die(type, "an error without a message", "");
  check_round_trip<T, kStable>(type, value);
  // Decode the same bytes again into the object that now holds data: the reuse path.
  msgpack_gen::Status again = msgpack_gen::unmarshal(data, size, value);
  if (again.ok() != status.ok()) {
    die(type, "decoding into a used object changed the outcome", again.message());
  }
  check_round_trip<T, kStable>(type, value);
  if (status.code() == msgpack_gen::ErrorCode::limit_exceeded) {
    die(type, "a limit was exceeded with no limit set", status.message());
  }

  // Tight decode limits: refused before allocating, never a crash, and they only ever turn a
  // success into a limit_exceeded error.
  msgpack_gen::ReaderOptions tight;
  tight.max_depth = 8;
  tight.max_str_length = 8;
  tight.max_bin_length = 8;
  tight.max_array_length = 4;
  tight.max_map_length = 6;
  tight.max_allocation = 512;
  T limited;
  msgpack_gen::Status bounded = msgpack_gen::unmarshal(data, size, limited, tight);
  if (!bounded.ok() && bounded.message().empty()) die(type, "an error without a message", "");
  if (bounded.ok() && !status.ok()) {
    die(type, "tight limits accepted what the defaults refused", status.message());
  }
  if (bounded.ok()) check_round_trip<T, kStable>(type, limited);
}

// `Older` keeps the fields it does not know: whatever a `Newer` reads in the message, it reads
// the same in what `Older` passes on after decoding it.
template <class Newer, class Older>
void check_passes_on(const char* type, const std::uint8_t* data, std::size_t size) {
  Newer direct;
  Older middle;
  if (!msgpack_gen::unmarshal(data, size, direct).ok()) return;
  if (!msgpack_gen::unmarshal(data, size, middle).ok()) return;
  msgpack_gen::Buffer passed;
  msgpack_gen::marshal(passed, middle);
  Newer through;
  msgpack_gen::Status status = msgpack_gen::unmarshal(passed, through);
  if (!status.ok()) {
    die(type, "what the middle passed on does not decode", status.message() + "; " + hex(passed));
  }
  msgpack_gen::Buffer want, got;
  msgpack_gen::marshal(want, direct);
  msgpack_gen::marshal(got, through);
  std::string first, second;
  if (!fuzz::canonical(want.data(), want.size(), first) ||
      !fuzz::canonical(got.data(), got.size(), second) || first != second) {
    die(type, "the middle lost or changed a field", hex(want) + " -> " + hex(got));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check<hostile::Everything>("Everything", data, size);
  check<hostile::Tree>("Tree", data, size);
  check<hostile::Point>("Point", data, size);
  check<hostile::Ints>("Ints", data, size);
  check<hostile::Modern>("Modern", data, size);
  check<hostile::Chain>("Chain", data, size);
  check<hostile::Unordered, false>("Unordered", data, size);
  check<hostile::Evolving>("Evolving", data, size);
  check<hostile::EvolvingRow>("EvolvingRow", data, size);
  check<hostile::EvolvingKeyed>("EvolvingKeyed", data, size);
  check_passes_on<hostile::Everything, hostile::Evolving>("Everything via Evolving", data, size);
  check_passes_on<hostile::Point, hostile::EvolvingRow>("Point via EvolvingRow", data, size);
  check_passes_on<hostile::Keyed, hostile::EvolvingKeyed>("Keyed via EvolvingKeyed", data, size);
  return 0;
}
