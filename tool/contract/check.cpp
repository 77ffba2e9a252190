// The compatibility check of a contract against the current headers' (docs/contracts.md).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <string_view>

#include "contract/contract.hpp"

namespace msgpack_gen::contract {
namespace {

// Whom a change hurts: the program's readers (old writers send what they reject), its writers
// (they send what old readers reject), or both sides.
enum class Harm { readers, writers, both };

const ir::Enumerator* find_enumerator(const std::vector<ir::Enumerator>& enumerators,
                                      const std::string& name) {
  auto it = std::find_if(enumerators.begin(), enumerators.end(),
                         [&](const ir::Enumerator& e) { return e.name == name; });
  return it == enumerators.end() ? nullptr : &*it;
}

class Checker {
 public:
  Checker(const std::string& old_path, Diagnostics& diagnostics)
      : old_path_(old_path), diagnostics_(diagnostics) {}

  void breaking(const ir::SourceLocation& where, const std::string& text) {
    ++breaking_;
    diagnostics_.error(where, std::string_view("breaking: " + text));
  }
  // A change that breaks the sides `harm` names: breaking when the program takes such a side of
  // the type being checked (directions_), else a note that says why it does not matter here.
  void breaking(const ir::SourceLocation& where, const std::string& text, Harm harm) {
    const unsigned hurt = harm == Harm::readers   ? unsigned{ir::kUnmarshal}
                          : harm == Harm::writers ? unsigned{ir::kMarshal}
                                                  : unsigned{ir::kBoth};
    if ((hurt & directions_) != 0) return breaking(where, text);
    compatible(where, fmt::format("{} (not breaking here: '{}' is only {} by these types)", text,
                                  subject_, directions_ == ir::kMarshal ? "written" : "read"));
  }
  void compatible(const ir::SourceLocation& where, const std::string& text) {
    diagnostics_.note(where, std::string_view("compatible: " + text));
  }
  std::size_t breaking_count() const { return breaking_; }
  ir::SourceLocation old_file() const {
    ir::SourceLocation where;
    where.file = old_path_;
    return where;
  }

  void check_struct(const StructEntry& old, const StructEntry& now) {
    directions_ = now.directions;
    subject_ = now.id;
    report_directions(now.location, "struct", now.id, old.directions, now.directions);
    if (old.keeps_unknown != now.keeps_unknown) {
      compatible(now.location,
                 now.keeps_unknown
                     ? fmt::format("struct '{}' now keeps the fields it does not know and writes "
                                   "them back",
                                   now.id)
                     : fmt::format("struct '{}' no longer keeps the fields it does not know: "
                                   "what newer peers add is dropped when it is passed on",
                                   now.id));
    }
    if (old.as_array != now.as_array) {
      breaking(now.location,
               fmt::format("struct '{}' changed from {} mode to {} mode: readers of one cannot "
                           "read the other",
                           now.id, old.as_array ? "array" : "map", now.as_array ? "array" : "map"));
      return;
    }
    if (now.as_array) {
      check_array(old, now);
    } else {
      check_map(old, now);
    }
  }

