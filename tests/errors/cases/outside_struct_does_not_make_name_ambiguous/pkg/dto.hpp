#pragma once
#include <msgpack_gen/annotate.hpp>
#include "vendor.hpp"
namespace shop { struct Order { int id; }; }
