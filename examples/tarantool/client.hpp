// A small IPROTO client for Tarantool over a plain TCP socket, built on the generated DTOs in
// dto/iproto.hpp. It is an example of using msgpack-gen, not a connector: no authentication, no
// reconnects, no schema fetching (spaces are addressed by id), one connection, one thread.
//
// Requests are queued into a pooled buffer (queue_*), sent with flush(), and answered by
// receive(), so any number of requests can be in flight (pipelining). The plain calls (ping(),
// insert(), select(), call()) do all three for one request.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include <msgpack_gen/pool.hpp>

#include "iproto.msgpack.hpp"

namespace tarantool {

// Socket and protocol failures. A server error is not an exception: it is a Response.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Response {
  iproto::ResponseHeader header;
  iproto::ResponseBody body;  // its views point into the client: valid until the next receive

  bool ok() const { return header.code == 0; }
  // Tarantool's errcode (box.error.*), 0 on success.
  uint32_t error_code() const { return header.code & ~iproto::kErrorBit; }

  // Decodes the body's data (an array of tuples or of returned values) into out.
  template <class T>
  msgpack_gen::Status decode_data(T& out) const {
    return msgpack_gen::unmarshal(body.data.bytes.data(), body.data.bytes.size(), out);
  }
};

class Client {
 public:
  explicit Client(msgpack_gen::BufferPool& pool) : pool_(pool), in_(pool.acquire()) {}
  ~Client() { close(); }
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // Connects to an IPv4 address and reads the 128-byte greeting.
  void connect(const std::string& host, uint16_t port) {
    close();
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) throw_errno("socket");
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (::inet_pton(AF_INET, host.c_str(), &address.sin_addr) != 1) {
      throw Error("not an IPv4 address: " + host);
    }
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      throw_errno("connect");
    }
    int one = 1;  // requests are flushed deliberately; do not let Nagle hold them back
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fill(kGreetingSize);  // consumed_ is 0 here
    // Line 1: "Tarantool <version> (Binary) <instance uuid>", padded to 63 bytes and '\n';
    // line 2: the salt for authentication, which this client does not use.
    greeting_.assign(reinterpret_cast<const char*>(in_->data()), 63);
    greeting_.erase(greeting_.find_last_not_of(' ') + 1);
    consumed_ = kGreetingSize;
    if (greeting_.rfind("Tarantool ", 0) != 0) throw Error("not a Tarantool greeting");
  }

  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    in_->clear();
    consumed_ = 0;
  }

  // The first greeting line, e.g. "Tarantool 2.6.0 (Binary) 8a2b...".
  const std::string& greeting() const { return greeting_; }

  // ---- Pipelining: queue requests, flush, then receive one response per request. ----

  // PING's body is an empty map. (Not an empty generated struct: msgpack-gen 0.1.0 leaves the
  // encoder's parameter unused, which -Werror=unused-parameter rejects.)
  uint64_t queue_ping() { return queue(iproto::RequestType::ping, std::map<uint32_t, uint32_t>{}); }

  // INSERT (or REPLACE) of any tuple type msgpack-gen generated a marshaler for.
  template <class Tuple>
  uint64_t queue_insert(uint32_t space_id, const Tuple& tuple,
                        iproto::RequestType type = iproto::RequestType::insert) {
    auto scratch = pool_.acquire();
    msgpack_gen::marshal(*scratch, tuple);
    return queue(type, iproto::TupleBody{space_id, view(*scratch)});
  }

  template <class Key>
  uint64_t queue_select(uint32_t space_id, uint32_t index_id, const Key& key, uint32_t limit,
                        iproto::Iterator iterator = iproto::Iterator::eq, uint32_t offset = 0) {
    auto scratch = pool_.acquire();
    msgpack_gen::marshal(*scratch, key);
    return queue(iproto::RequestType::select,
                 iproto::SelectBody{space_id, index_id, limit, offset, iterator, view(*scratch)});
  }

  // Args: an array of the function's arguments (an as_array DTO, a vector...).
  template <class Args>
  uint64_t queue_call(std::string_view function, const Args& args) {
    auto scratch = pool_.acquire();
    msgpack_gen::marshal(*scratch, args);
    return queue(iproto::RequestType::call, iproto::CallBody{function, view(*scratch)});
  }

  // Sends every queued request. While sending it also reads whatever the server answers, so a
  // long pipeline cannot deadlock with both sides' socket buffers full.
  void flush() {
    if (!out_) return;
    const uint8_t* next = out_->data();
    const uint8_t* end = next + out_->size();
    while (next < end) {
      pollfd events{fd_, POLLIN | POLLOUT, 0};
      if (::poll(&events, 1, kTimeoutMs) <= 0) throw Error("timed out sending");
      if (events.revents & POLLIN) read_some();
      if (events.revents & POLLOUT) {
        ssize_t n = ::send(fd_, next, static_cast<size_t>(end - next), MSG_DONTWAIT);
        if (n < 0 && errno != EAGAIN && errno != EINTR) throw_errno("send");
        if (n > 0) next += n;
      }
    }
    out_.release();  // back to the pool, capacity kept for the next batch
  }

  // The next response, in the order the server sends them (match them by header.sync).
  const Response& receive() {
    fill(5);
    const uint8_t* prefix = in_->data() + consumed_;
    if (prefix[0] != 0xce) throw Error("packet length is not a uint32");
    uint32_t length = msgpack_gen::endian::load<uint32_t>(prefix + 1);
    fill(5 + length);
    const uint8_t* packet = in_->data() + consumed_ + 5;
    consumed_ += 5 + length;
    last_packet_ = std::string_view(reinterpret_cast<const char*>(packet), length);

    response_ = Response{};
    msgpack_gen::Reader reader(packet, length);
    if (!msgpack_gen::read_value(reader, response_.header) ||
        (!reader.at_end() && !msgpack_gen::read_value(reader, response_.body))) {
      throw Error("bad response: " + reader.status().message());
    }
    return response_;
  }

  // The header and body bytes of the last response, for debugging: valid as long as it is.
  std::string_view last_packet() const { return last_packet_; }

  // ---- One request, one response. ----

  const Response& ping() { return wait(queue_ping()); }

  template <class Tuple>
  const Response& insert(uint32_t space_id, const Tuple& tuple) {
    return wait(queue_insert(space_id, tuple));
  }
  template <class Tuple>
  const Response& replace(uint32_t space_id, const Tuple& tuple) {
    return wait(queue_insert(space_id, tuple, iproto::RequestType::replace));
  }
  template <class Key>
  const Response& select(uint32_t space_id, uint32_t index_id, const Key& key, uint32_t limit,
                         iproto::Iterator iterator = iproto::Iterator::eq) {
    return wait(queue_select(space_id, index_id, key, limit, iterator));
  }
  template <class Args>
  const Response& call(std::string_view function, const Args& args) {
    return wait(queue_call(function, args));
  }

 private:
  static constexpr size_t kGreetingSize = 128;
  static constexpr size_t kReadChunk = 64 * 1024;
  static constexpr int kTimeoutMs = 10000;

  static msgpack_gen::RawMsgpackView view(const msgpack_gen::Buffer& buffer) {
    return {std::string_view(reinterpret_cast<const char*>(buffer.data()), buffer.size())};
  }

  // Frames one request: the uint32 length, the header DTO, the body DTO.
  template <class Body>
  uint64_t queue(iproto::RequestType type, const Body& body) {
    if (!out_) out_ = pool_.acquire();
    msgpack_gen::Buffer& out = *out_;
    const size_t start = out.size();
    uint8_t* prefix = out.prepare(5);
    prefix[0] = 0xce;  // the length is always written as uint32, patched below
    out.commit(prefix + 5);
    const uint64_t sync = next_sync_++;
    msgpack_gen::marshal(out, iproto::RequestHeader{type, sync, std::nullopt});
    msgpack_gen::marshal(out, body);
    msgpack_gen::endian::store(out.data() + start + 1,
                               static_cast<uint32_t>(out.size() - start - 5));
    return sync;
  }

  const Response& wait(uint64_t sync) {
    flush();
    const Response& response = receive();
    if (response.header.sync != sync) {
      throw Error("response to request " + std::to_string(response.header.sync) +
                  " while waiting for " + std::to_string(sync) +
                  " (receive() pipelined responses before a plain call)");
    }
    return response;
  }

  // Reads until at least `size` unconsumed bytes are buffered.
  void fill(size_t size) {
    while (in_->size() - consumed_ < size) {
      pollfd events{fd_, POLLIN, 0};
      if (::poll(&events, 1, kTimeoutMs) <= 0) throw Error("timed out receiving");
      read_some();
    }
  }

  void read_some() {
    // Drop what earlier responses used once it is most of the buffer, so it does not grow
    // without bound; the previous response's views die here, as documented.
    if (consumed_ > 0 && consumed_ >= in_->size() / 2) {
      std::memmove(in_->data(), in_->data() + consumed_, in_->size() - consumed_);
      in_->truncate(in_->size() - consumed_);
      consumed_ = 0;
    }
    uint8_t* p = in_->prepare(kReadChunk);
    ssize_t n = ::recv(fd_, p, kReadChunk, MSG_DONTWAIT);
    if (n == 0) throw Error("connection closed by the server");
    if (n < 0) {
      if (errno == EAGAIN || errno == EINTR) return;
      throw_errno("recv");
    }
    in_->commit(p + n);
  }

  [[noreturn]] static void throw_errno(const char* what) {
    throw Error(std::string(what) + ": " + std::strerror(errno));
  }

  msgpack_gen::BufferPool& pool_;
  msgpack_gen::BufferPool::Lease out_;  // queued requests
  msgpack_gen::BufferPool::Lease in_;   // received bytes; the first consumed_ are used up
  size_t consumed_ = 0;
  int fd_ = -1;
  uint64_t next_sync_ = 1;
  std::string greeting_;
  Response response_;
  std::string_view last_packet_;
};

}  // namespace tarantool
