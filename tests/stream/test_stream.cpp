// Framing (next_value_size) and the stream decoder (StreamDecoder) over the generated codecs of
// the hostile-input DTOs: every message measured and every cut of it; streams of messages fed in
// every split, one byte at a time, in random pieces and through prepare()/commit(); the bounds
// on memory, the errors that no further byte can fix, and zero copy.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <msgpack_gen/framing.hpp>
#include <msgpack_gen/stream.hpp>

#include "everything.msgpack.hpp"
#include "samples.hpp"

using msgpack_gen::ErrorCode;
using msgpack_gen::next_value_size;
using msgpack_gen::ReaderOptions;
using msgpack_gen::Status;
using msgpack_gen::StreamDecoder;
using msgpack_gen::StreamOptions;
using msgpack_gen::ValueSize;

namespace {

// One message of the test streams: its bytes, and how to take the next value of its type out of
// a stream (re-encoded, so that values compare as bytes).
struct Message {
  std::string bytes;
  std::string expected;  // unmarshal's value of bytes, encoded again
  std::function<Status(StreamDecoder&, std::string&)> take;
  std::function<Status(const std::string&)> unmarshal;
};

template <class T>
Message message_of(const T& value) {
  Message m;
  m.bytes = hostile::encode(value);
  T reference;
  REQUIRE(msgpack_gen::unmarshal(m.bytes.data(), m.bytes.size(), reference).ok());
  m.expected = hostile::encode(reference);
  m.take = [](StreamDecoder& stream, std::string& reencoded) {
    T decoded;
    const Status status = stream.next(decoded);
    if (status.ok()) reencoded = hostile::encode(decoded);
    return status;
  };
  m.unmarshal = [](const std::string& bytes) {
    T decoded;
    return msgpack_gen::unmarshal(bytes.data(), bytes.size(), decoded);
  };
  return m;
}

// Valid messages of every root type: full, default, deep, long, with NaN and infinities.
const std::vector<Message>& messages() {
  static const std::vector<Message> all = [] {
    std::vector<Message> m;
    m.push_back(message_of(hostile::full_everything()));
    const hostile::Everything everything_defaults;
    m.push_back(message_of(everything_defaults));
    m.push_back(message_of(hostile::non_finite_everything()));
    m.push_back(message_of(hostile::full_modern()));
    const hostile::Modern modern_defaults;
    m.push_back(message_of(modern_defaults));
    m.push_back(message_of(hostile::chain(40)));
    m.push_back(message_of(hostile::deep_tree(20)));
    m.push_back(message_of(hostile::full_everything().ints));
    m.push_back(message_of(hostile::Point{1.5, -2.5f, 7}));
    return m;
  }();
  return all;
}

TEST_CASE("one value fed whole is unmarshal's value", "[stream]") {
  for (const Message& m : messages()) {
    StreamDecoder stream;
    stream.feed(m.bytes.data(), m.bytes.size());
    std::string again;
    REQUIRE(m.take(stream, again).ok());
    CHECK(again == m.expected);
    CHECK(stream.pending() == 0);
  }
}

// Feeds the stream of `order` (indexes into messages()) in pieces whose sizes `piece` picks,
// taking values out after each piece; checks every value and that nothing is left.
void check_stream(const std::vector<std::size_t>& order,
                  const std::function<std::size_t(std::size_t left)>& piece,
                  bool through_prepare = false) {
  std::string all;
  for (std::size_t i : order) all += messages()[i].bytes;
  StreamDecoder stream;
  std::size_t fed = 0, taken = 0;
  std::vector<std::string> pieces;  // fed bytes stay valid until the next feed(): keep them all
  while (taken < order.size()) {
    if (fed < all.size()) {
      const std::size_t n = std::min(piece(all.size() - fed), all.size() - fed);
      if (through_prepare) {
        std::memcpy(stream.prepare(n), all.data() + fed, n);
        stream.commit(n);
      } else {
        pieces.push_back(all.substr(fed, n));
        stream.feed(pieces.back().data(), n);
      }
      fed += n;
    }
    for (;;) {
      std::string value;
      const Status status = messages()[order[taken]].take(stream, value);
      if (StreamDecoder::waiting(status)) {
        INFO("incomplete with " << stream.pending() << " bytes pending, " << fed << " of "
                                << all.size() << " fed: " << status.message());
        REQUIRE(fed < all.size());  // incomplete only while bytes are still to come
        CHECK(status.offset() == stream.consumed() + stream.pending());
        break;
      }
      INFO("value " << taken << ": " << status.message());
      REQUIRE(status.ok());
      CHECK(value == messages()[order[taken]].expected);
      if (++taken == order.size()) break;
    }
  }
  CHECK(stream.pending() == 0);
  CHECK(stream.consumed() == all.size());
}

}  // namespace

