// msgpack-c compatibility: rpc_messages.hpp (array mode), archive_format.hpp (bases, enums,
// templates, maps, optionals, byte vectors) and legacy_header.hpp (typedef'd C structs with C
// arrays). Each header is the one msgpack-c compiles; msgpack-gen generated the codecs from it.
#include <catch2/catch.hpp>

#include "archive_format.msgpack.hpp"
#include "compat_support.hpp"
#include "legacy_header.msgpack.hpp"
#include "rpc_messages.msgpack.hpp"

namespace {

using compat::Bytes;
using compat::Gen;

constexpr int kValuesPerType = 2000;

// ---- rpc_messages.hpp ---------------------------------------------------------------------------

// Usually the type the message declares, sometimes any byte: MSGPACK_ADD_ENUM writes the
// underlying integer, whatever it holds.
rpc::MessageType message_type(Gen& g, rpc::MessageType usual) {
  return g.one_in(4) ? static_cast<rpc::MessageType>(g.integer<std::uint8_t>()) : usual;
}

rpc::CallParams call_params(Gen& g) {
  rpc::CallParams p;
  p.flag = g.integer<bool>();
  p.i8 = g.integer<std::int8_t>();
  p.i16 = g.integer<std::int16_t>();
  p.i32 = g.integer<std::int32_t>();
  p.i64 = g.integer<std::int64_t>();
  p.u8 = g.integer<std::uint8_t>();
  p.u16 = g.integer<std::uint16_t>();
  p.u32 = g.integer<std::uint32_t>();
  p.u64 = g.integer<std::uint64_t>();
  p.f32 = g.floating<float>();
  p.f64 = g.floating<double>();
  p.text = g.text();
  return p;
}

rpc::Request request(Gen& g) {
  rpc::Request r;
  r.type = message_type(g, rpc::MessageType::request);
  r.msgid = g.integer<std::uint32_t>();
  r.method = g.text();
  r.params = call_params(g);
  return r;
}

rpc::Response response(Gen& g) {
  rpc::Response r;
  r.type = message_type(g, rpc::MessageType::response);
  r.msgid = g.integer<std::uint32_t>();
  r.error = g.optional_of<rpc::Error>([&] {
    rpc::Error e;
    e.code = g.integer<std::int32_t>();
    e.message = g.text();
    e.details = g.vector_of<std::string>([&] { return g.text(); }, 5);
    return e;
  });
  r.result = g.vector_of<std::int64_t>([&] { return g.integer<std::int64_t>(); });
  return r;
}

rpc::Notification notification(Gen& g) {
  rpc::Notification n;
  n.type = message_type(g, rpc::MessageType::notification);
  n.method = g.text();
  n.params = g.vector_of<double>([&] { return g.floating<double>(); });
  n.origin = g.optional_of<std::string>([&] { return g.text(); });
  return n;
}

rpc::Cancel cancel(Gen& g) {
  rpc::Cancel c;
  c.type = message_type(g, rpc::MessageType::notification);
  c.msgid = g.integer<std::uint32_t>();
  c.reason = g.text();
  c.deadline_ms = g.optional_of<std::uint64_t>([&] { return g.integer<std::uint64_t>(); });
  return c;
}

rpc::Batch batch(Gen& g) {
  rpc::Batch b;
  b.calls = g.vector_of<rpc::Request>([&] { return request(g); }, 6);
  b.events = g.vector_of<rpc::Notification>([&] { return notification(g); }, 6);
  b.window = g.integer<std::uint16_t>();
  return b;
}

// ---- archive_format.hpp -------------------------------------------------------------------------

archive::Compression compression(Gen& g) {
  static const archive::Compression kDeclared[] = {
      archive::Compression::none, archive::Compression::zstd, archive::Compression::lz4,
      archive::Compression::brotli};
  return g.one_in(3) ? static_cast<archive::Compression>(g.integer<std::uint8_t>())
                     : kDeclared[g.below(4)];
}

archive::FileEntry file_entry(Gen& g) {
  archive::FileEntry e;
  e.path = g.text();
  e.mode = g.integer<std::uint32_t>();
  e.times.created = g.integer<std::int64_t>();
  e.times.modified = g.integer<std::int64_t>();
  e.times.nanos = g.integer<std::uint32_t>();
  // An unscoped enum without a fixed type holds only its enumerators' range: no other values.
  static const archive::EntryKind kKinds[] = {archive::kFile, archive::kDirectory,
                                              archive::kSymlink};
  e.kind_of_entry = kKinds[g.below(3)];
  e.compression = compression(g);
  e.priority = static_cast<archive::Priority>(g.integer<std::int16_t>());
  e.size = g.integer<std::uint64_t>();
  e.payload = g.byte_vector();
  e.checksum = g.optional_of<std::string>([&] { return g.text(); });
  e.xattrs = g.map_of<std::string>([&] { return g.text(); }, 8);
  e.link_count = g.optional_of<std::int64_t>([&] { return g.integer<std::int64_t>(); });
  return e;
}

archive::Chunk chunk(Gen& g) {
  archive::Chunk c;
  c.offset = g.integer<std::uint64_t>();
  c.length = g.integer<std::uint32_t>();
  c.index = g.integer<std::uint32_t>();
  c.data = g.byte_vector();
  c.compression = compression(g);
  return c;
}

archive::Res<std::int32_t> res_int(Gen& g) {
  archive::Res<std::int32_t> r;
  r.ok = g.integer<bool>();
  r.value = g.integer<std::int32_t>();
  r.error = g.text();
  return r;
}

archive::Res<archive::Value> res_value(Gen& g) {
  archive::Res<archive::Value> r;
  r.ok = g.integer<bool>();
  r.values = g.vector_of<archive::Value>(
      [&] {
        archive::Value v;
        v.name = g.text();
        v.number = g.floating<double>();
        v.labels = g.vector_of<std::string>([&] { return g.key(); }, 4);
        return v;
      },
      8);
  r.total = g.integer<std::uint32_t>();
  r.error = g.optional_of<std::string>([&] { return g.text(); });
  return r;
}

archive::Manifest manifest(Gen& g) {
  archive::Manifest m;
  m.id = g.integer<std::uint64_t>();
  m.name = g.text();
  m.format_version = g.integer<std::uint16_t>();
  m.files = g.map_of<archive::FileEntry>([&] { return file_entry(g); }, 4);
  m.chunks = g.vector_of<archive::Chunk>([&] { return chunk(g); }, 4);
  m.checks = g.map_of<archive::Res<std::int32_t>>([&] { return res_int(g); }, 6);
  m.status.ok = g.integer<bool>();
  m.status.value = g.integer<std::int64_t>();
  m.status.error = g.text();
  m.note = g.optional_of<archive::Res<std::string>>([&] {
    archive::Res<std::string> r;
    r.ok = g.integer<bool>();
    r.value = g.text();
    r.error = g.text();
    return r;
  });
  m.listing = res_value(g);
  m.signature = g.byte_vector();
  return m;
}

// ---- legacy_header.hpp --------------------------------------------------------------------------

LegacyHeader legacy_header(Gen& g) {
  LegacyHeader h{};
  h.magic = g.integer<std::uint32_t>();
  h.version.major = g.integer<std::uint8_t>();
  h.version.minor = g.integer<std::uint8_t>();
  h.version.patch = g.integer<std::uint16_t>();
  g.c_string(h.vendor);
  g.bytes(h.digest);
  h.created = g.integer<std::int64_t>();
  for (auto& row : h.flags)
    for (std::int32_t& f : row) f = g.integer<std::int32_t>();
  h.ratio = g.floating<double>();
  return h;
}

template <class T>
msgpack_gen::Status unmarshal(const Bytes& bytes, T& value) {
  return msgpack_gen::unmarshal(bytes.data(), bytes.size(), value);
}

}  // namespace

