// What the generated conformance tests (generate.py) share, on top of the msgpack-c compatibility
// checks (../msgpack_c_compat/compat_support.hpp: compat::Gen, check_value, run_corpus):
//   - random values for the kinds compat::Gen has no helper for (time_point);
//   - a diagnostic pass over the corpus that names the member each difference is in (the path in
//     msgpack-c's bytes), so a failure reads as a list of struct x kind cells, not a hex dump;
//   - the full corpus checks, with or without msgpack-c decoding (the integer-key form has no
//     msgpack-c decoder, see generate.py).
#pragma once

#include "../msgpack_c_compat/compat_support.hpp"

#include <chrono>
#include <cstdint>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace conformance {

using compat::Bytes;
using compat::Gen;

// ---- Random values ------------------------------------------------------------------------------

// A system_clock time_point (nanoseconds here) in every timestamp form: 32-bit seconds, 64-bit
// (seconds < 2^34 with nanoseconds), 96-bit (negative), and the edges between them.
// Kept within +-2^62 ns: msgpack-c's decoder adds whole seconds in nanoseconds first, which
// overflows near the int64 limits.
inline std::chrono::system_clock::time_point random_time(Gen& g) {
  using std::chrono::nanoseconds;
  using std::chrono::system_clock;
  constexpr std::int64_t kSecond = 1000000000;
  std::int64_t ns = 0;
  switch (g.below(5)) {
    case 0:  // timestamp32
      ns = static_cast<std::int64_t>(g.integer<std::uint32_t>()) * kSecond;
      break;
    case 1:  // timestamp64 (up to 2^33 s: int64 nanoseconds end before 2^34 s)
      ns = static_cast<std::int64_t>(g.below(std::size_t{1} << 33)) * kSecond +
           static_cast<std::int64_t>(g.below(kSecond));
      break;
    case 2: {  // edges
      static const std::int64_t kEdges[] = {0,
                                            1,
                                            -1,
                                            kSecond,
                                            -kSecond,
                                            (std::int64_t{1} << 32) * kSecond,
                                            (std::int64_t{1} << 32) * kSecond - 1,
                                            (std::int64_t{1} << 33) * kSecond,
                                            (std::int64_t{1} << 33) * kSecond - 1,
                                            std::int64_t{1} << 62,
                                            -(std::int64_t{1} << 62)};
      ns = kEdges[g.below(std::size(kEdges))];
      break;
    }
    default: {  // anything within +-2^62 ns, negative half the time
      ns = static_cast<std::int64_t>(g.integer<std::uint64_t>() >> 2);
      if (g.one_in(2)) ns = -ns;
    }
  }
  return system_clock::time_point(
      std::chrono::duration_cast<system_clock::duration>(nanoseconds(ns)));
}

// ---- Where in the bytes a difference is -----------------------------------------------------

namespace detail {

inline std::uint64_t be(const Bytes& b, std::size_t at, std::size_t n) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v = (v << 8) | static_cast<std::uint8_t>(b[at + i]);
  return v;
}

// The header of the object at `at`: its size in bytes, and for containers the element count.
struct Head {
  bool ok = false;
  char kind = '?';          // 'a' array, 'm' map, 's' str, 'i' integer, 'o' other
  std::size_t header = 0;   // bytes of the header
  std::size_t payload = 0;  // bytes after the header (scalars, str, bin, ext)
  std::uint64_t count = 0;  // elements (array) or pairs (map)
  std::int64_t int_value = 0;
  std::string text;  // str
};

