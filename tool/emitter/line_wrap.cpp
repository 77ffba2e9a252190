#include "emitter/line_wrap.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace msgpack_gen::emitter {
namespace {

constexpr std::size_t npos = std::string::npos;

// Which bytes of `line` are code (not inside a string or character literal), and where a `//`
// comment starts (npos: none).
struct Scan {
  std::vector<bool> code;
  std::size_t comment = npos;
};

Scan scan(const std::string& line) {
  Scan s;
  s.code.assign(line.size(), false);
  char quote = 0;  // '"' or '\'' inside a literal
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote != 0) {
      if (c == '\\') {
        ++i;
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    // A quote after a digit or letter is a digit separator (1'000), not a literal.
    if (c == '"' ||
        (c == '\'' && (i == 0 || !std::isalnum(static_cast<unsigned char>(line[i - 1]))))) {
      quote = c;
      continue;
    }
    if (c == '/' && i + 1 < line.size() && line[i + 1] == '/') {
      s.comment = i;
      break;
    }
    s.code[i] = true;
  }
  return s;
}

std::string rstrip(std::string_view text) {
  std::size_t end = text.find_last_not_of(' ');
  return std::string(end == npos ? std::string_view() : text.substr(0, end + 1));
}

// `continuation`: the indentation of the line this one continues, if it is a continuation.
void wrap_line(const std::string& line, std::string& out, std::size_t continuation = npos);

// "// words..." at `pad`, filled up to the limit; a word longer than a line stays whole.
void wrap_comment(const std::string& pad, std::string_view text, std::string& out) {
  const std::string lead = pad + "// ";
  std::string current = lead;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    if (end == npos) end = text.size();
    std::string_view word = text.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    if (current.size() > lead.size() && current.size() + 1 + word.size() > kMaxColumns) {
      out += current + "\n";
      current = lead;
    }
    if (current.size() > lead.size()) current += ' ';
    current += word;
  }
  out += current + "\n";
}

// Where a long code line may break, as {length of the first part, where the rest starts}: at
// the shallowest place (fewest parentheses open) that keeps the first part within the limit,
// preferring one after which the rest fits on one line, and of equals the rightmost. The places:
// after " = " (outside parentheses, not in a continuation: that is a default argument), after
// ", " and " +", before " ? ", and after "(" (counted half a level deeper than a separator beside
// it). {npos, npos}: nowhere. `deeper` is the indentation the rest would get.
std::pair<std::size_t, std::size_t> break_point(const std::string& line, const Scan& s,
                                                std::size_t indent, std::size_t deeper,
                                                bool continuation) {
  struct Place {
    int level;
    std::size_t first, rest;
  };
  std::vector<Place> places;
  int depth = 0;
  const std::size_t last = std::min(line.size() - 1, kMaxColumns);
  for (std::size_t i = indent; i < last; ++i) {
    if (!s.code[i]) continue;
    const char c = line[i];
    const char next = line[i + 1];
    if (i > indent && c == '=' && line[i - 1] == ' ' && next == ' ' && depth == 0 &&
        !continuation) {
      places.push_back({-2, i + 1, i + 2});
    } else if (i > indent + 8) {
      if (c == ',' && next == ' ') {
        places.push_back({2 * depth, i + 1, i + 2});
      } else if (c == ' ' && next == '+' && line[i + 2] == ' ' && i + 2 <= kMaxColumns) {
        places.push_back({2 * depth, i + 2, i + 3});  // after the operator, as clang-format
      } else if (c == ' ' && next == '?' && line[i + 2] == ' ') {
        places.push_back({2 * depth, i, i + 1});  // before "?", as clang-format
      } else if (c == '(' && next != ')') {
        places.push_back({2 * depth + 1, i + 1, i + 1});
      }
    }
    if (c == '(' || c == '[' || c == '{') ++depth;
    if ((c == ')' || c == ']' || c == '}') && depth > 0) --depth;
  }
  auto fits = [&](const Place& p) { return deeper + line.size() - p.rest <= kMaxColumns; };
  const Place* best = nullptr;
  for (const Place& p : places) {
    if (best == nullptr || fits(p) > fits(*best) ||
        (fits(p) == fits(*best) && p.level <= best->level)) {
      best = &p;
    }
  }
  if (best == nullptr) return {npos, npos};
  return {best->first, best->rest};
}

