// Issue 19, items 8 and 9: requested through an alias; envelope.msgpack.hpp alone must be enough
// to use Envelope<inv::Order> (it includes order.msgpack.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "order.hpp"

template <class T>
struct Envelope {
  std::string kind;
  std::uint32_t version = 1;
  T payload{};
};

using OrderEnvelope = Envelope<inv::Order>;
