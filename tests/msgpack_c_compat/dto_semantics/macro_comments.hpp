// Issue 19, item 4: comments inside the macro's list, and lines continued with a backslash, as
// the preprocessor reads them.
#pragma once

#include <msgpack.hpp>

#include <cstdint>
#include <string>

namespace semantics {

struct Commented {
  std::int64_t id = 0;
  std::string name;
  MSGPACK_DEFINE(id /*, name*/);
};

struct OnePerLine {
  std::int64_t id = 0;
  std::string name;
  bool active = false;
  MSGPACK_DEFINE_MAP(
      id,      // the id
      name,    // the name, as shown
      active   // whether it counts
  );
};

struct Continued {
  std::int64_t id = 0;
  std::string name;
  MSGPACK_DEFINE_MAP(id, \
                     name);
};

}  // namespace semantics
