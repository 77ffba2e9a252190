// Messages on a stream in the two framings found on the wire, read with
// msgpack_gen::StreamDecoder:
//  - no prefix: each message follows the last, nothing between them (rpclib, msgpack-rpc);
//  - a uint32 prefix: each message is preceded by its size as a msgpack uint32 (0xce and 4 bytes,
//    big-endian), as Tarantool's IPROTO frames its packets.
// Shared by the socket example (main.cpp) and its test (tests/socket).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <msgpack_gen/marshal.hpp>
#include <msgpack_gen/stream.hpp>

namespace prefixed_frames {

enum class Framing { no_prefix, uint32_prefix };

// Appends value to out as one message.
template <class T>
void put_message(msgpack_gen::Buffer& out, const T& value, Framing framing) {
  if (framing == Framing::no_prefix) {
    msgpack_gen::marshal(out, value);
    return;
  }
  const std::size_t start = out.size();
  const std::uint8_t prefix[5] = {0xce, 0, 0, 0, 0};  // uint32, its value written below
  out.append(prefix, sizeof prefix);
  msgpack_gen::marshal(out, value);
  const auto size = static_cast<std::uint32_t>(out.size() - start - sizeof prefix);
  for (int i = 0; i < 4; ++i) {
    out.data()[start + 1 + static_cast<std::size_t>(i)] =
        static_cast<std::uint8_t>(size >> (24 - 8 * i));
  }
}

// A reader's place in a prefixed stream: the size a prefix announced, once the prefix is read
// and until the message it announces has arrived whole, and where that prefix starts.
struct Frame {
  std::optional<std::uint32_t> announced;
  std::uint64_t start = 0;  // the stream offset of the prefix
};

// An error of a message that starts `start` bytes into the stream, its offset made the stream's.
inline msgpack_gen::Status at_stream_offset(const msgpack_gen::Status& status,
                                            std::uint64_t start) {
  return msgpack_gen::Status(status.code(), static_cast<std::size_t>(start) + status.offset(),
                             status.detail(), status.path());
}

// Takes the next message out of the stream: ok with value decoded, ErrorCode::incomplete (read
// more bytes, then call again) or an error (close the connection), at its offset in the stream.
template <class T>
msgpack_gen::Status next_message(msgpack_gen::StreamDecoder& stream, Framing framing, Frame& frame,
                                 T& value) {
  using msgpack_gen::Status;
  if (framing == Framing::no_prefix) return stream.next(value);
  std::string_view bytes;
  if (!frame.announced) {
    // The prefix is a msgpack value of its own: next_raw() takes it out whole, or says it is cut.
    if (Status status = stream.next_raw(bytes); !status) return status;
    frame.start = stream.consumed() - bytes.size();
    std::uint32_t size = 0;
    if (Status status = msgpack_gen::unmarshal(bytes.data(), bytes.size(), size); !status) {
      return at_stream_offset(status, frame.start);
    }
    frame.announced = size;
  }
  if (Status status = stream.next_raw(bytes); !status) return status;  // the message itself
  const std::uint64_t start = stream.consumed() - bytes.size();
  const std::uint32_t announced = *frame.announced;
  frame.announced.reset();
  if (bytes.size() != announced) {
    return Status(msgpack_gen::ErrorCode::invalid_value, static_cast<std::size_t>(start),
                  "a message of " + std::to_string(announced) +
                      " bytes as its prefix says, found one of " + std::to_string(bytes.size()),
                  "");
  }
  if (Status status = msgpack_gen::unmarshal(bytes.data(), bytes.size(), value); !status) {
    return at_stream_offset(status, start);
  }
  return Status();
}

}  // namespace prefixed_frames
