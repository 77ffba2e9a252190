// The IPROTO example client and the generated DTOs against a real Tarantool, which
// run_tarantool_test.sh starts with examples/tarantool/init.lua and describes in the environment:
// TARANTOOL_PORT (where it listens) and TARANTOOL_UUID (its instance uuid, to be sure we talk to
// that process).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include <catch2/catch.hpp>

#include "checks.msgpack.hpp"
#include "client.hpp"
#include "users.msgpack.hpp"

namespace {

constexpr uint32_t kUsers = 512;
constexpr uint32_t kExtValues = 513;
constexpr uint32_t kBench = 514;
constexpr uint32_t kBenchPipelined = 515;
constexpr uint32_t kContractRows = 516;  // created from the contract (TT_CONTRACT)
constexpr uint32_t kErTupleFound = 3;    // box.error.TUPLE_FOUND
constexpr uint32_t kErFieldType = 23;    // box.error.FIELD_TYPE
constexpr uint32_t kErNoSuchProc = 33;   // box.error.NO_SUCH_PROC

std::string env(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

msgpack_gen::BufferPool& pool() {
  static msgpack_gen::BufferPool instance;
  return instance;
}

// One connection for the whole run, opened by the first test that needs it.
tarantool::Client& client() {
  static tarantool::Client* instance = [] {
    std::string port = env("TARANTOOL_PORT");
    if (port.empty()) FAIL("TARANTOOL_PORT is not set: run this through run_tarantool_test.sh");
    auto* c = new tarantool::Client(pool());
    c->connect("127.0.0.1", static_cast<uint16_t>(std::stoi(port)));
    return c;
  }();
  return *instance;
}

std::string bytes_of(const msgpack_gen::Buffer& buffer) {
  return std::string(reinterpret_cast<const char*>(buffer.data()), buffer.size());
}

template <class T>
std::string marshalled(const T& value) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  return bytes_of(buffer);
}

std::string hex(const std::string& bytes) {
  std::string text;
  char byte[4];
  for (unsigned char c : bytes) {
    std::snprintf(byte, sizeof byte, "%02x ", c);
    text += byte;
  }
  return text;
}

// Calls a Lua function and decodes everything it returned (the response data) into T.
template <class T, class Args>
T call_lua(const char* function, const Args& args) {
  const tarantool::Response& response = client().call(function, args);
  INFO(function << ": " << response.body.error);
  REQUIRE(response.ok());
  T result{};
  msgpack_gen::Status status = response.decode_data(result);
  INFO(status.message());
  REQUIRE(status.ok());
  return result;
}

void truncate(const char* space) {
  call_lua<std::vector<int>>("truncate", std::array<std::string, 1>{space});
}

// ---- Random users ------------------------------------------------------------------------

std::string random_text(std::mt19937_64& rng, size_t max_length) {
  static const char* const kPieces[] = {"a", "b", "z",        "Q",           "7",
                                        " ", "-", "\xc3\xa9", "\xe2\x82\xac"};
  size_t length = rng() % (max_length + 1);
  std::string text;
  while (text.size() < length) text += kPieces[rng() % 9];
  return text;
}

msgpack_gen::Decimal random_decimal(std::mt19937_64& rng) {
  for (;;) {
    size_t digit_count = 1 + rng() % 38;
    std::string digits;
    for (size_t i = 0; i < digit_count; ++i) digits += static_cast<char>('0' + rng() % 10);
    int32_t scale = static_cast<int32_t>(rng() % 45) - 5;  // -5..39: some are out of range
    if (auto value = msgpack_gen::Decimal::from_parts(rng() % 2 == 0, digits, scale)) return *value;
  }
}

msgpack_gen::Uuid random_uuid(std::mt19937_64& rng) {
  msgpack_gen::Uuid id;
  for (auto& b : id.bytes) b = static_cast<uint8_t>(rng());
  id.bytes[6] = static_cast<uint8_t>((id.bytes[6] & 0x0f) | 0x40);  // version 4
  id.bytes[8] = static_cast<uint8_t>((id.bytes[8] & 0x3f) | 0x80);  // RFC 4122 variant
  return id;
}

std::vector<app::User> random_users(size_t count, uint64_t seed) {
  std::mt19937_64 rng(seed);
  // Ids at every msgpack integer width boundary, then random ones of every size.
  std::set<uint64_t> ids = {
      0, 127, 128, 255, 256, 65535, 65536, 0xffffffffull, 0x100000000ull, UINT64_MAX};
  while (ids.size() < count) ids.insert(rng() >> (rng() % 64));
  std::vector<app::User> users;
  for (uint64_t id : ids) {
    app::User user;
    user.id = id;
    user.name = random_text(rng, rng() % 10 == 0 ? 300 : 40);  // fixstr, str8 and str16
    for (size_t n = rng() % 20; n > 0; --n) user.tags.push_back(random_text(rng, 12));
    for (size_t n = rng() % 20; n > 0; --n) user.meta[random_text(rng, 8)] = random_text(rng, 20);
    user.balance = random_decimal(rng);
    user.uuid = random_uuid(rng);
    if (rng() % 2 == 0) user.email = random_text(rng, 30) + "@example.com";
    users.push_back(std::move(user));
  }
  return users;
}

// Exact equality, including the decimal's representation (1.50 is not 1.5 here).
bool same_decimal(const msgpack_gen::Decimal& a, const msgpack_gen::Decimal& b) {
  return a.negative() == b.negative() && a.digits() == b.digits() && a.scale() == b.scale();
}

bool same_user(const app::User& a, const app::User& b) {
  return a.id == b.id && a.name == b.name && a.tags == b.tags && a.meta == b.meta &&
         same_decimal(a.balance, b.balance) && a.uuid == b.uuid && a.email == b.email;
}

double per_second(size_t count, std::chrono::steady_clock::duration elapsed) {
  return static_cast<double>(count) / std::chrono::duration<double>(elapsed).count();
}

// Sends every user in one pipeline and checks each response; returns how long sending and
// receiving took (the responses are checked after the clock stops).
std::chrono::steady_clock::duration insert_pipelined(uint32_t space,
                                                     const std::vector<app::User>& users) {
  auto start = std::chrono::steady_clock::now();
  std::unordered_map<uint64_t, size_t> index_of_sync;
  for (size_t i = 0; i < users.size(); ++i) {
    index_of_sync[client().queue_insert(space, users[i])] = i;
  }
  client().flush();
  size_t failures = 0, unknown_sync = 0, bad_data = 0;
  std::vector<std::optional<std::string>> echoes(users.size());
  std::vector<msgpack_gen::RawMsgpackView> echo;
  for (size_t i = 0; i < users.size(); ++i) {
    const tarantool::Response& response = client().receive();
    auto found = index_of_sync.find(response.header.sync);
    if (found == index_of_sync.end()) {  // not a sync we sent, or a second answer to one
      ++unknown_sync;
      continue;
    }
    if (!response.ok()) ++failures;
    // INSERT answers with the stored tuple: [tuple], the array header in its 32-bit form.
    if (!response.decode_data(echo).ok() || echo.size() != 1) {
      ++bad_data;
    } else {
      echoes[found->second] = std::string(echo[0].bytes);
    }
    index_of_sync.erase(found);
  }
  auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(failures == 0);
  CHECK(unknown_sync == 0);
  CHECK(bad_data == 0);
  CHECK(index_of_sync.empty());
  size_t wrong_echo = 0;
  for (size_t i = 0; i < users.size(); ++i) {
    if (echoes[i] != marshalled(users[i])) ++wrong_echo;
  }
  CHECK(wrong_echo == 0);
  return elapsed;
}

}  // namespace

