#include "ir/layout.hpp"

#include <algorithm>

namespace msgpack_gen::ir {
namespace {

// Appends the values of `s`, reached through `through` (the inline fields leading to it).
void append_values(const Module& module, const Struct& s, const std::string& prefix,
                   std::vector<const Field*>& through, std::vector<WireValue>& out) {
  for (const std::string& base : s.bases) {
    if (const Struct* inner = module.find(base))
      append_values(module, *inner, prefix, through, out);
  }
  for (const Field& field : s.fields) {
    WireValue value;
    value.field = &field;
    value.members = through;
    if (field.is_base) {
      value.kind = WireKind::BaseObject;
      value.path = field.key;
      out.push_back(std::move(value));
      continue;
    }
    value.path = prefix + field.name;
    value.members.push_back(&field);
    if (field.inline_fields) {
      const Struct* inner =
          field.type.kind == TypeKind::Struct ? module.find(field.type.struct_id) : nullptr;
      if (inner != nullptr && inner->template_params.empty()) {
        through.push_back(&field);
        append_values(module, *inner, value.path + ".", through, out);
        through.pop_back();
        continue;
      }
      value.kind = WireKind::InlineTemplate;
    }
    out.push_back(std::move(value));
  }
}

}  // namespace

bool Layout::has_inline_template() const {
  return std::any_of(values.begin(), values.end(),
                     [](const WireValue& v) { return v.kind == WireKind::InlineTemplate; });
}

Layout layout_of(const Module& module, const Struct& s) {
  Layout layout;
  std::vector<const Field*> through;
  append_values(module, s, "", through, layout.values);
  for (std::size_t i = 0; i < layout.values.size(); ++i) layout.values[i].position = i;
  return layout;
}

const Struct* unknown_fields_owner(const Module& module, const Struct& s) {
  if (s.unknown_fields) return &s;
  for (const std::string& base : s.bases) {
    const Struct* b = module.find(base);
    if (const Struct* owner = b == nullptr ? nullptr : unknown_fields_owner(module, *b)) {
      return owner;
    }
  }
  return nullptr;
}

}  // namespace msgpack_gen::ir
