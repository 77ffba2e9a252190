// Valid, fully populated values of the hostile-input DTOs: the seeds of the fuzz corpus and the
// messages the deterministic suite truncates and corrupts.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "../support/bytes.hpp"
#include "everything.msgpack.hpp"

namespace hostile {

// Every field set to something other than its default, using large and negative values so every
// integer encoding width appears in the message.
inline Everything full_everything() {
  Everything e;
  e.flag = true;
  e.ints = {-100, -30000, -2000000000, std::numeric_limits<std::int64_t>::min(),
            200,  60000,  4000000000u, std::numeric_limits<std::uint64_t>::max()};
  e.f32 = 1.5f;
  e.f64 = -2.25e300;
  e.text = "hello, hostile world";
  e.view = "a view";
  e.numbers = {0, 1, -1, 127, 128, -33, 70000, -70000};
  e.words = {"alpha", "", std::string(40, 'w')};
  e.triple = {1, 300, 65535};
  e.by_name = {{"one", 1}, {"minus", -5}, {"big", 1ll << 40}};
  e.points_by_name = {{"origin", {0.5, 0.25f, 0}}, {"far", {1e10, -3.5f, -7}}};
  e.by_id = {{-1, "neg"}, {0, "zero"}, {100000, "big"}};
  e.flags_by_id = {{1, true}, {std::numeric_limits<std::uint64_t>::max(), false}};
  e.maybe_int = -42;
  e.maybe_point = Point{2.5, 3.5f, 4};
  e.bytes = {0x00, 0xc1, 0xff, 0x80};
  e.chars = {'b', 'i', 'n'};
  e.raw_bytes = {std::byte{1}, std::byte{2}};
  e.color = Color::blue;
  e.level = kLow;
  e.unnamed.name = "inner";
  e.unnamed.count = 7;
  e.point = {-0.5, 8.25f, 9};
  e.path = {{1.5, 2.5f, 3}, {4.5, 5.5f, 6}};
  e.grid = {{1, -2}, {}, {127, -128, 0}};
  e.routes = {{"north", {{0.5, 1.5f, 2}}}, {"empty", {}}};
  e.header.id = "hdr-1";
  e.header.version = 3;
  e.renamed = "under another key";
  e.sparse = 99;
  e.labels = {"x", "y"};
  e.uuid.bytes = {0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0,
                  0x0f, 0xed, 0xcb, 0xa9, 0x87, 0x65, 0x43, 0x21};
  e.amount = *msgpack_gen::Decimal::parse("-12345.678");
  e.when.seconds = 1700000000;
  e.when.nsec = 123456789;
  e.when.tzoffset = 180;
  e.ext.type = 42;
  e.ext.data = {1, 2, 3, 4, 5};
  e.raw.bytes = "\x93\x01\xa1x\xc0";   // [1, "x", nil]
  e.raw_view.bytes = "\x81\xa1k\xc3";  // {"k": true}
  e.maybe_amount = *msgpack_gen::Decimal::parse("0.001");
  e.iproto.code = 0x8000;
  e.iproto.sync = 77;
  e.iproto.error = "boom";
  e.iproto.negative = -9;
  return e;
}

// Every field of the newer type families set.
inline Modern full_modern() {
  Modern m;
  m.created = -5;
  m.version = 2;
  m.color_name = Color::green;
  m.strict = {7, "seven"};
  m.boxed = {"boxed", 3};
  m.boxed_point = {{1.5, 2.5f, 3}, 4};
  m.deque = {-1, 300};
  m.list = {"a", "bb"};
  m.set = {3, 1, 2};
  m.multiset = {"x", "x", "y"};
  m.pair = {"half", 0.5};
  m.tuple = {-8, "t", {0.25, 0.5f, 1}};
  m.variant = std::string("alternative");
  m.at = std::chrono::system_clock::time_point(std::chrono::nanoseconds(1700000000123456789));
  m.at_seconds = std::chrono::time_point<std::chrono::system_clock, std::chrono::seconds>(
      std::chrono::seconds(-86400));
  m.timeout = std::chrono::milliseconds(1500);
  m.seconds = std::chrono::duration<double>(0.125);
  m.stamp = {1 << 30, 999999999};
  m.shared = std::make_shared<Point>(Point{9, 8, 7});
  m.maybe_variant = std::variant<std::string, Tree>(Tree{1, {Tree{2, {}}}});
  return m;
}

inline Chain chain(int length) {
  Chain head;
  Chain* last = &head;
  for (int i = 1; i < length; ++i) {
    last->next = std::make_unique<Chain>();
    last->next->value = i;
    last = last->next.get();
  }
  return head;
}

// A value with NaN and infinities, which must decode as they are.
inline Everything non_finite_everything() {
  Everything e;
  e.f32 = std::numeric_limits<float>::quiet_NaN();
  e.f64 = -std::numeric_limits<double>::infinity();
  e.point = {std::numeric_limits<double>::infinity(), -std::numeric_limits<float>::infinity(), 0};
  return e;
}

// A tree `depth` levels deep, each level with one leaf beside the branch that goes deeper.
inline Tree deep_tree(int depth) {
  Tree root;
  root.value = depth;
  if (depth > 1) {
    root.children.push_back(Tree{-depth, {}});
    root.children.push_back(deep_tree(depth - 1));
  }
  return root;
}

// The suites handle messages as std::string.
template <class T>
std::string encode(const T& value) {
  return test_support::encode<std::string>(value);
}

}  // namespace hostile
