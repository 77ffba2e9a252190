// Prints random decimals and uuids for tarantool_interop.lua to check against Tarantool's own
// msgpack: one line per value, "<kind>|<hex of our encoding>|<our to_string()>|<scale>".
#include <cstdio>
#include <random>
#include <string>

#include "ext_test_support.hpp"
#include "msgpack_gen/ext/decimal.hpp"
#include "msgpack_gen/ext/uuid.hpp"

int main() {
  using msgpack_gen::Decimal;
  using msgpack_gen::Uuid;
  std::mt19937_64 rng(0x7a7a);
  std::uniform_int_distribution<int> digit(0, 9);
  std::uniform_int_distribution<int> length(1, Decimal::kMaxDigits);
  for (int i = 0; i < 3000; ++i) {
    std::string digits;
    const int n = length(rng);
    for (int k = 0; k < n; ++k) digits += static_cast<char>('0' + digit(rng));
    const auto kept = digits.find_first_not_of('0');
    const int significant = kept == std::string::npos ? 1 : n - static_cast<int>(kept);
    std::uniform_int_distribution<int> scale(significant - Decimal::kMaxDigits,
                                             Decimal::kMaxDigits);
    auto value = Decimal::from_parts((rng() & 1) != 0, digits, scale(rng));
    if (!value) return 1;
    std::printf("decimal|%s|%s|%d\n", ext_test::to_hex(ext_test::encode(*value)).c_str(),
                value->to_string().c_str(), static_cast<int>(value->scale()));
  }
  std::uniform_int_distribution<int> byte(0, 255);
  for (int i = 0; i < 300; ++i) {
    Uuid id;
    for (auto& b : id.bytes) b = static_cast<std::uint8_t>(byte(rng));
    // Ones we refuse to decode (and parse) must be refused by Tarantool too.
    const char* kind = id.is_valid() ? "uuid" : "baduuid";
    std::printf("%s|%s|%s|0\n", kind, ext_test::to_hex(ext_test::encode(id)).c_str(),
                id.to_string().c_str());
  }
  return 0;
}
