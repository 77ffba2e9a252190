// msgpack_gen::Decimal: an exact decimal number encoded as Tarantool's MP_DECIMAL extension
// (ext type 1), with Tarantool's limit of 38 significant digits.
//
// Wire format (Tarantool "MessagePack extensions", the DECIMAL type):
//   <ext header, type 1> <scale: a msgpack int> <BCD>
// scale is the number of digits after the decimal point (negative: the coefficient is followed
// by -scale zeros). BCD packs the coefficient two digits a byte, most significant first, and
// ends with a sign nibble (0x0c plus, 0x0d minus); when the digit count is even a 0 nibble leads
// so that the digits and the sign fill whole bytes. The header is the smallest one for the
// payload: fixext 1/2/4/8/16 when the payload length is one of those, else ext 8. Examples
// (from Tarantool's documentation, and what tarantool 2.6 writes):
//   -12.34 -> d6 01 02 01 23 4d        0.1 -> d5 01 01 1c        1E+3 -> d5 01 fd 1c
//
// Representation: a sign, the coefficient's digits (no leading zeros; "0" for zero) and the
// scale, as Tarantool keeps them: trailing zeros are significant to the representation, so
// "1.50" is digits "150", scale 2, and encodes differently from "1.5". A value is valid when it
// has at most 38 digits, scale <= 38, and at most 38 digits before the point
// (digits - scale <= 38); this is the range tarantool 2.6 accepts when decoding.
//
// Equality and ordering are by numeric value: 1.50 == 1.5, -0 == 0. Compare digits(), scale()
// and negative() to tell representations apart.
//
// Decoding accepts the scale in any msgpack integer form, any ext header, leading zero digits,
// and the sign nibbles 0x0a, 0x0c, 0x0e, 0x0f (plus) and 0x0b, 0x0d (minus); it rejects other
// ext types, a missing or malformed scale, a non-digit nibble, a sign nibble anywhere but last,
// and values outside the limits above. It never rounds. Encoding always writes 0x0c or 0x0d.
// A negative zero keeps its sign (Tarantool writes "-0" with the minus nibble too).
//
// Not included by msgpack_gen.hpp: include this header to use the type.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/detail/ext.hpp"

namespace msgpack_gen {

class Decimal {
 public:
  static constexpr std::int8_t kExtType = 1;
  static constexpr int kMaxDigits = 38;

  // Zero.
  Decimal() : digits_("0") {}

  // Parses [+|-] digits [. [digits]] [(e|E) [+|-] digits], or the same starting with the point
  // (".5"): "123", "-1.50", "1.5e-10", "1E+3". No spaces, no "inf"/"nan". The digits after the
  // point, minus the exponent, give the scale ("1.50" has scale 2, "1E+3" scale -3). Values
  // outside the limits (more than 38 significant digits, scale > 38, ...) give nullopt: nothing
  // is rounded.
  static std::optional<Decimal> parse(std::string_view text) {
    std::size_t i = 0;
    const std::size_t n = text.size();
    bool negative = false;
    if (i < n && (text[i] == '+' || text[i] == '-')) {
      negative = text[i] == '-';
      ++i;
    }
    std::string coefficient;
    std::int64_t fraction_digits = 0;
    bool any_digit = false;
    for (; i < n && is_digit(text[i]); ++i) {
      append_digit(coefficient, text[i]);
      any_digit = true;
    }
    if (i < n && text[i] == '.') {
      for (++i; i < n && is_digit(text[i]); ++i) {
        append_digit(coefficient, text[i]);
        ++fraction_digits;
        any_digit = true;
      }
    }
    if (!any_digit) return std::nullopt;
    std::int64_t exponent = 0;
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
      ++i;
      bool exponent_negative = false;
      if (i < n && (text[i] == '+' || text[i] == '-')) {
        exponent_negative = text[i] == '-';
        ++i;
      }
      if (i == n || !is_digit(text[i])) return std::nullopt;
      for (; i < n && is_digit(text[i]); ++i) {
        // Saturates: anything this large is out of range anyway.
        if (exponent < kExponentCap) exponent = exponent * 10 + (text[i] - '0');
      }
      if (exponent_negative) exponent = -exponent;
    }
    if (i != n) return std::nullopt;
    if (coefficient.empty()) coefficient = "0";
    const std::int64_t scale = fraction_digits - exponent;
    if (!in_limits(coefficient.size(), scale)) return std::nullopt;
    return Decimal(negative, std::move(coefficient), static_cast<std::int32_t>(scale));
  }

