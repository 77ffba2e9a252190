// The socket example: a loopback TCP server and its client in one process (a thread each),
// exchanging the generated DTOs of dto/rpc.hpp in the two framings found on the wire:
//  - no prefix: each message follows the last, nothing between them (rpclib, msgpack-rpc);
//  - a uint32 prefix: each message is preceded by its size as a msgpack uint32 (0xce and 4 bytes,
//    big-endian), as Tarantool's IPROTO frames its packets.
// Both sides read with msgpack_gen::StreamDecoder: the server recv()s straight into it
// (prepare()/commit()), the client feeds it from a buffer of its own (feed()). The client writes
// its calls 7 bytes at a time, so the server meets every message cut in pieces. A last round
// sends a malformed message: the server closes that connection with the decoder's error.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <msgpack_gen/stream.hpp>

#include "prefixed_frames.hpp"
#include "rpc.msgpack.hpp"

namespace {

using msgpack_gen::ErrorCode;
using msgpack_gen::Status;
using msgpack_gen::StreamDecoder;
using prefixed_frames::Frame;
using prefixed_frames::Framing;
using prefixed_frames::next_message;
using prefixed_frames::put_message;

// ---- Sockets: blocking calls, each bounded by a timeout ----------------------------------------

// Every blocking call on fd gives up after 5 s (errno EAGAIN): a silent peer cannot hang us.
void set_timeouts(int fd) {
  timeval timeout{5, 0};
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

// A socket listening on 127.0.0.1 at a port the system picks (bound to port 0, read back).
int listen_on_loopback(std::uint16_t& port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in address = loopback(0);
  socklen_t size = sizeof address;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || listen(fd, 4) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    close(fd);
    return -1;
  }
  port = ntohs(address.sin_port);
  return fd;
}

int accept_one(int listener) {
  pollfd ready{listener, POLLIN, 0};
  if (poll(&ready, 1, 5000) != 1) return -1;
  const int fd = accept(listener, nullptr, nullptr);
  if (fd >= 0) set_timeouts(fd);
  return fd;
}

int connect_to_loopback(std::uint16_t port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  set_timeouts(fd);
  // Small writes leave at once instead of waiting to be coalesced: the server sees the pieces.
  const int on = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  const sockaddr_in address = loopback(port);
  if (connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// MSG_NOSIGNAL: a peer that closed makes send() fail with EPIPE rather than kill the process.
bool send_all(int fd, const std::uint8_t* data, std::size_t size) {
  while (size != 0) {
    const ssize_t sent = send(fd, data, size, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent <= 0) return false;
    data += sent;
    size -= static_cast<std::size_t>(sent);
  }
  return true;
}

// ---- The server --------------------------------------------------------------------------------

std::string show(const rpc::Call& call) {
  std::string text = call.method + "(";
  for (std::size_t i = 0; i < call.args.size(); ++i) {
    text += (i == 0 ? "" : ", ") + std::to_string(call.args[i]);
  }
  return text + ")";
}

rpc::Reply answer(const rpc::Call& call) {
  rpc::Reply reply;
  reply.id = call.id;
  if (call.method == "sum") {
    for (std::int64_t arg : call.args) reply.result += arg;
    reply.text = "the sum of " + std::to_string(call.args.size()) + " numbers";
  } else if (call.method == "max" && !call.args.empty()) {
    reply.result = *std::max_element(call.args.begin(), call.args.end());
    reply.text = "the largest of " + std::to_string(call.args.size()) + " numbers";
  } else {
    reply.text = "no method " + call.method;
  }
  return reply;
}

// Accepts one connection and answers its calls until the client closes its side or sends
// something that is not a call. Lines of what happened go to log; `ok` is false if a socket call
// failed (a bad message is not a failure of the server).
void serve_one(int listener, Framing framing, std::vector<std::string>& log, bool& ok) {
  ok = false;
  const int fd = accept_one(listener);
  if (fd < 0) {
    log.push_back("server: no client came");
    return;
  }
  StreamDecoder stream;  // StreamOptions: the limits of each message, its largest size
  Frame frame;
  msgpack_gen::Buffer replies;
  std::size_t reads = 0, cut = 0;
  for (;;) {
    // recv() straight into the decoder's memory.
    constexpr std::size_t kRoom = 4096;
    const ssize_t got = recv(fd, stream.prepare(kRoom), kRoom, 0);
    if (got < 0 && errno == EINTR) continue;
    if (got == 0) {
      log.push_back("server: " + std::to_string(stream.consumed()) + " bytes in " +
                    std::to_string(reads) + " reads, " + std::to_string(cut) +
                    " of them ending inside a message; the client closed the connection" +
                    (stream.pending() != 0 || frame.announced ? " inside a message" : ""));
      ok = true;
      break;
    }
    if (got < 0) {
      log.push_back(std::string("server: recv failed: ") + std::strerror(errno));
      break;
    }
    ++reads;
    stream.commit(static_cast<std::size_t>(got));
    // Every message the bytes so far complete, then more bytes or an error.
    replies.clear();
    rpc::Call call;
    Status status;
    while ((status = next_message(stream, framing, frame, call))) {
      const rpc::Reply reply = answer(call);
      log.push_back("server: call " + std::to_string(call.id) + " " + show(call) + " -> " +
                    std::to_string(reply.result));
      put_message(replies, reply, framing);
      call = rpc::Call();  // fields a message leaves out keep their value: start afresh
    }
    if (!send_all(fd, replies.data(), replies.size())) {
      log.push_back(std::string("server: send failed: ") + std::strerror(errno));
      break;
    }
    if (stream.pending() != 0 || frame.announced) ++cut;  // a message waits for its rest
    if (!StreamDecoder::waiting(status)) {
      // No byte can make the rest of the stream readable: this connection is lost, not the server.
      log.push_back("server: closing the connection: " + status.message());
      ok = true;
      break;
    }
  }
  close(fd);
}

// ---- The client --------------------------------------------------------------------------------

// Connects, sends the bytes in small writes a millisecond apart, closes its sending side and
// reads the replies until the server closes. False if a socket call failed or a reply was bad.
bool run_client(std::uint16_t port, Framing framing, const msgpack_gen::Buffer& bytes,
                const std::string& what, std::vector<std::string>& log) {
  const int fd = connect_to_loopback(port);
  if (fd < 0) {
    log.push_back(std::string("client: connect failed: ") + std::strerror(errno));
    return false;
  }
  bool ok = true;
  constexpr std::size_t kPiece = 7;
  std::size_t writes = 0;
  for (std::size_t at = 0; at < bytes.size(); at += kPiece, ++writes) {
    if (!send_all(fd, bytes.data() + at, std::min(kPiece, bytes.size() - at))) {
      log.push_back(std::string("client: send failed: ") + std::strerror(errno));
      ok = false;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  shutdown(fd, SHUT_WR);
  log.push_back("client: sent " + what + ", " + std::to_string(bytes.size()) + " bytes in " +
                std::to_string(writes) + " writes of at most " + std::to_string(kPiece) + " bytes");

  StreamDecoder stream;
  Frame frame;
  // The decoder reads the replies in place, in the bytes fed to it, which must stay unchanged
  // until the next feed(): two buffers, used in turn.
  std::uint8_t chunks[2][512];
  std::size_t reads = 0;
  for (;;) {
    std::uint8_t* chunk = chunks[reads++ % 2];
    const ssize_t got = recv(fd, chunk, sizeof chunks[0], 0);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      log.push_back(got == 0 ? "client: the server closed the connection"
                             : std::string("client: recv failed: ") + std::strerror(errno));
      ok = ok && got == 0;
      break;
    }
    stream.feed(chunk, static_cast<std::size_t>(got));
    rpc::Reply reply;
    Status status;
    while ((status = next_message(stream, framing, frame, reply))) {
      log.push_back("client: reply " + std::to_string(reply.id) + ": " +
                    std::to_string(reply.result) + " (" + reply.text + ")");
      reply = rpc::Reply();
    }
    if (!StreamDecoder::waiting(status)) {
      log.push_back("client: bad reply: " + status.message());
      ok = false;
      break;
    }
  }
  close(fd);
  return ok;
}

// One round: a server thread serves one connection, the client sends `bytes` and reads replies.
// False if either side met a socket error or a bad reply.
bool round_trip(const char* title, Framing framing, const msgpack_gen::Buffer& bytes,
                const std::string& what) {
  std::uint16_t port = 0;
  const int listener = listen_on_loopback(port);
  if (listener < 0) {
    std::fprintf(stderr, "cannot listen on 127.0.0.1: %s\n", std::strerror(errno));
    return false;
  }
  std::vector<std::string> server_log, client_log;
  bool server_ok = false;
  std::thread server(serve_one, listener, framing, std::ref(server_log), std::ref(server_ok));
  const bool client_ok = run_client(port, framing, bytes, what, client_log);
  server.join();
  close(listener);
  std::printf("== %s (127.0.0.1:%u)\n", title, static_cast<unsigned>(port));
  for (const std::string& line : client_log) std::printf("  %s\n", line.c_str());
  for (const std::string& line : server_log) std::printf("  %s\n", line.c_str());
  return client_ok && server_ok;
}

}  // namespace

int main() {
  const std::vector<rpc::Call> calls = {
      {1, "sum", {1, 2, 3}, std::nullopt},
      {2, "max", {-5, 40, 7}, std::string("a comment the server ignores")},
      {3, "sum", {1000000000000, -1}, std::nullopt},
  };
  for (Framing framing : {Framing::no_prefix, Framing::uint32_prefix}) {
    msgpack_gen::Buffer bytes;
    for (const rpc::Call& call : calls) put_message(bytes, call, framing);
    if (!round_trip(framing == Framing::no_prefix ? "no prefix (rpclib style)"
                                                  : "uint32 prefix (Tarantool IPROTO style)",
                    framing, bytes, std::to_string(calls.size()) + " calls")) {
      return 1;
    }
  }
  // A call, then a byte no msgpack value starts with: the server answers the call, then closes.
  msgpack_gen::Buffer bytes;
  put_message(bytes, calls[0], Framing::no_prefix);
  const std::uint8_t invalid = 0xc1;
  bytes.append(&invalid, 1);
  return round_trip("a malformed message (no prefix)", Framing::no_prefix, bytes,
                    "1 call and a 0xc1 byte")
             ? 0
             : 1;
}
