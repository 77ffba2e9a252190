// libFuzzer target over the stream decoder (stream.hpp): the input's first byte picks how the
// rest is cut into pieces (their sizes, feed() or prepare()/commit()); the rest is a stream of
// hostile::Everything messages. Whatever the bytes and the cuts, the stream must take out the
// values, and stop at the error, that decoding the whole input at once gives: each value decoded
// where it starts, and next_value_size() of a value the input ends in.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <msgpack_gen/framing.hpp>
#include <msgpack_gen/stream.hpp>

#include "../support/bytes.hpp"
#include "everything.msgpack.hpp"

namespace {

// What came out of the stream: each value's encoding, then how it ended.
struct Outcome {
  std::vector<std::string> values;
  msgpack_gen::ErrorCode end = msgpack_gen::ErrorCode::ok;  // incomplete: waiting at the end
  std::size_t end_offset = 0;
  // The input ends in an error (a malformed value, one over max_value_size): the stream may
  // report it, equal to this one, or still be waiting for that value at the end of the input.
  // It reads a value cut short again only once the bytes that the headers it has read announce
  // have arrived, not for every piece, so an error inside a value that has not arrived that far
  // is reported later, with the bytes that follow on a live stream.
  bool may_wait = false;
};

[[noreturn]] void die(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_stream: %s: %s\n", what, detail.c_str());
  std::abort();
}

Outcome whole(const std::uint8_t* data, std::size_t size) {
  Outcome out;
  std::size_t at = 0;
  for (;;) {
    // Decoded where it is, as next() does; framing says what a value cut by the end lacks.
    hostile::Everything value;
    msgpack_gen::Reader reader(data + at, size - at);
    if (msgpack_gen::codec<hostile::Everything>::decode(reader, value)) {
      out.values.push_back(test_support::encode<std::string>(value));
      at += reader.offset();
      continue;
    }
    if (reader.status().code() != msgpack_gen::ErrorCode::incomplete) {
      out.end = reader.status().code();
      out.end_offset = at + reader.status().offset();
      out.may_wait = true;
      return out;
    }
    const msgpack_gen::ValueSize found = msgpack_gen::next_value_size(data + at, size - at);
    if (found.complete()) die("the decoder ran out inside a value framing finds whole", "");
    out.end = found.status.code();
    out.end_offset = found.incomplete() ? size : at + found.status.offset();
    // A value whose header announces more than StreamOptions::max_value_size: the stream's
    // limit, at the value's start, as soon as the header has arrived.
    if (found.incomplete() &&
        size - at + found.more > msgpack_gen::StreamOptions{}.max_value_size) {
      out.end = msgpack_gen::ErrorCode::limit_exceeded;
      out.end_offset = at;
      out.may_wait = true;
    }
    return out;
  }
}

Outcome in_pieces(std::uint8_t how, const std::uint8_t* data, std::size_t size) {
  Outcome out;
  msgpack_gen::StreamDecoder stream;
  std::uint32_t state = 0x9e3779b9u ^ how;
  const std::size_t largest = std::size_t{1} << (how % 12);
  const bool prepare = (how & 0x80) != 0;
  std::size_t fed = 0;
  std::vector<std::vector<std::uint8_t>> pieces;  // fed bytes stay valid until the next feed()
  for (;;) {
    hostile::Everything value;
    const msgpack_gen::Status status = stream.next(value);
    if (status.ok()) {
      out.values.push_back(test_support::encode<std::string>(value));
      continue;
    }
    if (!msgpack_gen::StreamDecoder::waiting(status) || fed == size) {
      out.end = status.code();
      out.end_offset = status.offset();
      if (status.code() == msgpack_gen::ErrorCode::incomplete &&
          stream.consumed() + stream.pending() != size) {
        die("waiting at the end without every byte pending", status.message());
      }
      return out;
    }
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    std::size_t n = 1 + state % largest;
    if (n > size - fed) n = size - fed;
    if (prepare) {
      std::memcpy(stream.prepare(n), data + fed, n);
      stream.commit(n);
    } else {
      pieces.emplace_back(data + fed, data + fed + n);
      stream.feed(pieces.back().data(), n);
    }
    fed += n;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Outcome expected = whole(data + 1, size - 1);
  const Outcome found = in_pieces(data[0], data + 1, size - 1);
  if (found.values.size() != expected.values.size()) {
    die("another number of values", std::to_string(found.values.size()) + " instead of " +
                                        std::to_string(expected.values.size()));
  }
  for (std::size_t i = 0; i < found.values.size(); ++i) {
    if (found.values[i] != expected.values[i]) die("another value", std::to_string(i));
  }
  const bool waited = expected.may_wait && found.end == msgpack_gen::ErrorCode::incomplete &&
                      found.end_offset == size - 1;
  if ((found.end != expected.end || found.end_offset != expected.end_offset) && !waited) {
    die("another end", std::to_string(static_cast<int>(found.end)) + " at " +
                           std::to_string(found.end_offset) + " instead of " +
                           std::to_string(static_cast<int>(expected.end)) + " at " +
                           std::to_string(expected.end_offset));
  }
  return 0;
}