inline Head head(const Bytes& b, std::size_t at) {
  Head h;
  if (at >= b.size()) return h;
  const auto c = static_cast<std::uint8_t>(b[at]);
  auto need = [&](std::size_t n) { return at + n <= b.size(); };
  h.ok = true;
  if (c <= 0x7f) {
    h.kind = 'i', h.header = 1, h.int_value = c;
  } else if (c >= 0xe0) {
    h.kind = 'i', h.header = 1, h.int_value = static_cast<std::int8_t>(c);
  } else if ((c & 0xf0) == 0x80) {
    h.kind = 'm', h.header = 1, h.count = c & 0x0f;
  } else if ((c & 0xf0) == 0x90) {
    h.kind = 'a', h.header = 1, h.count = c & 0x0f;
  } else if ((c & 0xe0) == 0xa0) {
    h.kind = 's', h.header = 1, h.payload = c & 0x1f;
  } else {
    switch (c) {
      case 0xc0:
      case 0xc2:
      case 0xc3:
        h.kind = 'o', h.header = 1;
        break;
      case 0xc4:
      case 0xd9:
        h.header = 2;
        break;
      case 0xc5:
      case 0xda:
        h.header = 3;
        break;
      case 0xc6:
      case 0xdb:
        h.header = 5;
        break;
      case 0xc7:
        h.kind = 'o', h.header = 3;
        break;
      case 0xc8:
        h.kind = 'o', h.header = 4;
        break;
      case 0xc9:
        h.kind = 'o', h.header = 6;
        break;
      case 0xca:
        h.kind = 'o', h.header = 1, h.payload = 4;
        break;
      case 0xcb:
        h.kind = 'o', h.header = 1, h.payload = 8;
        break;
      case 0xcc:
      case 0xd0:
        h.kind = 'i', h.header = 1, h.payload = 1;
        break;
      case 0xcd:
      case 0xd1:
        h.kind = 'i', h.header = 1, h.payload = 2;
        break;
      case 0xce:
      case 0xd2:
        h.kind = 'i', h.header = 1, h.payload = 4;
        break;
      case 0xcf:
      case 0xd3:
        h.kind = 'i', h.header = 1, h.payload = 8;
        break;
      case 0xd4:
        h.kind = 'o', h.header = 2, h.payload = 1;
        break;
      case 0xd5:
        h.kind = 'o', h.header = 2, h.payload = 2;
        break;
      case 0xd6:
        h.kind = 'o', h.header = 2, h.payload = 4;
        break;
      case 0xd7:
        h.kind = 'o', h.header = 2, h.payload = 8;
        break;
      case 0xd8:
        h.kind = 'o', h.header = 2, h.payload = 16;
        break;
      case 0xdc:
        h.kind = 'a', h.header = 3;
        break;
      case 0xdd:
        h.kind = 'a', h.header = 5;
        break;
      case 0xde:
        h.kind = 'm', h.header = 3;
        break;
      case 0xdf:
        h.kind = 'm', h.header = 5;
        break;
      default:
        h.ok = false;
        return h;
    }
    if (!need(h.header)) {
      h.ok = false;
      return h;
    }
    switch (c) {
      case 0xc4:
      case 0xd9:
        h.payload = be(b, at + 1, 1);
        h.kind = c == 0xd9 ? 's' : 'o';
        break;
      case 0xc5:
      case 0xda:
        h.payload = be(b, at + 1, 2);
        h.kind = c == 0xda ? 's' : 'o';
        break;
      case 0xc6:
      case 0xdb:
        h.payload = be(b, at + 1, 4);
        h.kind = c == 0xdb ? 's' : 'o';
        break;
      case 0xc7:
        h.payload = be(b, at + 1, 1) + 1;
        break;
      case 0xc8:
        h.payload = be(b, at + 1, 2) + 1;
        break;
      case 0xc9:
        h.payload = be(b, at + 1, 4) + 1;
        break;
      case 0xdc:
      case 0xde:
        h.count = be(b, at + 1, 2);
        break;
      case 0xdd:
      case 0xdf:
        h.count = be(b, at + 1, 4);
        break;
      default:
        break;
    }
  }
  if (!need(h.header + h.payload)) {
    h.ok = false;
    return h;
  }
  if (h.kind == 's') h.text = b.substr(at + h.header, h.payload);
  if (h.kind == 'i' && h.payload > 0) {
    const std::uint64_t raw = be(b, at + 1, h.payload);
    if (c >= 0xd0) {  // signed
      const int shift = static_cast<int>(64 - 8 * h.payload);
      h.int_value = static_cast<std::int64_t>(raw << shift) >> shift;
    } else {
      h.int_value = static_cast<std::int64_t>(raw);
    }
  }
  return h;
}

