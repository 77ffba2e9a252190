// Error reporting in the form compilers and editors understand: "file:line:col: error: text".
#pragma once

#include <cstddef>
#include <iostream>
#include <string>

#include "ir/ir.hpp"

namespace msgpack_gen {

class Diagnostics {
 public:
  explicit Diagnostics(std::ostream& out = std::cerr) : out_(out) {}

  void error(const ir::SourceLocation& where, const std::string& text) {
    ++errors_;
    if (!where.file.empty()) {
      out_ << where.file << ':' << where.line << ':' << where.column << ": ";
    }
    out_ << "error: " << text << '\n';
  }
  // An error with no source line: the command line, the file system.
  void error(const std::string& text) {
    ++errors_;
    out_ << "msgpack-gen: error: " << text << '\n';
  }
  void note(const ir::SourceLocation& where, const std::string& text) {
    if (!where.file.empty()) {
      out_ << where.file << ':' << where.line << ':' << where.column << ": ";
    }
    out_ << "note: " << text << '\n';
  }
  // Text that is already formatted (clang's own diagnostics).
  void raw(const std::string& line) { out_ << line << '\n'; }
  void count_error() { ++errors_; }

  std::size_t errors() const { return errors_; }
  bool ok() const { return errors_ == 0; }

 private:
  std::ostream& out_;
  std::size_t errors_ = 0;
};

}  // namespace msgpack_gen