TEST_CASE("the server is the one the script started, and answers ping") {
  std::string uuid = env("TARANTOOL_UUID");
  REQUIRE(uuid.size() == 36);
  INFO("greeting: " << client().greeting());
  CHECK(client().greeting().rfind("Tarantool 2.", 0) == 0);
  CHECK(client().greeting().find(uuid) != std::string::npos);
  const tarantool::Response& pong = client().ping();
  CHECK(pong.ok());
  CHECK(pong.header.schema_version > 0);

  // Tarantool writes the header's integers in fixed wide forms (code as uint32, sync as uint64),
  // not the shortest ones, and the generated decoder takes them.
  std::string packet(client().last_packet());
  REQUIRE(packet.size() > 16);
  INFO(hex(packet));
  CHECK(static_cast<uint8_t>(packet[0]) == 0x83);              // a map of 3
  CHECK(hex(packet.substr(1, 7)) == "00 ce 00 00 00 00 01 ");  // code 0
  CHECK(hex(packet.substr(7, 2)) == "01 cf ");                 // sync, a uint64
}

TEST_CASE("10,000 random users: pipelined insert, select back, stored bytes are ours") {
  const uint64_t seed = std::random_device{}();
  INFO("seed " << seed);
  std::vector<app::User> users = random_users(10000, seed);
  truncate("users");

  auto elapsed = insert_pipelined(kUsers, users);
  size_t total_bytes = 0;
  for (const app::User& user : users) total_bytes += marshalled(user).size();
  std::printf("inserted %zu users (%zu bytes a tuple on average) pipelined: %.0f requests/s\n",
              users.size(), total_bytes / users.size(), per_second(users.size(), elapsed));

  // Everything back in primary key order, which is the order random_users() made (a set).
  const tarantool::Response& response =
      client().select(kUsers, 0, std::vector<uint64_t>{}, 20000, iproto::Iterator::all);
  REQUIRE(response.ok());
  std::vector<app::User> back;
  REQUIRE(response.decode_data(back).ok());
  std::vector<msgpack_gen::RawMsgpack> raw_back;
  REQUIRE(response.decode_data(raw_back).ok());
  REQUIRE(back.size() == users.size());
  REQUIRE(raw_back.size() == users.size());
  size_t different = 0, different_bytes = 0;
  std::optional<size_t> first_difference;
  for (size_t i = 0; i < users.size(); ++i) {
    if (!same_user(users[i], back[i])) {
      ++different;
      if (!first_difference) first_difference = i;
    }
    if (raw_back[i].bytes != marshalled(users[i])) ++different_bytes;
  }
  INFO("first different user: index " << first_difference.value_or(0));
  CHECK(different == 0);
  CHECK(different_bytes == 0);

  // And as Lua sees the stored tuples: msgpack.encode(tuple) is Tarantool's own copy.
  auto stored = call_lua<std::vector<std::vector<std::string>>>(
      "stored_tuples", std::array<std::string, 1>{"users"});
  REQUIRE(stored.size() == 1);
  REQUIRE(stored[0].size() == users.size());
  size_t different_stored = 0;
  for (size_t i = 0; i < users.size(); ++i) {
    if (stored[0][i] != marshalled(users[i])) {
      if (different_stored++ == 0) {
        INFO("ours:   " << hex(marshalled(users[i])));
        INFO("stored: " << hex(stored[0][i]));
        CHECK(stored[0][i] == marshalled(users[i]));
      }
    }
  }
  CHECK(different_stored == 0);

  // A point select by key, through the generated key DTO.
  const tarantool::Response& one = client().select(kUsers, 0, app::UserKey{UINT64_MAX}, 1);
  REQUIRE(one.ok());
  std::vector<app::User> found;
  REQUIRE(one.decode_data(found).ok());
  REQUIRE(found.size() == 1);
  CHECK(same_user(found[0], users.back()));
}

