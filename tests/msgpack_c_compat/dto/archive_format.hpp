// An archive format's index, in the shape of a backup tool's msgpack-c records: entries keyed
// by path, byte payloads, enums as integers, headers shared through base classes (as maps and as
// arrays), an empty tag base that only carries a compile-time kind, and a result wrapper
// template with one explicit specialisation.
#pragma once

#include <msgpack.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace archive {

enum class Compression : std::uint8_t { none = 0, zstd = 1, lz4 = 2, brotli = 200 };
enum class Priority : std::int16_t { low = -100, normal = 0, high = 100 };
enum EntryKind { kFile = 1, kDirectory = 2, kSymlink = 3 };  // unscoped, no fixed type

}  // namespace archive

MSGPACK_ADD_ENUM(archive::Compression);
MSGPACK_ADD_ENUM(archive::Priority);
MSGPACK_ADD_ENUM(archive::EntryKind);

namespace archive {

// Only a compile-time kind: nothing of it goes on the wire.
template <int K>
struct MessageBase {
  static constexpr int kind = K;
};

struct Timestamps {
  std::int64_t created = 0;
  std::int64_t modified = 0;
  std::uint32_t nanos = 0;
  MSGPACK_DEFINE_MAP(created, modified, nanos);
};

// Shared by every entry; derived entries write it as one value under the key "EntryHeader".
struct EntryHeader {
  std::string path;
  std::uint32_t mode = 0644;
  Timestamps times;
  MSGPACK_DEFINE_MAP(path, mode, times);
};

struct FileEntry : MessageBase<1>, EntryHeader {
  EntryKind kind_of_entry = kFile;
  Compression compression = Compression::none;
  Priority priority = Priority::normal;
  std::uint64_t size = 0;
  std::vector<std::uint8_t> payload;
  std::optional<std::string> checksum;
  std::map<std::string, std::string> xattrs;
  std::optional<std::int64_t> link_count;
  MSGPACK_DEFINE_MAP(MSGPACK_BASE_MAP(EntryHeader), MSGPACK_NVP("kind", kind_of_entry), compression,
                     priority, size, payload, checksum, xattrs, link_count);
};

// Position of a chunk in a data file: an array, and the class-template base of Chunk (one
// element of Chunk's array).
template <class Offset>
struct ChunkRef {
  Offset offset{};
  std::uint32_t length = 0;
  MSGPACK_DEFINE(offset, length);
};

struct Chunk : MessageBase<2>, ChunkRef<std::uint64_t> {
  std::uint32_t index = 0;
  std::vector<std::uint8_t> data;
  Compression compression = Compression::none;
  MSGPACK_DEFINE_ARRAY(MSGPACK_BASE_ARRAY(ChunkRef<std::uint64_t>), index, data, compression);
};

// The result of an operation on the archive: ok, value, error.
template <class T>
struct Res {
  bool ok = false;
  T value{};
  std::string error;
  MSGPACK_DEFINE(ok, value, error);
};

struct Value {
  std::string name;
  double number = 0;
  std::vector<std::string> labels;
  MSGPACK_DEFINE_MAP(name, number, labels);
};

// A listing answers with many values and a total, not one value.
template <>
struct Res<Value> {
  bool ok = false;
  std::vector<Value> values;
  std::uint32_t total = 0;
  std::optional<std::string> error;
  MSGPACK_DEFINE(ok, values, total, error);
};

// The whole index.
struct Manifest : MessageBase<3> {
  std::uint64_t id = 0;
  std::string name;
  std::uint16_t format_version = 1;
  std::map<std::string, FileEntry> files;
  std::vector<Chunk> chunks;
  std::map<std::string, Res<std::int32_t>> checks;
  Res<std::int64_t> status;
  std::optional<Res<std::string>> note;
  Res<Value> listing;
  std::vector<std::uint8_t> signature;
  MSGPACK_DEFINE_MAP(id, name, format_version, files, chunks, checks, status, note, listing,
                     signature);
};

}  // namespace archive
