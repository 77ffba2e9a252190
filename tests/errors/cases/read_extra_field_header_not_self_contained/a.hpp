#pragma once
#include <msgpack_gen/reader.hpp>