// ---- Random values: (a)-(d) on each type
// ----------------------------------------------------------

TEST_CASE("rpc::Request: MSGPACK_DEFINE as an array with an enum and a nested array struct",
          "[msgpack-c][rpc]") {
  compat::run_corpus<rpc::Request>("rpc::Request", 1001, kValuesPerType, request);
}

TEST_CASE("rpc::Response: MSGPACK_DEFINE_ARRAY with an optional struct", "[msgpack-c][rpc]") {
  compat::run_corpus<rpc::Response>("rpc::Response", 1002, kValuesPerType, response);
}

TEST_CASE("rpc::Notification: doubles integral and not", "[msgpack-c][rpc]") {
  compat::run_corpus<rpc::Notification>("rpc::Notification", 1003, kValuesPerType, notification);
}

TEST_CASE("rpc::Batch: vectors of array-mode structs", "[msgpack-c][rpc]") {
  compat::run_corpus<rpc::Batch>("rpc::Batch", 1004, kValuesPerType, batch);
}

TEST_CASE("rpc::Cancel: MSGPACK_BASE as the first element", "[msgpack-c][rpc]") {
  compat::run_corpus<rpc::Cancel>("rpc::Cancel", 1005, kValuesPerType, cancel);
}

TEST_CASE(
    "archive::FileEntry: MSGPACK_BASE_MAP and an empty tag base with enums and maps and optionals",
    "[msgpack-c][archive]") {
  compat::run_corpus<archive::FileEntry>("archive::FileEntry", 2001, kValuesPerType, file_entry);
}

