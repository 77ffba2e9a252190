#include "ir/ir.hpp"

namespace msgpack_gen::ir {

std::string output_path_for(const std::string& header_path) {
  std::size_t slash = header_path.find_last_of('/');
  std::size_t dot = header_path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
    return header_path + ".msgpack.hpp";
  }
  return header_path.substr(0, dot) + ".msgpack.hpp";
}

}  // namespace msgpack_gen::ir
