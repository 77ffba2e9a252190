// Keeping generated lines within the project's 100 columns, as a careful person would break them.
#pragma once

#include <cstddef>
#include <string>

namespace msgpack_gen::emitter {

constexpr std::size_t kMaxColumns = 100;

// Breaks the lines of `text` (a generated file) that pass kMaxColumns:
// - a comment line is wrapped at spaces; a trailing comment moves to its own line above the code;
// - a function's signature (a definition at namespace level, a `static` member declaration)
//   breaks after the parenthesis that opens its parameters, `if (...) return ...;` before
//   `return`;
// - any other code line breaks at its shallowest ", ", " = ", " + ", " ? " or "(" that keeps it
//   within the limit (break_point() in line_wrap.cpp), outside string and character literals,
//   the rest continued 4 columns deeper.
// Preprocessor lines and lines with no such place stay as they are.
std::string wrap_long_lines(const std::string& text);

}  // namespace msgpack_gen::emitter