  // From a sign, coefficient digits (leading zeros are dropped) and scale; nullopt when digits
  // is empty or has a non-digit, or the value is outside the limits.
  static std::optional<Decimal> from_parts(bool negative, std::string_view digits,
                                           std::int32_t scale) {
    if (digits.empty()) return std::nullopt;
    std::string coefficient;
    for (char c : digits) {
      if (!is_digit(c)) return std::nullopt;
      append_digit(coefficient, c);
    }
    if (coefficient.empty()) coefficient = "0";
    if (!in_limits(coefficient.size(), scale)) return std::nullopt;
    return Decimal(negative, std::move(coefficient), scale);
  }

  // Every int64 fits (19 digits), with scale 0.
  static Decimal from_int(std::int64_t value) {
    const bool negative = value < 0;
    // Through unsigned, so that INT64_MIN negates without overflow.
    std::uint64_t magnitude =
        negative ? ~static_cast<std::uint64_t>(value) + 1 : static_cast<std::uint64_t>(value);
    char buffer[20];
    std::size_t at = sizeof buffer;
    do {
      buffer[--at] = static_cast<char>('0' + magnitude % 10);
      magnitude /= 10;
    } while (magnitude != 0);
    return Decimal(negative, std::string(buffer + at, sizeof buffer - at), 0);
  }

  // The sign as stored: true for negative numbers and for a negative zero.
  bool negative() const noexcept { return negative_; }
  // The coefficient: no leading zeros, "0" for zero, at most 38 digits.
  const std::string& digits() const noexcept { return digits_; }
  std::int32_t scale() const noexcept { return scale_; }
  bool is_zero() const noexcept { return digits_ == "0"; }

  // Plain positional notation, never an exponent, trailing zeros kept: "-12.34", "1.50",
  // "-0.00000000015" (for -1.5e-10), "1000" (for 1E+3), "-0" for a negative zero. This is what
  // Tarantool's tostring() prints, except that a zero with a negative scale prints as "0" (where
  // Tarantool prints "0000" for 0E+3). parse(to_string()) gives an equal value, with the same
  // representation whenever scale >= 0.
  std::string to_string() const {
    std::string text;
    if (negative_) text += '-';
    if (scale_ <= 0) {
      text += digits_;
      if (!is_zero())
        text.append(static_cast<std::size_t>(-static_cast<std::int64_t>(scale_)), '0');
      return text;
    }
    const std::size_t scale = static_cast<std::size_t>(scale_);
    if (digits_.size() > scale) {
      text.append(digits_, 0, digits_.size() - scale);
      text += '.';
      text.append(digits_, digits_.size() - scale, std::string::npos);
    } else {
      text += "0.";
      text.append(scale - digits_.size(), '0');
      text += digits_;
    }
    return text;
  }

  // -1, 0 or 1 as this value is less than, equal to or greater than other, by numeric value.
  int compare(const Decimal& other) const noexcept {
    const int sign = signum();
    const int other_sign = other.signum();
    if (sign != other_sign) return sign < other_sign ? -1 : 1;
    if (sign == 0) return 0;
    const int magnitude = compare_magnitude(other);
    return sign > 0 ? magnitude : -magnitude;
  }

  friend bool operator==(const Decimal& a, const Decimal& b) noexcept { return a.compare(b) == 0; }
  friend bool operator!=(const Decimal& a, const Decimal& b) noexcept { return a.compare(b) != 0; }
  friend bool operator<(const Decimal& a, const Decimal& b) noexcept { return a.compare(b) < 0; }
  friend bool operator<=(const Decimal& a, const Decimal& b) noexcept { return a.compare(b) <= 0; }
  friend bool operator>(const Decimal& a, const Decimal& b) noexcept { return a.compare(b) > 0; }
  friend bool operator>=(const Decimal& a, const Decimal& b) noexcept { return a.compare(b) >= 0; }

 private:
  friend struct codec<Decimal>;

  static constexpr std::int64_t kExponentCap = 1000000;

  Decimal(bool negative, std::string digits, std::int32_t scale)
      : negative_(negative), digits_(std::move(digits)), scale_(scale) {}

  static bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

  // Appends a digit unless it would be a leading zero.
  static void append_digit(std::string& coefficient, char c) {
    if (c != '0' || !coefficient.empty()) coefficient += c;
  }

  static bool in_limits(std::size_t digit_count, std::int64_t scale) noexcept {
    // Written so that no scale, however far out of range, can overflow.
    return digit_count <= static_cast<std::size_t>(kMaxDigits) && scale <= kMaxDigits &&
           scale >= static_cast<std::int64_t>(digit_count) - kMaxDigits;
  }

  int signum() const noexcept { return is_zero() ? 0 : (negative_ ? -1 : 1); }