  void check_enum(const EnumEntry& old, const EnumEntry& now) {
    directions_ = now.directions;
    subject_ = now.name;
    report_directions(now.location, "enum", now.name, old.directions, now.directions);
    for (const ir::Enumerator& e : old.enumerators) {
      const ir::Enumerator* it = find_enumerator(now.enumerators, e.name);
      if (it == nullptr) {
        breaking(now.location,
                 fmt::format("enumerator '{}' ({}) removed from enum '{}': old writers may still "
                             "send it, new readers reject it",
                             e.name, e.value, now.name),
                 Harm::readers);
      } else if (it->value != e.value && !(old.as_string && now.as_string)) {
        breaking(now.location,
                 fmt::format("enumerator '{}' of enum '{}' changed its value from {} to {}", e.name,
                             now.name, e.value, it->value));
      }
    }
    for (const ir::Enumerator& e : now.enumerators) {
      if (find_enumerator(old.enumerators, e.name) == nullptr) {
        compatible(now.location,
                   fmt::format("enumerator '{}' ({}) added to enum '{}': new readers accept "
                               "everything old writers send; old readers that take only declared "
                               "enumerators reject it until they are updated",
                               e.name, e.value, now.name));
      }
    }
    if (old.underlying != now.underlying && !(old.as_string && now.as_string)) {
      // "int32" -> 32: a narrower underlying type may not hold what old writers send.
      auto bits = [](const std::string& name) {
        std::size_t digits = name.find_first_of("0123456789");
        return digits == std::string::npos ? 0 : std::stoi(name.substr(digits));
      };
      if (bits(now.underlying) < bits(old.underlying)) {
        breaking(now.location,
                 fmt::format("enum '{}' narrowed its underlying type from {} to {}: old writers "
                             "may send values new readers cannot hold",
                             now.name, old.underlying, now.underlying),
                 Harm::readers);
      } else {
        compatible(now.location, fmt::format("enum '{}' changed its underlying type from {} to {}",
                                             now.name, old.underlying, now.underlying));
      }
    }
  }

 private:
  // One field present on both sides: its value's type and flags.
  void check_value(const std::string& where_text, const FieldEntry& old, const FieldEntry& now) {
    if (!old.enum_name.empty() && !now.enum_name.empty() && old.as_string != now.as_string) {
      breaking(now.location, fmt::format("{} switched from {} to {}: the other side cannot read it",
                                         where_text, old.as_string ? "as_string" : "a number",
                                         now.as_string ? "as_string" : "a number"));
      return;
    }
    if (old.wire != now.wire) {
      std::string why = old.nullable != now.nullable
                            ? (now.nullable ? " (now nullable: new writers may send nil, which old "
                                              "readers reject)"
                                            : " (no longer nullable: old writers may send nil, "
                                              "which new readers reject)")
                            : "";
      // Nil allowed or no longer allowed, the type otherwise the same: one side is hurt.
      Harm harm = Harm::both;
      if (now.wire == "optional<" + old.wire + ">") harm = Harm::writers;
      if (old.wire == "optional<" + now.wire + ">") harm = Harm::readers;
      breaking(now.location,
               fmt::format("{} changed its wire type from {} to {}{}", where_text, old.wire,
                           now.wire, why),
               harm);
      return;
    }
    if (old.bits != now.bits && old.bits != 0 && now.bits != 0) {
      width_change(now.location,
                   fmt::format("{} from {} bits to {} ({} -> {})", where_text, old.bits, now.bits,
                               old.cpp_type, now.cpp_type),
                   now.bits < old.bits);
    } else if (!old.element_bits.empty() && old.element_bits.size() == now.element_bits.size() &&
               old.element_bits != now.element_bits) {
      check_element_bits(where_text, old, now);
    } else if (old.cpp_type != now.cpp_type) {
      compatible(now.location, fmt::format("{} changed its C++ type from '{}' to '{}'; its wire "
                                           "type {} is the same",
                                           where_text, old.cpp_type, now.cpp_type, now.wire));
    }
    if (!old.required && now.required) {
      breaking(now.location,
               fmt::format("{} became required: old writers that omit it (it was optional) are "
                           "rejected by new readers",
                           where_text),
               Harm::readers);
    } else if (old.required && !now.required) {
      compatible(now.location, fmt::format("{} is no longer required", where_text));
    }
    if (!old.omitempty && now.omitempty) {
      if (old.required) {
        breaking(now.location,
                 fmt::format("{} became omitempty but old readers require it", where_text),
                 Harm::writers);
      } else {
        compatible(now.location, fmt::format("{} became omitempty: readers keep their default "
                                             "when it is absent",
                                             where_text));
      }
    }
  }