// The end of the object at `at`, or npos when the bytes are cut or malformed.
inline std::size_t skip(const Bytes& b, std::size_t at, int depth = 0) {
  const Head h = head(b, at);
  if (!h.ok || depth > 64) return std::string::npos;
  std::size_t p = at + h.header + h.payload;
  const std::uint64_t items = h.kind == 'm' ? 2 * h.count : h.kind == 'a' ? h.count : 0;
  for (std::uint64_t i = 0; i < items; ++i) {
    p = skip(b, p, depth + 1);
    if (p == std::string::npos) return p;
  }
  return p;
}

inline std::string describe(const Head& h) {
  switch (h.kind) {
    case 'a':
      return "array of " + std::to_string(h.count);
    case 'm':
      return "map of " + std::to_string(h.count);
    case 's':
      return "str of " + std::to_string(h.payload);
    case 'i':
      return "integer " + std::to_string(h.int_value);
    default:
      return h.ok ? "scalar" : "nothing (cut)";
  }
}

inline std::string key_text(const Head& h) {
  if (h.kind == 's') {
    std::string shown = h.text.size() > 40 ? h.text.substr(0, 40) + "..." : h.text;
    return "\"" + shown + "\"";
  }
  if (h.kind == 'i') return "#" + std::to_string(h.int_value);
  return "(" + describe(h) + " key)";
}

// The path to the innermost element of `b` (the bytes of object at `at`) that holds byte
// `target`: ".key" for map values, "[i]" for array elements, with `top_names` naming the
// top-level array elements (the members in the macro's order).
inline std::string locate(const Bytes& b, std::size_t at, std::size_t target,
                          const std::vector<std::string>* top_names, int depth = 0) {
  const Head h = head(b, at);
  if (!h.ok || (h.kind != 'a' && h.kind != 'm')) return "";
  if (target < at + h.header) return " (in the header: " + describe(h) + ")";
  std::size_t p = at + h.header;
  for (std::uint64_t i = 0; i < h.count; ++i) {
    if (h.kind == 'a') {
      const std::size_t end = skip(b, p, depth + 1);
      if (end == std::string::npos) return "";
      if (target < end) {
        std::string step = "[" + std::to_string(i) + "]";
        if (top_names && i < top_names->size()) step += "=" + (*top_names)[i];
        return step + locate(b, p, target, nullptr, depth + 1);
      }
      p = end;
    } else {
      const Head key = head(b, p);
      const std::size_t key_end = skip(b, p, depth + 1);
      if (key_end == std::string::npos) return "";
      const std::size_t value_end = skip(b, key_end, depth + 1);
      if (value_end == std::string::npos) return "";
      if (target < key_end) return ".key#" + std::to_string(i) + " " + key_text(key);
      if (target < value_end) {
        return "." + key_text(key) + locate(b, key_end, target, nullptr, depth + 1);
      }
      p = value_end;
    }
  }
  return " (after the last element)";
}

// The top-level keys (map) or the element count (array), for "ours has these, msgpack-c those".
inline std::string top_level(const Bytes& b) {
  const Head h = head(b, 0);
  if (h.kind != 'm') return describe(h);
  std::string out = describe(h) + ": ";
  std::size_t p = h.header;
  for (std::uint64_t i = 0; i < h.count; ++i) {
    const Head key = head(b, p);
    if (i) out += ", ";
    out += key_text(key);
    const std::size_t key_end = skip(b, p);
    if (key_end == std::string::npos) return out + " (cut)";
    p = skip(b, key_end);
    if (p == std::string::npos) return out + " (cut)";
  }
  return out;
}

}  // namespace detail

