// StreamDecoder: msgpack values out of bytes that arrive in pieces (a socket, a pipe), in any
// split, one byte at a time included. The replacement for msgpack-c's streaming unpacker.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "msgpack_gen/buffer.hpp"
#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/detail/compiler.hpp"
#include "msgpack_gen/framing.hpp"
#include "msgpack_gen/reader.hpp"
#include "msgpack_gen/status.hpp"

namespace msgpack_gen {

struct StreamOptions {
  // The limits each value is read with (depth, lengths, allocation), as for unmarshal().
  ReaderOptions reader;
  // The largest value accepted, in bytes: a value that is or must grow larger is a
  // limit_exceeded error as soon as its header says so. It also bounds the memory the decoder
  // holds for a value that arrives in pieces.
  std::size_t max_value_size = std::size_t{64} << 20;
};

// Feed it bytes as they arrive, take complete values out:
//
//   msgpack_gen::StreamDecoder stream;
//   stream.feed(chunk, n);                      // or: n = recv(fd, stream.prepare(4096), 4096, 0);
//   Request request;                            //     stream.commit(n);
//   msgpack_gen::Status status;
//   while ((status = stream.next(request))) handle(request);
//   if (!stream.waiting(status)) close_connection(status.message());  // malformed: stop reading
//
// next() returns ok with one value decoded, ErrorCode::incomplete when the bytes fed so far end
// inside the next value (feed more; nothing was consumed, the value may hold part of it), or the
// error that makes the rest of the stream unreadable. Errors are sticky: msgpack has no
// resynchronization point, so after a malformed value every later next() returns the same error
// (reset() starts over). A value cut short is read again only once the bytes its headers
// announce have arrived, so an error inside it may be reported with the bytes that follow rather
// than at the piece that brought it.
//
// Zero copy: a value that lies wholly inside one fed chunk is decoded where it is, in one pass
// (next_raw() frames it instead). The decoder copies only the bytes of a value cut by the end of
// a chunk, so it holds at most one value (max_value_size) plus what prepare() asked for.
class StreamDecoder {
 public:
  explicit StreamDecoder(StreamOptions options = {}) : options_(options) {}

  // Makes size more bytes available. They are read in place: they must stay valid and
  // unchanged until the next call of feed(), prepare() or reset(), which copies what is left of
  // them (the start of a value cut by their end).
  void feed(const void* data, std::size_t size) {
    keep_rest_of_chunk();
    compact();
    chunk_ = static_cast<const std::uint8_t*>(data);
    chunk_end_ = chunk_ + size;
  }

  // Room for n bytes to be written straight into the decoder (a socket read), then commit()
  // the number written. The alternative to feed() when the caller has no buffer of its own.
  std::uint8_t* prepare(std::size_t n) {
    keep_rest_of_chunk();
    compact();
    return held_.prepare(n);
  }
  void commit(std::size_t written) noexcept { held_.commit(held_.data() + held_.size() + written); }

  // The next value as its bytes: ok with `bytes` viewing one whole msgpack value, or incomplete,
  // or an error (see the class comment). The view is valid until the next call of any member.
  Status next_raw(std::string_view& bytes) {
    return take(bytes,
                [this](const std::uint8_t* data, std::size_t size) { return measure(data, size); });
  }

