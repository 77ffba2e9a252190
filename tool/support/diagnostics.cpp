#include "support/diagnostics.hpp"

#include <fmt/color.h>

#include <algorithm>

#include "support/files.hpp"

namespace msgpack_gen {
namespace {

constexpr unsigned kTabStop = 8;  // clang shows tabs as spaces to the next multiple of 8

// Where each byte of `line` starts on screen (tabs expanded, UTF-8 continuation bytes taking no
// room of their own); one more entry for the column just past the end.
std::vector<std::size_t> display_columns(const std::string& line, std::string& shown) {
  std::vector<std::size_t> at(line.size() + 1);
  std::size_t width = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    at[i] = width;
    unsigned char c = static_cast<unsigned char>(line[i]);
    if (c == '\t') {
      std::size_t next = (width / kTabStop + 1) * kTabStop;
      shown.append(next - width, ' ');
      width = next;
      continue;
    }
    shown += line[i];
    if ((c & 0xc0) != 0x80) ++width;
  }
  at[line.size()] = width;
  return at;
}

}  // namespace

void Diagnostics::report(Severity severity, const ir::SourceLocation& where, std::string_view text,
                         const SourceMarks& marks) {
  auto style = [&](fmt::text_style s) { return color_ ? s : fmt::text_style(); };
  std::string_view label = "error:";
  fmt::text_style label_style = fmt::emphasis::bold | fmt::fg(fmt::terminal_color::red);
  fmt::text_style text_style = fmt::emphasis::bold;
  switch (severity) {
    case Severity::Error:
      ++errors_;
      break;
    case Severity::Warning:
      ++warnings_;
      label = "warning:";
      label_style = fmt::emphasis::bold | fmt::fg(fmt::terminal_color::magenta);
      break;
    case Severity::Note:
      label = "note:";
      label_style = fmt::emphasis::bold | fmt::fg(fmt::terminal_color::cyan);
      text_style = {};  // clang leaves a note's text plain
      break;
  }
  std::string place = where.file.empty() ? std::string("msgpack-gen:")
                      : where.line == 0
                          ? fmt::format("{}:", where.file)
                          : fmt::format("{}:{}:{}:", where.file, where.line, where.column);
  out_ << fmt::format("{} {} {}\n", fmt::styled(place, style(fmt::emphasis::bold)),
                      fmt::styled(label, style(label_style)), fmt::styled(text, style(text_style)));
  show_source(where, marks);
}

void Diagnostics::show_source(const ir::SourceLocation& where, const SourceMarks& marks) {
  std::string line;
  if (where.file.empty() || where.line == 0 || !read_source_line(where.file, where.line, line)) {
    return;
  }
  std::string shown;
  std::vector<std::size_t> at = display_columns(line, shown);
  // A column as clang gives it (1-based, possibly just past the end) -> where it is on screen.
  auto screen = [&](unsigned column) {
    std::size_t byte = column == 0 ? 0 : std::min<std::size_t>(column - 1, line.size());
    return at[byte] + (column > line.size() + 1 ? column - line.size() - 1 : 0);
  };

  std::string caret;
  auto put = [](std::string& into, std::size_t position, std::string_view text) {
    if (into.size() < position + text.size()) into.resize(position + text.size(), ' ');
    std::copy(text.begin(), text.end(), into.begin() + static_cast<std::ptrdiff_t>(position));
  };
  const unsigned past_end = static_cast<unsigned>(line.size() + 1);
  // What a fix-it replaces is underlined too, as clang does.
  std::vector<ColumnRange> ranges = marks.ranges;
  for (const SourceMarks::FixIt& fixit : marks.fixits) ranges.push_back(fixit.columns);
  for (const ColumnRange& range : ranges) {
    std::size_t from = screen(std::min(range.begin, past_end));
    std::size_t to = screen(std::min(range.end, past_end));
    if (to > from) put(caret, from, std::string(to - from, '~'));
  }
  put(caret, screen(where.column), "^");

  std::string fixits;
  for (const SourceMarks::FixIt& fixit : marks.fixits) {
    if (fixit.text.find('\n') != std::string::npos) continue;  // clang leaves these out too
    put(fixits, screen(fixit.columns.begin), fixit.text);
  }

  auto style = [&](fmt::text_style s) { return color_ ? s : fmt::text_style(); };
  out_ << shown << '\n'
       << fmt::format("{}\n", fmt::styled(caret, style(fmt::emphasis::bold |
                                                       fmt::fg(fmt::terminal_color::green))));
  if (!fixits.empty()) {
    out_ << fmt::format("{}\n", fmt::styled(fixits, style(fmt::fg(fmt::terminal_color::green))));
  }
}

}  // namespace msgpack_gen
