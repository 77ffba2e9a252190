// The stream decoder over real sockets: a loopback TCP server (a thread per connection) and
// clients in the same process exchange generated DTOs (dto/wire.hpp) in the two framings found
// on the wire, concatenated with no prefix (rpclib) and each preceded by its length as a msgpack
// uint32 (Tarantool IPROTO). Every write is split into send() calls of random sizes (1 byte to
// 64 KiB, with pauses now and then) and every read asks recv() for a random number of bytes, so
// messages arrive cut anywhere; each side reads with msgpack_gen::StreamDecoder, through
// prepare()/commit() or feed(). Each response carries its request back, and the client compares
// both with what it sent, re-encoded. A malformed message or a value over
// StreamOptions::max_value_size closes its own connection with the decoder's error and offset,
// while the server goes on serving another client.
//
// Bounded: fixed message counts, loopback only, every socket call under a timeout (SO_RCVTIMEO,
// SO_SNDTIMEO, poll) so that a bug fails the test instead of hanging it, and ctest's TIMEOUT.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <msgpack_gen/stream.hpp>

#include "prefixed_frames.hpp"
#include "wire.msgpack.hpp"

using msgpack_gen::ErrorCode;
using msgpack_gen::Status;
using msgpack_gen::StreamDecoder;
using msgpack_gen::StreamOptions;
using prefixed_frames::Frame;
using prefixed_frames::Framing;
using prefixed_frames::next_message;

