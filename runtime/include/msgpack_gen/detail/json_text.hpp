// Pieces of JSON text shared by the dump of raw msgpack (dump.hpp): strings escaped so that any
// bytes give valid JSON, base64, numbers, and times in RFC 3339.
#pragma once

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

namespace msgpack_gen::detail {

// Appends `text` as a JSON string, quotes included, escaping at most `budget` bytes of it (the
// rest is left out; the caller marks the cut). Valid UTF-8 passes through; control characters,
// '"' and '\' are escaped; each byte that is not part of valid UTF-8 becomes \udcXX (XX the byte;
// the "surrogateescape" convention that Python's decoders also use), so the text is valid JSON
// whatever the input, and no two inputs print alike. Returns whether all of `text` fit.
inline bool append_json_string(std::string& out, std::string_view text,
                               std::size_t budget = static_cast<std::size_t>(-1)) {
  static const char kHex[] = "0123456789abcdef";
  out += '"';
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* end = p + text.size();
  std::size_t written = 0;
  while (p < end) {
    if (written >= budget) {
      out += '"';
      return false;
    }
    const unsigned char c = *p;
    if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
      out += static_cast<char>(c);
      ++p;
      ++written;
      continue;
    }
    if (c < 0x80) {
      out += '\\';
      switch (c) {
        case '"':
        case '\\':
          out += static_cast<char>(c);
          break;
        case '\n':
          out += 'n';
          break;
        case '\t':
          out += 't';
          break;
        case '\r':
          out += 'r';
          break;
        case '\b':
          out += 'b';
          break;
        case '\f':
          out += 'f';
          break;
        default:
          out += "u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
      }
      ++p;
      written += 2;
      continue;
    }
    // A multi-byte sequence: its length from the lead byte, then the continuation bytes, with
    // overlong forms, surrogates and code points above U+10FFFF refused (RFC 3629).
    std::size_t n = 0;
    std::uint32_t code = 0;
    if (c >= 0xc2 && c <= 0xdf) {
      n = 2;
      code = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
      n = 3;
      code = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 4;
      code = c & 0x07;
    }
    bool valid = n != 0 && static_cast<std::size_t>(end - p) >= n;
    for (std::size_t i = 1; valid && i < n; ++i) {
      valid = (p[i] & 0xc0) == 0x80;
      code = code << 6 | (p[i] & 0x3f);
    }
    if (valid) {
      valid = !(n == 3 && (code < 0x800 || (code >= 0xd800 && code <= 0xdfff))) &&
              !(n == 4 && (code < 0x10000 || code > 0x10ffff));
    }
    if (valid) {
      out.append(reinterpret_cast<const char*>(p), n);
      p += n;
      written += n;
    } else {
      out += "\\udc";
      out += kHex[c >> 4];
      out += kHex[c & 15];
      ++p;
      written += 6;
    }
  }
  out += '"';
  return true;
}

// Standard base64 (RFC 4648, with padding) of `bytes`, at most `budget` characters of it.
// Returns whether all of it fit.
inline bool append_base64(std::string& out, std::string_view bytes,
                          std::size_t budget = static_cast<std::size_t>(-1)) {
  static const char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  std::size_t left = bytes.size();
  std::size_t written = 0;
  for (; left > 0; p += 3, left = left > 3 ? left - 3 : 0) {
    if (written >= budget) return false;
    const std::uint32_t b0 = p[0];
    const std::uint32_t b1 = left > 1 ? p[1] : 0;
    const std::uint32_t b2 = left > 2 ? p[2] : 0;
    const std::uint32_t group = b0 << 16 | b1 << 8 | b2;
    out += kAlphabet[group >> 18];
    out += kAlphabet[(group >> 12) & 63];
    out += left > 1 ? kAlphabet[(group >> 6) & 63] : '=';
    out += left > 2 ? kAlphabet[group & 63] : '=';
    written += 4;
  }
  return true;
}

