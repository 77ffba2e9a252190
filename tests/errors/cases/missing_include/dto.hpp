#pragma once
#include <msgpack_gen/annotate.hpp>
#include "not_there.hpp"
struct Order { int id; };
