// Checks of the hand-written codec (bench/handwritten.hpp) beyond the seed workload, run by
// msgpack_gen_bench before anything is timed (the smoke test included; they take milliseconds):
//
// - edge values (every integer width and sign, str8/16/32 lengths, array16/map16 counts,
//   integral and non-integral floats) encode to the bytes msgpack-c and msgpack-gen write, and
//   decode back to the same values;
// - wider or unusual forms than any encoder writes (map16/32 and array16/32 headers, str8/16/32
//   and bin for strings, wide ints, keys out of order, unknown and non-string keys with nested
//   values, duplicate keys, short and long arrays) decode to the values msgpack says they hold;
// - hostile input: every truncation of a valid message, trailing bytes, nesting past the limit,
//   integers out of range, wrong types, lengths and counts beyond the input, and random byte
//   flips, each giving the expected error (or, for the flips, not crashing).
//
// A wrong yardstick would make every generated/hand-written ratio meaningless, so any failure
// stops the benchmark.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <msgpack.hpp>
#include <msgpack_gen/msgpack_gen.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "handwritten.hpp"
#include "workload.hpp"
#include "workload.msgpack.hpp"

namespace bench {
namespace hw_check {

[[noreturn]] inline void fail(const std::string& what) {
  std::fprintf(stderr, "msgpack_gen_bench: hand-written codec: %s\n", what.c_str());
  std::exit(1);
}

// Builds msgpack by hand, in any form, including ones no encoder writes.
struct Raw {
  std::vector<std::uint8_t> bytes;

