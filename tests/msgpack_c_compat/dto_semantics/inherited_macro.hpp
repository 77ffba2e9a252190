// Issue 19, item 1: classes without a macro of their own are packed by msgpack-c with the
// msgpack_pack they inherit (the base's members only, the base's float form).
#pragma once

#include <msgpack.hpp>

#include <cstdint>
#include <string>

namespace semantics {

struct Base {
  int a = 1;
  double f = 2.0;
  MSGPACK_DEFINE_MAP(a, f);
};

// Its own member is not written: msgpack-c calls Base::msgpack_pack.
struct Derived : Base {
  int extra = 5;
};

// Two levels down, still Base's macro.
struct Grandchild : Derived {
  std::string note;
};

template <class T>
struct Tagged {
  T value{};
  std::string tag;
  MSGPACK_DEFINE(value, tag);
};

// A class template instance's macro, inherited.
struct TaggedCount : Tagged<std::uint32_t> {};

// A macro of its own hides the base's.
struct Own : Base {
  int extra = 0;
  MSGPACK_DEFINE(extra, MSGPACK_BASE(Base));
};

}  // namespace semantics