  // The next value decoded into value (fields the message leaves out keep their value): ok,
  // incomplete or an error (see the class comment). The value is decoded where its bytes are,
  // without framing it first; when they end before it does, next() returns incomplete and value
  // may hold part of the message, which the next call decodes again, whole, into it.
  template <class T>
  Status next(T& value) {
    static_assert(detail::has_decode<T>::value,
                  "msgpack_gen::StreamDecoder::next: no unmarshaler for this type; was it "
                  "generated with msgpack-gen, and not as marshal-only (Type:+-)?");
    // The common case first, inline: nothing held, the value whole in the chunk. Anything else
    // (a value the chunk cuts, an error, one over max_value_size) goes the general way, which
    // reads the value again from its start.
    if (MSGPACK_GEN_LIKELY(held_begin_ == held_.size() && error_.ok())) {
      Reader reader(chunk_, static_cast<std::size_t>(chunk_end_ - chunk_), options_.reader);
      if (codec<T>::decode(reader, value) && reader.offset() <= options_.max_value_size) {
        chunk_ += reader.offset();
        consumed_ += reader.offset();
        return Status();
      }
    }
    std::string_view bytes;
    return take(bytes, [this, &value](const std::uint8_t* data, std::size_t size) {
      Reader reader(data, size, options_.reader);
      if (codec<T>::decode(reader, value)) {
        ValueSize found;
        found.size = reader.offset();
        if (found.size > options_.max_value_size)
          found.status = over_max_value_size(found.size, "");
        return found;
      }
      if (reader.status().code() != ErrorCode::incomplete) {
        ValueSize found;
        found.status = reader.status();  // in the content: the stream's data is not what we expect
        return found;
      }
      // The bytes end inside the value: framing says how many more it needs at least (or finds
      // what no byte can fix, as the decoder would have further on).
      ValueSize found = measure(data, size);
      if (found.complete()) {  // cannot be, the decoder read to the end: do not loop on it
        found.status = reader.status();
        found.more = 1;
      }
      return found;
    });
  }

  // Whether a status from next() means "feed more bytes" rather than an error.
  static bool waiting(const Status& status) noexcept {
    return status.code() == ErrorCode::incomplete;
  }

  // Bytes fed (or committed) and not yet taken out as values.
  std::size_t pending() const noexcept {
    return held_.size() - held_begin_ + static_cast<std::size_t>(chunk_end_ - chunk_);
  }
  // Bytes taken out as values since the start (or reset()): the stream offset of the next value.
  std::uint64_t consumed() const noexcept { return consumed_; }

  // Forgets the bytes, the error and the offset; keeps the memory.
  void reset() noexcept {
    held_.clear();
    held_begin_ = 0;
    chunk_ = chunk_end_ = nullptr;
    from_chunk_ = 0;
    needed_ = 0;
    consumed_ = 0;
    error_ = Status();
  }

 private:
  // Takes the next value out with read(data, size), which says whether the bytes at data start
  // a whole value (its size), end inside one (how many more it needs at least) or cannot start
  // one: next_value_size() for next_raw(), the decoder for next().
  template <class Read>
  Status take(std::string_view& bytes, Read&& read) {
    if (!error_.ok()) return error_;
    // Only when everything held was taken (nothing to move): feed() and prepare() move the rest.
    if (held_begin_ == held_.size()) compact();
    if (held_begin_ == held_.size()) {
      // Nothing held: the value starts in the chunk, and is read there when it ends there.
      const std::size_t available = static_cast<std::size_t>(chunk_end_ - chunk_);
      const ValueSize found = read(chunk_, available);
      if (found.complete()) {
        bytes = view(chunk_, found.size);
        chunk_ += found.size;
        consumed_ += found.size;
        return Status();
      }
      if (!found.incomplete()) return fail(consumed_, found.status);
      take_from_chunk(available);
      needed_ = available + static_cast<std::size_t>(found.more);  // measure() bounded it
      return incomplete();
    }
    for (;;) {
      const std::size_t held = held_.size() - held_begin_;
      const std::size_t available = static_cast<std::size_t>(chunk_end_ - chunk_);
      if (held + available < needed_) {
        // Not enough for the value yet: reading it again would only find that out again.
        take_from_chunk(available);
        return incomplete();
      }
      // What the value needs at least, and as many bytes again as are held when they are there:
      // a value whose lower bound grows slowly is then read O(log n) times, not once per
      // arriving piece. Bytes past its end stay held for the values after it.
      const std::size_t least = needed_ > held ? needed_ - held : 0;
      std::size_t more = held < available ? held : available;
      if (more > options_.max_value_size) more = options_.max_value_size;
      take_from_chunk(least > more ? least : more);
      const std::size_t size = held_.size() - held_begin_;
      const ValueSize found = read(held_.data() + held_begin_, size);
      if (found.complete()) {
        bytes = view(held_.data() + held_begin_, found.size);
        held_begin_ += found.size;
        consumed_ += found.size;
        needed_ = 0;
        // Bytes taken past the value that are still in the chunk go back to it, so that the
        // values after it are read in place again.
        const std::size_t rest = held_.size() - held_begin_;
        if (rest != 0 && rest <= from_chunk_) {
          chunk_ -= rest;
          from_chunk_ -= rest;
          held_.truncate(held_begin_);
        }
        return Status();
      }
      if (!found.incomplete()) return fail(consumed_, found.status);
      needed_ = size + static_cast<std::size_t>(found.more);  // measure() bounded it
      if (chunk_ == chunk_end_) return incomplete();
    }
  }

