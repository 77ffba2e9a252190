#pragma once
#include <msgpack_gen/annotate.hpp>
class Order {
 public:
  int id;

 private:
  int secret;
};