// Where a function signature's parameter list opens: the '(' that matches the line's last ')',
// for a definition at namespace level (no indentation, ending in ") {") or a member declaration
// (`static ...` in a class, ending in ");"). Matching from the end steps over parentheses in
// the return or class type (`codec<decltype(::X::y)>::encode(`).
std::size_t signature_open(const std::string& line, const Scan& s) {
  const bool definition = !line.empty() && line[0] != ' ' && line.ends_with(") {");
  const std::size_t indent = line.find_first_not_of(' ');
  const bool declaration =
      indent != npos && line.compare(indent, 7, "static ") == 0 && line.ends_with(");");
  if (!definition && !declaration) return npos;
  std::size_t close = line.rfind(')');
  int depth = 0;
  for (std::size_t i = close + 1; i-- > 0;) {
    if (!s.code[i]) continue;
    if (line[i] == ')') ++depth;
    if (line[i] == '(' && --depth == 0) return i;
  }
  return npos;
}

// Writes the first part of a line broken at `first`, then the rest (from `rest`) `extra`
// columns deeper than the line's indentation (or at `continuation`, when the line is itself a
// continuation: further breaks line up with it), itself wrapped.
void split(const std::string& line, std::size_t first, std::size_t rest, std::size_t extra,
           std::size_t continuation, std::string& out) {
  const std::size_t indent = line.find_first_not_of(' ');
  const std::size_t deeper = continuation != npos ? continuation : indent + extra;
  wrap_line(rstrip(std::string_view(line).substr(0, first)), out, continuation);
  wrap_line(std::string(deeper, ' ') + line.substr(line.find_first_not_of(' ', rest)), out, deeper);
}

void wrap_line(const std::string& line, std::string& out, std::size_t continuation) {
  const std::size_t indent = line.find_first_not_of(' ');
  if (line.size() <= kMaxColumns || indent == npos || line[indent] == '#') {
    out += line + "\n";
    return;
  }
  const std::string pad(indent, ' ');
  const Scan s = scan(line);
  if (s.comment == indent) {
    std::size_t text = line.find_first_not_of(' ', indent + 2);
    if (text == npos) text = line.size();
    wrap_comment(pad, std::string_view(line).substr(text), out);
    return;
  }
  if (s.comment != npos) {  // code, then a comment: the comment goes above
    std::size_t text = line.find_first_not_of(' ', s.comment + 2);
    if (text == npos) text = line.size();
    wrap_comment(pad, std::string_view(line).substr(text), out);
    wrap_line(rstrip(std::string_view(line).substr(0, s.comment)), out, continuation);
    return;
  }
  const std::size_t open = signature_open(line, s);
  if (open != npos && open < kMaxColumns) {
    split(line, open + 1, open + 1, 4, continuation, out);
    return;
  }
  const std::size_t returns = line.find(") return ");
  if (line.compare(indent, 4, "if (") == 0 && returns != npos) {
    split(line, returns + 1, returns + 2, 2, continuation, out);
    return;
  }
  const auto [first, rest] = break_point(
      line, s, indent, continuation != npos ? continuation : indent + 4, continuation != npos);
  if (first == npos) {
    out += line + "\n";
    return;
  }
  split(line, first, rest, 4, continuation, out);
}

}  // namespace

std::string wrap_long_lines(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  bool in_macro = false;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    const bool last = end == npos;
    if (last) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (in_macro) {  // a line that continues a macro's definition stays whole
      out += line + "\n";
    } else {
      wrap_line(line, out);
    }
    in_macro = (in_macro || line.starts_with('#')) && line.ends_with('\\');
    if (last) out.pop_back();  // no end of line that the text did not have
    start = end + 1;
  }
  return out;
}

}  // namespace msgpack_gen::emitter
