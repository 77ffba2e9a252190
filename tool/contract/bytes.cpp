#include "contract/bytes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "contract/family.hpp"
#include "msgpack_gen/detail/json_text.hpp"
#include "msgpack_gen/dump.hpp"
#include "msgpack_gen/reader.hpp"

namespace msgpack_gen::contract {
namespace {

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

class Walker {
 public:
  // With `text`, what is read is also printed there as JSON (`indent` as in DumpOptions).
  Walker(const Contract& contract, std::string_view bytes, std::string* text = nullptr,
         unsigned indent = 0)
      : contract_(contract),
        in_(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()),
        text_(text),
        indent_(indent) {}

  bool struct_value(const std::string& family_or_id);
  bool value(const Family& family);
  bool at_end() const { return in_.at_end(); }
  std::size_t offset() const { return in_.offset(); }
  BytesCheck& result() { return result_; }

  bool fail(std::size_t offset, std::string message) {
    if (result_.ok) {
      result_.ok = false;
      result_.offset = offset;
      result_.path = path_;
      result_.message = std::move(message);
    }
    return false;
  }

 private:
  // The family of the next value, or a failure at its offset.
  bool next(msgpack_gen::Family& found) {
    if (in_.peek(found)) return true;
    return fail(in_.offset(), "the input ends where a value should be");
  }
  bool wrong(const Family& expected, msgpack_gen::Family found, std::size_t at) {
    return fail(at, fmt::format("expected {}, found {}", expected.head, family_name(found)));
  }
  // The reader's own error (a cut value, a limit), at the offset it reports.
  bool reader_failed() { return fail(in_.offset(), std::string(in_.status().message())); }
  bool elements(const Family& family, std::uint32_t count);
  bool map_key(const Family& family);
  bool struct_entry(const StructEntry& entry);
  bool field_value(const FieldEntry& field);

  // Printing, when there is text to print to: a value read since `start` as the runtime's dump
  // prints it, brackets, and the separators between members and elements.
  bool print_read(const std::uint8_t* start, bool read);
  void print(std::string_view text) {
    if (text_) *text_ += text;
  }
  void print_name(std::string_view name) {
    if (text_) msgpack_gen::detail::append_json_string(*text_, name);
    print(": ");
  }
  void open(const char* bracket) {
    print(bracket);
    ++level_;
  }
  void item(std::uint32_t i) {
    if (i != 0) print(",");
    if (indent_ != 0) {
      print("\n");
      if (text_) text_->append(std::size_t{level_} * indent_, ' ');
    } else if (i != 0) {
      print(" ");
    }
  }
  void close(std::uint32_t count, const char* bracket) {
    --level_;
    if (count != 0 && indent_ != 0) {
      print("\n");
      if (text_) text_->append(std::size_t{level_} * indent_, ' ');
    }
    print(bracket);
  }