TEST_CASE("round trips per second: 10,000 inserts pipelined against sequential") {
  std::vector<app::User> users = random_users(10000, 42);

  // Two spaces, both emptied first: inserting right after a truncate of the same space would
  // compete with Tarantool freeing the old tuples.
  truncate("bench");
  truncate("bench_pipelined");
  auto start = std::chrono::steady_clock::now();
  size_t failures = 0;
  for (const app::User& user : users) {
    if (!client().insert(kBench, user).ok()) ++failures;
  }
  auto sequential = std::chrono::steady_clock::now() - start;
  CHECK(failures == 0);

  auto pipelined = insert_pipelined(kBenchPipelined, users);

  std::printf("10000 inserts: sequential %.0f round trips/s, pipelined %.0f requests/s (%.1fx)\n",
              per_second(users.size(), sequential), per_second(users.size(), pipelined),
              std::chrono::duration<double>(sequential).count() /
                  std::chrono::duration<double>(pipelined).count());
}

TEST_CASE("nil and missing trailing fields in tuples Lua wrote") {
  call_lua<std::vector<int>>("insert_sparse_users", std::array<uint64_t, 1>{5000000000000ull});
  const tarantool::Response& response =
      client().select(kUsers, 0, app::UserKey{5000000000000ull}, 2, iproto::Iterator::ge);
  REQUIRE(response.ok());
  std::vector<app::User> users;
  msgpack_gen::Status status = response.decode_data(users);
  INFO(status.message());
  REQUIRE(status.ok());
  REQUIRE(users.size() == 2);
  CHECK(users[0].name == "null email");
  CHECK_FALSE(users[0].email.has_value());  // an explicit nil
  CHECK(users[1].name == "no email");
  CHECK(users[1].meta == std::map<std::string, std::string>{{"k", "v"}});
  CHECK(users[1].balance.to_string() == "1.25");
  CHECK_FALSE(users[1].email.has_value());  // a six-field tuple
}

