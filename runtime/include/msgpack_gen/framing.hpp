// Framing: where the next msgpack value in a run of bytes ends, without decoding it. For readers
// of sockets and pipes, where a message may arrive in pieces (stream.hpp builds on this).
#pragma once

#include <cstddef>
#include <cstdint>

#include "msgpack_gen/reader.hpp"
#include "msgpack_gen/status.hpp"

namespace msgpack_gen {

// What next_value_size() found at the start of the bytes: one of
// - complete(): the first `size` bytes are one whole msgpack value;
// - incomplete(): the bytes end inside the value, which needs at least `more` more bytes (a
//   lower bound: reading that many is never too much, the value may need more after them);
//   status.code() is ErrorCode::incomplete;
// - an error: the bytes cannot start a valid value whatever follows (invalid marker, nesting
//   beyond ReaderOptions::max_depth, a length or count over a ReaderOptions limit); `status`
//   says what and where.
struct ValueSize {
  Status status;
  std::size_t size = 0;
  std::uint64_t more = 0;

  bool complete() const noexcept { return status.ok(); }
  bool incomplete() const noexcept { return status.code() == ErrorCode::incomplete; }
};

// Measures the msgpack value at the start of [data, data + size) in one pass over its bytes,
// iteratively (hostile nesting cannot overflow the stack) and without allocating: the walk that
// Reader::skip() does, with the same limits and depth. Whether a str is valid UTF-8, an ext
// payload is a valid timestamp, or the value fits a type is for the decoder to say.
inline ValueSize next_value_size(const void* data, std::size_t size,
                                 const ReaderOptions& options = {}) {
  Reader reader(data, size, options);
  ValueSize result;
  if (reader.skip()) {
    result.size = reader.offset();
    return result;
  }
  result.status = reader.status();
  result.more = reader.more_needed();
  return result;
}

}  // namespace msgpack_gen