  const Contract& contract_;
  msgpack_gen::Reader in_;
  std::string* text_ = nullptr;
  unsigned indent_ = 0;
  unsigned level_ = 0;
  std::string path_;
  BytesCheck result_;
};

bool Walker::print_read(const std::uint8_t* start, bool read) {
  if (!read) return false;
  if (text_) {
    msgpack_gen::DumpOptions options;
    options.max_output = 0;
    msgpack_gen::dump(start, static_cast<std::size_t>(in_.position() - start), *text_, options);
  }
  return true;
}

bool Walker::value(const Family& family) {
  const std::size_t at = in_.offset();
  const std::uint8_t* start = in_.position();
  msgpack_gen::Family found = msgpack_gen::Family::invalid;
  if (!next(found)) return false;
  const std::string& head = family.head;
  if (starts_with(head, "custom:") || starts_with(head, "dependent:")) {
    // Only the C++ compiler knows these: printed as they are.
    return print_read(start, in_.skip()) || reader_failed();
  }
  if (starts_with(head, "struct:")) return struct_value(head);
  if (head == "optional") {
    if (found == msgpack_gen::Family::nil) return print_read(start, in_.read_nil());
    return family.args.empty() ? (print_read(start, in_.skip()) || reader_failed())
                               : value(family.args[0]);
  }
  if (head == "nil") {
    return found == msgpack_gen::Family::nil ? print_read(start, in_.read_nil())
                                             : wrong(family, found, at);
  }
  if (head == "bool") {
    bool b = false;
    return found == msgpack_gen::Family::boolean ? print_read(start, in_.read_bool(b))
                                                 : wrong(family, found, at);
  }
  if (head == "int" || head == "uint") {
    if (found != msgpack_gen::Family::integer) return wrong(family, found, at);
    if (head == "uint") {
      std::uint64_t u = 0;
      return print_read(start, in_.read_any_int(u)) ||
             fail(at, "expected uint, found a negative integer");
    }
    std::int64_t i = 0;
    return print_read(start, in_.read_any_int(i)) ||
           fail(at, "expected int, found an integer beyond int64");
  }
  if (head == "float") {
    double d = 0;  // floats as msgpack-c writes them may be integers
    bool number = found == msgpack_gen::Family::float32 || found == msgpack_gen::Family::float64 ||
                  found == msgpack_gen::Family::integer;
    return number ? (print_read(start, in_.read_float(d)) || reader_failed())
                  : wrong(family, found, at);
  }
  if (head == "str|int" && found == msgpack_gen::Family::integer) {
    std::int64_t number = 0;
    return print_read(start, in_.read_any_int(number)) || reader_failed();
  }
  if (head == "str" || head == "str|int" || head == "bin") {
    std::string_view bytes;
    if (head != "bin" && found == msgpack_gen::Family::str) {
      return print_read(start, in_.read_str(bytes)) || reader_failed();
    }
    if (head == "bin" && found == msgpack_gen::Family::bin) {
      return print_read(start, in_.read_bin(bytes)) || reader_failed();
    }
    return fail(at, fmt::format("expected {}, found {}", head == "bin" ? "bin" : "str",
                                family_name(found)));
  }
  if (starts_with(head, "ext:")) {
    std::int8_t type = 0;
    std::string_view payload;
    if (found != msgpack_gen::Family::ext) return wrong(family, found, at);
    if (!in_.read_ext(type, payload)) return reader_failed();
    if (fmt::format("ext:{}", type) != head) {
      return fail(at, fmt::format("expected {}, found ext:{}", head, type));
    }
    return print_read(start, true);
  }
  if (head == "array" || head == "variant") {
    std::uint32_t count = 0;
    if (found != msgpack_gen::Family::array) return wrong(family, found, at);
    if (!in_.read_array_header(count) || !in_.enter()) return reader_failed();
    open("[");
    bool ok = elements(family, count);
    if (!ok) return false;
    close(count, "]");
    in_.leave();
    return true;
  }
  if (head == "map") {
    std::uint32_t count = 0;
    if (found != msgpack_gen::Family::map) return wrong(family, found, at);
    if (family.args.size() != 2) return fail(at, "the contract's map family has no key and value");
    if (!in_.read_map_header(count) || !in_.enter()) return reader_failed();
    const std::string outer = path_;
    open("{");
    for (std::uint32_t i = 0; i < count; ++i) {
      item(i);
      path_ = fmt::format("{}{{key {}}}", outer, i);
      if (!map_key(family.args[0])) return false;
      print(": ");
      path_ = fmt::format("{}{{value {}}}", outer, i);
      if (!value(family.args[1])) return false;
    }
    close(count, "}");
    path_ = outer;
    in_.leave();
    return true;
  }
  return fail(at,
              fmt::format("the contract has a wire family this reader does not know: {}", head));
}

// A map's key, printed as a JSON string whatever its type (a number key as "1").
bool Walker::map_key(const Family& family) {
  if (text_ == nullptr || !in_.next_is_int()) return value(family);
  std::string* outer = text_;
  std::string key;
  text_ = &key;
  const bool ok = value(family);
  text_ = outer;
  if (ok) msgpack_gen::detail::append_json_string(*text_, key);
  return ok;
}

// An array's elements: each of the one element family, a tuple's one per family, or a variant's
// [index, value].
bool Walker::elements(const Family& family, std::uint32_t count) {
  const std::string outer = path_;
  const std::size_t at = in_.offset();
  if (family.head == "variant") {
    std::uint64_t index = 0;
    if (count != 2)
      return fail(at, fmt::format("expected a variant's [index, value], found {} "
                                  "elements",
                                  count));
    if (!in_.next_is_int() || !in_.read_any_int(index) || index >= family.args.size()) {
      return fail(at, fmt::format("expected a variant index below {}", family.args.size()));
    }
    path_ = fmt::format("{}<{}>", outer, index);
    item(0);  // [index, value]
    if (text_) msgpack_gen::detail::append_integer(*text_, index);
    item(1);
    if (!value(family.args[index])) return false;
    path_ = outer;
    return true;
  }
  if (family.args.size() > 1 && count != family.args.size()) {
    return fail(
        at, fmt::format("expected a tuple of {} elements, found {}", family.args.size(), count));
  }
  for (std::uint32_t i = 0; i < count; ++i) {
    path_ = fmt::format("{}[{}]", outer, i);
    const Family& element = family.args.size() > 1 ? family.args[i] : family.args.at(0);
    item(i);
    if (!value(element)) return false;
  }
  path_ = outer;
  return true;
}

bool Walker::struct_value(const std::string& family_or_id) {
  std::string id = starts_with(family_or_id, "struct:") ? family_or_id.substr(7) : family_or_id;
  id = id.substr(0, id.find('<'));  // a class template's instances share its entry
  auto entry = std::find_if(contract_.structs.begin(), contract_.structs.end(),
                            [&](const StructEntry& s) { return s.id == id; });
  if (entry == contract_.structs.end()) {
    return fail(in_.offset(), fmt::format("the contract has no struct {}", id));
  }
  return struct_entry(*entry);
}

bool Walker::field_value(const FieldEntry& field) {
  const std::string outer = path_;
  path_ = outer.empty() ? field.name : outer + "." + field.name;
  Family family = parse_family(field.wire);
  if (field.as_string) name_or_number(family);
  bool ok = value(family);
  if (ok) {
    path_ = outer;
    ++result_.fields;
  }
  return ok;
}

// A struct prints as an object of its fields: by key in map mode, by the field's name for
// integer keys and positions (as_array), the names the bytes do not carry.
bool Walker::struct_entry(const StructEntry& entry) {
  const std::size_t at = in_.offset();
  msgpack_gen::Family found = msgpack_gen::Family::invalid;
  if (!next(found)) return false;
  std::uint32_t count = 0;
  if (entry.as_array) {
    if (found != msgpack_gen::Family::array) {
      return fail(at,
                  fmt::format("expected {} as an array, found {}", entry.id, family_name(found)));
    }
    if (!in_.read_array_header(count) || !in_.enter()) return reader_failed();
    if (count > entry.fields.size() && !entry.keeps_unknown) {
      return fail(at, fmt::format("expected at most {} elements of {}, found {}",
                                  entry.fields.size(), entry.id, count));
    }
    open("{");
    for (std::uint32_t i = 0; i < count; ++i) {
      item(i);
      if (i >= entry.fields.size()) {  // kept by the struct, unknown to the contract
        print_name(fmt::format("[{}]", i));
        const std::uint8_t* value_start = in_.position();
        if (!print_read(value_start, in_.skip())) return reader_failed();
        continue;
      }
      print_name(entry.fields[i].name);
      if (!field_value(entry.fields[i])) return false;
    }
    close(count, "}");
    in_.leave();
    return true;
  }
  if (found != msgpack_gen::Family::map) {
    return fail(at, fmt::format("expected {} as a map, found {}", entry.id, family_name(found)));
  }
  if (!in_.read_map_header(count) || !in_.enter()) return reader_failed();
  const bool open_keys =
      entry.keeps_unknown || std::any_of(entry.fields.begin(), entry.fields.end(),
                                         [](const FieldEntry& f) { return f.inline_template; });
  open("{");
  for (std::uint32_t i = 0; i < count; ++i) {
    const std::size_t key_at = in_.offset();
    const std::uint8_t* key_start = in_.position();
    const FieldEntry* field = nullptr;
    std::string key_text;
    std::string_view key;
    if (in_.next_is_int()) {
      std::int64_t int_key = 0;
      if (!in_.read_any_int(int_key))
        return fail(key_at, "expected a key, found an integer beyond int64");
      key_text = fmt::format("#{}", int_key);
      for (const FieldEntry& f : entry.fields) {
        if (f.has_int_key && f.int_key == int_key) field = &f;
      }
    } else if (entry.keeps_unknown && !in_.at_end() &&
               msgpack_gen::family_of(*in_.position()) != msgpack_gen::Family::str) {
      // A key of another type, kept by the struct: printed as it is, below.
      if (!in_.skip()) return reader_failed();
    } else {
      if (!in_.read_str(key)) {
        return fail(key_at, fmt::format("expected a key of {}, found {}", entry.id,
                                        in_.status().message()));
      }
      key_text = fmt::format("\"{}\"", key);
      for (const FieldEntry& f : entry.fields) {
        if (!f.has_int_key && !f.inline_template && f.key == key) field = &f;
      }
    }
    item(i);
    if (field != nullptr) {
      print_name(field->has_int_key ? field->name : field->key);
      if (!field_value(*field)) return false;
      continue;
    }
    if (!open_keys) {
      return fail(key_at, fmt::format("key {} is not a field of {}", key_text, entry.id));
    }
    // An inline template parameter's key, or one the struct keeps: printed as it is.
    if (text_) {
      std::string raw;
      msgpack_gen::DumpOptions options;
      options.max_output = 0;
      msgpack_gen::dump(key_start, static_cast<std::size_t>(in_.position() - key_start), raw,
                        options);
      if (!raw.empty() && raw.front() == '"') {
        print(raw);
      } else {
        msgpack_gen::detail::append_json_string(*text_, raw);
      }
      print(": ");
    }
    // The start is taken first: in one call, skip() could run before position() is read.
    const std::uint8_t* value_start = in_.position();
    if (!print_read(value_start, in_.skip())) return reader_failed();
  }
  close(count, "}");
  in_.leave();
  return true;
}

}  // namespace

BytesCheck check_bytes(const Contract& contract, const std::string& struct_id,
                       std::string_view bytes) {
  Walker walker(contract, bytes);
  if (walker.struct_value(struct_id) && !walker.at_end()) {
    walker.fail(walker.offset(), "bytes after the value");
  }
  return walker.result();
}

BytesCheck print_bytes(const Contract& contract, const std::string& struct_id,
                       std::string_view bytes, std::string& text, unsigned indent) {
  Walker walker(contract, bytes, &text, indent);
  walker.struct_value(struct_id);
  BytesCheck result = walker.result();
  if (result.ok) result.size = walker.offset();
  return result;
}

}  // namespace msgpack_gen::contract