  // A number's width changed: `what` says which and how.
  void width_change(const ir::SourceLocation& where, const std::string& what, bool narrowed) {
    if (narrowed) {
      breaking(where,
               "narrowed " + what + ": old writers may send values new readers reject or truncate",
               Harm::readers);
    } else {
      compatible(where, "widened " + what +
                            ": new readers take every value old writers send; new writers may "
                            "send values old readers reject, so update readers first");
    }
  }

  // The numbers inside a field's containers changed width (the wire family is the same): one
  // narrowed is breaking. A contract written before element_bits existed has none, so nothing
  // is compared then.
  void check_element_bits(const std::string& where_text, const FieldEntry& old,
                          const FieldEntry& now) {
    bool narrowed = false;
    for (std::size_t i = 0; i < old.element_bits.size(); ++i) {
      narrowed = narrowed || now.element_bits[i] < old.element_bits[i];
    }
    width_change(
        now.location,
        fmt::format("the numbers inside {} ({} -> {})", where_text, old.cpp_type, now.cpp_type),
        narrowed);
  }

  static std::string key_id(const FieldEntry& field) {
    if (field.inline_template) return "inline:" + field.name;
    if (field.has_int_key) return fmt::format("#{}", field.int_key);
    return "\"" + field.key;
  }

  void check_map(const StructEntry& old, const StructEntry& now) {
    std::map<std::string, const FieldEntry*> old_keys, new_keys;
    for (const FieldEntry& f : old.fields) old_keys[key_id(f)] = &f;
    for (const FieldEntry& f : now.fields) new_keys[key_id(f)] = &f;
    for (const FieldEntry& f : old.fields) {
      auto it = new_keys.find(key_id(f));
      if (it != new_keys.end()) {
        check_value(fmt::format("field '{}' (key {}) of '{}'", it->second->name,
                                it->second->key_text(), now.id),
                    f, *it->second);
        continue;
      }
      // Renamed: the same member under another key.
      const FieldEntry* renamed = nullptr;
      for (const FieldEntry& n : now.fields) {
        if (n.name == f.name && old_keys.count(key_id(n)) == 0) renamed = &n;
      }
      if (renamed != nullptr) {
        breaking(renamed->location,
                 fmt::format("key of field '{}' of '{}' renamed from {} to {}: each side skips "
                             "the other's key and keeps its default",
                             f.name, now.id, f.key_text(), renamed->key_text()));
        continue;
      }
      breaking(now.location,
               fmt::format("field '{}' (key {}) removed from '{}': old writers' values are lost, "
                           "and old readers no longer receive it",
                           f.name, f.key_text(), now.id));
    }
    for (const FieldEntry& n : now.fields) {
      if (old_keys.count(key_id(n)) != 0) continue;
      bool renamed = std::any_of(old.fields.begin(), old.fields.end(), [&](const FieldEntry& f) {
        return f.name == n.name && new_keys.count(key_id(f)) == 0;
      });
      if (renamed) continue;
      if (n.required) {
        breaking(n.location,
                 fmt::format("required field '{}' (key {}) added to '{}': old writers do not "
                             "send it, so new readers reject them",
                             n.name, n.key_text(), now.id),
                 Harm::readers);
      } else {
        compatible(n.location, fmt::format("field '{}' (key {}) added to '{}': old readers skip "
                                           "it, new readers keep its default when it is absent",
                                           n.name, n.key_text(), now.id));
      }
    }
  }

