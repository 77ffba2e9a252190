// Small text helpers shared by the generator's layers: "did you mean" suggestions, and how a
// name the user wrote picks a qualified name.
#pragma once

#include <string>
#include <vector>

namespace msgpack_gen {

// The number of single-character edits that turn a into b (Levenshtein distance).
std::size_t edit_distance(const std::string& a, const std::string& b);

// The candidate closest to `wrong` if it is close enough to be a typo (at most 2 edits, and
// fewer than half of `wrong`), else an empty string.
std::string closest_match(const std::string& wrong, const std::vector<std::string>& candidates);

// `text` without its spaces: how names are compared ("Res<int, long>" and "Res<int,long>").
std::string without_spaces(const std::string& text);

// Whether `written` names the entity called `qualified` ("shop::v1::Order"): the same name, or
// (unless `written` starts with "::") a suffix of it at a "::" boundary ("v1::Order", "Order").
// Spaces are ignored ("Res<int, long>" names "Res<int,long>").
bool names_entity(const std::string& written, const std::string& qualified);

}  // namespace msgpack_gen
