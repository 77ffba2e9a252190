// Fields that bound what a message may make the decoder allocate, and enums that take only
// their declared enumerators.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <msgpack_gen/annotate.hpp>

namespace guarded {

enum class Color : std::uint8_t { red = 1, green = 2, blue = 4 };
// No fixed underlying type: only 0..3 and -2..1 are values of these.
enum Legacy { kFile = 1, kDirectory = 2, kLink = 3 };
enum Balance { kDebit = -2, kCredit = 1 };

struct Request {
  std::string name MSGPACK_TAG(",limit=8");
  std::vector<std::int32_t> ids MSGPACK_TAG(",limit=4");
  std::optional<std::string> note MSGPACK_TAG(",limit=16");
  std::vector<std::string> tags MSGPACK_TAG(",limit=3");  // 3 tags of at most 3 bytes each
  Color color MSGPACK_TAG(",strict");
  Color shade MSGPACK_TAG(",as_string,strict");
  Color loose = Color::red;  // any number of the underlying type
  Legacy legacy = kFile;
  std::vector<Balance> balances;
  std::map<std::string, std::string> meta;  // only ReaderOptions bound it
};

}  // namespace guarded
