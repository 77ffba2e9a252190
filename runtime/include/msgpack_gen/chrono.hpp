// Codecs for std::chrono: a system_clock time_point (and msgpack_gen::Timestamp) as the msgpack
// timestamp extension (ext type -1), a duration as its count().
//
// Timestamp wire format (msgpack spec), seconds and nanoseconds since 1970-01-01T00:00:00Z, the
// nanoseconds always in [0, 999999999] (so -1 ns is seconds -1, nanoseconds 999999999):
//   timestamp32  d6 ff <seconds: uint32>                         nanoseconds 0, 0 <= s < 2^32
//   timestamp64  d7 ff <nanoseconds << 34 | seconds: uint64>     0 <= seconds < 2^34
//   timestamp96  c7 0c ff <nanoseconds: uint32> <seconds: int64> any time
// all big-endian. Encoding writes the smallest of these that holds the time exactly, as
// msgpack-c's time_point adaptor does (same bytes). Decoding accepts all three, and rejects
// nanoseconds above 999999999 (invalid_value) and payloads of other sizes (invalid_value).
//   system_clock::time_point{} + 1s       ->  d6 ff 00 00 00 01
//   system_clock::time_point{} + 1500ms   ->  d7 ff 77 35 94 00 00 00 00 01
//   system_clock::time_point{} - 1ns      ->  c7 0c ff 3b 9a c9 ff ff ff ff ff ff ff ff ff
//
// Any time_point<system_clock, D> works whose period is a whole number of nanoseconds (ns, us,
// ms, s, minutes, hours, ...); its integer count converts exactly. Decoding into a coarser
// time_point (say milliseconds) truncates toward negative infinity, like std::chrono::floor: the
// wire has nanoseconds, and refusing every time that is not a whole millisecond would reject
// what most encoders send. A time that the time_point cannot hold is out_of_range. Encoding a
// time_point whose seconds exceed int64 (only possible with periods of minutes or longer and
// extreme counts) throws std::overflow_error, as no timestamp can carry it; without exceptions it
// is the Buffer's error, EncodeError::time_out_of_range, and nothing is written.
//
// A duration is a plain msgpack number: its count() in the encoding of its Rep (an int for
// integer Reps, checked against Rep's range when decoded). msgpack-c has no duration adaptor.
//   std::chrono::milliseconds(1500)       ->  cd 05 dc
#pragma once

#include <chrono>
#include <cstdint>
#include <limits>
#include <numeric>
#include <ratio>
#include <string>
#include <string_view>
#include <type_traits>

#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/detail/compiler.hpp"
#include "msgpack_gen/detail/ext.hpp"
#include "msgpack_gen/endian.hpp"

#if MSGPACK_GEN_EXCEPTIONS
#include <stdexcept>
#endif

namespace msgpack_gen {

// A point in time as the timestamp extension carries it: the whole int64 range of seconds, for
// times no time_point holds. Encoded like a time_point; nanoseconds must stay below 10^9.
struct Timestamp {
  static constexpr std::int8_t kExtType = -1;
  static constexpr std::int64_t kNanosPerSecond = 1000000000;

  std::int64_t seconds = 0;       // since 1970-01-01T00:00:00Z, may be negative
  std::uint32_t nanoseconds = 0;  // [0, 999999999], added to seconds