TEST_CASE("next_value_size measures every message and bounds what each cut lacks", "[framing]") {
  for (const Message& m : messages()) {
    const std::string& bytes = m.bytes;
    ValueSize whole = next_value_size(bytes.data(), bytes.size());
    REQUIRE(whole.complete());
    CHECK(whole.size == bytes.size());
    const std::string followed = bytes + "\xc0\x93\x01";  // later bytes are not part of it
    whole = next_value_size(followed.data(), followed.size());
    REQUIRE(whole.complete());
    CHECK(whole.size == bytes.size());
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      const ValueSize cut = next_value_size(bytes.data(), n);
      INFO("prefix of " << n << " of " << bytes.size() << ": " << cut.status.message());
      REQUIRE(cut.incomplete());
      CHECK_FALSE(cut.complete());
      CHECK(cut.status.offset() <= n);
      // A lower bound: at least one byte, never more than the value lacks.
      CHECK(cut.more >= 1);
      CHECK(cut.more <= bytes.size() - n);
    }
  }
}

TEST_CASE("next_value_size agrees with unmarshal's framing on mutated messages", "[framing]") {
  // Whatever the bytes, next_value_size is complete exactly when Reader::skip() succeeds, with
  // the same size, and fails with the same code otherwise.
  std::mt19937_64 random(20261201);
  for (const Message& m : messages()) {
    for (int round = 0; round < 300; ++round) {
      std::string bytes = m.bytes;
      const int edits = 1 + static_cast<int>(random() % 3);
      for (int e = 0; e < edits; ++e) {
        bytes[random() % bytes.size()] = static_cast<char>(random());
      }
      bytes.resize(random() % (bytes.size() + 1));
      msgpack_gen::Reader reader(bytes.data(), bytes.size());
      const bool skipped = reader.skip();
      const ValueSize found = next_value_size(bytes.data(), bytes.size());
      INFO("bytes " << test_support::to_hex(bytes.data(), bytes.size(), 64));
      REQUIRE(found.complete() == skipped);
      if (skipped) {
        CHECK(found.size == reader.offset());
      } else {
        CHECK(found.status.code() == reader.status().code());
        CHECK(found.status.offset() == reader.status().offset());
      }
    }
  }
}

TEST_CASE("next_value_size reports errors that no further byte can fix", "[framing]") {
  const std::string invalid = "\x92\x01\xc1";
  CHECK(next_value_size(invalid.data(), invalid.size()).status.code() == ErrorCode::invalid_marker);

  // Nesting deeper than max_depth, even while the input is still cut short.
  ReaderOptions shallow;
  shallow.max_depth = 8;
  const std::string deep(9, '\x91');
  ValueSize found = next_value_size(deep.data(), deep.size(), shallow);
  CHECK(found.status.code() == ErrorCode::too_deep);
  found = next_value_size(deep.data(), 8, shallow);
  CHECK(found.incomplete());

  // A length or count over its limit, when only the header has arrived.
  ReaderOptions limited;
  limited.max_str_length = 100;
  limited.max_array_length = 100;
  limited.max_map_length = 100;
  limited.max_bin_length = 100;
  for (const char* header : {"\xdb\x00\x00\x10\x00", "\xdd\x00\x00\x10\x00", "\xdf\x00\x00\x10\x00",
                             "\xc6\x00\x00\x10\x00", "\xc9\x00\x00\x10\x00\x01"}) {
    const std::string bytes(header, header[0] == '\xc9' ? 6 : 5);
    INFO("header " << test_support::to_hex(bytes.data(), bytes.size(), 8));
    CHECK(next_value_size(bytes.data(), bytes.size(), limited).status.code() ==
          ErrorCode::limit_exceeded);
    // Without the limit the same header is a value still arriving, 4096 entries or bytes long.
    const ValueSize open = next_value_size(bytes.data(), bytes.size());
    CHECK(open.incomplete());
    CHECK(open.more >= 4096);
  }
}

