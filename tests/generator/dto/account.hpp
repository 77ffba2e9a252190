// A class that keeps its data private and opts in to encoding it: no friend declaration, no
// getters needed (generated code reaches the fields through member pointers).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <msgpack_gen/annotate.hpp>

namespace bank {

class MSGPACK_TAG("private_fields") Account {
 public:
  Account() = default;
  Account(std::string owner, std::int64_t balance, std::vector<std::string> tags)
      : owner_(std::move(owner)), balance_(balance), tags_(std::move(tags)) {}
  const std::string& owner() const { return owner_; }
  std::int64_t balance() const { return balance_; }
  const std::vector<std::string>& tags() const { return tags_; }
  int levels() const { return level * 10 + level_; }

  int revision = 0;  // public fields are encoded as always

 private:
  std::string owner_ MSGPACK_TAG("owner");
  std::int64_t balance_ MSGPACK_TAG("balance,omitempty");
  std::uint8_t level = 7;   // two names that differ only in punctuation get one
  std::uint8_t level_ = 9;  // member-pointer tag each

 protected:
  std::vector<std::string> tags_ MSGPACK_TAG("tags");
  std::string cache_ MSGPACK_TAG("-");  // still left out with "-"
};

}  // namespace bank
