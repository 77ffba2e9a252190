#pragma once

#include <cstdint>
#include <string>

struct AuditRecord {
  std::string actor;
  std::uint64_t at = 0;
};