// "at .\"i8\" (in the header: ...)": where `ours` first differs from `theirs`, as a path in
// msgpack-c's bytes.
inline std::string where_differs(const Bytes& ours, const Bytes& theirs,
                                 const std::vector<std::string>& top_names) {
  std::size_t at = 0;
  while (at < ours.size() && at < theirs.size() && ours[at] == theirs[at]) ++at;
  std::string path = detail::locate(theirs, 0, at, &top_names);
  if (at >= theirs.size()) path = " (msgpack-c's bytes end here; ours go on)";
  return "byte " + std::to_string(at) + ", at " + (path.empty() ? "(top)" : path);
}

// ---- The checks ---------------------------------------------------------------------------------

// One kind of problem seen on some values of the corpus, with the first example.
struct Problem {
  int values = 0;
  std::string example;
};

// Runs the corpus once and collects every problem by where it is (one entry per member whose
// bytes differ, per distinct decoder error), so a failing struct lists all its failing cells.
// Returns "" when none.
template <class T, class Make>
std::string diagnose(std::uint32_t seed, int count, Make make,
                     const std::vector<std::string>& top_names) {
  Gen gen(seed);
  std::map<std::string, Problem> problems;
  auto note = [&](const std::string& what, int index, const std::string& detail) {
    Problem& p = problems[what];
    if (p.values++ == 0) p.example = "value #" + std::to_string(index) + ": " + detail;
  };
  T our_dst{};
  for (int index = 0; index < count; ++index) {
    gen.start_value();
    const T value = make(gen);
    const Bytes mine = compat::ours(value);
    const Bytes peer = compat::theirs(value);
    if (mine != peer) {
      const std::string where = where_differs(mine, peer, top_names);
      const std::string at = where.substr(where.find(", at ") + 5);
      // The top-level keys (or element counts) of both, when they differ.
      const std::string our_top = detail::top_level(mine);
      const std::string their_top = detail::top_level(peer);
      const std::string tops = our_top == their_top ? ""
                                                    : "\n      ours:      " + our_top +
                                                          "\n      msgpack-c: " + their_top;
      note(
          "marshal != msgpack::pack at " + at, index,
          where + tops + "\n      " + compat::describe_difference("ours", mine, "msgpack-c", peer));
      continue;
    }
    const msgpack_gen::Status status = msgpack_gen::unmarshal(peer.data(), peer.size(), our_dst);
    if (!status) {
      std::string message = status.message();
      note("unmarshal rejects msgpack-c's bytes: " + message.substr(0, message.find(" at ")), index,
           message + "\n      bytes: " + test_support::to_hex(peer, test_support::kShownBytes));
      continue;
    }
    const Bytes again = compat::ours(our_dst);
    if (again != peer) {
      const std::string where = where_differs(again, peer, top_names);
      note(
          "unmarshal then marshal != msgpack-c's bytes at " + where.substr(where.find(", at ") + 5),
          index,
          where + "\n      " +
              compat::describe_difference("re-marshalled", again, "msgpack-c", peer));
    }
  }
  if (problems.empty()) return "";
  std::ostringstream out;
  out << problems.size() << " problem(s) over " << count << " values:";
  for (const auto& [what, p] : problems) {
    out << "\n  - " << what << " (" << p.values << " of " << count << " values)\n      "
        << p.example;
  }
  return out.str();
}