  // Both non-zero: the position of the leading digit decides, then the digits, the shorter
  // coefficient padded with trailing zeros.
  int compare_magnitude(const Decimal& other) const noexcept {
    const std::int64_t top = static_cast<std::int64_t>(digits_.size()) - scale_;
    const std::int64_t other_top = static_cast<std::int64_t>(other.digits_.size()) - other.scale_;
    if (top != other_top) return top < other_top ? -1 : 1;
    const std::size_t length =
        digits_.size() > other.digits_.size() ? digits_.size() : other.digits_.size();
    for (std::size_t i = 0; i < length; ++i) {
      const char a = i < digits_.size() ? digits_[i] : '0';
      const char b = i < other.digits_.size() ? other.digits_[i] : '0';
      if (a != b) return a < b ? -1 : 1;
    }
    return 0;
  }

  bool negative_ = false;
  std::string digits_;
  std::int32_t scale_ = 0;
};

template <>
struct codec<Decimal> {
  static void encode(Writer& out, const Decimal& value) {
    // The scale takes at most 2 bytes in range (-37..38), the BCD at most 20.
    std::uint8_t payload[gen::encode::kMaxIntSize + Decimal::kMaxDigits / 2 + 1];
    std::uint8_t* bcd = gen::encode::sint(payload, value.scale_);
    const std::string& digits = value.digits_;
    const std::size_t bcd_size = digits.size() / 2 + 1;
    std::memset(bcd, 0, bcd_size);
    std::size_t nibble = 2 * bcd_size - 1;  // the last one: the sign
    set_nibble(bcd, nibble, value.negative_ ? 0x0d : 0x0c);
    for (std::size_t i = digits.size(); i-- > 0;) {
      set_nibble(bcd, --nibble, static_cast<std::uint8_t>(digits[i] - '0'));
    }
    out.ext(Decimal::kExtType, payload, static_cast<std::size_t>(bcd + bcd_size - payload));
  }

  static bool decode(Reader& in, Decimal& value) {
    std::string_view payload;
    if (!detail::peek_ext(in, Decimal::kExtType, "decimal (ext type 1)", payload)) {
      return false;
    }
    Reader scale_reader(payload.data(), payload.size());
    std::int64_t scale = 0;
    if (!scale_reader.read_int(scale)) {
      return in.invalid("decimal (ext type 1) without a valid msgpack integer scale");
    }
    const std::string_view bcd = payload.substr(scale_reader.offset());
    if (bcd.empty()) return in.invalid("decimal (ext type 1) without digits");
    char digits[Decimal::kMaxDigits];
    std::size_t count = 0;
    const std::size_t last = 2 * bcd.size() - 1;
    for (std::size_t nibble = 0; nibble < last; ++nibble) {
      const unsigned digit = get_nibble(bcd, nibble);
      if (digit > 9) {
        return in.invalid("decimal (ext type 1) with the nibble " + std::to_string(digit) +
                          " among its digits");
      }
      if (digit == 0 && count == 0) continue;  // a leading zero
      if (count == static_cast<std::size_t>(Decimal::kMaxDigits)) {
        return in.invalid("decimal (ext type 1) with more than 38 digits");
      }
      digits[count++] = static_cast<char>('0' + digit);
    }
    bool negative;
    switch (get_nibble(bcd, last)) {
      case 0x0a:
      case 0x0c:
      case 0x0e:
      case 0x0f:
        negative = false;
        break;
      case 0x0b:
      case 0x0d:
        negative = true;
        break;
      default:
        return in.invalid("decimal (ext type 1) whose last nibble " +
                          std::to_string(get_nibble(bcd, last)) + " is not a sign");
    }
    if (count == 0) digits[count++] = '0';
    if (!Decimal::in_limits(count, scale)) {
      return in.invalid("decimal (ext type 1) with " + std::to_string(count) +
                        " digits and scale " + std::to_string(scale) +
                        ", outside 38 digits of precision");
    }
    value.negative_ = negative;
    value.digits_.assign(digits, count);
    value.scale_ = static_cast<std::int32_t>(scale);
    detail::consume_ext(in);
    return true;
  }

 private:
  static void set_nibble(std::uint8_t* bytes, std::size_t index, std::uint8_t v) noexcept {
    bytes[index / 2] |= static_cast<std::uint8_t>(index % 2 == 0 ? v << 4 : v);
  }
  static unsigned get_nibble(std::string_view bytes, std::size_t index) noexcept {
    const auto byte = static_cast<std::uint8_t>(bytes[index / 2]);
    return index % 2 == 0 ? byte >> 4 : byte & 0x0f;
  }
};

}  // namespace msgpack_gen
