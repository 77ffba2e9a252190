// fmt::format("{}", value) and fmt::print for generated structs (and so spdlog's logger.info("{}",
// order)): the text of msgpack_gen::to_json(value) (print.hpp). Include it where you format; it
// needs {fmt}, which the rest of the runtime does not. Format specs of strings apply to the
// whole text ("{:>40}").
#pragma once

#include <fmt/format.h>

#include <string>
#include <type_traits>

#include "msgpack_gen/print.hpp"

template <class T>
struct fmt::formatter<T, char, std::enable_if_t<msgpack_gen::detail::has_generated_print<T>::value>>
    : fmt::formatter<fmt::string_view, char> {
  template <class FormatContext>
  auto format(const T& value, FormatContext& ctx) const -> decltype(ctx.out()) {
    const std::string text = msgpack_gen::to_json(value);
    return fmt::formatter<fmt::string_view, char>::format(fmt::string_view(text), ctx);
  }
};
