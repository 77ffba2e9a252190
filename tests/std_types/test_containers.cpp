// deque, list, set, multiset, unordered_set (sequences.hpp), pair and tuple (tuples.hpp),
// unique_ptr and shared_ptr (pointers.hpp): the bytes msgpack-c writes, round trips, decoding
// into values that already hold something, and errors.
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <unordered_set>
#include <utility>
#include <vector>

#include "support.hpp"

using namespace std_types_test;

namespace {

template <class Container>
Container random_ints(std::size_t n) {
  Container values;
  for (std::size_t i = 0; i < n; ++i) values.insert(values.end(), random_wide_int());
  return values;
}

template <class Container>
Container random_texts(std::size_t n) {
  Container values;
  for (std::size_t i = 0; i < n; ++i) values.insert(values.end(), random_text());
  return values;
}

// The same checks for every container type: msgpack-c's bytes, a round trip, every prefix fails.
template <class Container>
void check_container(const Container& value) {
  INFO("size " << value.size());
  const Hex bytes = ours(value);
  CHECK(bytes == theirs(value));
  CHECK(round_trip(value) == value);
  check_every_prefix_fails<Container>(bytes.bytes);
}

}  // namespace

TEST_CASE("sequences and sets pack as msgpack-c packs them, and round trip", "[sequences]") {
  for (std::size_t n : {0u, 1u, 2u, 15u, 16u, 300u}) {
    check_container(random_ints<std::deque<std::int64_t>>(n));
    check_container(random_texts<std::list<std::string>>(n));
    check_container(random_ints<std::set<std::int64_t>>(n));
    check_container(random_texts<std::set<std::string>>(n));
    check_container(random_ints<std::unordered_set<std::int64_t>>(n));
    check_container(random_texts<std::unordered_set<std::string>>(n));
  }
  // Repeated values, which only the multi- containers keep.
  std::multiset<std::int64_t> repeated;
  std::unordered_multiset<std::string> repeated_text;
  for (int i = 0; i < 40; ++i) {
    repeated.insert(random_int(-3, 3));
    repeated_text.insert(std::string(1, static_cast<char>(random_int('a', 'c'))));
  }
  check_container(repeated);
  check_container(repeated_text);
}

TEST_CASE("a one-element unordered_set has a single possible byte sequence", "[sequences]") {
  const std::unordered_set<std::string> one{"tarantool"};
  CHECK(ours(one) == hex({0x91, 0xa9, 't', 'a', 'r', 'a', 'n', 't', 'o', 'o', 'l'}));
  CHECK(ours(one) == theirs(one));
}

TEST_CASE("a deque or list of bytes is an array, not a bin (only vector is a bin)", "[sequences]") {
  const std::deque<std::uint8_t> bytes{1, 0xff};
  const std::list<char> chars{'a'};
  CHECK(ours(bytes) == hex({0x92, 0x01, 0xcc, 0xff}));
  CHECK(ours(bytes) == theirs(bytes));
  CHECK(ours(chars) == hex({0x91, 0x61}));
  CHECK(ours(chars) == theirs(chars));
  CHECK(round_trip(bytes) == bytes);
  CHECK(round_trip(chars) == chars);
}

TEST_CASE("nested sequences round trip and match msgpack-c", "[sequences]") {
  std::deque<std::vector<std::int64_t>> grid;
  std::list<std::set<std::string>> groups;
  for (int i = 0; i < 20; ++i) {
    grid.push_back(random_ints<std::vector<std::int64_t>>(static_cast<std::size_t>(i)));
    groups.push_back(random_texts<std::set<std::string>>(static_cast<std::size_t>(i % 4)));
  }
  check_container(grid);
  check_container(groups);
  const std::map<std::string, std::deque<bool>> flags{{"a", {true, false}}, {"b", {}}};
  CHECK(ours(flags) == theirs(flags));
  CHECK(round_trip(flags) == flags);
}

TEST_CASE("decoding a deque or list reuses the elements it already has", "[sequences]") {
  std::list<std::string> names{"first", "second", "third"};
  const std::string* first = &names.front();
  REQUIRE(decode(ours(std::list<std::string>{"x", "y"}).bytes, names).ok());
  CHECK(names == std::list<std::string>{"x", "y"});
  CHECK(&names.front() == first);  // the node was decoded into, not replaced

  std::deque<std::vector<int>> rows{{1, 2, 3}};
  rows.front().reserve(100);
  const int* storage = rows.front().data();
  REQUIRE(decode(ours(std::deque<std::vector<int>>{{7}, {8, 9}}).bytes, rows).ok());
  CHECK(rows == std::deque<std::vector<int>>{{7}, {8, 9}});
  CHECK(rows.front().data() == storage);  // the inner vector kept its buffer
}

