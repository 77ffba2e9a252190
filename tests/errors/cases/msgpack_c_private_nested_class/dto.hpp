#pragma once
#include <msgpack.hpp>
class Robot {
  struct Pose {
    float x, y;
    MSGPACK_DEFINE(x, y);
  };
  Pose pose_;
  int id_ = 0;

 public:
  MSGPACK_DEFINE_MAP(id_, pose_);
};