TEST_CASE("archive::Chunk: MSGPACK_BASE_ARRAY and an empty tag base", "[msgpack-c][archive]") {
  compat::run_corpus<archive::Chunk>("archive::Chunk", 2002, kValuesPerType, chunk);
}

TEST_CASE("archive::Manifest: Res<T> instances and maps and vectors of structs",
          "[msgpack-c][archive]") {
  compat::run_corpus<archive::Manifest>("archive::Manifest", 2003, kValuesPerType, manifest);
}

TEST_CASE("archive::Res<archive::Value>: an explicit specialisation", "[msgpack-c][archive]") {
  compat::run_corpus<archive::Res<archive::Value>>("archive::Res<archive::Value>", 2004,
                                                   kValuesPerType, res_value);
}

TEST_CASE("archive::Res<std::int32_t>: a class template instance", "[msgpack-c][archive]") {
  compat::run_corpus<archive::Res<std::int32_t>>("archive::Res<std::int32_t>", 2005, kValuesPerType,
                                                 res_int);
}

TEST_CASE("LegacyHeader: typedef struct with char and unsigned char and int32_t C arrays",
          "[msgpack-c][legacy]") {
  compat::run_corpus<LegacyHeader>("LegacyHeader", 3001, kValuesPerType, legacy_header);
}

// ---- Layout spelled out: what the equality above means on the wire
// ---------------------------------

TEST_CASE(
    "bases: MSGPACK_BASE_MAP is one pair keyed by the base as written and tag bases add nothing",
    "[msgpack-c][archive]") {
  archive::FileEntry e;
  e.path = "a";
  const Bytes bytes = compat::ours(e);
  REQUIRE(bytes == compat::theirs(e));
  // A map of 9 pairs whose first key is "EntryHeader" and whose value is the header's own map.
  CHECK(bytes.substr(0, 14) == Bytes("\x89\xab"
                                     "EntryHeader\x83",
                                     14));

  archive::Chunk c;
  c.offset = 7;
  c.length = 9;
  // [[offset, length], index, data, compression]: the class-template base is one element.
  CHECK(compat::ours(c) == Bytes("\x94\x92\x07\x09\x00\xc4\x00\x00", 8));
  CHECK(compat::theirs(c) == compat::ours(c));
}

// ---- Input msgpack-c would never write: both libraries agree, or differ as documented
// ---------------

