// The example: marshal and unmarshal the DTOs in dto/ with the code msgpack-gen generated for
// them (data.msgpack.hpp, user.msgpack.hpp, request.msgpack.hpp, invoice.msgpack.hpp,
// profile.msgpack.hpp).
#include <cstdio>
#include <string>

#include <msgpack_gen/dump.hpp>
#include <msgpack_gen/pool.hpp>
#include <msgpack_gen/print.hpp>  // to_json(); before the generated headers

#include "data.msgpack.hpp"
#include "invoice.msgpack.hpp"
#include "profile.msgpack.hpp"
#include "request.msgpack.hpp"
#include "user.msgpack.hpp"

namespace {

void print_hex(const char* label, const msgpack_gen::Buffer& buffer) {
  std::printf("%-28s %3zu bytes:", label, buffer.size());
  for (std::size_t i = 0; i < buffer.size() && i < 24; ++i) std::printf(" %02x", buffer.data()[i]);
  std::printf("%s\n", buffer.size() > 24 ? " ..." : "");
}

int fail(const char* what, const msgpack_gen::Status& status) {
  std::fprintf(stderr, "%s: %s\n", what, status.message().c_str());
  return 1;
}

}  // namespace

int main() {
  msgpack_gen::BufferPool pool;

  // 1. The seed workload: a nested struct round trip through a pooled buffer.
  shop::Data data{"example",        42,        {{"alpha", true}, {"beta", false}},
                  {0.5f},           {1, 2, 3}, {{"owner", {"carol", true}}},
                  {{"beta", false}}};
  {
    auto buffer = pool.acquire();  // returned to the pool, capacity kept, at scope exit
    msgpack_gen::marshal(*buffer, data);
    print_hex("shop::Data", *buffer);
    shop::Data back;
    if (auto status = msgpack_gen::unmarshal(buffer->data(), buffer->size(), back); !status) {
      return fail("unmarshal Data", status);
    }
    std::printf("  decoded: name=%s count=%lld subs=%zu internal.value=%.1f meta[owner]=%s\n",
                back.name.c_str(), static_cast<long long>(back.count), back.subs.size(),
                back.internal.value, back.meta["owner"].key.c_str());
  }

  // 2. Tags: "username", a skipped password, omitempty, and an inlined struct.
  shop::User user{"dave", "secret", std::nullopt, {"admin"}, {1700000000, "root"}};
  {
    auto buffer = pool.acquire();
    msgpack_gen::marshal(*buffer, user);
    print_hex("shop::User (map)", *buffer);
    shop::User back;
    if (auto status = msgpack_gen::unmarshal(buffer->data(), buffer->size(), back); !status) {
      return fail("unmarshal User", status);
    }
    std::printf("  decoded: name=%s password=\"%s\" created_by=%s\n", back.name.c_str(),
                back.password.c_str(), back.audit.created_by.c_str());
  }

  // 3. A Tarantool tuple: a msgpack array in declaration order.
  shop::UserTuple tuple{1, "dave", {"admin"}};
  {
    auto buffer = pool.acquire();
    msgpack_gen::marshal(*buffer, tuple);
    print_hex("shop::UserTuple (array)", *buffer);
    // Printed, the tuple's positions get their fields' names.
    std::printf("  as JSON: %s\n", msgpack_gen::to_json(tuple).c_str());
  }

  // 4. alterFieldCount: marshal leaves room for two pairs that the caller appends.
  shop::Request request;
  request.user = "dave";
  request.args = {"a", "b"};
  auto buffer = pool.acquire();
  msgpack_gen::marshal(*buffer, request);
  msgpack_gen::Writer writer(*buffer);
  writer.str("funcname");
  writer.str("box.info");
  writer.str("reqid");
  writer.uint(7);
  print_hex("shop::Request + 2 pairs", *buffer);

  // ...and the same type reads them back through its readExtraField hook.
  shop::Request back;
  if (auto status = msgpack_gen::unmarshal(buffer->data(), buffer->size(), back); !status) {
    return fail("unmarshal Request", status);
  }
  std::printf("  decoded: user=%s args=%zu funcname=%s reqid=%llu\n", back.user.c_str(),
              back.args.size(), back.funcname.c_str(), static_cast<unsigned long long>(back.reqid));

  // 5. A custom codec: Money is written as a string by the codec in invoice.hpp.
  shop::Invoice invoice{"INV-1", {1250, "EUR"}, {{1000, "EUR"}, {250, "EUR"}}};
  {
    auto invoice_buffer = pool.acquire();
    msgpack_gen::marshal(*invoice_buffer, invoice);
    print_hex("shop::Invoice", *invoice_buffer);
    shop::Invoice decoded;
    if (auto status =
            msgpack_gen::unmarshal(invoice_buffer->data(), invoice_buffer->size(), decoded);
        !status) {
      return fail("unmarshal Invoice", status);
    }
    std::printf("  decoded: id=%s total=%s lines=%zu\n", decoded.id.c_str(),
                decoded.total.to_string().c_str(), decoded.lines.size());
  }

  // 6. A service in the middle: a newer peer's profile has fields this version does not declare.
  //    shop::Profile keeps them (its UnknownFields member) and writes them back after its own.
  {
    auto newer = pool.acquire();
    msgpack_gen::Writer peer(*newer);
    peer.map_header(4);
    peer.str("id");
    peer.uint(42);
    peer.str("display_name");
    peer.str("Dave");
    peer.str("locale");  // added by a later version of the peer
    peer.str("pt-PT");
    peer.str("badges");  // likewise
    peer.array_header(2);
    peer.str("early");
    peer.str("helper");
    shop::Profile profile;
    if (auto status = msgpack_gen::unmarshal(newer->data(), newer->size(), profile); !status) {
      return fail("unmarshal Profile", status);
    }
    profile.display_name = "Dave R.";  // the one change this service makes
    auto passed_on = pool.acquire();
    msgpack_gen::marshal(*passed_on, profile);
    std::printf("shop::Profile kept %u unknown fields and passed on: %s\n", profile.unknown.size(),
                msgpack_gen::dump_text(passed_on->data(), passed_on->size()).c_str());
  }

  // 7. Bad input is an error with an offset and a field path, never a crash.
  buffer->data()[buffer->size() - 1] = 0xc1;  // reqid's value becomes the never-used marker
  msgpack_gen::Status status = msgpack_gen::unmarshal(buffer->data(), buffer->size(), back);
  std::printf("corrupted input: %s\n", status.message().c_str());
  return status ? 1 : 0;
}
