// A file header from a codebase that started in C: typedef'd structs, fixed char and byte
// arrays, integer fields of every width. The msgpack-c macro was added when it moved to C++.
#pragma once

#include <msgpack.hpp>

#include <cstdint>

typedef struct LegacyVersion {
  std::uint8_t major;
  std::uint8_t minor;
  std::uint16_t patch;
  MSGPACK_DEFINE(major, minor, patch);
} LegacyVersion;

typedef struct LegacyHeader {
  std::uint32_t magic;
  LegacyVersion version;
  char vendor[8];
  unsigned char digest[20];
  std::int64_t created;
  std::int32_t flags[2][3];
  double ratio;
  MSGPACK_DEFINE(magic, version, vendor, digest, created, flags, ratio);
} LegacyHeader;
