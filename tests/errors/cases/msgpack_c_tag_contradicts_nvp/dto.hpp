#pragma once
#include <msgpack.hpp>
#include <msgpack_gen/annotate.hpp>
struct User {
  std::string name MSGPACK_TAG("username");
  int age MSGPACK_TAG("age,omitempty");  // an option the macro cannot say: fine
  MSGPACK_DEFINE_MAP(MSGPACK_NVP("n", name), age);
};