TEST_CASE("array mode: a shorter array keeps the trailing fields and extra elements are skipped",
          "[msgpack-c][rpc]") {
  Gen g(4001);
  for (int i = 0; i < 200; ++i) {
    const rpc::Request start = request(g);
    const rpc::Request other = request(g);
    const std::uint32_t n = static_cast<std::uint32_t>(g.below(7));  // 0..6 elements of 4
    const Bytes input = compat::packed([&](auto& pk) {
      pk.pack_array(n);
      if (n > 0) pk.pack(other.type);
      if (n > 1) pk.pack(other.msgid);
      if (n > 2) pk.pack(other.method);
      if (n > 3) pk.pack(other.params);
      for (std::uint32_t extra = 4; extra < n; ++extra) pk.pack(std::string("extra"));
    });
    rpc::Request theirs_decoded = start;
    msgpack::unpack(input.data(), input.size()).get().convert(theirs_decoded);
    rpc::Request ours_decoded = start;
    REQUIRE(unmarshal(input, ours_decoded));
    CHECK(compat::ours(ours_decoded) == compat::theirs(theirs_decoded));
  }
}

TEST_CASE("map mode: unknown keys are skipped by both and duplicate keys differ as documented",
          "[msgpack-c][archive]") {
  const Bytes unknown = compat::packed([](auto& pk) {
    pk.pack_map(3);
    pk.pack(std::string("created"));
    pk.pack(std::int64_t{-5});
    pk.pack(std::string("comment"));
    pk.pack(std::vector<std::string>{"x", "y"});
    pk.pack(std::string("nanos"));
    pk.pack(std::uint32_t{70000});
  });
  archive::Timestamps theirs_decoded;
  theirs_decoded.modified = 11;
  archive::Timestamps ours_decoded = theirs_decoded;
  msgpack::unpack(unknown.data(), unknown.size()).get().convert(theirs_decoded);
  REQUIRE(unmarshal(unknown, ours_decoded));
  CHECK(compat::ours(ours_decoded) == compat::theirs(theirs_decoded));
  CHECK(ours_decoded.created == -5);
  CHECK(ours_decoded.modified == 11);  // absent: untouched by both
  CHECK(ours_decoded.nanos == 70000);

  // Intended difference (docs/migrating-from-msgpack-c.md): msgpack-c keeps the first of two
  // equal keys, msgpack-gen the last.
  const Bytes duplicate = compat::packed([](auto& pk) {
    pk.pack_map(2);
    pk.pack(std::string("nanos"));
    pk.pack(1);
    pk.pack(std::string("nanos"));
    pk.pack(2);
  });
  archive::Timestamps first;
  msgpack::unpack(duplicate.data(), duplicate.size()).get().convert(first);
  archive::Timestamps last;
  REQUIRE(unmarshal(duplicate, last));
  CHECK(first.nanos == 1);
  CHECK(last.nanos == 2);
}

