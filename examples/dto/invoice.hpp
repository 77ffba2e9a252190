// A custom codec: bank::Money stands for a third-party class msgpack-gen cannot look into
// (private data, invariants). Its codec writes it as a string such as "12.34 EUR"; because the
// specialisation is visible when msgpack-gen parses this header, fields of type Money use it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <msgpack_gen/codec.hpp>

namespace bank {

class Money {
 public:
  Money() = default;
  Money(int64_t cents, std::string currency) : cents_(cents), currency_(std::move(currency)) {}
  int64_t cents() const { return cents_; }
  const std::string& currency() const { return currency_; }

  // "12.34 EUR"
  std::string to_string() const {
    char text[48];
    int64_t whole = cents_ / 100, part = cents_ % 100;
    std::snprintf(text, sizeof text, "%s%lld.%02lld %s", cents_ < 0 ? "-" : "",
                  static_cast<long long>(whole < 0 ? -whole : whole),
                  static_cast<long long>(part < 0 ? -part : part), currency_.c_str());
    return text;
  }
  static bool parse(std::string_view text, Money& out) {
    long long whole = 0;
    unsigned part = 0;
    char currency[8] = {};
    std::string copy(text);
    if (std::sscanf(copy.c_str(), "%lld.%2u %7s", &whole, &part, currency) != 3) return false;
    bool negative = !copy.empty() && copy[0] == '-';
    int64_t magnitude = (whole < 0 ? -whole : whole) * 100 + part;
    out = Money(negative ? -magnitude : magnitude, currency);
    return true;
  }

 private:
  int64_t cents_ = 0;
  std::string currency_;
};

}  // namespace bank

template <>
struct msgpack_gen::codec<bank::Money> {
  static void encode(Writer& out, const bank::Money& value) { out.str(value.to_string()); }
  static bool decode(Reader& in, bank::Money& value) {
    std::string_view text;
    if (!in.read_str(text)) return false;
    if (!bank::Money::parse(text, value)) {
      // escaped(): the text comes from the input, so it is quoted safe to log (and cut).
      return in.invalid("\"" + msgpack_gen::escaped(text) +
                        "\" is not an amount like \"12.34 EUR\"");
    }
    return true;
  }
};

namespace shop {

struct Invoice {
  std::string id;
  bank::Money total;
  std::vector<bank::Money> lines;
};

}  // namespace shop
