// Error reporting in the form compilers and editors understand: "file:line:col: error: text",
// coloured as clang colours it when asked to, with the source line and a caret under the column
// for clang's own diagnostics.
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <iostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/ir.hpp"

namespace msgpack_gen {

enum class Severity { Error, Warning, Note };

// Columns of one source line, 1-based byte columns as clang counts them; `end` is one past the
// last column (equal to `begin` for an insertion point).
struct ColumnRange {
  unsigned begin = 0;
  unsigned end = 0;
};

// What clang would put under a source line: ranges underlined with '~', and fix-its whose
// replacement text is shown where it goes.
struct SourceMarks {
  struct FixIt {
    ColumnRange columns;
    std::string text;
  };
  std::vector<ColumnRange> ranges;
  std::vector<FixIt> fixits;
};

class Diagnostics {
 public:
  // `color`: clang's colours (bold locations, bold red "error:"...), for a terminal.
  explicit Diagnostics(std::ostream& out = std::cerr, bool color = false)
      : out_(out), color_(color) {}

  // "file:line:col: error: text"; "file: error: text" when `where` has a file but no line (a
  // whole file); "msgpack-gen: error: text" when `where` has no file (the
  // command line, the file system). With a line, the source line follows with a caret under the
  // column and `marks` under that (show_source), as clang shows it.
  void report(Severity severity, const ir::SourceLocation& where, std::string_view text,
              const SourceMarks& marks = {});
  // The line at `where` with a caret under its column, the marks under that, as clang shows
  // it. Nothing when the line cannot be read.
  void show_source(const ir::SourceLocation& where, const SourceMarks& marks = {});

  void error(const ir::SourceLocation& where, std::string_view text) {
    report(Severity::Error, where, text);
  }
  void error(std::string_view text) { report(Severity::Error, {}, text); }
  void warning(const ir::SourceLocation& where, std::string_view text) {
    report(Severity::Warning, where, text);
  }
  void note(const ir::SourceLocation& where, std::string_view text) {
    report(Severity::Note, where, text);
  }
  void note(std::string_view text) { report(Severity::Note, {}, text); }

  // The same with the text formatted by fmt: error(where, "field '{}' is const", name).
  template <class... Args>
  using Format = fmt::format_string<Args...>;
  template <class Arg, class... Args>
  void error(const ir::SourceLocation& where, Format<Arg, Args...> format, Arg&& arg,
             Args&&... args) {
    report(Severity::Error, where, fmt::vformat(format, fmt::make_format_args(arg, args...)));
  }
  template <class Arg, class... Args>
  void error(Format<Arg, Args...> format, Arg&& arg, Args&&... args) {
    report(Severity::Error, {}, fmt::vformat(format, fmt::make_format_args(arg, args...)));
  }
  template <class Arg, class... Args>
  void warning(const ir::SourceLocation& where, Format<Arg, Args...> format, Arg&& arg,
               Args&&... args) {
    report(Severity::Warning, where, fmt::vformat(format, fmt::make_format_args(arg, args...)));
  }
  template <class Arg, class... Args>
  void note(const ir::SourceLocation& where, Format<Arg, Args...> format, Arg&& arg,
            Args&&... args) {
    report(Severity::Note, where, fmt::vformat(format, fmt::make_format_args(arg, args...)));
  }

  std::size_t errors() const { return errors_; }
  std::size_t warnings() const { return warnings_; }
  bool ok() const { return errors_ == 0; }

 private:
  std::ostream& out_;
  bool color_ = false;
  std::size_t errors_ = 0;
  std::size_t warnings_ = 0;
};

}  // namespace msgpack_gen
