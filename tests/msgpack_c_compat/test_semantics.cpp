// Issue 19's six minimal headers (dto_semantics/): what msgpack-c packs is what C++ finds for
// msgpack_pack and the adaptor of each member type. Each type is checked against msgpack-c on
// random values, both ways (compat_support.hpp), and against the bytes the issue quotes.
#include <catch2/catch.hpp>

#include "compat_support.hpp"
#include "container_base.msgpack.hpp"
#include "inherited_macro.msgpack.hpp"
#include "macro_comments.msgpack.hpp"
#include "nil_member.msgpack.hpp"
#include "reference_members.msgpack.hpp"
#include "template_base_member.msgpack.hpp"

namespace {

using compat::Bytes;
using compat::Gen;

constexpr int kValues = 500;

Bytes hex_bytes(std::initializer_list<int> bytes) {
  Bytes out;
  for (int b : bytes) out += static_cast<char>(b);
  return out;
}

template <class T>
void fill_base(Gen& g, T& value) {
  value.a = g.integer<int>();
  value.f = g.floating<double>();
}

TEST_CASE("a struct without a macro is packed with the one it inherits", "[msgpack-c][semantics]") {
  // The bytes the issue quotes: the base's two members, 2.0 written as msgpack-c writes it.
  CHECK(compat::ours(semantics::Derived{}) ==
        hex_bytes({0x82, 0xa1, 0x61, 0x01, 0xa1, 0x66, 0x02}));
  CHECK(compat::ours(semantics::Derived{}) == compat::theirs(semantics::Derived{}));
  compat::run_corpus<semantics::Derived>("Derived", 1901, kValues, [](Gen& g) {
    semantics::Derived d;
    fill_base(g, d);
    d.extra = g.integer<int>();  // not written by either library
    return d;
  });
  compat::run_corpus<semantics::Grandchild>("Grandchild", 1902, kValues, [](Gen& g) {
    semantics::Grandchild d;
    fill_base(g, d);
    d.note = g.text();
    return d;
  });
  compat::run_corpus<semantics::TaggedCount>("TaggedCount", 1903, kValues, [](Gen& g) {
    semantics::TaggedCount t;
    t.value = g.integer<std::uint32_t>();
    t.tag = g.text();
    return t;
  });
  compat::run_corpus<semantics::Own>("Own", 1904, kValues, [](Gen& g) {
    semantics::Own o;
    fill_base(g, o);
    o.extra = g.integer<int>();
    return o;
  });
}

TEST_CASE("msgpack::type::nil_t is nil, alone and in a vector", "[msgpack-c][semantics]") {
  semantics::WithNil value;
  value.nils.resize(2);
  CHECK(compat::ours(value) == hex_bytes({0x93, 0x01, 0xc0, 0x92, 0xc0, 0xc0}));
  compat::run_corpus<semantics::WithNil>("WithNil", 1905, kValues, [](Gen& g) {
    semantics::WithNil w;
    w.a = g.integer<int>();
    w.nils.resize(g.count(5));
    return w;
  });
  // Anything but nil is refused, as msgpack-c refuses it.
  const Bytes not_nil = hex_bytes({0x93, 0x01, 0x00, 0x90});
  semantics::WithNil decoded;
  const msgpack_gen::Status status =
      msgpack_gen::unmarshal(not_nil.data(), not_nil.size(), decoded);
  CHECK(status.code() == msgpack_gen::ErrorCode::type_mismatch);
  CHECK(compat::msgpack_c_rejects<semantics::WithNil>(not_nil));
}

TEST_CASE("a protected member of a class template instance base is listed",
          "[msgpack-c][semantics]") {
  compat::run_corpus<semantics::data>("data", 1906, kValues, [](Gen& g) {
    semantics::data d;
    d.set(g.integer<std::uint8_t>(), g.integer<std::int32_t>(), g.text());
    return d;
  });
}

TEST_CASE("comments and continued lines in the macro's list", "[msgpack-c][semantics]") {
  semantics::Commented commented;
  commented.id = 3;
  commented.name = "never written";
  CHECK(compat::ours(commented) == hex_bytes({0x91, 0x03}));
  compat::run_corpus<semantics::Commented>("Commented", 1907, kValues, [](Gen& g) {
    semantics::Commented c;
    c.id = g.integer<std::int64_t>();
    c.name = g.text();
    return c;
  });
  compat::run_corpus<semantics::OnePerLine>("OnePerLine", 1908, kValues, [](Gen& g) {
    semantics::OnePerLine o;
    o.id = g.integer<std::int64_t>();
    o.name = g.text();
    o.active = g.integer<bool>();
    return o;
  });
  compat::run_corpus<semantics::Continued>("Continued", 1909, kValues, [](Gen& g) {
    semantics::Continued c;
    c.id = g.integer<std::int64_t>();
    c.name = g.text();
    return c;
  });
}

TEST_CASE("MSGPACK_BASE of a standard container is the container", "[msgpack-c][semantics]") {
  semantics::header h;
  h.push_back(semantics::kind::a);
  h.push_back(semantics::kind::b);
  CHECK(compat::ours(h) == hex_bytes({0x91, 0x92, 0x01, 0x02}));
  compat::run_corpus<semantics::header>("header", 1910, kValues, [](Gen& g) {
    semantics::header value;
    const std::size_t n = g.count(8);
    for (std::size_t i = 0; i < n; ++i)
      value.push_back(static_cast<semantics::kind>(g.integer<int>()));
    return value;
  });
  compat::run_corpus<semantics::Path>("Path", 1911, kValues, [](Gen& g) {
    semantics::Path p;
    p.closed = g.integer<int>();
    const std::size_t n = g.count(8);
    for (std::size_t i = 0; i < n; ++i) p.push_back(g.integer<int>());
    return p;
  });
}

TEST_CASE("reference members are packed through the reference", "[msgpack-c][semantics]") {
  Gen g(1912);
  for (int index = 0; index < kValues; ++index) {
    semantics::Params params;
    params.x = g.integer<std::int32_t>();
    params.s = g.text();
    std::string method = g.text();
    const semantics::Request request{params, method, g.integer<std::uint32_t>()};
    COMPAT_REQUIRE_SAME("msgpack_gen::marshal and msgpack::pack differ", "msgpack-gen",
                        compat::ours(request), "msgpack-c", compat::theirs(request));
  }
  // Generated marshal-only: there is no unmarshaler to call.
  STATIC_REQUIRE(msgpack_gen::detail::has_encode<semantics::Request>::value);
  STATIC_REQUIRE_FALSE(msgpack_gen::detail::has_decode<semantics::Request>::value);
}

}  // namespace
