// Generated structs with variant, chrono, smart pointers, sets, sequences, pairs and tuples.
#include <catch2/catch.hpp>

#include <msgpack.hpp>

#include "modern.msgpack.hpp"
#include "test_support.hpp"

using msgpack_gen::Buffer;
using msgpack_gen::Status;
using test_support::decode_into;

namespace {

// The same wire shape with msgpack-c's adaptors (no variant or chrono: compared separately).
struct PeerSequences {
  std::set<std::string> tags;
  std::deque<double> samples;
  std::list<std::string> log;
  std::pair<std::string, int32_t> entry;
  std::tuple<bool, uint8_t, std::string> triple;
  MSGPACK_DEFINE_MAP(tags, samples, log, entry, triple);
};

}  // namespace

TEST_CASE("a recursive list through unique_ptr round trips", "[modern]") {
  modern::Node head{"n0", nullptr};
  modern::Node* tail = &head;
  for (int i = 1; i < 20; ++i) {
    tail->next = std::make_unique<modern::Node>(modern::Node{"n" + std::to_string(i), nullptr});
    tail = tail->next.get();
  }
  modern::Node back;
  decode_into(test_support::ours(head), back);
  int count = 0;
  for (const modern::Node* n = &back; n != nullptr; n = n->next.get()) {
    CHECK(n->label == "n" + std::to_string(count));
    ++count;
  }
  CHECK(count == 20);
}

TEST_CASE("variant, chrono, pointers, sets, sequences, pairs and tuples round trip", "[modern]") {
  modern::Shapes shapes;
  shapes.value = std::string("text");
  shapes.at = std::chrono::system_clock::time_point(std::chrono::nanoseconds(1700000000123456789));
  shapes.timeout = std::chrono::milliseconds(2500);
  shapes.shared = std::make_shared<std::string>("shared");
  shapes.tags = {"b", "a"};
  shapes.ids = {7};
  shapes.samples = {0.5, 1.25};
  shapes.log = {"x", "y"};
  shapes.entry = {"k", -3};
  shapes.triple = {true, 200, "t"};

  modern::Shapes back;
  decode_into(test_support::ours(shapes), back);
  CHECK(std::get<std::string>(back.value) == "text");
  CHECK(back.at == shapes.at);
  CHECK(back.timeout == shapes.timeout);
  REQUIRE(back.shared);
  CHECK(*back.shared == "shared");
  CHECK(back.tags == shapes.tags);
  CHECK(back.ids == shapes.ids);
  CHECK(back.samples == shapes.samples);
  CHECK(back.log == shapes.log);
  CHECK(back.entry == shapes.entry);
  CHECK(back.triple == shapes.triple);

  shapes.value = int64_t{-5};
  shapes.shared.reset();  // omitempty: a null pointer is left out
  decode_into(test_support::ours(shapes), back);
  CHECK(std::get<int64_t>(back.value) == -5);
  CHECK(test_support::ours(shapes).find("shared") == std::string::npos);
}

TEST_CASE("sets, sequences, pairs and tuples are byte-equal to msgpack-c", "[modern][msgpack-c]") {
  PeerSequences peer{{"a", "b"}, {0.5}, {"l"}, {"k", 9}, {false, 1, "z"}};
  msgpack::sbuffer theirs;
  msgpack::pack(theirs, peer);
  // Our struct has more fields; compare the encodings of each field instead.
  modern::Shapes ours;
  ours.tags = peer.tags;
  ours.samples = peer.samples;
  ours.log = peer.log;
  ours.entry = peer.entry;
  ours.triple = peer.triple;
  auto field_bytes = [](const auto& value) {
    msgpack::sbuffer b;
    msgpack::pack(b, value);
    return std::string(b.data(), b.size());
  };
  CHECK(test_support::ours(ours.tags) == field_bytes(peer.tags));
  CHECK(test_support::ours(ours.samples) == field_bytes(peer.samples));
  CHECK(test_support::ours(ours.log) == field_bytes(peer.log));
  CHECK(test_support::ours(ours.entry) == field_bytes(peer.entry));
  CHECK(test_support::ours(ours.triple) == field_bytes(peer.triple));
}
