// The golden output of the example DTOs, for the compile tests (a header alone would be a main
// file, where #pragma once warns).
#include "data.msgpack.hpp"
#include "invoice.msgpack.hpp"
#include "request.msgpack.hpp"
#include "user.msgpack.hpp"
