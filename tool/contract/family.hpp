// A wire family of the contract ("map<str,array<int>>") as a tree, for the readers and writers
// of bytes that follow a contract (bytes.cpp, json_to_bytes.cpp). Internal to tool/contract/.
#pragma once

#include <string>
#include <vector>

namespace msgpack_gen::contract {

// "map<str,array<int>>" -> map(str, array(int)). A struct, custom or dependent family keeps its
// whole text, C++ template arguments included.
struct Family {
  std::string head;
  std::vector<Family> args;
  unsigned bits = 0;  // an int, uint or float: its width, where the reader records it; 0: unknown
};

Family parse_family(const std::string& wire);

// An enum written as its enumerators' names is written as its number when the value has no
// name (runtime/.../codec.hpp: write_enum_name), so its "str" also takes an integer: "str|int".
void name_or_number(Family& family);

}  // namespace msgpack_gen::contract