// The full checks of compat::run_corpus ((a) same bytes, (b) msgpack-c decodes ours, (c) we
// decode msgpack-c's, (d) broken input), after the diagnostic pass; without (b) when msgpack-c
// has no decoder for T. Unlike run_corpus, msgpack-c decodes into a fresh object each time: its
// std::vector<bool> adaptor leaves the old elements when the array is empty
// (msgpack/v1/adaptor/vector_bool.hpp), which reusing its destination reports as a difference.
// Our decoder still decodes into the object of the previous value.
template <class T, class Make>
void run(const char* name, std::uint32_t seed, int count, Make make,
         const std::vector<std::string>& top_names, bool msgpack_c_decodes) {
  const std::string problems = diagnose<T>(seed, count, make, top_names);
  if (!problems.empty()) FAIL(name << ": " << problems);
  Gen gen(seed);
  T our_dst{};
  compat::Counts counts;
  for (int index = 0; index < count; ++index) {
    gen.start_value();
    const T value = make(gen);
    T msgpack_c_dst{};
    compat::check_value(value, msgpack_c_dst, our_dst,
                        msgpack_c_decodes && !gen.made_empty_c_string(), index, counts);
    compat::check_broken_input(value, index, gen, counts);
  }
  CHECK(counts.same_bytes == count);
  CHECK(counts.decoded_by_us == count);
  // Three values in four have no empty char[N]: msgpack-c decodes at least those.
  if (msgpack_c_decodes) CHECK(counts.decoded_by_msgpack_c >= count / 2);
  CHECK(counts.rejected_wrong_container == count);
  WARN(name << ": " << counts.values << " values; same bytes " << counts.same_bytes
            << ", decoded by msgpack-c " << counts.decoded_by_msgpack_c
            << (msgpack_c_decodes ? "" : " (it has no decoder for the form)") << ", decoded by us "
            << counts.decoded_by_us << "; rejected: " << counts.rejected_prefixes << " prefixes, "
            << counts.rejected_wrong_container << " wrong containers; " << counts.mutations_survived
            << " mutations decoded without a crash");
}

// Marshal only (structs with reference members): msgpack::pack and msgpack_gen::marshal write the
// same bytes. `make(gen, call)` builds a value and hands it to `call`, since it cannot be returned.
template <class Make>
void run_marshal_only(const char* name, std::uint32_t seed, int count, Make make,
                      const std::vector<std::string>& top_names) {
  Gen gen(seed);
  std::map<std::string, Problem> problems;
  int same = 0;
  for (int index = 0; index < count; ++index) {
    gen.start_value();
    make(gen, [&](const auto& value) {
      const Bytes mine = compat::ours(value);
      const Bytes peer = compat::theirs(value);
      if (mine == peer) {
        ++same;
        return;
      }
      const std::string where = where_differs(mine, peer, top_names);
      Problem& p = problems["marshal != msgpack::pack at " + where.substr(where.find(", at ") + 5)];
      if (p.values++ == 0) {
        p.example = "value #" + std::to_string(index) + ": " + where + "\n      " +
                    compat::describe_difference("ours", mine, "msgpack-c", peer);
      }
    });
  }
  if (!problems.empty()) {
    std::ostringstream out;
    out << name << ": " << problems.size() << " problem(s) over " << count << " values:";
    for (const auto& [what, p] : problems) {
      out << "\n  - " << what << " (" << p.values << " of " << count << " values)\n      "
          << p.example;
    }
    FAIL(out.str());
  }
  CHECK(same == count);
  WARN(name << ": " << count
            << " values, same bytes from marshal (marshal only) and msgpack::pack");
}

// msgpack-c's define_map::msgpack_unpack up to the point an integer key stops it: a map is
// required, and its first key that is not a str throws type_error. (MSGPACK_DEFINE_MAP with an
// integer MSGPACK_NVP does not compile in msgpack-c 4.1; see generate.py.)
inline void define_map_unpack_keys(const msgpack::object& o) {
  if (o.type != msgpack::type::MAP) throw msgpack::type_error();
  for (std::uint32_t i = 0; i < o.via.map.size; ++i) {
    if (o.via.map.ptr[i].key.type != msgpack::type::STR) throw msgpack::type_error();
  }
}

}  // namespace conformance