  Raw& u8(std::initializer_list<int> values) {
    for (int v : values) bytes.push_back(static_cast<std::uint8_t>(v));
    return *this;
  }
  Raw& be(std::uint64_t v, int width) {
    for (int shift = 8 * (width - 1); shift >= 0; shift -= 8)
      bytes.push_back(static_cast<std::uint8_t>(v >> shift));
    return *this;
  }
  Raw& text(std::string_view s) {
    bytes.insert(bytes.end(), s.begin(), s.end());
    return *this;
  }
  Raw& fixstr(std::string_view s) { return u8({0xa0 | static_cast<int>(s.size())}).text(s); }
  Raw& str8(std::string_view s) { return u8({0xd9}).be(s.size(), 1).text(s); }
  Raw& str16(std::string_view s) { return u8({0xda}).be(s.size(), 2).text(s); }
  Raw& str32(std::string_view s) { return u8({0xdb}).be(s.size(), 4).text(s); }
  Raw& bin8(std::string_view s) { return u8({0xc4}).be(s.size(), 1).text(s); }
  Raw& map16(std::uint16_t n) { return u8({0xde}).be(n, 2); }
  Raw& map32(std::uint32_t n) { return u8({0xdf}).be(n, 4); }
  Raw& array16(std::uint16_t n) { return u8({0xdc}).be(n, 2); }
  Raw& array32(std::uint32_t n) { return u8({0xdd}).be(n, 4); }
  Raw& uint(int marker, std::uint64_t v) {  // 0xcc..0xcf
    return u8({marker}).be(v, 1 << (marker - 0xcc));
  }
  Raw& sint(int marker, std::int64_t v) {  // 0xd0..0xd3
    return u8({marker}).be(static_cast<std::uint64_t>(v), 1 << (marker - 0xd0));
  }
  Raw& f64(double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, 8);
    return u8({0xcb}).be(bits, 8);
  }
};

// The three encoders agree, and the hand-written decoder reads the value back.
template <class T, class Same>
void agree(const std::string& what, const T& value, Same same) {
  msgpack_gen::Buffer ours;
  msgpack_gen::marshal(ours, value);
  msgpack::sbuffer theirs;
  msgpack::pack(theirs, value);
  handwritten::Bytes hand;
  if (!handwritten::encode(hand, value)) fail(what + ": encode refused the value");
  if (hand.size() != theirs.size() || std::memcmp(hand.data(), theirs.data(), hand.size()) != 0)
    fail(what + ": bytes differ from msgpack-c's");
  if (hand.size() != ours.size() || std::memcmp(hand.data(), ours.data(), hand.size()) != 0)
    fail(what + ": bytes differ from msgpack-gen's");
  T back;
  handwritten::Result r = handwritten::decode(hand.data(), hand.size(), back);
  if (!r) fail(what + ": cannot read back: " + handwritten::error_name(r.error));
  if (!same(back, value)) fail(what + ": reads back different values");
}

template <class T>
handwritten::Result decode(const Raw& raw, T& value) {
  return handwritten::decode(raw.bytes.data(), raw.bytes.size(), value);
}

template <class T>
void expect_error(const std::string& what, const Raw& raw, handwritten::Error expected,
                  std::size_t offset) {
  T value;
  handwritten::Result r = decode(raw, value);
  if (r.error != expected || r.offset != offset) {
    fail(what + ": expected " + handwritten::error_name(expected) + " at " +
         std::to_string(offset) + ", got " + handwritten::error_name(r.error) + " at " +
         std::to_string(r.offset));
  }
}

const std::int64_t kInts[] = {0,
                              1,
                              127,
                              128,
                              255,
                              256,
                              65535,
                              65536,
                              4294967295ll,
                              4294967296ll,
                              std::numeric_limits<std::int64_t>::max(),
                              -1,
                              -32,
                              -33,
                              -128,
                              -129,
                              -32768,
                              -32769,
                              std::numeric_limits<std::int32_t>::min(),
                              std::numeric_limits<std::int32_t>::min() - 1ll,
                              std::numeric_limits<std::int64_t>::min()};
const std::size_t kLengths[] = {0, 1, 31, 32, 255, 256, 65535, 65536};
const std::uint64_t kUints[] = {
    0,     127,   128,           255,           256,
    65535, 65536, 4294967295ull, 4294967296ull, std::numeric_limits<std::uint64_t>::max()};
const float kFloats[] = {0.0f,  3.0f,   -5.0f,   1e10f, 0.5f,       -0.0f,
                         1e30f, -1e30f, 99.999f, -2.5f, 16777216.0f};

template <class FlatT>
void flat_edges(const char* name) {
  constexpr std::size_t kInts_ = sizeof kInts / sizeof kInts[0];
  constexpr std::size_t kLengths_ = sizeof kLengths / sizeof kLengths[0];
  for (std::size_t i = 0; i < kInts_; ++i) {
    FlatT v;
    v.name.assign(kLengths[i % kLengths_], 'n');
    v.surname.assign(kLengths[(i + 1) % kLengths_], 's');
    v.patronymic.assign(kLengths[(i + 2) % kLengths_], 'p');
    v.city.assign(kLengths[(i + 3) % kLengths_], 'c');
    v.age = kInts[i];
    v.weight = kInts[(i + 1) % kInts_];
    v.fortune = kInts[(i + 2) % kInts_];
    agree(std::string(name) + " edge " + std::to_string(i), v,
          [](const auto& a, const auto& b) { return same_flat(a, b); });
  }
}

template <class DataT>
void data_edges(const char* name) {
  using SubT = typename decltype(DataT::subs)::value_type;
  const std::size_t counts[] = {0, 1, 15, 16, 17};
  constexpr std::size_t kFloats_ = sizeof kFloats / sizeof kFloats[0];
  for (std::size_t i = 0; i < kFloats_; ++i) {
    DataT v;
    const std::size_t count = counts[i % 5];
    v.name.assign(kLengths[i % 8], 'd');
    v.count = kInts[i];
    for (std::size_t j = 0; j < count; ++j) {
      SubT sub;
      sub.key.assign(kLengths[(i + j) % 6], static_cast<char>('a' + j % 26));
      sub.active = (i + j) % 2 == 0;
      v.subs.push_back(sub);
      v.weights.push_back(kUints[(i + j) % 10]);
      v.meta["key" + std::to_string(j)] = sub;
      v.flags["flag" + std::to_string(j)] = j % 3 == 0;
    }
    v.internal.value = kFloats[i];
    agree(std::string(name) + " edge " + std::to_string(i), v,
          [](const auto& a, const auto& b) { return same_data(a, b); });
  }
}

// Forms wider than any encoder writes, keys out of order, unknown keys, duplicates.
inline void unusual_forms() {
  // Flat: map16, str8/str16 keys, wide ints, an unknown key with a nested value, an integer key,
  // a duplicate key (the last one wins), bin for a string.
  Raw flat;
  flat.map16(11)
      .str8("fortune")
      .sint(0xd3, 1234567)
      .fixstr("unknown")
      .array16(2)
      .u8({0x81})
      .fixstr("a")
      .u8({0xc0})
      .f64(1.5)
      .u8({0x07})
      .fixstr("v")
      .str16("name")
      .str32("Ann")
      .fixstr("age")
      .uint(0xcf, 41)
      .fixstr("age")
      .u8({42})
      .fixstr("surname")
      .bin8("Lee")
      .fixstr("patronymic")
      .fixstr("")
      .fixstr("city")
      .str8("Oslo")
      .fixstr("weight")
      .sint(0xd0, 70)
      .u8({0xc0})
      .u8({0xc2});  // a nil key
  Flat got;
  got.patronymic = "stale";
  handwritten::Result r = decode(flat, got);
  if (!r || got.name != "Ann" || got.surname != "Lee" || got.patronymic != "" ||
      got.city != "Oslo" || got.age != 42 || got.weight != 70 || got.fortune != 1234567) {
    fail(std::string("Flat in unusual forms: ") + handwritten::error_name(r.error));
  }

  // FlatArray: array16 with two extra elements (skipped), then a shorter array (the trailing
  // fields keep their values).
  Raw array;
  array.array16(9)
      .str8("Ann")
      .fixstr("Lee")
      .str16("P")
      .fixstr("Oslo")
      .uint(0xcd, 41)
      .sint(0xd2, -70)
      .uint(0xce, 1234567)
      .u8({0x91, 0x80})
      .fixstr("extra");
  FlatArray flat_array;
  r = decode(array, flat_array);
  if (!r || flat_array.name != "Ann" || flat_array.surname != "Lee" ||
      flat_array.patronymic != "P" || flat_array.city != "Oslo" || flat_array.age != 41 ||
      flat_array.weight != -70 || flat_array.fortune != 1234567) {
    fail(std::string("FlatArray in unusual forms: ") + handwritten::error_name(r.error));
  }
  Raw shorter;
  shorter.u8({0x92}).fixstr("Bo").fixstr("Ek");
  r = decode(shorter, flat_array);
  if (!r || flat_array.name != "Bo" || flat_array.surname != "Ek" || flat_array.city != "Oslo" ||
      flat_array.fortune != 1234567) {
    fail("FlatArray, a shorter array: trailing fields should keep their values");
  }

  // Data: map32, keys in reverse order, array32 of subs with an unknown key in a Sub, weights in
  // every width, internal as float64 then as an int (the last wins), meta with unsorted and
  // duplicate keys, flags with a duplicate.
  Raw data;
  data.map32(8)
      .fixstr("flags")
      .map16(3)
      .fixstr("b")
      .u8({0xc3})
      .fixstr("a")
      .u8({0xc3})
      .fixstr("b")
      .u8({0xc2})
      .fixstr("meta")
      .u8({0x83})
      .fixstr("zz")
      .u8({0x82})
      .fixstr("key")
      .fixstr("z1")
      .fixstr("active")
      .u8({0xc3})
      .fixstr("aa")
      .u8({0x81})
      .fixstr("key")
      .fixstr("a1")
      .fixstr("zz")
      .u8({0x81})
      .fixstr("active")
      .u8({0xc2})
      .fixstr("weights")
      .array16(5)
      .u8({5})
      .uint(0xcc, 200)
      .uint(0xcd, 60000)
      .uint(0xce, 70000)
      .uint(0xcf, 0xffffffffffffffffull)
      .fixstr("internal")
      .u8({0x81})
      .fixstr("value")
      .f64(2.5)
      .fixstr("internal")
      .u8({0x82})
      .fixstr("other")
      .u8({0x90})
      .fixstr("value")
      .u8({0xfd})
      .fixstr("subs")
      .array32(2)
      .u8({0x83})
      .fixstr("x")
      .u8({0x91, 0x91, 0x90})
      .fixstr("key")
      .str8("s0")
      .fixstr("active")
      .u8({0xc3})
      .u8({0x80})
      .fixstr("count")
      .sint(0xd1, -300)
      .fixstr("name")
      .fixstr("D");
  // Twice into the same object: the second time the maps' nodes are reused.
  Data d;
  for (int pass = 0; pass < 2; ++pass) {
    r = decode(data, d);
    const bool data_ok =
        r && d.name == "D" && d.count == -300 && d.subs.size() == 2 && d.subs[0].key == "s0" &&
        d.subs[0].active && d.subs[1].key.empty() && d.internal.value == -3.0f &&
        d.weights == std::vector<std::uint64_t>{5, 200, 60000, 70000, 0xffffffffffffffffull} &&
        d.meta.size() == 2 && d.meta["aa"].key == "a1" && !d.meta["aa"].active &&
        d.meta["zz"].key.empty() && !d.meta["zz"].active && d.flags.size() == 2 && d.flags["a"] &&
        !d.flags["b"];
    if (!data_ok) fail(std::string("Data in unusual forms: ") + handwritten::error_name(r.error));
  }
}

inline void hostile_input() {
  using handwritten::Error;
  // Every truncation of a valid message is an error.
  Rng rng(kSeed + 1);
  for (int k = 0; k < 8; ++k) {
    handwritten::Bytes out;
    const Data d = make_data<Data>(rng);
    handwritten::encode(out, d);
    for (std::size_t n = 0; n < out.size(); ++n) {
      Data into;
      if (handwritten::decode(out.data(), n, into)) fail("a truncated Data decoded without error");
    }
    const DataArray da = make_data<DataArray>(rng);
    out.clear();
    handwritten::encode(out, da);
    for (std::size_t n = 0; n < out.size(); ++n) {
      DataArray into;
      if (handwritten::decode(out.data(), n, into))
        fail("a truncated DataArray decoded without error");
    }
    const Flat f = make_flat<Flat>(rng);
    out.clear();
    handwritten::encode(out, f);
    for (std::size_t n = 0; n < out.size(); ++n) {
      Flat into;
      if (handwritten::decode(out.data(), n, into)) fail("a truncated Flat decoded without error");
    }
  }
  expect_error<Flat>("empty input", Raw{}, Error::truncated, 0);
  expect_error<Flat>("trailing bytes", Raw().u8({0x80, 0xc0}), Error::trailing_bytes, 1);
  expect_error<Flat>("not a map", Raw().u8({0x90}), Error::type_mismatch, 0);
  expect_error<Flat>("0xc1", Raw().u8({0xc1}), Error::invalid_marker, 0);
  expect_error<Flat>("a str for an int", Raw().u8({0x81}).fixstr("age").fixstr("x"),
                     Error::type_mismatch, 5);
  expect_error<Flat>("an int for a str", Raw().u8({0x81}).fixstr("name").u8({0x05}),
                     Error::type_mismatch, 6);
  expect_error<Flat>("uint64 over int64", Raw().u8({0x81}).fixstr("age").uint(0xcf, ~0ull),
                     Error::out_of_range, 5);
  expect_error<Data>("a negative weight", Raw().u8({0x81}).fixstr("weights").u8({0x91, 0xff}),
                     Error::out_of_range, 10);
  expect_error<Flat>("a str longer than the input",
                     Raw().u8({0x81}).fixstr("name").u8({0xdb}).be(1000000000, 4),
                     Error::length_exceeds_input, 6);
  expect_error<Flat>("a map count beyond the input", Raw().map32(0xffffffffu).u8({0, 0}),
                     Error::length_exceeds_input, 0);
  expect_error<Data>("an array count beyond the input",
                     Raw().u8({0x81}).fixstr("subs").array16(3).u8({0x80, 0x80}),
                     Error::length_exceeds_input, 6);
  // Nesting: the struct's map is level 1, so an unknown value may hold 63 more levels.
  for (int levels : {63, 64, 100000}) {
    Raw deep;
    deep.u8({0x81}).fixstr("unknown");
    for (int i = 0; i < levels - 1; ++i) deep.u8({0x91});
    deep.u8({0x90});
    Flat into;
    handwritten::Result r = decode(deep, into);
    if (levels == 63 && !r) fail("63 levels of nesting should decode");
    // The value starts at offset 9; its 64th container (the 65th level) at 9 + 63.
    if (levels > 63 && (r.error != Error::too_deep || r.offset != 9 + 63)) {
      fail("nesting past 64 levels: expected too_deep at 72, got " +
           std::string(handwritten::error_name(r.error)) + " at " + std::to_string(r.offset));
    }
  }
  // Random byte flips: any result but a crash (the sanitizer builds of the project's tests are
  // where out-of-bounds reads would show; here every read is checked against `end` by
  // construction).
  for (int k = 0; k < 2000; ++k) {
    handwritten::Bytes out;
    const Data d = make_data<Data>(rng);
    handwritten::encode(out, d);
    std::vector<std::uint8_t> bytes(out.data(), out.data() + out.size());
    for (int flips = 1 + static_cast<int>(rng.next() % 4); flips > 0; --flips)
      bytes[rng.next() % bytes.size()] = static_cast<std::uint8_t>(rng.next());
    Data into;
    handwritten::Result r = handwritten::decode(bytes.data(), bytes.size(), into);
    if (!r && r.offset > bytes.size()) fail("an error offset past the input");
  }
}

}  // namespace hw_check

inline void check_handwritten_codec() {
  hw_check::flat_edges<Flat>("Flat");
  hw_check::flat_edges<FlatArray>("FlatArray");
  hw_check::data_edges<Data>("Data");
  hw_check::data_edges<DataArray>("DataArray");
  hw_check::unusual_forms();
  hw_check::hostile_input();
}

}  // namespace bench