template <class Integer>
void append_integer(std::string& out, Integer value) {
  char digits[24];
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  out.append(digits, static_cast<std::size_t>(result.ptr - digits));
}

// The shortest text that reads back as the same float or double; NaN and the infinities, which
// JSON has no numbers for, as the strings "NaN", "Infinity" and "-Infinity".
template <class F>
void append_json_number(std::string& out, F value) {
  if (std::isnan(value)) {
    out += "\"NaN\"";
  } else if (std::isinf(value)) {
    out += value > 0 ? "\"Infinity\"" : "\"-Infinity\"";
  } else {
    char text[40];
    const auto result = std::to_chars(text, text + sizeof text, value);
    out.append(text, static_cast<std::size_t>(result.ptr - text));
  }
}

// The civil date of a day counted from 1970-01-01 (proleptic Gregorian calendar), for any day an
// int64 count of seconds reaches: eras of 400 years (146097 days) make it exact.
struct CivilDate {
  std::int64_t year;
  unsigned month;  // 1..12
  unsigned day;    // 1..31
};
inline CivilDate civil_from_days(std::int64_t days) {
  days += 719468;  // days from 0000-03-01 to 1970-01-01: years start in March, leap day last
  const std::int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const auto day_of_era = static_cast<std::uint32_t>(days - era * 146097);  // [0, 146096]
  const std::uint32_t year_of_era =
      (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const std::uint32_t day_of_year =
      day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);  // [0, 365]
  const std::uint32_t month_from_march = (5 * day_of_year + 2) / 153;          // [0, 11]
  const unsigned day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
  const unsigned month = month_from_march < 10 ? month_from_march + 3 : month_from_march - 9;
  const std::int64_t year = static_cast<std::int64_t>(year_of_era) + era * 400 + (month <= 2);
  return {year, month, day};
}

// "2024-03-01T12:30:05.123456789Z" (or "+05:30" for a UTC offset in minutes): RFC 3339, the
// fraction only when there are nanoseconds, trailing zeros kept to whole nanoseconds. `seconds`
// count from 1970-01-01T00:00:00 in the time the offset says; years outside 0000-9999 are
// written with their sign and all their digits (ISO 8601's expanded form).
inline void append_rfc3339(std::string& out, std::int64_t seconds, std::uint32_t nanoseconds,
                           int offset_minutes, bool utc_as_z = true) {
  auto two = [&out](unsigned v) {
    out += static_cast<char>('0' + v / 10);
    out += static_cast<char>('0' + v % 10);
  };
  std::int64_t days = seconds / 86400;
  std::int64_t rest = seconds % 86400;
  if (rest < 0) {
    rest += 86400;
    --days;
  }
  const CivilDate date = civil_from_days(days);
  if (date.year < 0 || date.year > 9999) {
    if (date.year > 0) out += '+';
    append_integer(out, date.year);
  } else {
    const auto year = static_cast<unsigned>(date.year);
    two(year / 100);
    two(year % 100);
  }
  out += '-';
  two(date.month);
  out += '-';
  two(date.day);
  out += 'T';
  two(static_cast<unsigned>(rest / 3600));
  out += ':';
  two(static_cast<unsigned>(rest / 60 % 60));
  out += ':';
  two(static_cast<unsigned>(rest % 60));
  if (nanoseconds != 0) {
    char fraction[10] = {'.'};
    std::uint32_t n = nanoseconds;
    for (int i = 9; i >= 1; --i, n /= 10) fraction[i] = static_cast<char>('0' + n % 10);
    out.append(fraction, 10);
  }
  if (offset_minutes == 0 && utc_as_z) {
    out += 'Z';
  } else {
    const unsigned magnitude =
        static_cast<unsigned>(offset_minutes < 0 ? -offset_minutes : offset_minutes);
    out += offset_minutes < 0 ? '-' : '+';
    two(magnitude / 60 % 100);
    out += ':';
    two(magnitude % 60);
  }
}

}  // namespace msgpack_gen::detail
