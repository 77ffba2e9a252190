#pragma once
#include <msgpack_gen/annotate.hpp>
struct Order {
  unknown_type_0 f0;
  unknown_type_1 f1;
  unknown_type_2 f2;
  unknown_type_3 f3;
  unknown_type_4 f4;
  unknown_type_5 f5;
  unknown_type_6 f6;
  unknown_type_7 f7;
  unknown_type_8 f8;
  unknown_type_9 f9;
  unknown_type_10 f10;
  unknown_type_11 f11;
  unknown_type_12 f12;
  unknown_type_13 f13;
  unknown_type_14 f14;
  unknown_type_15 f15;
  unknown_type_16 f16;
  unknown_type_17 f17;
  unknown_type_18 f18;
  unknown_type_19 f19;
};
