#pragma once
#include <msgpack_gen/annotate.hpp>
#include <cstdint>
#include <string>
struct Request {
  std::uint32_t type MSGPACK_TAG("#0x00");
  std::uint64_t sync MSGPACK_TAG("#0x02");
};
