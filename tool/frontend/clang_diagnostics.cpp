#include "frontend/clang_diagnostics.hpp"

#include <fmt/format.h>

#include "frontend/clang_util.hpp"
#include "support/files.hpp"

namespace msgpack_gen::frontend {

std::size_t count_errors(CXTranslationUnit unit) {
  std::size_t errors = 0;
  unsigned count = clang_getNumDiagnostics(unit);
  for (unsigned i = 0; i < count; ++i) {
    CXDiagnostic d = clang_getDiagnostic(unit, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) ++errors;
    clang_disposeDiagnostic(d);
  }
  return errors;
}

namespace {

constexpr std::size_t kMaxClangErrors = 5;  // a broken header should not print a wall of text

// A MSGPACK_TAG after a brace-or-equal initialiser (`uint64_t id{0} MSGPACK_TAG("x");`): g++
// ignores the macro in ordinary builds, but clang cannot parse it there. Returns the fix.
std::string tag_after_initializer_fix(const std::string& file, unsigned line, unsigned column) {
  std::string text;
  if (!read_source_line(file, line, text)) return {};
  // clang points just past the initialiser, or at the macro.
  while (column >= 1 && column <= text.size() && text[column - 1] == ' ') ++column;
  if (column == 0 || column > text.size() || text.compare(column - 1, 11, "MSGPACK_TAG") != 0) {
    return {};
  }
  std::string before = text.substr(0, column - 1);
  std::size_t close = text.find(')', column - 1);
  if (close == std::string::npos) return {};
  std::string tag = text.substr(column - 1, close - column + 2);
  std::size_t init = before.find_first_of("{=");
  if (init == std::string::npos) return {};
  std::string declarator = before.substr(0, init);
  while (!declarator.empty() && declarator.back() == ' ') declarator.pop_back();
  std::string initializer = before.substr(init);
  while (!initializer.empty() && initializer.back() == ' ') initializer.pop_back();
  std::size_t start = declarator.find_first_not_of(' ');
  if (start == std::string::npos) return {};
  return declarator.substr(start) + " " + tag + (initializer[0] == '=' ? " " : "") + initializer +
         text.substr(close + 1);
}

ir::SourceLocation clang_location(CXSourceLocation where) {
  CXFile file = nullptr;
  unsigned line = 0, column = 0;
  clang_getExpansionLocation(where, &file, &line, &column, nullptr);
  return ir::SourceLocation{file_path(file), line, column};
}

// What clang marks on a diagnostic's own line: its ranges, and its fix-its' replacements.
SourceMarks marks_of(CXDiagnostic d, const ir::SourceLocation& where) {
  SourceMarks marks;
  auto columns_of = [&](CXSourceRange range, ColumnRange& columns) {
    ir::SourceLocation begin = clang_location(clang_getRangeStart(range));
    ir::SourceLocation end = clang_location(clang_getRangeEnd(range));
    if (begin.file != where.file || begin.line != where.line) return false;
    columns.begin = begin.column;
    // A range that goes on to later lines is underlined to the end of this one.
    columns.end = end.file == begin.file && end.line == begin.line ? end.column : ~0u;
    return true;
  };
  for (unsigned i = 0, n = clang_getDiagnosticNumRanges(d); i < n; ++i) {
    ColumnRange columns;
    if (columns_of(clang_getDiagnosticRange(d, i), columns)) marks.ranges.push_back(columns);
  }
  for (unsigned i = 0, n = clang_getDiagnosticNumFixIts(d); i < n; ++i) {
    CXSourceRange range;
    std::string text = take(clang_getDiagnosticFixIt(d, i, &range));
    SourceMarks::FixIt fixit{{}, text};
    if (columns_of(range, fixit.columns)) marks.fixits.push_back(std::move(fixit));
  }
  return marks;
}

// One of clang's diagnostics as clang prints it: the message, the source line with a caret, its
// ranges and fix-its, then its notes the same way. Notes about the umbrella header (which is not
// a file the user has) are left out.
void print_clang_diagnostic(CXDiagnostic d, const std::string& umbrella_path,
                            Diagnostics& diagnostics) {
  ir::SourceLocation where = clang_location(clang_getDiagnosticLocation(d));
  Severity severity = Severity::Error;
  switch (clang_getDiagnosticSeverity(d)) {
    case CXDiagnostic_Ignored:
    case CXDiagnostic_Note:
      severity = Severity::Note;
      if (where.file == umbrella_path) return;
      break;
    case CXDiagnostic_Warning:
      severity = Severity::Warning;
      break;
    default:
      break;
  }
  diagnostics.report(severity, where, take(clang_getDiagnosticSpelling(d)), marks_of(d, where));
  CXDiagnosticSet children = clang_getChildDiagnostics(d);  // owned by `d`
  for (unsigned i = 0, n = clang_getNumDiagnosticsInSet(children); i < n; ++i) {
    CXDiagnostic child = clang_getDiagnosticInSet(children, i);
    print_clang_diagnostic(child, umbrella_path, diagnostics);
    clang_disposeDiagnostic(child);
  }
}

}  // namespace

std::string not_shown(const ClangErrors& errors) {
  return errors.hidden == 0 ? std::string()
                            : fmt::format(" ({} more errors not shown)", errors.hidden);
}

ClangErrors report_clang_errors(CXTranslationUnit unit, const std::string& umbrella_path,
                                const std::vector<std::string>& request_names,
                                unsigned first_request_line, Diagnostics& diagnostics) {
  ClangErrors result;
  std::vector<CXDiagnostic> all;
  for (unsigned i = 0, count = clang_getNumDiagnostics(unit); i < count; ++i) {
    all.push_back(clang_getDiagnostic(unit, i));
  }
  for (CXDiagnostic d : all) {
    if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error) continue;
    if (!clang_location(clang_getDiagnosticLocation(d)).file.empty()) break;
    ++result.errors;
    result.in_arguments = true;
    diagnostics.error("{} (in the arguments for clang)", take(clang_getDiagnosticSpelling(d)));
  }
  bool shown = false;  // the last error was shown: so are the notes that follow it
  for (CXDiagnostic d : result.in_arguments ? std::vector<CXDiagnostic>() : all) {
    CXDiagnosticSeverity severity = clang_getDiagnosticSeverity(d);
    if (severity == CXDiagnostic_Note && shown) {
      print_clang_diagnostic(d, umbrella_path, diagnostics);
      continue;
    }
    if (severity < CXDiagnostic_Error) continue;
    ++result.errors;
    shown = result.errors <= kMaxClangErrors;
    if (!shown) {
      ++result.hidden;
      continue;
    }
    ir::SourceLocation where = clang_location(clang_getDiagnosticLocation(d));
    if (where.file == umbrella_path) {
      // The aliases follow the package's includes, one line each.
      std::size_t request = where.line > first_request_line ? where.line - first_request_line : 0;
      std::string name = request < request_names.size() ? request_names[request] : "";
      diagnostics.error("cannot resolve the requested type '{}': {}", name,
                        take(clang_getDiagnosticSpelling(d)));
      continue;
    }
    print_clang_diagnostic(d, umbrella_path, diagnostics);
    std::string fix = tag_after_initializer_fix(where.file, where.line, where.column);
    if (!fix.empty()) {
      diagnostics.note(where,
                       "MSGPACK_TAG cannot follow an initialiser; write it between the member's "
                       "name and its initialiser: {}",
                       fix);
    }
  }
  for (CXDiagnostic d : all) clang_disposeDiagnostic(d);
  return result;
}

}  // namespace msgpack_gen::frontend