  friend bool operator==(const Timestamp& a, const Timestamp& b) noexcept {
    return a.seconds == b.seconds && a.nanoseconds == b.nanoseconds;
  }
  friend bool operator!=(const Timestamp& a, const Timestamp& b) noexcept { return !(a == b); }
};

namespace detail {

// How ticks of Period relate to seconds: one tick is kSeconds / kTicks seconds, in lowest terms
// against nanoseconds (kTicks divides 10^9, so a fraction of kTicks is whole nanoseconds).
template <class Period>
struct timestamp_scale {
  using NanosPerTick = std::ratio_divide<Period, std::nano>;
  static_assert(NanosPerTick::den == 1,
                "msgpack_gen: the timestamp extension counts nanoseconds, so a time_point's "
                "period must be a whole number of nanoseconds");
  static constexpr std::int64_t kNanosPerTick = NanosPerTick::num;
  static constexpr std::int64_t kCommon = std::gcd(kNanosPerTick, Timestamp::kNanosPerSecond);
  static constexpr std::int64_t kSeconds = kNanosPerTick / kCommon;
  static constexpr std::int64_t kTicks = Timestamp::kNanosPerSecond / kCommon;
};

// Division rounding toward negative infinity, with the remainder in [0, divisor).
inline void floor_divide(std::int64_t value, std::int64_t divisor, std::int64_t& quotient,
                         std::int64_t& remainder) noexcept {
  quotient = value / divisor;
  remainder = value % divisor;
  if (remainder < 0) {
    --quotient;
    remainder += divisor;
  }
}

// The exact timestamp of `ticks` ticks of Period after the epoch; false when its seconds do not
// fit an int64.
// q * step + extra without overflowing on the way when only the result fits: for a negative q,
// (q + 1) * step is nearer zero and extra - step is negative. 0 <= extra < step.
inline bool scaled_add(std::int64_t q, std::int64_t step, std::int64_t extra,
                       std::int64_t& out) noexcept {
  std::int64_t base = 0;
  if (q < 0) {
    ++q;
    extra -= step;
  }
  if (__builtin_mul_overflow(q, step, &base)) return false;
  return !__builtin_add_overflow(base, extra, &out);
}

// The exact timestamp of `ticks` ticks of Period after the epoch; false when its seconds do not
// fit an int64.
template <class Period>
bool ticks_to_timestamp(std::int64_t ticks, Timestamp& out) noexcept {
  using Scale = timestamp_scale<Period>;
  // ticks = q * kTicks + r: q * kTicks ticks are exactly q * kSeconds seconds.
  std::int64_t q = 0, r = 0;
  floor_divide(ticks, Scale::kTicks, q, r);
  std::int64_t partial = 0;  // r * kSeconds / kTicks seconds, r < kTicks
  if (__builtin_mul_overflow(r, Scale::kSeconds, &partial)) return false;
  std::int64_t seconds = 0;
  if (!scaled_add(q, Scale::kSeconds, partial / Scale::kTicks, seconds)) return false;
  out.seconds = seconds;
  out.nanoseconds = static_cast<std::uint32_t>(partial % Scale::kTicks * Scale::kCommon);
  return true;
}

// The whole ticks of Period from the epoch to `time`, rounded toward negative infinity; false
// when they do not fit an int64.
template <class Period>
bool timestamp_to_ticks(const Timestamp& time, std::int64_t& out) noexcept {
  using Scale = timestamp_scale<Period>;
  // ticks = floor((seconds * kTicks + nanoseconds / kCommon) / kSeconds), computed with
  // seconds = qs * kSeconds + rs so that nothing overflows unless the result does.
  const std::int64_t fraction = static_cast<std::int64_t>(time.nanoseconds) / Scale::kCommon;
  std::int64_t qs = 0, rs = 0;
  floor_divide(time.seconds, Scale::kSeconds, qs, rs);
  std::int64_t rest = 0;  // < kSeconds * kTicks
  if (__builtin_mul_overflow(rs, Scale::kTicks, &rest)) return false;
  if (__builtin_add_overflow(rest, fraction, &rest)) return false;
  return scaled_add(qs, Scale::kTicks, rest / Scale::kSeconds, out);
}

inline void write_timestamp(Writer& out, const Timestamp& time) {
  std::uint8_t payload[12];
  const auto seconds = static_cast<std::uint64_t>(time.seconds);
  if (time.seconds >= 0 && (seconds >> 34) == 0) {
    const std::uint64_t packed = static_cast<std::uint64_t>(time.nanoseconds) << 34 | seconds;
    if ((packed >> 32) == 0) {
      endian::store(payload, static_cast<std::uint32_t>(packed));
      out.ext(Timestamp::kExtType, payload, 4);
    } else {
      endian::store(payload, packed);
      out.ext(Timestamp::kExtType, payload, 8);
    }
    return;
  }
  endian::store(endian::store(payload, time.nanoseconds), seconds);
  out.ext(Timestamp::kExtType, payload, 12);
}

// Leaves the reader at the value (not consumed) on success, so a caller can still report an
// error that points at it; consume with detail::consume_ext.
inline bool peek_timestamp(Reader& in, Timestamp& out) {
  std::string_view payload;
  if (!detail::peek_ext(in, Timestamp::kExtType, "timestamp (ext type -1)", payload)) {
    return false;
  }
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(payload.data());
  Timestamp time;
  switch (payload.size()) {
    case 4:
      time.seconds = endian::load<std::uint32_t>(bytes);
      break;
    case 8: {
      const std::uint64_t packed = endian::load<std::uint64_t>(bytes);
      time.seconds = static_cast<std::int64_t>(packed & ((std::uint64_t{1} << 34) - 1));
      time.nanoseconds = static_cast<std::uint32_t>(packed >> 34);
      break;
    }
    case 12:
      time.nanoseconds = endian::load<std::uint32_t>(bytes);
      time.seconds = static_cast<std::int64_t>(endian::load<std::uint64_t>(bytes + 4));
      break;
    default:
      return in.invalid("timestamp (ext type -1) payload of " +
                        detail::quantity(payload.size(), "byte") + "; a timestamp has 4, 8 or 12");
  }
  if (time.nanoseconds >= Timestamp::kNanosPerSecond) {
    return in.invalid("timestamp (ext type -1) with nanoseconds " +
                      std::to_string(time.nanoseconds) + " outside [0, 999999999]");
  }
  out = time;
  return true;
}

}  // namespace detail

template <>
struct codec<Timestamp> {
  static void encode(Writer& out, const Timestamp& value) { detail::write_timestamp(out, value); }
  static bool decode(Reader& in, Timestamp& value) {
    if (!detail::peek_timestamp(in, value)) return false;
    detail::consume_ext(in);
    return true;
  }
};

template <class Duration>
struct codec<std::chrono::time_point<std::chrono::system_clock, Duration>> {
  using TimePoint = std::chrono::time_point<std::chrono::system_clock, Duration>;
  using Rep = typename Duration::rep;
  using Period = typename Duration::period;
  static_assert(std::is_integral_v<Rep>,
                "msgpack_gen: a time_point needs an integer count to convert exactly");

