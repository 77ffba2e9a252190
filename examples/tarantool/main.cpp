// The Tarantool example: talks to a server running init.lua.
//   tarantool_example [host [port]]              a short tour (default 127.0.0.1 3301)
//   tarantool_example host port bench [count]    sequential against pipelined inserts
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include <msgpack_gen/print.hpp>  // to_json(), and operator<< for the DTOs included below

#include "client.hpp"
#include "users.msgpack.hpp"

namespace {

constexpr uint32_t kUsersSpace = 512;  // the ids init.lua gives the spaces
constexpr uint32_t kBenchSpace = 514;
constexpr uint32_t kBenchPipelinedSpace = 515;

app::User make_user(uint64_t id) {
  app::User user;
  user.id = id;
  user.name = "user " + std::to_string(id);
  user.tags = {"demo", id % 2 == 0 ? "even" : "odd"};
  user.meta = {{"source", "tarantool_example"}};
  user.balance = *msgpack_gen::Decimal::parse(std::to_string(id) + ".25");
  user.uuid = *msgpack_gen::Uuid::parse("f6423bdf-b49e-4913-b361-0740c9702e4b");
  user.uuid.bytes[15] = static_cast<uint8_t>(id);
  return user;
}

// The first tuple of a reply's data (an array of tuples) as hex text, as a log would show it;
// `msgpack-gen --dump - --hex --contract C --type app::User` prints it with field names.
std::string first_tuple_hex(const tarantool::Response& response) {
  const auto& data = response.body.data.bytes;
  msgpack_gen::Reader in(data.data(), data.size());
  std::uint32_t tuples = 0;
  if (!in.read_array_header(tuples) || tuples == 0) return {};
  const std::uint8_t* start = in.position();
  if (!in.skip()) return {};
  std::string hex;
  for (const std::uint8_t* byte = start; byte != in.position(); ++byte) {
    char two[4];
    std::snprintf(two, sizeof two, "%02x ", *byte);
    hex += two;
  }
  if (!hex.empty()) hex.pop_back();
  return hex;
}

void expect_ok(const tarantool::Response& response, const char* what) {
  if (!response.ok()) {
    throw tarantool::Error(std::string(what) + " failed: " + response.body.error);
  }
}

int tour(tarantool::Client& client) {
  expect_ok(client.ping(), "ping");
  std::printf("ping: ok\n");

  // REPLACE, so that the tour can run again against the same server.
  for (uint64_t id = 1; id <= 3; ++id)
    expect_ok(client.replace(kUsersSpace, make_user(id)), "replace");

  const tarantool::Response& selected = client.select(kUsersSpace, 0, app::UserKey{2}, 1);
  expect_ok(selected, "select");
  std::vector<app::User> users;
  if (auto status = selected.decode_data(users); !status || users.size() != 1) {
    std::fprintf(stderr, "select: %s\n", status.message().c_str());
    return 1;
  }
  std::printf("select id 2: name=\"%s\" balance=%s uuid=%s\n", users[0].name.c_str(),
              users[0].balance.to_string().c_str(), users[0].uuid.to_string().c_str());
  // The whole tuple, its fields by name (an as_array tuple carries positions only).
  std::printf("select id 2 as JSON: %s\n", msgpack_gen::to_json(users[0]).c_str());
  // Its bytes, for msgpack-gen --dump (tests/tarantool prints them with the fields' names).
  std::printf("select id 2 tuple bytes: %s\n", first_tuple_hex(selected).c_str());

  // A Lua function with a map argument and a map result.
  app::ScoreRequest request;
  request.name = "dave";
  request.points = {3, 4, 5};
  request.weights = {{"speed", 2.0}, {"style", 0.5}};
  request.bonus = *msgpack_gen::Decimal::parse("0.5");
  const tarantool::Response& called = client.call("score", app::ScoreArgs{request});
  expect_ok(called, "call score");
  app::ScoreReturn reply;
  if (auto status = called.decode_data(reply); !status) {
    std::fprintf(stderr, "score: %s\n", status.message().c_str());
    return 1;
  }
  std::printf("score: %s, total %lld, average %.2f, with bonus %s\n", reply.result.greeting.c_str(),
              static_cast<long long>(reply.result.total), reply.result.average,
              reply.result.with_bonus.to_string().c_str());

  // Errors are responses too: the code and the message come from the error DTO.
  const tarantool::Response& duplicate = client.insert(kUsersSpace, make_user(1));
  std::printf("insert of a duplicate: code 0x%x (errcode %u): %s\n", duplicate.header.code,
              duplicate.error_code(), duplicate.body.error.c_str());
  return duplicate.ok() ? 1 : 0;
}

double per_second(size_t count, std::chrono::steady_clock::duration elapsed) {
  return static_cast<double>(count) / std::chrono::duration<double>(elapsed).count();
}

int bench(tarantool::Client& client, size_t count) {
  std::vector<app::User> users;
  for (size_t i = 0; i < count; ++i) users.push_back(make_user(i));
  // Two spaces, both emptied first: inserting right after a truncate of the same space would
  // compete with Tarantool freeing the old tuples.
  for (const char* space : {"bench", "bench_pipelined"}) {
    expect_ok(client.call("truncate", std::vector<std::string>{space}), "truncate");
  }

  // Sequential: one request on the wire at a time.
  auto start = std::chrono::steady_clock::now();
  for (const app::User& user : users) expect_ok(client.insert(kBenchSpace, user), "insert");
  auto sequential = std::chrono::steady_clock::now() - start;

  // Pipelined: every request from one pooled buffer, then every response.
  start = std::chrono::steady_clock::now();
  for (const app::User& user : users) client.queue_insert(kBenchPipelinedSpace, user);
  client.flush();
  for (size_t i = 0; i < count; ++i) expect_ok(client.receive(), "pipelined insert");
  auto pipelined = std::chrono::steady_clock::now() - start;

  std::printf("%zu inserts: sequential %.0f round trips/s, pipelined %.0f requests/s (%.1fx)\n",
              count, per_second(count, sequential), per_second(count, pipelined),
              std::chrono::duration<double>(sequential).count() /
                  std::chrono::duration<double>(pipelined).count());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string host = argc > 1 ? argv[1] : "127.0.0.1";
  const uint16_t port = static_cast<uint16_t>(argc > 2 ? std::atoi(argv[2]) : 3301);
  msgpack_gen::BufferPool pool;
  tarantool::Client client(pool);
  try {
    client.connect(host, port);
    std::printf("connected: %s\n", client.greeting().c_str());
    if (argc > 3 && std::strcmp(argv[3], "bench") == 0) {
      return bench(client, argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 10000);
    }
    return tour(client);
  } catch (const tarantool::Error& error) {
    std::fprintf(stderr, "error: %s\n", error.what());
    return 1;
  }
}