TEST_CASE("UUID and DECIMAL values survive the server, as Tarantool understands them") {
  const char* const decimals[] = {"0",
                                  "-0",
                                  "0.1",
                                  "-12.34",
                                  "1.50",
                                  "-1.5e-10",
                                  "1E+3",
                                  "99999999999999999999999999999999999999",
                                  "-0.00000000000000000000000000000000000001",
                                  "123456789.987654321",
                                  "100"};
  const char* const uuids[] = {"f6423bdf-b49e-4913-b361-0740c9702e4b",
                               "00000000-0000-0000-0000-000000000000",
                               "ffffffff-ffff-ffff-dfff-ffffffffffff"};
  truncate("ext_values");
  std::vector<app::ExtRow> rows;
  for (size_t i = 0; i < std::size(decimals); ++i) {
    auto amount = msgpack_gen::Decimal::parse(decimals[i]);
    auto uuid = msgpack_gen::Uuid::parse(uuids[i % std::size(uuids)]);
    REQUIRE(amount);
    REQUIRE(uuid);
    rows.push_back({i + 1, *amount, *uuid});
    REQUIRE(client().insert(kExtValues, rows.back()).ok());
  }

  for (const app::ExtRow& row : rows) {
    auto described = call_lua<std::vector<checks::ExtDescription>>("describe_ext",
                                                                   std::array<uint64_t, 1>{row.id});
    REQUIRE(described.size() == 1);
    INFO("sent " << row.amount.to_string() << " " << row.uuid.to_string());
    CHECK(described[0].is_decimal);
    CHECK(described[0].is_uuid);
    CHECK(described[0].uuid == row.uuid.to_string());
    // Tarantool prints 1E+3 as "1000" like we do.
    CHECK(described[0].amount == row.amount.to_string());
  }

  const tarantool::Response& response =
      client().select(kExtValues, 0, std::vector<uint64_t>{}, 100, iproto::Iterator::all);
  REQUIRE(response.ok());
  std::vector<app::ExtRow> back;
  REQUIRE(response.decode_data(back).ok());
  REQUIRE(back.size() == rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    INFO(rows[i].amount.to_string());
    CHECK(same_decimal(back[i].amount, rows[i].amount));
    CHECK(back[i].uuid == rows[i].uuid);
  }
  auto stored = call_lua<std::vector<std::vector<std::string>>>(
      "stored_tuples", std::array<std::string, 1>{"ext_values"});
  REQUIRE(stored.size() == 1);
  REQUIRE(stored[0].size() == rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    INFO(rows[i].amount.to_string()
         << ": ours " << hex(marshalled(rows[i])) << "stored " << hex(stored[0][i]));
    CHECK(stored[0][i] == marshalled(rows[i]));
  }
}

