#include "frontend/msgpack_c_macros.hpp"

#include <cstdlib>

#include "frontend/clang_util.hpp"
#include "frontend/class_hierarchy.hpp"

namespace msgpack_gen::frontend {
namespace {

constexpr const char* kDefineArray = "MSGPACK_DEFINE_ARRAY";
constexpr const char* kDefineMap = "MSGPACK_DEFINE_MAP";
constexpr const char* kNvp = "MSGPACK_NVP";
constexpr const char* kBaseArray = "MSGPACK_BASE_ARRAY";
constexpr const char* kBaseMap = "MSGPACK_BASE_MAP";

using Token = MsgpackCMacros::Token;

std::vector<Token> tokens_of(CXCursor cursor) {
  CXTranslationUnit unit = clang_Cursor_getTranslationUnit(cursor);
  CXToken* raw = nullptr;
  unsigned count = 0;
  clang_tokenize(unit, clang_getCursorExtent(cursor), &raw, &count);
  std::vector<Token> tokens;
  for (unsigned i = 0; i < count; ++i) {
    // The preprocessor replaces each comment with a space before a macro sees its arguments
    // (`MSGPACK_DEFINE(id /*, name*/)` lists one member); clang_tokenize keeps them.
    if (clang_getTokenKind(raw[i]) == CXToken_Comment) continue;
    Token token;
    token.text = take(clang_getTokenSpelling(unit, raw[i]));
    token.kind = clang_getTokenKind(raw[i]);
    CXSourceRange extent = clang_getTokenExtent(unit, raw[i]);
    CXFile file;
    unsigned line, column;
    clang_getSpellingLocation(clang_getRangeStart(extent), &file, &line, &column, &token.begin);
    token.location = {file_path(file), line, column};
    clang_getSpellingLocation(clang_getRangeEnd(extent), nullptr, nullptr, nullptr, &token.end);
    tokens.push_back(std::move(token));
  }
  clang_disposeTokens(unit, raw, count);
  return tokens;
}

// The text the preprocessor's # operator makes of tokens: spellings, one space where the source
// had white space between two tokens.
std::string stringize(const std::vector<Token>& tokens) {
  std::string text;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (i > 0 && tokens[i].begin > tokens[i - 1].end) text += ' ';
    text += tokens[i].text;
  }
  return text;
}

// A plain or concatenated string literal's value; false for anything else (prefixes, raw
// strings, escapes this reader does not know).
bool string_value(const std::vector<Token>& tokens, std::string& value) {
  if (tokens.empty()) return false;
  value.clear();
  for (const Token& token : tokens) {
    const std::string& t = token.text;
    if (token.kind != CXToken_Literal || t.size() < 2 || t.front() != '"' || t.back() != '"') {
      return false;
    }
    for (std::size_t i = 1; i + 1 < t.size(); ++i) {
      if (t[i] != '\\') {
        value += t[i];
        continue;
      }
      char next = t[++i];
      switch (next) {
        case 'n':
          value += '\n';
          break;
        case 't':
          value += '\t';
          break;
        case 'r':
          value += '\r';
          break;
        case '0':
          value += '\0';
          break;
        case '\\':
        case '"':
        case '\'':
        case '?':
          value += next;
          break;
        default:
          return false;
      }
    }
  }
  return true;
}

bool int_value(const std::vector<Token>& tokens, std::int64_t& value) {
  bool negative = tokens.size() == 2 && tokens[0].text == "-";
  if (tokens.size() != (negative ? 2u : 1u)) return false;
  const Token& literal = tokens.back();
  if (literal.kind != CXToken_Literal || literal.text.empty() || !std::isdigit(literal.text[0])) {
    return false;
  }
  char* end = nullptr;
  long long parsed = std::strtoll(literal.text.c_str(), &end, 0);
  std::string suffix = end;
  for (char c : suffix) {
    if (c != 'u' && c != 'U' && c != 'l' && c != 'L') return false;
  }
  value = negative ? -parsed : parsed;
  return true;
}

// Splits the tokens between the parentheses that follow tokens[open] at top-level commas.
// Returns false when the parentheses do not close.
bool split_arguments(const std::vector<Token>& tokens, std::size_t open,
                     std::vector<std::vector<Token>>& arguments, std::size_t& close) {
  if (open >= tokens.size() || tokens[open].text != "(") return false;
  int depth = 0;
  std::vector<Token> current;
  for (std::size_t i = open; i < tokens.size(); ++i) {
    const std::string& t = tokens[i].text;
    if (t == "(" && depth++ == 0) continue;
    if (t == ")" && --depth == 0) {
      if (!current.empty() || !arguments.empty()) arguments.push_back(std::move(current));
      close = i;
      return true;
    }
    if (t == "," && depth == 1) {
      arguments.push_back(std::move(current));
      current.clear();
      continue;
    }
    current.push_back(tokens[i]);
  }
  return false;
}

bool is_identifier(const std::vector<Token>& tokens) {
  return tokens.size() == 1 && tokens[0].kind == CXToken_Identifier;
}

bool inside(unsigned begin, unsigned end, unsigned at) {
  return at >= begin && at < end;
}

}  // namespace