  static void encode(Writer& out, const TimePoint& value) {
    const Rep count = value.time_since_epoch().count();
    Timestamp time;
    if (!in_int64(count) ||
        !detail::ticks_to_timestamp<Period>(static_cast<std::int64_t>(count), time)) {
#if MSGPACK_GEN_EXCEPTIONS
      throw std::overflow_error("msgpack_gen: a time_point beyond the timestamp's int64 seconds");
#else
      out.buffer().fail(EncodeError::time_out_of_range);  // and nothing written
      return;
#endif
    }
    detail::write_timestamp(out, time);
  }

  static bool decode(Reader& in, TimePoint& value) {
    Timestamp time;
    if (!detail::peek_timestamp(in, time)) return false;
    std::int64_t ticks = 0;
    if (!detail::timestamp_to_ticks<Period>(time, ticks) || !in_rep(ticks)) {
      return in.fail(ErrorCode::out_of_range,
                     "a time the time_point can hold, not " + std::to_string(time.seconds) +
                         " s + " + std::to_string(time.nanoseconds) + " ns since 1970");
    }
    value = TimePoint(Duration(static_cast<Rep>(ticks)));
    detail::consume_ext(in);
    return true;
  }

 private:
  static bool in_int64(Rep count) noexcept {
    if constexpr (std::is_unsigned_v<Rep> && sizeof(Rep) >= sizeof(std::int64_t)) {
      return count <= static_cast<Rep>(std::numeric_limits<std::int64_t>::max());
    } else {
      return true;  // every other integer Rep fits an int64
    }
  }
  static bool in_rep(std::int64_t ticks) noexcept {
    Rep narrowed = 0;
    return !__builtin_add_overflow(ticks, 0, &narrowed);
  }
};

// A duration is its count, in its Rep's own encoding.
template <class Rep, class Period>
struct codec<std::chrono::duration<Rep, Period>> {
  using Duration = std::chrono::duration<Rep, Period>;
  static void encode(Writer& out, const Duration& value) { codec<Rep>::encode(out, value.count()); }
  static bool decode(Reader& in, Duration& value) {
    Rep count{};
    if (!codec<Rep>::decode(in, count)) return false;
    value = Duration(count);
    return true;
  }
};

}  // namespace msgpack_gen