TEST_CASE("decoding a set replaces its contents, and repeated input values collapse",
          "[sequences]") {
  const Bytes with_repeats = {0x94, 0x02, 0x01, 0x02, 0x02};  // [2, 1, 2, 2]
  std::set<int> set{7, 8, 9};
  REQUIRE(decode(with_repeats, set).ok());
  CHECK(set == std::set<int>{1, 2});

  std::unordered_set<int> hashed{7};
  REQUIRE(decode(with_repeats, hashed).ok());
  CHECK(hashed == std::unordered_set<int>{1, 2});

  std::multiset<int> multi{7};
  REQUIRE(decode(with_repeats, multi).ok());
  CHECK(multi == std::multiset<int>{1, 2, 2, 2});

  std::unordered_multiset<int> hashed_multi;
  REQUIRE(decode(with_repeats, hashed_multi).ok());
  CHECK(hashed_multi == std::unordered_multiset<int>{2, 1, 2, 2});
}

TEST_CASE("sequence and set errors name the element and leave no half-read state behind",
          "[sequences]") {
  const Bytes third_is_text = {0x93, 0x01, 0x02, 0xa1, 'x'};  // [1, 2, "x"]
  std::deque<int> deque;
  Status status = decode(third_is_text, deque);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[2]");
  CHECK(status.offset() == 3);

  std::set<int> set;
  status = decode(third_is_text, set);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[2]");

  // A count the input cannot hold is refused before anything is allocated.
  const Bytes lying = {0xdd, 0xff, 0xff, 0xff, 0xff, 0x01};
  std::list<int> list;
  status = decode(lying, list);
  CHECK(status.code() == ErrorCode::incomplete);
  CHECK(list.empty());
  std::unordered_set<int> hashed;
  CHECK(decode(lying, hashed).code() == ErrorCode::incomplete);

  CHECK(decode(Bytes{0x81, 0x01, 0x02}, list).code() == ErrorCode::type_mismatch);
}

TEST_CASE("nested sequences count against the reader's depth limit", "[sequences]") {
  using Nested = std::list<std::deque<std::set<int>>>;
  const Bytes bytes = ours(Nested{{{1}}}).bytes;  // three levels
  Nested decoded;
  CHECK(decode(bytes, decoded, ReaderOptions{3}).ok());
  const Status status = decode(bytes, decoded, ReaderOptions{2});
  CHECK(status.code() == ErrorCode::too_deep);
  CHECK(status.path() == "[0][0]");
}

// --- pair and tuple ----------------------------------------------------------------------------

TEST_CASE("pair and tuple pack as msgpack-c packs them", "[tuples]") {
  const std::pair<std::string, std::int64_t> pair{"id", -70000};
  CHECK(ours(pair) == hex({0x92, 0xa2, 'i', 'd', 0xd2, 0xff, 0xfe, 0xee, 0x90}));
  CHECK(ours(pair) == theirs(pair));

  for (int i = 0; i < 200; ++i) {
    const std::tuple<std::int64_t, std::string, bool, double, std::vector<std::uint32_t>> tuple{
        random_wide_int(),
        random_text(),
        random_int(0, 1) == 1,
        // Non-integral (the next test shows why): small enough that the .25 survives.
        static_cast<double>(random_int(-1000000000, 1000000000)) + 0.25,
        {static_cast<std::uint32_t>(random_int(0, 0xffffffff))}};
    INFO(i);
    CHECK(ours(tuple) == theirs(tuple));
    CHECK(round_trip(tuple) == tuple);
  }

  const std::tuple<> empty;
  CHECK(ours(empty) == hex({0x90}));
  CHECK(ours(empty) == theirs(empty));
  CHECK(round_trip(empty) == empty);

  const std::vector<std::pair<int, std::tuple<float, std::set<int>>>> nested{{1, {0.5f, {3, 1}}},
                                                                             {-2, {-1.25f, {}}}};
  CHECK(ours(nested) == theirs(nested));
  CHECK(round_trip(nested) == nested);
}