  Status over_max_value_size(std::uint64_t size, const char* at_least) const {
    return Status(ErrorCode::limit_exceeded, 0,
                  "a value of at most " + std::to_string(options_.max_value_size) +
                      " bytes (StreamOptions::max_value_size), found one of " + at_least +
                      std::to_string(size),
                  "");
  }

  ValueSize measure(const std::uint8_t* data, std::size_t size) const {
    ValueSize found = next_value_size(data, size, options_.reader);
    if (found.complete() && found.size > options_.max_value_size) {
      found.status = over_max_value_size(found.size, "");
    } else if (found.incomplete() && size + found.more > std::uint64_t{options_.max_value_size}) {
      found.status = over_max_value_size(size + found.more, "at least ");
    }
    return found;
  }

  // Sticky: status, found in the value that starts value_start bytes into the stream.
  Status fail(std::uint64_t value_start, const Status& status) {
    error_ = Status(status.code(), static_cast<std::size_t>(value_start) + status.offset(),
                    status.detail(), status.path());
    return error_;
  }
  Status incomplete() const {
    const std::size_t have = pending();
    return Status(ErrorCode::incomplete, static_cast<std::size_t>(consumed_) + have,
                  "at least " + detail::quantity(needed_ > have ? needed_ - have : 1, "more byte") +
                      " of the value that starts at offset " + std::to_string(consumed_),
                  "");
  }
  static std::string_view view(const std::uint8_t* data, std::size_t size) {
    return std::string_view(reinterpret_cast<const char*>(data), size);
  }

  // Copies n bytes of the chunk to the held value.
  void take_from_chunk(std::size_t n) {
    held_.append(chunk_, n);
    chunk_ += n;
    from_chunk_ += n;
  }
  void keep_rest_of_chunk() {
    if (chunk_ != chunk_end_) take_from_chunk(static_cast<std::size_t>(chunk_end_ - chunk_));
    chunk_ = chunk_end_ = nullptr;
    from_chunk_ = 0;
  }
  // Drops the held bytes already taken out, moving the rest to the front: once per feed() or
  // prepare(), not once per value, which would copy a read's bytes once for each of its values.
  void compact() noexcept {
    if (held_begin_ == held_.size()) {
      held_.clear();
      held_begin_ = 0;
      from_chunk_ = 0;
      return;
    }
    if (held_begin_ == 0) return;
    const std::size_t rest = held_.size() - held_begin_;
    if (rest != 0) std::memmove(held_.data(), held_.data() + held_begin_, rest);
    held_.truncate(rest);
    held_begin_ = 0;
  }

  StreamOptions options_;
  Buffer held_;                 // the start of a value cut by the end of a chunk, or prepare()d
  std::size_t held_begin_ = 0;  // held_ bytes before this were taken out
  const std::uint8_t* chunk_ = nullptr;  // the unread part of the last fed chunk
  const std::uint8_t* chunk_end_ = nullptr;
  std::size_t needed_ = 0;      // the bytes the held value needs at least (a lower bound)
  std::size_t from_chunk_ = 0;  // the last held bytes that are copies of the chunk's
  std::uint64_t consumed_ = 0;
  Status error_;
};

}  // namespace msgpack_gen