TEST_CASE("bad input: too long C arrays and wrong field types and out-of-range integers",
          "[msgpack-c][legacy][rpc]") {
  Gen g(4002);
  const LegacyHeader base = legacy_header(g);
  // LegacyHeader's fields in order, with one of them replaced by `bad`.
  auto legacy_with = [&](int field, auto bad) {
    return compat::packed([&](auto& pk) {
      pk.pack_array(7);
      field == 0 ? (void)pk.pack(bad) : (void)pk.pack(base.magic);
      field == 1 ? (void)pk.pack(bad) : (void)pk.pack(base.version);
      field == 2 ? (void)pk.pack(bad) : (void)pk.pack(base.vendor);
      field == 3 ? (void)pk.pack(bad) : (void)pk.pack(base.digest);
      field == 4 ? (void)pk.pack(bad) : (void)pk.pack(base.created);
      field == 5 ? (void)pk.pack(bad) : (void)pk.pack(base.flags);
      field == 6 ? (void)pk.pack(bad) : (void)pk.pack(base.ratio);
    });
  };
  struct Case {
    const char* what;
    Bytes bytes;
    msgpack_gen::ErrorCode code;
  };
  const std::vector<std::vector<std::int32_t>> three_rows{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  const std::vector<std::vector<std::int32_t>> long_row{{1, 2, 3, 4}, {5, 6, 7}};
  const Case cases[] = {
      {"char[8] from a 9-byte str", legacy_with(2, std::string("123456789")),
       msgpack_gen::ErrorCode::invalid_value},
      {"unsigned char[20] from a 21-byte bin", legacy_with(3, std::vector<unsigned char>(21, 1)),
       msgpack_gen::ErrorCode::invalid_value},
      {"int32_t[2][3] from 3 rows", legacy_with(5, three_rows),
       msgpack_gen::ErrorCode::invalid_value},
      {"int32_t[2][3] with a row of 4", legacy_with(5, long_row),
       msgpack_gen::ErrorCode::invalid_value},
      {"uint32_t magic from a string", legacy_with(0, std::string("magic")),
       msgpack_gen::ErrorCode::type_mismatch},
      {"uint32_t magic from -1", legacy_with(0, -1), msgpack_gen::ErrorCode::out_of_range},
      {"uint32_t magic from 2^32", legacy_with(0, std::uint64_t{1} << 32),
       msgpack_gen::ErrorCode::out_of_range},
      {"LegacyVersion (an array) from a map", legacy_with(1, std::map<std::string, int>{{"a", 1}}),
       msgpack_gen::ErrorCode::type_mismatch},
      {"char[8] from an integer", legacy_with(2, 5), msgpack_gen::ErrorCode::type_mismatch},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    LegacyHeader ours_decoded = base;
    const msgpack_gen::Status status = unmarshal(c.bytes, ours_decoded);
    CHECK_FALSE(status);
    CHECK(status.code() == c.code);
    INFO(status.message());
    CHECK(compat::msgpack_c_rejects<LegacyHeader>(c.bytes));
  }

  // An array-mode message given as a map, and a map given where an array-mode field goes.
  rpc::Request request_value;
  CHECK(unmarshal(Bytes("\x80", 1), request_value).code() == msgpack_gen::ErrorCode::type_mismatch);
  CHECK(compat::msgpack_c_rejects<rpc::Request>(Bytes("\x80", 1)));
  const Bytes params_as_map = compat::packed([](auto& pk) {
    pk.pack_array(4);
    pk.pack(0);
    pk.pack(1);
    pk.pack(std::string("add"));
    pk.pack_map(0);
  });
  CHECK(unmarshal(params_as_map, request_value).code() == msgpack_gen::ErrorCode::type_mismatch);
  CHECK(compat::msgpack_c_rejects<rpc::Request>(params_as_map));
  // Nothing but a nil, a number, a string at the top.
  for (const Bytes& top : {Bytes("\xc0", 1), Bytes("\x05", 1), Bytes("\xa1x", 2)}) {
    archive::Manifest m;
    CHECK(unmarshal(top, m).code() == msgpack_gen::ErrorCode::type_mismatch);
    CHECK(unmarshal(top, request_value).code() == msgpack_gen::ErrorCode::type_mismatch);
  }
}

TEST_CASE("an enum without a fixed type takes only the values it can hold",
          "[msgpack-c][archive]") {
  // archive::EntryKind (enumerators 1..3, no fixed underlying type) can hold 0..3 only: storing
  // another value is undefined behaviour ([expr.static.cast]), which UBSan reports when the
  // field is next read. msgpack-c 4.1.3 casts whatever integer it gets; msgpack-gen promises a
  // value or an error for every input, so anything outside 0..3 must be an error.
  for (const std::int64_t kind : {std::int64_t{0}, std::int64_t{3}}) {
    const Bytes bytes = compat::packed([&](auto& pk) {
      pk.pack_map(1);
      pk.pack(std::string("kind"));
      pk.pack(kind);
    });
    archive::FileEntry e;
    CHECK(unmarshal(bytes, e));
  }
  for (const std::int64_t kind :
       {std::int64_t{4}, std::int64_t{82}, std::int64_t{-1}, std::int64_t{1} << 40}) {
    INFO("kind " << kind);
    const Bytes bytes = compat::packed([&](auto& pk) {
      pk.pack_map(1);
      pk.pack(std::string("kind"));
      pk.pack(kind);
    });
    archive::FileEntry e;
    const msgpack_gen::Status status = unmarshal(bytes, e);
    INFO(status.message());
    CHECK_FALSE(status);
  }
}