TEST_CASE("a float with an integral value: msgpack-c writes an int, msgpack-gen a float",
          "[tuples]") {
  // The one known difference from msgpack-c (it shortens integral floats); both decode the same.
  const std::tuple<double> whole{3.0};
  CHECK(ours(whole) == hex({0x91, 0xcb, 0x40, 0x08, 0, 0, 0, 0, 0, 0}));
  CHECK(theirs(whole) == hex({0x91, 0x03}));
  std::tuple<double> decoded{0.0};
  REQUIRE(decode(theirs(whole).bytes, decoded).ok());
  CHECK(decoded == whole);
}

TEST_CASE("pair and tuple need exactly their number of elements", "[tuples]") {
  std::pair<int, int> pair{5, 6};
  Status status = decode(Bytes{0x93, 0x01, 0x02, 0x03}, pair);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.detail() == "expected an array of 2 elements, found 3");
  status = decode(Bytes{0x91, 0x01}, pair);
  CHECK(status.code() == ErrorCode::invalid_value);
  CHECK(status.detail() == "expected an array of 2 elements, found 1");
  CHECK(pair == std::pair<int, int>{5, 6});  // nothing was decoded

  std::tuple<> empty;
  CHECK(decode(Bytes{0x91, 0x01}, empty).code() == ErrorCode::invalid_value);
  CHECK(decode(Bytes{0x80}, empty).code() == ErrorCode::type_mismatch);

  std::tuple<int, std::string, int> triple;
  status = decode(Bytes{0x93, 0x01, 0x02, 0x03}, triple);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.path() == "[1]");
  CHECK(status.offset() == 2);
}

TEST_CASE("every prefix of a pair or tuple fails", "[tuples]") {
  using Value = std::tuple<std::string, std::pair<std::int64_t, double>, std::deque<int>>;
  const Value value{"name", {-1234567890123, 2.5}, {1, 2, 300}};
  check_every_prefix_fails<Value>(ours(value).bytes);
  const Bytes bytes = ours(value).bytes;
  Value decoded;
  REQUIRE(decode(bytes, decoded).ok());
  CHECK(decoded == value);
}

// --- unique_ptr and shared_ptr -----------------------------------------------------------------

// A recursive DTO with a hand-written codec shaped like generated code: a map of its fields,
// entering a nesting level.
struct Node {
  std::int64_t value = 0;
  std::unique_ptr<Node> next;
  MSGPACK_DEFINE_MAP(value, next)  // so msgpack-c can pack the same list
};

namespace msgpack_gen {
template <>
struct codec<Node> {
  static void encode(Writer& out, const Node& node) {
    out.map_header(2);
    out.str("value");
    write_value(out, node.value);
    out.str("next");
    write_value(out, node.next);
  }
  static bool decode(Reader& in, Node& node) {
    std::uint32_t n = 0;
    if (!in.read_map_header(n)) return false;
    if (!in.enter()) return false;
    for (std::uint32_t i = 0; i < n; ++i) {
      std::string_view key;
      if (!in.read_str(key)) return false;
      if (key == "value") {
        if (!read_value(in, node.value)) return in.in_field("value");
      } else if (key == "next") {
        if (!read_value(in, node.next)) return in.in_field("next");
      } else if (!in.skip()) {
        return false;
      }
    }
    in.leave();
    return true;
  }
};
}  // namespace msgpack_gen

namespace {

std::unique_ptr<Node> make_list(int length) {
  std::unique_ptr<Node> head;
  for (int i = length; i > 0; --i) {
    auto node = std::make_unique<Node>();
    node->value = random_wide_int();
    node->next = std::move(head);
    head = std::move(node);
  }
  return head;
}

bool same_list(const Node* a, const Node* b) {
  for (; a != nullptr && b != nullptr; a = a->next.get(), b = b->next.get()) {
    if (a->value != b->value) return false;
  }
  return a == nullptr && b == nullptr;
}

int length(const Node* node) {
  int n = 0;
  for (; node != nullptr; node = node->next.get()) ++n;
  return n;
}

}  // namespace

TEST_CASE("pointers: nil when null, else the pointee, as msgpack-c packs them", "[pointers]") {
  const std::unique_ptr<int> null_unique;
  const std::shared_ptr<std::string> null_shared;
  CHECK(ours(null_unique) == hex({0xc0}));
  CHECK(ours(null_unique) == theirs(null_unique));
  CHECK(ours(null_shared) == hex({0xc0}));
  CHECK(ours(null_shared) == theirs(null_shared));

  const auto unique = std::make_unique<int>(-5);
  const auto shared = std::make_shared<std::string>("ok");
  CHECK(ours(unique) == hex({0xfb}));
  CHECK(ours(unique) == theirs(unique));
  CHECK(ours(shared) == hex({0xa2, 'o', 'k'}));
  CHECK(ours(shared) == theirs(shared));

  const std::vector<std::shared_ptr<std::int64_t>> mixed{nullptr, std::make_shared<std::int64_t>(1),
                                                         nullptr};
  CHECK(ours(mixed) == hex({0x93, 0xc0, 0x01, 0xc0}));
  CHECK(ours(mixed) == theirs(mixed));
}