namespace {

// Every blocking socket call gives up after this long: a bug fails the test, never hangs it.
constexpr int kTimeoutSeconds = 20;
// The largest send() and recv() size.
constexpr std::size_t kMaxIo = std::size_t{64} << 10;

// How a reader hands the bytes it receives to its StreamDecoder.
enum class Input { prepare_commit, feed };

std::string errno_text(const char* call) {
  return std::string(call) + ": " + std::strerror(errno);
}

// ---- Random sizes and pauses -------------------------------------------------------------------

// 1 byte to 64 KiB, mostly small: messages are cut in many places, and a few calls carry many
// messages at once.
std::size_t random_io_size(std::mt19937_64& rng) {
  const std::uint64_t kind = rng() % 10;
  const std::uint64_t limit = kind < 4 ? 16 : kind < 7 ? 512 : kind < 9 ? 8192 : kMaxIo;
  return static_cast<std::size_t>(1 + rng() % limit);
}

// Now and then a short sleep or a yield, so that the peer sees the pieces apart.
void maybe_pause(std::mt19937_64& rng) {
  const std::uint64_t draw = rng() % 64;
  if (draw == 0) {
    std::this_thread::sleep_for(std::chrono::microseconds(50 + rng() % 300));
  } else if (draw < 4) {
    std::this_thread::yield();
  }
}

// ---- Sockets -----------------------------------------------------------------------------------

void set_timeouts(int fd) {
  timeval timeout{kTimeoutSeconds, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
}

sockaddr_in loopback(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(port);
  return address;
}

std::uint16_t port_of(int fd, bool peer) {
  sockaddr_in address{};
  socklen_t size = sizeof address;
  const int result = peer ? getpeername(fd, reinterpret_cast<sockaddr*>(&address), &size)
                          : getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  return result == 0 ? ntohs(address.sin_port) : 0;
}

int connect_to(std::uint16_t port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  set_timeouts(fd);
  const int on = 1;  // small writes leave at once: the reader meets them apart
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  const sockaddr_in address = loopback(port);
  if (connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// All of [data, data + size) in one or more send() calls; false (errno set) when one fails.
// MSG_NOSIGNAL: a peer that closed is EPIPE, not a signal that ends the test binary.
bool send_all(int fd, const char* data, std::size_t size) {
  while (size != 0) {
    const ssize_t sent = send(fd, data, size, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) return false;
    data += sent;
    size -= static_cast<std::size_t>(sent);
  }
  return true;
}

// The bytes as send() calls of random sizes, with pauses now and then.
bool send_randomly(int fd, std::string_view bytes, std::mt19937_64& rng,
                   std::size_t* calls = nullptr) {
  while (!bytes.empty()) {
    const std::size_t piece = std::min(random_io_size(rng), bytes.size());
    if (!send_all(fd, bytes.data(), piece)) return false;
    bytes.remove_prefix(piece);
    if (calls != nullptr) ++*calls;
    maybe_pause(rng);
  }
  return true;
}

// A receiving side: recv() of a random size, straight into the decoder or fed to it.
class Receiver {
 public:
  Receiver(int fd, Input input, StreamOptions options, std::uint64_t seed)
      : fd_(fd), input_(input), stream_(options), rng_(seed) {}

  StreamDecoder& stream() { return stream_; }
  std::size_t calls() const { return calls_; }

  // recv()'s result: the bytes received and given to the decoder, 0 at the end of the stream,
  // -1 on an error (errno; EAGAIN after the timeout).
  ssize_t receive() {
    const std::size_t room = random_io_size(rng_);
    for (;;) {
      ssize_t got;
      if (input_ == Input::prepare_commit) {
        got = recv(fd_, stream_.prepare(room), room, 0);
        if (got > 0) stream_.commit(static_cast<std::size_t>(got));
      } else {
        // Bytes given to feed() must stay unchanged until the next feed(): two buffers in turn.
        std::vector<char>& buffer = buffers_[calls_ % 2];
        got = recv(fd_, buffer.data(), room, 0);
        if (got > 0) stream_.feed(buffer.data(), static_cast<std::size_t>(got));
      }
      if (got < 0 && errno == EINTR) continue;
      if (got > 0) ++calls_;
      maybe_pause(rng_);
      return got;
    }
  }

 private:
  int fd_;
  Input input_;
  StreamDecoder stream_;
  std::mt19937_64 rng_;
  std::array<std::vector<char>, 2> buffers_{std::vector<char>(kMaxIo), std::vector<char>(kMaxIo)};
  std::size_t calls_ = 0;
};

// ---- Framing -----------------------------------------------------------------------------------

template <class T>
std::string encode(const T& value) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  return std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size());
}

// A uint32 prefix: 0xce and the size, big-endian.
std::string prefix_of(std::size_t size) {
  std::string prefix(5, '\xce');
  for (int i = 0; i < 4; ++i) {
    prefix[static_cast<std::size_t>(1 + i)] = static_cast<char>((size >> (24 - 8 * i)) & 0xff);
  }
  return prefix;
}

// One message as it goes on the wire.
std::string framed(std::string_view message, Framing framing) {
  if (framing == Framing::no_prefix) return std::string(message);
  return prefix_of(message.size()) + std::string(message);
}

// What the end of the stream means: nothing if it fell between two messages, else the cut
// message's error, at its start.
Status end_of_stream(const StreamDecoder& stream, const Frame& frame) {
  if (frame.announced) {
    return Status(ErrorCode::incomplete, static_cast<std::size_t>(frame.start),
                  "the connection closed inside a message", "");
  }
  if (stream.pending() != 0) {
    return Status(ErrorCode::incomplete, static_cast<std::size_t>(stream.consumed()),
                  "the connection closed inside a message", "");
  }
  return Status();
}

// ---- Messages ----------------------------------------------------------------------------------

std::string random_text(std::mt19937_64& rng, std::size_t max_length) {
  static const char* const kPieces[] = {"a", "b", "z", "0", "9", " ", "-", "_", "é", "日本", "✓"};
  std::string text;
  const std::size_t length = static_cast<std::size_t>(rng() % (max_length + 1));
  while (text.size() < length) text += kPieces[rng() % (sizeof kPieces / sizeof *kPieces)];
  return text;
}

// An integer of any encoding width, negative or not.
std::int64_t random_int(std::mt19937_64& rng) {
  const auto shift = static_cast<unsigned>(1 + rng() % 63);  // below 2^1 up to below 2^63
  const auto magnitude = static_cast<std::int64_t>(rng() >> shift);
  return rng() % 2 == 0 ? magnitude : -magnitude;
}

// Request `id` of a client's sequence; `numbers` elements (a random count when 0).
wire::Request make_request(std::uint64_t id, std::mt19937_64& rng, std::size_t numbers = 0) {
  wire::Request request;
  request.id = id;
  request.method = random_text(rng, 24);
  request.where = {static_cast<double>(random_int(rng)) / 7.0, static_cast<double>(rng() % 1000)};
  const std::size_t items = static_cast<std::size_t>(rng() % 5);
  for (std::size_t i = 0; i < items; ++i) {
    wire::Item item;
    item.sku = random_text(rng, 12);
    item.quantity = static_cast<std::uint32_t>(rng());
    if (rng() % 2 == 0) item.price = static_cast<double>(rng() % 100000) / 100.0;
    request.items.push_back(item);
  }
  const std::size_t count = numbers != 0 ? numbers : static_cast<std::size_t>(rng() % 40);
  for (std::size_t i = 0; i < count; ++i) request.numbers.push_back(random_int(rng));
  const std::size_t weights = static_cast<std::size_t>(rng() % 8);
  for (std::size_t i = 0; i < weights; ++i) {
    request.weights.push_back(static_cast<float>(rng() % 4096) / 64.0f - 32.0f);
  }
  if (rng() % 3 != 0) request.note = random_text(rng, rng() % 10 == 0 ? 2000 : 60);
  const std::size_t counters = static_cast<std::size_t>(rng() % 6);
  for (std::size_t i = 0; i < counters; ++i) {
    request.counters[random_text(rng, 8)] = static_cast<std::int32_t>(random_int(rng) % 100000);
  }
  request.blob.resize(static_cast<std::size_t>(rng() % (rng() % 16 == 0 ? 3000 : 40)));
  for (std::uint8_t& byte : request.blob) byte = static_cast<std::uint8_t>(rng());
  return request;
}

std::int64_t sum_of(const std::vector<std::int64_t>& numbers) {
  std::uint64_t sum = 0;  // wraps, where a signed sum would overflow
  for (std::int64_t n : numbers) sum += static_cast<std::uint64_t>(n);
  return static_cast<std::int64_t>(sum);
}

wire::Response respond(const wire::Request& request, std::uint64_t expected_id) {
  wire::Response response;
  response.id = request.id;
  response.sum = sum_of(request.numbers);
  response.item_count = static_cast<std::uint32_t>(request.items.size());
  if (request.id != expected_id) {
    response.error = "request " + std::to_string(request.id) + " arrived as request " +
                     std::to_string(expected_id);
  }
  response.echo = request;
  return response;
}

// A client's requests: their bytes on the wire, each one's encoding and sum. Every 1000th
// request carries 15,000 numbers (over 64 KiB: more than the largest send() and recv()).
struct Requests {
  std::string wire;
  std::vector<std::size_t> ends;  // where each request's bytes end in wire
  std::vector<std::string> encoded;
  std::vector<std::int64_t> sums;
  std::vector<std::uint32_t> item_counts;
};

Requests make_requests(std::size_t count, Framing framing, std::uint64_t seed) {
  Requests requests;
  std::mt19937_64 rng(seed);
  for (std::size_t i = 0; i < count; ++i) {
    const wire::Request request = make_request(i, rng, i % 1000 == 999 ? 15000 : 0);
    requests.encoded.push_back(encode(request));
    requests.sums.push_back(sum_of(request.numbers));
    requests.item_counts.push_back(static_cast<std::uint32_t>(request.items.size()));
    requests.wire += framed(requests.encoded.back(), framing);
    requests.ends.push_back(requests.wire.size());
  }
  return requests;
}

// ---- The server --------------------------------------------------------------------------------

// How a connection ended, as the server saw it.
struct ConnectionResult {
  std::uint64_t requests = 0;  // decoded and answered
  std::uint64_t bytes = 0;     // taken out of the stream as messages
  std::size_t receives = 0;    // recv() calls that got bytes
  std::size_t cuts = 0;        // of them, those that ended inside a message
  bool closed_between_messages = false;
  Status error;                       // the message that closed the connection, if one did
  std::vector<std::string> failures;  // what must not happen: socket errors, requests out of order
};

class Server {
 public:
  Server(Framing framing, StreamOptions options) : framing_(framing), options_(options) {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address = loopback(0);  // port 0: the system picks a free one
    socklen_t size = sizeof address;
    if (listener_ < 0 ||
        bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        listen(listener_, 16) != 0 ||
        getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
      setup_error_ = errno_text("listen on 127.0.0.1");
      return;
    }
    port_ = ntohs(address.sin_port);
    acceptor_ = std::thread([this] { accept_loop(); });
  }
  ~Server() {
    stop_ = true;
    if (acceptor_.joinable()) acceptor_.join();
    for (std::thread& connection : connections_) connection.join();  // each ends by a timeout
    if (listener_ >= 0) close(listener_);
  }
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  std::uint16_t port() const { return port_; }
  const std::string& setup_error() const { return setup_error_; }

  // The result of the connection from the client's port, once the server has closed it.
  std::optional<ConnectionResult> result_for(std::uint16_t client_port) {
    std::unique_lock<std::mutex> lock(mutex_);
    const bool found = done_.wait_for(lock, std::chrono::seconds(kTimeoutSeconds + 5),
                                      [&] { return results_.count(client_port) != 0; });
    if (!found) return std::nullopt;
    return results_[client_port];
  }

 private:
  void accept_loop() {
    std::size_t accepted = 0;
    while (!stop_) {
      pollfd ready{listener_, POLLIN, 0};
      if (poll(&ready, 1, 20) != 1) continue;
      const int fd = accept(listener_, nullptr, nullptr);
      if (fd < 0) continue;
      set_timeouts(fd);
      // The connections alternate between the decoder's two ways of taking bytes.
      const Input input = accepted % 2 == 0 ? Input::prepare_commit : Input::feed;
      connections_.emplace_back([this, fd, input, accepted] { serve(fd, input, accepted); });
      ++accepted;
    }
  }

  // Answers each request of the connection until the client closes it or a message is bad.
  void serve(int fd, Input input, std::size_t index) {
    const std::uint16_t peer = port_of(fd, true);
    ConnectionResult result;
    std::mt19937_64 rng(0x5e47e5 + index);
    Receiver receiver(fd, input, options_, rng());
    StreamDecoder& stream = receiver.stream();
    Frame frame;
    std::string responses;
    for (;;) {
      const ssize_t got = receiver.receive();
      if (got == 0) {
        result.error = end_of_stream(stream, frame);
        result.closed_between_messages = result.error.ok();
        break;
      }
      if (got < 0) {
        result.failures.push_back(errno_text("server recv"));
        break;
      }
      responses.clear();
      Status status;
      for (;;) {
        wire::Request request;
        status = next_message(stream, framing_, frame, request);
        if (!status) break;
        const wire::Response response = respond(request, result.requests);
        if (response.error) result.failures.push_back(*response.error);
        responses += frame_response(response);
        ++result.requests;
      }
      if (!send_randomly(fd, responses, rng)) {
        result.failures.push_back(errno_text("server send"));
        break;
      }
      if (!StreamDecoder::waiting(status)) {
        result.error = status;  // this connection is lost; the server serves on
        break;
      }
      if (stream.pending() != 0 || frame.announced) ++result.cuts;
    }
    result.bytes = stream.consumed();
    result.receives = receiver.calls();
    close(fd);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      results_[peer] = std::move(result);
    }
    done_.notify_all();
  }

  std::string frame_response(const wire::Response& response) const {
    return framed(encode(response), framing_);
  }

  Framing framing_;
  StreamOptions options_;
  int listener_ = -1;
  std::uint16_t port_ = 0;
  std::string setup_error_;
  std::atomic<bool> stop_{false};
  std::thread acceptor_;
  std::vector<std::thread> connections_;  // touched by the acceptor only, then by ~Server
  std::mutex mutex_;
  std::condition_variable done_;
  std::map<std::uint16_t, ConnectionResult> results_;
};

// ---- Clients -----------------------------------------------------------------------------------

struct ClientResult {
  std::uint16_t port = 0;   // the client's own port: the server's key for its connection
  std::uint64_t bytes = 0;  // of requests on the wire
  std::size_t responses = 0;
  std::size_t sends = 0;
  std::size_t receives = 0;
  std::size_t cuts = 0;  // receives that ended inside a message
  std::vector<std::string> failures;
};

// Checks response `index` against what was sent.
void check_response(const wire::Response& response, std::size_t index, const Requests& requests,
                    std::vector<std::string>& failures) {
  if (failures.size() >= 10) return;  // the first few tell the story
  const std::string at = "response " + std::to_string(index) + ": ";
  if (index >= requests.encoded.size()) {
    failures.push_back(at + "more responses than requests");
  } else if (response.id != index) {
    failures.push_back(at + "id " + std::to_string(response.id));
  } else if (response.error) {
    failures.push_back(at + "the server says: " + *response.error);
  } else if (response.sum != requests.sums[index] ||
             response.item_count != requests.item_counts[index]) {
    failures.push_back(at + "the sum or the item count differs");
  } else if (encode(response.echo) != requests.encoded[index]) {
    failures.push_back(at + "the request came back different");
  }
}

// Receives responses until the server closes; `stop_after` ends earlier (0: never).
void receive_responses(Receiver& receiver, Framing framing, const Requests& requests,
                       ClientResult& result, std::size_t stop_after = 0) {
  Frame frame;
  for (;;) {
    const ssize_t got = receiver.receive();
    if (got == 0) {
      const Status end = end_of_stream(receiver.stream(), frame);
      if (!end.ok()) result.failures.push_back("client: " + end.message());
      return;
    }
    if (got < 0) {
      result.failures.push_back(errno_text("client recv"));
      return;
    }
    Status status;
    for (;;) {
      wire::Response response;
      status = next_message(receiver.stream(), framing, frame, response);
      if (!status) break;
      check_response(response, result.responses++, requests, result.failures);
    }
    if (!StreamDecoder::waiting(status)) {
      result.failures.push_back("client: " + status.message());
      return;
    }
    if (receiver.stream().pending() != 0 || frame.announced) ++result.cuts;
    if (stop_after != 0 && result.responses >= stop_after) return;
  }
}

// A well-behaved client: sends `count` requests in random pieces while a second thread reads
// the responses in random pieces. `halfway`, if set, runs after half the requests are sent.
ClientResult run_client(std::uint16_t server_port, Framing framing, Input input, std::size_t count,
                        std::uint64_t seed, const std::function<void()>& halfway = nullptr) {
  ClientResult result;
  const Requests requests = make_requests(count, framing, seed);
  const int fd = connect_to(server_port);
  if (fd < 0) {
    result.failures.push_back(errno_text("client connect"));
    return result;
  }
  result.port = port_of(fd, false);
  result.bytes = requests.wire.size();
  Receiver receiver(fd, input, StreamOptions(), seed + 1);
  std::thread reader([&] { receive_responses(receiver, framing, requests, result); });
  std::mt19937_64 rng(seed + 2);
  std::size_t sends = 0;
  std::string send_failure;
  const std::size_t half = requests.ends[count / 2 - 1];
  std::string_view wire(requests.wire);
  if (!send_randomly(fd, wire.substr(0, half), rng, &sends)) send_failure = errno_text("send");
  if (halfway) halfway();
  if (send_failure.empty() && !send_randomly(fd, wire.substr(half), rng, &sends)) {
    send_failure = errno_text("send");
  }
  shutdown(fd, SHUT_WR);  // the server sees the end of the requests
  reader.join();
  close(fd);
  if (!send_failure.empty()) result.failures.push_back("client " + send_failure);
  result.sends = sends;
  result.receives = receiver.calls();
  if (result.responses != count) {
    result.failures.push_back(std::to_string(result.responses) + " responses to " +
                              std::to_string(count) + " requests");
  }
  return result;
}

// A client that sends `valid` requests, reads their responses, then sends `bad` (and closes its
// sending side): it must get no response to it, only the end of the connection. `bad_offset` is
// set to the stream offset where `bad` starts.
ClientResult run_bad_client(std::uint16_t server_port, Framing framing, std::size_t valid,
                            const std::string& bad, std::uint64_t& bad_offset) {
  ClientResult result;
  const Requests requests = make_requests(valid, framing, 0xbad + valid);
  bad_offset = requests.wire.size();
  const int fd = connect_to(server_port);
  if (fd < 0) {
    result.failures.push_back(errno_text("bad client connect"));
    return result;
  }
  result.port = port_of(fd, false);
  std::mt19937_64 rng(bad.size());
  Receiver receiver(fd, Input::feed, StreamOptions(), rng());
  if (!send_randomly(fd, requests.wire, rng)) result.failures.push_back(errno_text("send"));
  if (valid != 0) receive_responses(receiver, framing, requests, result, valid);
  if (result.responses != valid) {
    result.failures.push_back("bad client: " + std::to_string(result.responses) +
                              " responses before the bad message, not " + std::to_string(valid));
  }
  // The server may close while a long bad message is still being sent: EPIPE or ECONNRESET.
  if (!send_randomly(fd, bad, rng) && errno != EPIPE && errno != ECONNRESET) {
    result.failures.push_back(errno_text("bad client send"));
  }
  shutdown(fd, SHUT_WR);
  // Nothing more comes back: the end of the stream, or a reset when the server closed with
  // bytes of ours unread.
  char byte;
  ssize_t got;
  while ((got = recv(fd, &byte, 1, 0)) < 0 && errno == EINTR) {
  }
  if (got > 0) result.failures.push_back("bad client: a response to the bad message");
  if (got < 0 && errno != ECONNRESET) result.failures.push_back(errno_text("bad client recv"));
  close(fd);
  return result;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// Runs `clients` concurrent clients of `count` requests each through one server.
void exchange(Framing framing, std::size_t clients, std::size_t count) {
  Server server(framing, StreamOptions());
  REQUIRE(server.setup_error() == "");
  std::vector<ClientResult> results(clients);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < clients; ++i) {
    threads.emplace_back([&, i] {
      results[i] = run_client(server.port(), framing,
                              i % 2 == 0 ? Input::feed : Input::prepare_commit, count, 1000 + i);
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const ClientResult& client : results) {
    INFO("client port " << client.port << ": " << client.sends << " sends, " << client.receives
                        << " receives");
    CHECK(joined(client.failures) == "");
    CHECK(client.responses == count);
    const std::optional<ConnectionResult> connection = server.result_for(client.port);
    REQUIRE(connection.has_value());
    INFO("the server says: " << connection->error.message());
    CHECK(joined(connection->failures) == "");
    CHECK(connection->error.ok());
    CHECK(connection->closed_between_messages);
    CHECK(connection->requests == count);
    CHECK(connection->bytes == client.bytes);
    // The messages did arrive in pieces: most receives end inside one (about 450 of 450).
    CHECK(client.cuts >= 100);
    CHECK(connection->cuts >= 100);
  }
}

// ---- Malformed messages ------------------------------------------------------------------------

std::string bytes_of(std::initializer_list<int> bytes) {
  std::string text;
  for (int byte : bytes) text += static_cast<char>(byte);
  return text;
}

struct BadMessage {
  const char* what;
  std::string bytes;     // what the client sends after its valid requests
  ErrorCode code;        // what the server reports
  std::uint64_t offset;  // where, from the start of `bytes`
  std::string path;      // in which field
};

// Malformed messages as they go on the wire, with the error and offset each must produce.
std::vector<BadMessage> bad_messages(Framing framing) {
  const std::size_t prefix = framing == Framing::no_prefix ? 0 : 5;
  // {"id": 0xc1}: a byte no msgpack value starts with, 4 bytes into the message.
  const std::string invalid = bytes_of({0x81, 0xa2, 'i', 'd', 0xc1});
  // {"id": "seven"}: well-formed msgpack, but id is a number.
  const std::string wrong_field = bytes_of({0x81, 0xa2, 'i', 'd', 0xa5, 's', 'e', 'v', 'e', 'n'});
  // [1, 2, 3]: well-formed msgpack, but a request is a map.
  const std::string wrong_shape = bytes_of({0x93, 0x01, 0x02, 0x03});
  std::mt19937_64 rng(7);
  const std::string whole = encode(make_request(99, rng));
  std::vector<BadMessage> bad = {
      {"an invalid marker", framed(invalid, framing) + framed(whole, framing),
       ErrorCode::invalid_marker, prefix + 4,
       // next() decodes in place and knows the field; next_raw() frames, with no field to name
       framing == Framing::no_prefix ? "id" : ""},
      {"a field of the wrong type", framed(wrong_field, framing) + framed(whole, framing),
       ErrorCode::type_mismatch, prefix + 4, "id"},
      {"an array for a map", framed(wrong_shape, framing), ErrorCode::type_mismatch, prefix, ""},
      {"a message cut by the end of the connection",
       framed(whole, framing).substr(0, prefix + whole.size() / 2), ErrorCode::incomplete, 0, ""},
  };
  if (framing == Framing::uint32_prefix) {
    bad.push_back({"a prefix that is a string", bytes_of({0xa1, '4'}) + whole,
                   ErrorCode::type_mismatch, 0, ""});
    bad.push_back({"a prefix that announces fewer bytes than the message has",
                   prefix_of(whole.size() - 1) + whole, ErrorCode::invalid_value, 5, ""});
  }
  return bad;
}

void malformed_messages_close_their_connection(Framing framing) {
  Server server(framing, StreamOptions());
  REQUIRE(server.setup_error() == "");
  // A good client sends half its requests, waits until every bad client is done, then the rest:
  // its connection outlives theirs.
  std::mutex mutex;
  std::condition_variable changed;
  bool bad_ones_done = false;
  constexpr std::size_t kGood = 2000;
  ClientResult good;
  std::thread good_thread([&] {
    good = run_client(server.port(), framing, Input::prepare_commit, kGood, 42, [&] {
      std::unique_lock<std::mutex> lock(mutex);
      changed.wait_for(lock, std::chrono::seconds(kTimeoutSeconds), [&] { return bad_ones_done; });
    });
  });
  std::size_t valid = 0;
  for (const BadMessage& bad : bad_messages(framing)) {
    INFO(bad.what << " after " << valid << " valid requests");
    std::uint64_t start = 0;
    const ClientResult client = run_bad_client(server.port(), framing, valid, bad.bytes, start);
    CHECK(joined(client.failures) == "");
    const std::optional<ConnectionResult> connection = server.result_for(client.port);
    valid += 3;
    if (!connection) {
      FAIL_CHECK("the server did not close the connection");  // no REQUIRE: a thread runs
      continue;
    }
    INFO("the server says: " << connection->error.message());
    CHECK(joined(connection->failures) == "");
    CHECK(connection->requests == valid - 3);
    CHECK(connection->error.code() == bad.code);
    CHECK(connection->error.offset() == start + bad.offset);
    CHECK(connection->error.path() == bad.path);
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    bad_ones_done = true;
  }
  changed.notify_all();
  good_thread.join();
  CHECK(joined(good.failures) == "");
  CHECK(good.responses == kGood);
  const std::optional<ConnectionResult> connection = server.result_for(good.port);
  REQUIRE(connection.has_value());
  CHECK(joined(connection->failures) == "");
  CHECK(connection->closed_between_messages);
  CHECK(connection->requests == kGood);
}

void values_over_the_limit_close_their_connection(Framing framing) {
  StreamOptions options;
  options.max_value_size = std::size_t{64} << 10;
  Server server(framing, options);
  REQUIRE(server.setup_error() == "");
  const std::size_t prefix = framing == Framing::no_prefix ? 0 : 5;
  std::mt19937_64 rng(11);
  const std::string large = encode(make_request(5, rng, 20000));  // more than 64 KiB
  REQUIRE(large.size() > options.max_value_size);
  // {"zz": a str 32 whose header announces 1 GiB}, and only a few of its bytes: an unknown key,
  // whose value the decoder skips, so that both the decoder (next) and framing (next_raw) see it.
  const std::string announced =
      bytes_of({0x81, 0xa2, 'z', 'z', 0xdb, 0x40, 0x00, 0x00, 0x00, 'a', 'b', 'c'});
  const std::vector<std::pair<const char*, std::string>> cases = {
      {"a message that grows past the limit", framed(large, framing)},
      {"a str whose header announces more than the limit",
       (framing == Framing::no_prefix ? "" : prefix_of((std::size_t{1} << 30) + 9)) + announced},
  };
  for (const auto& [what, bytes] : cases) {
    INFO(what);
    std::uint64_t start = 0;
    const ClientResult client = run_bad_client(server.port(), framing, 5, bytes, start);
    CHECK(joined(client.failures) == "");
    const std::optional<ConnectionResult> connection = server.result_for(client.port);
    REQUIRE(connection.has_value());
    INFO("the server says: " << connection->error.message());
    CHECK(joined(connection->failures) == "");
    CHECK(connection->requests == 5);
    CHECK(connection->error.code() == ErrorCode::limit_exceeded);
    CHECK(connection->error.offset() == start + prefix);
    CHECK(connection->error.message().find("max_value_size") != std::string::npos);
  }
}

}  // namespace

TEST_CASE("6000 messages without a length prefix arrive equal through random writes and reads") {
  exchange(Framing::no_prefix, 2, 3000);
}

TEST_CASE(
    "6000 messages with a uint32 length prefix arrive equal through random writes and reads") {
  exchange(Framing::uint32_prefix, 2, 3000);
}

TEST_CASE(
    "a malformed message closes its connection with its error while another client is served") {
  SECTION("without a length prefix") {
    malformed_messages_close_their_connection(Framing::no_prefix);
  }
  SECTION("with a uint32 length prefix") {
    malformed_messages_close_their_connection(Framing::uint32_prefix);
  }
}

TEST_CASE("a value over max_value_size closes its connection with limit_exceeded") {
  SECTION("without a length prefix") {
    values_over_the_limit_close_their_connection(Framing::no_prefix);
  }
  SECTION("with a uint32 length prefix") {
    values_over_the_limit_close_their_connection(Framing::uint32_prefix);
  }
}