  void check_array(const StructEntry& old, const StructEntry& now) {
    auto find = [](const StructEntry& s, const std::string& name) -> const FieldEntry* {
      for (const FieldEntry& f : s.fields) {
        if (f.name == name) return &f;
      }
      return nullptr;
    };
    for (const FieldEntry& f : old.fields) {
      const FieldEntry* n = find(now, f.name);
      if (n == nullptr) {
        if (f.position < now.fields.size() && find(old, now.fields[f.position].name) == nullptr) {
          const FieldEntry& other = now.fields[f.position];
          compatible(other.location,
                     fmt::format("field '{}' at position {} of '{}' renamed to '{}' (names are "
                                 "not on the wire in array mode)",
                                 f.name, f.position, now.id, other.name));
          check_value(
              fmt::format("field '{}' (position {}) of '{}'", other.name, f.position, now.id), f,
              other);
          continue;
        }
        breaking(now.location,
                 fmt::format("field '{}' (position {}) removed from array-mode '{}': the fields "
                             "after it change position",
                             f.name, f.position, now.id));
        continue;
      }
      if (n->position != f.position) {
        breaking(n->location,
                 fmt::format("field '{}' of array-mode '{}' moved from position {} to {}: the "
                             "other side reads another field there",
                             f.name, now.id, f.position, n->position));
        continue;
      }
      check_value(fmt::format("field '{}' (position {}) of '{}'", n->name, n->position, now.id), f,
                  *n);
    }
    for (const FieldEntry& n : now.fields) {
      if (find(old, n.name) != nullptr) continue;
      if (n.position < old.fields.size()) {
        if (find(now, old.fields[n.position].name) == nullptr) continue;  // a rename, above
        breaking(n.location,
                 fmt::format("field '{}' inserted at position {} of array-mode '{}': the fields "
                             "after it change position",
                             n.name, n.position, now.id));
      } else {
        compatible(n.location, fmt::format("field '{}' appended at position {} of array-mode "
                                           "'{}': old readers ignore the extra element, new "
                                           "readers keep its default when it is absent",
                                           n.name, n.position, now.id));
      }
    }
  }

  // A type that starts or stops being read or written changes which rules apply to it.
  void report_directions(const ir::SourceLocation& where, const char* what, const std::string& id,
                         unsigned old_directions, unsigned now_directions) {
    if (old_directions == now_directions) return;
    const auto uses = [](unsigned d) {
      return d == ir::kMarshal     ? "written only"
             : d == ir::kUnmarshal ? "read only"
                                   : "read and written";
    };
    std::string rules;
    if ((now_directions & ~old_directions & ir::kUnmarshal) != 0) {
      rules = ": from now on the check includes what its readers need from old writers";
    } else if ((now_directions & ~old_directions & ir::kMarshal) != 0) {
      rules = ": from now on the check includes what old readers need from its writers";
    }
    diagnostics_.note(where, std::string_view(fmt::format(
                                 "direction: {} '{}' is now {} (the contract has it {}){}", what,
                                 id, uses(now_directions), uses(old_directions), rules)));
  }

  std::string old_path_;
  Diagnostics& diagnostics_;
  std::size_t breaking_ = 0;
  unsigned directions_ = ir::kBoth;  // of the struct or enum being checked
  std::string subject_;              // its id
};

}  // namespace

std::size_t check(const Contract& old, const Contract& current, const std::string& old_path,
                  Diagnostics& diagnostics) {
  Checker checker(old_path, diagnostics);
  for (const StructEntry& o : old.structs) {
    auto it = std::find_if(current.structs.begin(), current.structs.end(),
                           [&](const StructEntry& s) { return s.id == o.id; });
    if (it == current.structs.end()) {
      checker.breaking(checker.old_file(),
                       fmt::format("struct '{}' is in the contract but no longer among the "
                                   "generated types",
                                   o.id));
      continue;
    }
    checker.check_struct(o, *it);
  }
  for (const StructEntry& s : current.structs) {
    bool known = std::any_of(old.structs.begin(), old.structs.end(),
                             [&](const StructEntry& o) { return o.id == s.id; });
    if (!known) {
      checker.compatible(s.location, fmt::format("struct '{}' added to the contract", s.id));
    }
  }
  for (const EnumEntry& o : old.enums) {
    auto it = std::find_if(current.enums.begin(), current.enums.end(),
                           [&](const EnumEntry& e) { return e.name == o.name; });
    if (it != current.enums.end()) checker.check_enum(o, *it);
  }
  return checker.breaking_count();
}

}  // namespace msgpack_gen::contract