void MsgpackCMacros::note(CXCursor cursor) {
  if (cursor.kind == CXCursor_MacroDefinition) {
    std::string name = spelling(cursor);
    // Only short aliases matter (MSGPACK_DEFINE -> MSGPACK_DEFINE_ARRAY); system headers other
    // than msgpack-c's define thousands of macros, so look at those by name only.
    if (in_system_header(cursor) && name.rfind("MSGPACK_", 0) != 0) return;
    if (clang_Cursor_isMacroFunctionLike(cursor)) {
      aliases_.erase(name);
      return;
    }
    std::vector<Token> tokens = tokens_of(cursor);
    if (tokens.size() == 2 && tokens[1].kind == CXToken_Identifier) {
      aliases_[name] = tokens[1].text;
    } else {
      aliases_.erase(name);
    }
    return;
  }
  if (cursor.kind != CXCursor_MacroExpansion || in_system_header(cursor)) return;
  std::string name = spelling(cursor);
  std::string resolved = resolve(name);
  if (resolved != kDefineArray && resolved != kDefineMap) return;
  CXSourceRange extent = clang_getCursorExtent(cursor);
  Expansion expansion{cursor, name, {}, 0, 0};
  CXFile file;
  clang_getSpellingLocation(clang_getRangeStart(extent), &file, nullptr, nullptr, &expansion.begin);
  clang_getSpellingLocation(clang_getRangeEnd(extent), nullptr, nullptr, nullptr, &expansion.end);
  expansion.file = file_path(file);
  expansions_.push_back(std::move(expansion));
}

std::string MsgpackCMacros::resolve(const std::string& name) const {
  std::string current = name;
  for (int hops = 0; hops < 8; ++hops) {
    auto alias = aliases_.find(current);
    if (alias == aliases_.end()) break;
    current = alias->second;
  }
  return current;
}

std::optional<MacroUse> MsgpackCMacros::find(CXCursor record) const {
  if (expansions_.empty()) return std::nullopt;
  CXSourceRange extent = clang_getCursorExtent(record);
  CXFile file;
  unsigned begin = 0, end = 0;
  clang_getSpellingLocation(clang_getRangeStart(extent), &file, nullptr, nullptr, &begin);
  clang_getSpellingLocation(clang_getRangeEnd(extent), nullptr, nullptr, nullptr, &end);
  std::string path = file_path(file);

  // Classes declared inside this one own the macros in their bodies.
  struct Nested {
    std::vector<std::pair<unsigned, unsigned>> ranges;
  } nested;
  clang_visitChildren(
      record,
      [](CXCursor child, CXCursor, CXClientData data) {
        switch (child.kind) {
          case CXCursor_StructDecl:
          case CXCursor_ClassDecl:
          case CXCursor_UnionDecl:
          case CXCursor_ClassTemplate:
          case CXCursor_ClassTemplatePartialSpecialization: {
            CXSourceRange r = clang_getCursorExtent(child);
            unsigned b = 0, e = 0;
            clang_getSpellingLocation(clang_getRangeStart(r), nullptr, nullptr, nullptr, &b);
            clang_getSpellingLocation(clang_getRangeEnd(r), nullptr, nullptr, nullptr, &e);
            static_cast<Nested*>(data)->ranges.emplace_back(b, e);
            break;
          }
          default:
            break;
        }
        return CXChildVisit_Continue;
      },
      &nested);

  std::optional<MacroUse> found;
  std::vector<Token> record_tokens;
  for (const Expansion& expansion : expansions_) {
    if (expansion.file != path || !inside(begin, end, expansion.begin)) continue;
    bool in_nested = false;
    for (auto [b, e] : nested.ranges) in_nested = in_nested || inside(b, e, expansion.begin);
    if (in_nested) continue;
    if (record_tokens.empty()) record_tokens = tokens_of(record);
    MacroUse use = read(expansion, resolve(expansion.name), record_tokens);
    if (found) {
      found->problem = "it uses " + found->macro + " and " + use.macro + "; keep one";
      return found;
    }
    found = std::move(use);
  }
  return found;
}

