// A ledger service's msgpack-c records, whose bases are named in MSGPACK_BASE_MAP and
// MSGPACK_BASE_ARRAY the way real headers name them: qualified, as template-ids, with a typedef
// spelled differently from the declaration, and through an alias (a base template with two
// arguments cannot go in a macro argument: the comma would split it).
#pragma once

#include <msgpack.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace ledger {

template <class Id>
struct Keyed {
  Id id{};
  MSGPACK_DEFINE_MAP(id);
};

struct Audit {
  std::string by;
  std::int64_t at = 0;
  MSGPACK_DEFINE_MAP(by, at);
};

template <class Amount, class Currency>
struct Money {
  Amount amount{};
  Currency currency{};
  MSGPACK_DEFINE(amount, currency);
};
using Price = Money<std::int64_t, std::string>;

// Map mode: msgpack-c keys the bases "Keyed<std::uint64_t>", "ledger::Audit" and "Price".
struct Entry : Keyed<std::uint64_t>, Audit, Price {
  std::string memo;
  std::vector<std::string> tags;
  MSGPACK_DEFINE_MAP(MSGPACK_BASE_MAP(Keyed<std::uint64_t>), MSGPACK_BASE_MAP(ledger::Audit),
                     MSGPACK_BASE_MAP(Price), memo, tags);
};

// Array mode: no keys, but the same bases, spelled another way.
struct Posting : Keyed<std::uint64_t>, Price {
  bool cleared = false;
  MSGPACK_DEFINE_ARRAY(MSGPACK_BASE_ARRAY(ledger::Keyed<uint64_t>), MSGPACK_BASE_ARRAY(Price),
                       cleared);
};

}  // namespace ledger
