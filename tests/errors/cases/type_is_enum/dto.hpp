#pragma once
#include <msgpack_gen/annotate.hpp>
enum class Color { red, green };