TEST_CASE("next_value_size stays flat on hostile nesting and huge counts", "[framing]") {
  // 1 MB of array headers: too_deep at the default depth, no recursion.
  const std::string nested(1 << 20, '\x91');
  CHECK(next_value_size(nested.data(), nested.size()).status.code() == ErrorCode::too_deep);
  // Four billion elements announced in five bytes: a lower bound, nothing allocated.
  const std::string huge = "\xdd\xff\xff\xff\xff";
  const ValueSize found = next_value_size(huge.data(), huge.size());
  REQUIRE(found.incomplete());
  CHECK(found.more == 0xffffffffull);
}

TEST_CASE("unmarshal reports incomplete wherever a message is cut", "[framing]") {
  for (const Message& m : messages()) {
    for (std::size_t n = 0; n < m.bytes.size(); ++n) {
      const Status status = m.unmarshal(m.bytes.substr(0, n));
      INFO("prefix of " << n << ": " << status.message());
      CHECK(status.code() == ErrorCode::incomplete);
      CHECK(status.offset() <= n);
      // The stream says the same, pointing at where the input ended.
      StreamDecoder stream;
      stream.feed(m.bytes.data(), n);
      std::string value;
      const Status waiting = m.take(stream, value);
      CHECK(waiting.code() == ErrorCode::incomplete);
      CHECK(waiting.offset() == n);
    }
  }
}

TEST_CASE("every message in every two-piece split decodes as unmarshal does", "[stream]") {
  for (std::size_t i = 0; i < messages().size(); ++i) {
    const std::size_t size = messages()[i].bytes.size();
    for (std::size_t split = 0; split <= size; ++split) {
      INFO("message " << i << " split at " << split << " of " << size);
      bool first = true;
      check_stream({i, i}, [&](std::size_t left) {
        if (!first) return left;
        first = false;
        return split;
      });
    }
  }
}

TEST_CASE("a stream of every message fed one byte at a time", "[stream]") {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < messages().size(); ++i) order.push_back(i);
  check_stream(order, [](std::size_t) { return std::size_t{1}; });
  check_stream(
      order, [](std::size_t) { return std::size_t{1}; }, true);
}

TEST_CASE("a long stream in random pieces, fed and written through prepare", "[stream]") {
  std::mt19937_64 random(7);
  for (int round = 0; round < 40; ++round) {
    std::vector<std::size_t> order;
    for (int k = 0; k < 60; ++k) order.push_back(random() % messages().size());
    const std::size_t largest = std::size_t{1} << (random() % 14);
    const auto piece = [&](std::size_t) { return 1 + random() % largest; };
    INFO("round " << round << ", pieces up to " << largest << " bytes");
    check_stream(order, piece, round % 2 == 1);
  }
}

TEST_CASE("a value inside one fed chunk is read in place, one cut by its end is copied",
          "[stream]") {
  const std::string& a = messages()[0].bytes;
  const std::string& b = messages()[3].bytes;
  const std::string one = a + b + a;
  const std::size_t cut = a.size() + b.size() / 2;  // b is cut by the end of the first chunk
  const std::string first = one.substr(0, cut);
  const std::string second = one.substr(cut);
  StreamDecoder stream;
  stream.feed(first.data(), first.size());
  std::string_view value;
  REQUIRE(stream.next_raw(value).ok());
  CHECK(value.data() == first.data());  // in place
  CHECK(value == a);
  CHECK(StreamDecoder::waiting(stream.next_raw(value)));
  stream.feed(second.data(), second.size());
  REQUIRE(stream.next_raw(value).ok());
  CHECK(value == b);
  const bool inside_second =
      value.data() >= second.data() && value.data() < second.data() + second.size();
  CHECK_FALSE(inside_second);  // copied: its start came in the first chunk
  REQUIRE(stream.next_raw(value).ok());
  CHECK(value == a);
  CHECK(value.data() == second.data() + (b.size() - b.size() / 2));  // in place again
  CHECK(StreamDecoder::waiting(stream.next_raw(value)));
  CHECK(stream.pending() == 0);
}