TEST_CASE("UUID and DECIMAL values Lua made: decoded, printed and re-encoded like Lua") {
  auto replies = call_lua<checks::LuaExtReply>("lua_ext_values", std::array<uint64_t, 1>{1000});
  app::ExtRow row;
  msgpack_gen::Status status =
      msgpack_gen::unmarshal(replies.row.bytes.data(), replies.row.bytes.size(), row);
  INFO(status.message());
  REQUIRE(status.ok());
  CHECK(row.id == 1000);
  CHECK(row.amount == *msgpack_gen::Decimal::parse("-1.5e-10"));
  CHECK(row.amount.to_string() == replies.amount_text);
  CHECK(row.uuid.to_string() == replies.uuid_text);
  CHECK_FALSE(row.uuid.is_nil());
  // Our encoding of what we decoded is the bytes Lua wrote.
  CHECK(hex(marshalled(row)) == hex(replies.row.bytes));

  // Sent back under another id, Lua reads the same values.
  row.id = 1001;
  REQUIRE(client().insert(kExtValues, row).ok());
  auto described =
      call_lua<std::vector<checks::ExtDescription>>("describe_ext", std::array<uint64_t, 1>{1001});
  REQUIRE(described.size() == 1);
  CHECK(described[0].amount == replies.amount_text);
  CHECK(described[0].uuid == replies.uuid_text);
}

TEST_CASE("a Lua function called with a map-mode DTO returns a map we decode") {
  app::ScoreRequest request;
  request.name = "carol";
  request.points = {10, 20, 30, -4};
  request.weights = {{"speed", 1.5}, {"style", 0.5}, {"luck", 2.25}};
  request.bonus = *msgpack_gen::Decimal::parse("0.75");

  auto reply = call_lua<app::ScoreReturn>("score", app::ScoreArgs{request});
  CHECK(reply.result.greeting == "hello, carol");
  CHECK(reply.result.total == 56);
  CHECK(reply.result.average == 14.0);
  CHECK(reply.result.with_bonus.to_string() == "56.75");
  CHECK(reply.result.heavy == std::vector<std::string>{"luck", "speed"});
  CHECK_FALSE(reply.result.missing.has_value());

  // Lua sent the integral average 14 as an integer, which the double field accepted: the same
  // bytes decode into an integer field.
  auto as_int = call_lua<std::vector<checks::AverageAsInt>>("score", app::ScoreArgs{request});
  REQUIRE(as_int.size() == 1);
  CHECK(as_int[0].average == 14);

  request.points = {1, 2};
  request.note = "a note";
  reply = call_lua<app::ScoreReturn>("score", app::ScoreArgs{request});
  CHECK(reply.result.average == 1.5);
  CHECK(reply.result.missing == std::optional<std::string>("a note"));
}