TEST_CASE("decoding a pointer: nil resets, a value is created or decoded in place", "[pointers]") {
  auto value = std::make_unique<std::string>("old");
  REQUIRE(decode(Bytes{0xc0}, value).ok());
  CHECK(value == nullptr);

  REQUIRE(decode(Bytes{0xa3, 'n', 'e', 'w'}, value).ok());
  REQUIRE(value != nullptr);
  CHECK(*value == "new");

  const std::string* pointee = value.get();
  REQUIRE(decode(Bytes{0xa2, 'h', 'i'}, value).ok());
  CHECK(value.get() == pointee);  // decoded into, not replaced
  CHECK(*value == "hi");

  // A shared pointee is decoded in place: every owner sees the new value.
  auto shared = std::make_shared<int>(1);
  const std::shared_ptr<int> other_owner = shared;
  REQUIRE(decode(Bytes{0x2a}, shared).ok());
  CHECK(*other_owner == 42);

  std::shared_ptr<int> empty;
  REQUIRE(decode(Bytes{0x07}, empty).ok());
  REQUIRE(empty != nullptr);
  CHECK(*empty == 7);

  const Status status = decode(Bytes{0xa1, 'x'}, empty);
  CHECK(status.code() == ErrorCode::type_mismatch);
}

TEST_CASE("a recursive list of 50 nodes round trips and matches msgpack-c", "[pointers]") {
  const std::unique_ptr<Node> list = make_list(50);
  const Hex bytes = ours(list);
  CHECK(bytes == theirs(list));

  std::unique_ptr<Node> decoded;
  REQUIRE(decode(bytes.bytes, decoded).ok());
  CHECK(length(decoded.get()) == 50);
  CHECK(same_list(decoded.get(), list.get()));

  // Decoding a shorter list into a longer one cuts it at the nil.
  const std::unique_ptr<Node> shorter = make_list(3);
  REQUIRE(decode(ours(shorter).bytes, decoded).ok());
  CHECK(length(decoded.get()) == 3);
  CHECK(same_list(decoded.get(), shorter.get()));

  // msgpack-c reads ours back.
  const msgpack::object_handle handle =
      msgpack::unpack(reinterpret_cast<const char*>(bytes.bytes.data()), bytes.bytes.size());
  const auto from_msgpack_c = handle.get().as<std::unique_ptr<Node>>();
  CHECK(same_list(from_msgpack_c.get(), list.get()));
}

TEST_CASE("a recursive list deeper than the reader's limit fails with the path to the node",
          "[pointers]") {
  const std::unique_ptr<Node> list = make_list(70);
  const Bytes bytes = ours(list).bytes;
  std::unique_ptr<Node> decoded;
  CHECK(decode(bytes, decoded, ReaderOptions{70}).ok());
  const Status status = decode(bytes, decoded);  // 64 levels by default
  CHECK(status.code() == ErrorCode::too_deep);
  std::string path;
  for (int i = 0; i < 64; ++i) path += i == 0 ? "next" : ".next";
  CHECK(status.path() == path);
}

TEST_CASE("every prefix of a pointer's encoding fails", "[pointers]") {
  check_every_prefix_fails<std::unique_ptr<Node>>(ours(make_list(5)).bytes);
  check_every_prefix_fails<std::shared_ptr<std::string>>(
      ours(std::make_shared<std::string>("text")).bytes);
}

TEST_CASE("omitempty: pointers are empty when null", "[pointers]") {
  CHECK(msgpack_gen::is_empty(std::unique_ptr<int>()));
  CHECK_FALSE(msgpack_gen::is_empty(std::make_unique<int>(0)));
  CHECK(msgpack_gen::is_empty(std::shared_ptr<Node>()));
  CHECK_FALSE(msgpack_gen::is_empty(std::make_shared<Node>()));
  // Containers and tuples keep their own rules: empty() or never.
  CHECK(msgpack_gen::is_empty(std::deque<int>()));
  CHECK_FALSE(msgpack_gen::is_empty(std::pair<int, int>()));
}