TEST_CASE("max_value_size bounds what is held and fails at the header", "[stream]") {
  StreamOptions options;
  options.max_value_size = 1000;
  StreamDecoder stream(options);
  // A str announcing 100 MB: an error after its five header bytes, nothing buffered for it.
  const std::string header("\xdb\x05\xf5\xe1\x00", 5);
  stream.feed(header.data(), header.size());
  std::string_view value;
  Status status = stream.next_raw(value);
  CHECK(status.code() == ErrorCode::limit_exceeded);
  CHECK_THAT(status.message(), Catch::Contains("StreamOptions::max_value_size"));
  CHECK(stream.next_raw(value).code() == ErrorCode::limit_exceeded);  // sticky

  // Exactly the limit passes, one byte more fails, also when it arrives in pieces.
  for (std::size_t size : {std::size_t{1000}, std::size_t{1001}}) {
    msgpack_gen::Buffer buffer;
    msgpack_gen::Writer(buffer).bin(std::string(size - 3, 'x').data(), size - 3);  // bin16
    REQUIRE(buffer.size() == size);
    for (std::size_t piece : {size, std::size_t{7}, std::size_t{1}}) {
      StreamDecoder pieces(options);
      Status last;
      for (std::size_t at = 0; at < size; at += piece) {
        pieces.feed(buffer.data() + at, std::min(piece, size - at));
        last = pieces.next_raw(value);
        if (!StreamDecoder::waiting(last)) break;
      }
      INFO("size " << size << " in pieces of " << piece << ": " << last.message());
      CHECK(last.code() == (size == 1000 ? ErrorCode::ok : ErrorCode::limit_exceeded));
      CHECK(pieces.pending() <= size);
    }
  }
}

TEST_CASE("next() refuses a value over max_value_size also when it lies whole in a chunk",
          "[stream]") {
  const std::string& bytes = messages()[0].bytes;  // the full Everything, hundreds of bytes
  StreamOptions options;
  options.max_value_size = bytes.size() - 1;
  StreamDecoder stream(options);
  stream.feed(bytes.data(), bytes.size());
  hostile::Everything value;
  const Status status = stream.next(value);
  CHECK(status.code() == ErrorCode::limit_exceeded);
  CHECK(status.offset() == 0);
  options.max_value_size = bytes.size();
  StreamDecoder exact(options);
  exact.feed(bytes.data(), bytes.size());
  CHECK(exact.next(value).ok());
}

TEST_CASE("a malformed value stops the stream at its offset until reset", "[stream]") {
  const std::string& good = messages()[1].bytes;
  const std::string bytes = good + "\xc1" + good;
  StreamDecoder stream;
  stream.feed(bytes.data(), bytes.size());
  hostile::Everything value;
  REQUIRE(stream.next(value).ok());
  Status status = stream.next(value);
  CHECK(status.code() == ErrorCode::invalid_marker);
  CHECK(status.offset() == good.size());
  CHECK(stream.next(value).code() == ErrorCode::invalid_marker);  // msgpack cannot resync

  // Well-formed msgpack of the wrong shape: the decoder's error, at its offset in the stream.
  const std::string wrong = good + "\x81\xa4text\x05";  // {"text": 5}
  stream.reset();
  stream.feed(wrong.data(), wrong.size());
  REQUIRE(stream.next(value).ok());
  status = stream.next(value);
  CHECK(status.code() == ErrorCode::type_mismatch);
  CHECK(status.offset() == good.size() + 6);
  CHECK(status.path() == "text");

  stream.reset();
  stream.feed(good.data(), good.size());
  CHECK(stream.next(value).ok());
  CHECK(stream.consumed() == good.size());
}

TEST_CASE("a value decoded in part while incomplete is decoded whole once the rest arrives",
          "[stream]") {
  // next() decodes in place, so an incomplete value may be written in part; the next call
  // decodes the whole message again into it: the result is unmarshal's, into the same object.
  for (std::size_t i = 0; i < messages().size(); ++i) {
    const Message& m = messages()[i];
    for (std::size_t cut : {std::size_t{1}, m.bytes.size() / 2, m.bytes.size() - 1}) {
      StreamDecoder stream;
      stream.feed(m.bytes.data(), cut);
      std::string value;
      CHECK(StreamDecoder::waiting(m.take(stream, value)));
      CHECK(stream.pending() == cut);
      stream.feed(m.bytes.data() + cut, m.bytes.size() - cut);
      REQUIRE(m.take(stream, value).ok());
      CHECK(value == m.expected);
    }
  }
  // Into one object across the calls, with fields the message leaves out kept.
  const std::string bytes = messages()[0].bytes;
  StreamDecoder stream;
  stream.feed(bytes.data(), bytes.size() - 1);
  hostile::Everything value;
  CHECK(StreamDecoder::waiting(stream.next(value)));
  stream.feed(bytes.data() + bytes.size() - 1, 1);
  REQUIRE(stream.next(value).ok());
  hostile::Everything reference;
  REQUIRE(msgpack_gen::unmarshal(bytes.data(), bytes.size(), reference).ok());
  CHECK(hostile::encode(value) == hostile::encode(reference));
}
