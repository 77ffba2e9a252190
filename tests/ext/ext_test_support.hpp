// What the ext type tests use: hex literals, encode to bytes, decode from bytes (tests/support's
// helpers, under the name the tests use).
#pragma once

#include "../support/bytes.hpp"

namespace ext_test {

using test_support::Bytes;
using test_support::decode;
using test_support::encode;
using test_support::from_hex;
using test_support::to_hex;

}  // namespace ext_test
