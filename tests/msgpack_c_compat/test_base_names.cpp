// msgpack-c compatibility for bases named as real headers name them (dto_base_names/ledger.hpp):
// a qualified name, template-ids, a typedef spelled another way, an alias. Built by the ctest
// test msgpack_c_compat:base_names:build rather than by `all` (see CMakeLists.txt).
#include <catch2/catch.hpp>

#include "compat_support.hpp"
#include "ledger.msgpack.hpp"

namespace {

using compat::Bytes;
using compat::Gen;

constexpr int kValuesPerType = 2000;

ledger::Entry entry(Gen& g) {
  ledger::Entry e;
  e.id = g.integer<std::uint64_t>();
  e.by = g.text();
  e.at = g.integer<std::int64_t>();
  e.amount = g.integer<std::int64_t>();
  e.currency = g.key();
  e.memo = g.text();
  e.tags = g.vector_of<std::string>([&] { return g.key(); });
  return e;
}

ledger::Posting posting(Gen& g) {
  ledger::Posting p;
  p.id = g.integer<std::uint64_t>();
  p.amount = g.integer<std::int64_t>();
  p.currency = g.text();
  p.cleared = g.integer<bool>();
  return p;
}

}  // namespace

TEST_CASE("ledger::Entry: map-mode bases named qualified and as a template-id and an alias",
          "[msgpack-c][bases]") {
  compat::run_corpus<ledger::Entry>("ledger::Entry", 9001, kValuesPerType, entry);
}

TEST_CASE("ledger::Posting: array-mode bases named qualified and through an alias",
          "[msgpack-c][bases]") {
  compat::run_corpus<ledger::Posting>("ledger::Posting", 9002, kValuesPerType, posting);
}

TEST_CASE("ledger::Entry: each base is one pair keyed by the base as the macro spells it",
          "[msgpack-c][bases]") {
  ledger::Entry e;
  const Bytes bytes = compat::ours(e);
  REQUIRE(bytes == compat::theirs(e));
  // {"Keyed<std::uint64_t>": {"id": 0}, "ledger::Audit": {...}, "Price": [...], ...}
  CHECK(bytes.substr(0, 23) == Bytes("\x85\xb4Keyed<std::uint64_t>\x81", 23));
  CHECK(bytes.find("\xad"
                   "ledger::Audit\x82") != Bytes::npos);
  CHECK(bytes.find("\xa5Price\x92") != Bytes::npos);
}
