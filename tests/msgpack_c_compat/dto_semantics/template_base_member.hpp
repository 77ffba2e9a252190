// Issue 19, item 3: the macro lists a protected member of a base that is an implicit
// instantiation of a class template.
#pragma once

#include <msgpack.hpp>

#include <cstdint>
#include <string>

namespace semantics {

template <class T>
class mode {
 protected:
  T m_mode{};
};

class data : public mode<std::uint8_t> {
 public:
  void set(std::uint8_t mode_value, std::int32_t x, std::string name) {
    m_mode = mode_value;
    x_ = x;
    name_ = std::move(name);
  }
  MSGPACK_DEFINE(m_mode, x_, name_);

 private:
  std::int32_t x_ = 0;
  std::string name_;
};

}  // namespace semantics