PackLookup MsgpackCMacros::lookup_pack(CXCursor record, bool own) const {
  PackLookup result;
  if (own) {
    result.owner = record;
    if (std::optional<MacroUse> use = find(body_of(record))) {
      result.kind = PackLookup::Macro;
      result.use = std::move(*use);
      return result;
    }
    if (declares_msgpack_c_methods(record)) {
      result.kind = PackLookup::HandWritten;
      return result;
    }
  }
  // A member of the class itself would hide the bases'; without one, every base is searched and
  // more than one finding is ambiguous (as for any member function).
  std::vector<PackLookup> found;
  for_each_base(record, [&](CXCursor specifier, CXType type) {
    CXCursor base = record_of(type);
    if (clang_Cursor_isNull(base)) return true;
    PackLookup from_base = lookup_pack(base);
    if (from_base.kind == PackLookup::None) return true;
    from_base.public_path =
        from_base.public_path && clang_getCXXAccessSpecifier(specifier) == CX_CXXPublic;
    found.push_back(std::move(from_base));
    return true;
  });
  if (found.empty()) return PackLookup{};
  if (found.size() == 1) return std::move(found[0]);
  result.kind = PackLookup::Ambiguous;
  result.owner = record;
  for (const PackLookup& candidate : found) {
    if (candidate.kind == PackLookup::Ambiguous) {
      result.owners.insert(result.owners.end(), candidate.owners.begin(), candidate.owners.end());
    } else {
      result.owners.push_back(spelling(clang_getCursorType(candidate.owner)));
    }
  }
  return result;
}

MacroUse MsgpackCMacros::read(const Expansion& expansion, const std::string& resolved,
                              const std::vector<Token>& record_tokens) const {
  MacroUse use;
  use.macro = expansion.name;
  use.as_array = resolved == kDefineArray;
  use.location = location_of(expansion.cursor);
  // The invocation's tokens: the name, then its parenthesised arguments. (An object-like alias
  // such as MSGPACK_DEFINE expands to the name alone, so its extent does not cover them.)
  std::size_t first = 0;
  while (first < record_tokens.size() && record_tokens[first].begin < expansion.begin) ++first;
  std::vector<Token> tokens(record_tokens.begin() + static_cast<long>(first), record_tokens.end());
  std::vector<std::vector<Token>> arguments;
  std::size_t close = 0;
  if (tokens.empty() || !split_arguments(tokens, 1, arguments, close)) {
    use.problem = "cannot read the arguments of " + use.macro;
    return use;
  }
  for (const std::vector<Token>& argument : arguments) {
    MacroEntry entry;
    if (argument.empty()) {
      use.problem = use.macro + " has an empty argument";
      return use;
    }
    entry.location = argument.front().location;
    if (is_identifier(argument)) {
      entry.member = entry.key = argument[0].text;
      use.entries.push_back(std::move(entry));
      continue;
    }
    std::string head = argument[0].kind == CXToken_Identifier ? resolve(argument[0].text) : "";
    std::vector<std::vector<Token>> inner;
    std::size_t inner_close = 0;
    bool call = (head == kNvp || head == kBaseArray || head == kBaseMap) &&
                split_arguments(argument, 1, inner, inner_close) &&
                inner_close + 1 == argument.size();
    if (call && head == kNvp && inner.size() == 2 && is_identifier(inner[1])) {
      if (use.as_array) {
        use.problem = argument[0].text + " names a map key, but " + use.macro +
                      " writes an array (use MSGPACK_DEFINE_MAP)";
        return use;
      }
      entry.member = inner[1][0].text;
      if (int_value(inner[0], entry.int_key)) {
        entry.has_int_key = true;
        entry.key = std::to_string(entry.int_key);
        entry.key.insert(0, 1, '#');  // as MSGPACK_TAG spells integer keys
      } else if (!string_value(inner[0], entry.key)) {
        use.problem = "the name in " + stringize(argument) +
                      " is not a string or integer literal msgpack-gen can read";
        return use;
      }
      use.entries.push_back(std::move(entry));
      continue;
    }
    if (call && (head == kBaseArray || head == kBaseMap) && inner.size() == 1) {
      bool map_base = head == kBaseMap;
      if (map_base == use.as_array) {
        use.problem = argument[0].text + " does not fit " + use.macro + " (use " +
                      (use.as_array ? "MSGPACK_BASE_ARRAY" : "MSGPACK_BASE_MAP") + ")";
        return use;
      }
      entry.kind = MacroEntry::Base;
      entry.base = stringize(inner[0]);
      entry.key = entry.base;
      use.entries.push_back(std::move(entry));
      continue;
    }
    use.problem = "cannot read '" + stringize(argument) + "' in " + use.macro +
                  ": msgpack-gen understands member names, MSGPACK_NVP(\"name\", member) and "
                  "MSGPACK_BASE...(Base)";
    return use;
  }
  return use;
}

}  // namespace msgpack_gen::frontend