TEST_CASE("server errors decode into the error DTO") {
  SECTION("duplicate key") {
    app::User user = random_users(1, 7)[0];
    user.id = 9000000000000ull;
    const tarantool::Response& first = client().replace(kUsers, user);
    REQUIRE(first.ok());
    const tarantool::Response& response = client().insert(kUsers, user);
    REQUIRE_FALSE(response.ok());
    CHECK(response.header.code == (iproto::kErrorBit | kErTupleFound));
    CHECK(response.error_code() == kErTupleFound);
    INFO(response.body.error);
    CHECK(response.body.error.find("Duplicate key exists in unique index 'primary' in space "
                                   "'users'") != std::string::npos);
    CHECK(response.body.data.bytes.empty());
    REQUIRE(response.body.error_stack);
    REQUIRE(response.body.error_stack->frames.size() == 1);
    CHECK(response.body.error_stack->frames[0].type == "ClientError");
    CHECK(response.body.error_stack->frames[0].code == kErTupleFound);
    CHECK(response.body.error_stack->frames[0].message == response.body.error);
  }
  SECTION("wrong field type") {
    const tarantool::Response& response =
        client().insert(kUsers, checks::WrongTypeUser{9000000000001ull, 12345});
    REQUIRE_FALSE(response.ok());
    CHECK(response.error_code() == kErFieldType);
    INFO(response.body.error);
    CHECK(response.body.error.find("expected string") != std::string::npos);
    REQUIRE(response.body.error_stack);
    REQUIRE_FALSE(response.body.error_stack->frames.empty());
    CHECK(response.body.error_stack->frames[0].code == kErFieldType);
  }
  SECTION("no such function") {
    const tarantool::Response& response = client().call("no_such_function", std::vector<int>{});
    REQUIRE_FALSE(response.ok());
    CHECK(response.error_code() == kErNoSuchProc);
    CHECK(response.body.error.find("no_such_function") != std::string::npos);
  }
  // The connection is still in step after errors.
  CHECK(client().ping().ok());
}

// ---- The space format from the contract --------------------------------------------------

TEST_CASE("a space created from the contract's space_format has the DTO's fields and types") {
  if (env("TT_CONTRACT").empty()) {
    WARN("TT_CONTRACT is not set: the server has no contract_rows space");
    return;
  }
  // checks::FormatRow, member by member, with the type the contract maps each one to.
  const std::vector<std::array<std::string, 2>> expected = {
      {"id", "unsigned"}, {"delta", "integer"},  {"ratio", "double"},   {"flag", "boolean"},
      {"name", "string"}, {"blob", "varbinary"}, {"list", "array"},     {"attrs", "map"},
      {"point", "array"}, {"label", "map"},      {"amount", "decimal"}, {"uid", "uuid"},
      {"note", "string"}};
  auto replies = call_lua<std::vector<std::vector<checks::SpaceFormatField>>>(
      "space_format", std::array<std::string, 1>{"contract_rows"});
  REQUIRE(replies.size() == 1);
  const std::vector<checks::SpaceFormatField>& format = replies[0];
  REQUIRE(format.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO("field " << i);
    CHECK(format[i].name == expected[i][0]);
    CHECK(format[i].type == expected[i][1]);
    CHECK(format[i].is_nullable.value_or(false) == (expected[i][0] == "note"));
  }

  checks::FormatRow row;
  row.id = 77;
  row.delta = -5;
  row.ratio = 0.25;
  row.flag = true;
  row.name = "row";
  row.blob = {0x00, 0xff, 0x10};
  row.list = {1, -2, 3};
  row.attrs = {{"a", 1}, {"b", -1}};
  row.point = {3, -4};
  row.label = {"here"};
  row.amount = *msgpack_gen::Decimal::from_parts(true, "1250", 2);
  std::mt19937_64 rng(14);
  row.uid = random_uuid(rng);
  for (const std::optional<std::string>& note :
       {std::optional<std::string>("n"), std::optional<std::string>()}) {
    truncate("contract_rows");
    row.note = note;
    const tarantool::Response& inserted = client().insert(kContractRows, row);
    INFO(inserted.body.error);
    REQUIRE(inserted.ok());
    const tarantool::Response& response =
        client().select(kContractRows, 0, app::UserKey{row.id}, 1, iproto::Iterator::eq);
    REQUIRE(response.ok());
    std::vector<checks::FormatRow> rows;
    msgpack_gen::Status status = response.decode_data(rows);
    INFO(status.message());
    REQUIRE(status.ok());
    REQUIRE(rows.size() == 1);
    CHECK(marshalled(rows[0]) == marshalled(row));
    CHECK(rows[0].amount.to_string() == "-12.50");
    CHECK(rows[0].note == note);
  }
  // A tuple the format refuses: two fields where it requires (not nullable) twelve.
  checks::WrongTypeUser wrong{78, 5};
  const tarantool::Response& refused = client().insert(kContractRows, wrong);
  CHECK_FALSE(refused.ok());
}
