#pragma once
#include <msgpack_gen/annotate.hpp>
namespace v1 { struct Order { int id; }; }
namespace v2 { struct Order { int id; }; }
