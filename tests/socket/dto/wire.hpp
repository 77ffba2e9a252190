// The messages of the socket test: requests with every common field shape (strings, nested
// structs, vectors of numbers and of structs, optionals, maps, bin), and responses that carry
// the request back, so that the client checks each message both ways.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wire {

struct Position {
  double x = 0;
  double y = 0;
};

struct Item {
  std::string sku;
  std::uint32_t quantity = 0;
  std::optional<double> price;
};

struct Request {
  std::uint64_t id = 0;
  std::string method;
  Position where;
  std::vector<Item> items;
  std::vector<std::int64_t> numbers;
  std::vector<float> weights;
  std::optional<std::string> note;
  std::map<std::string, std::int32_t> counters;
  std::vector<std::uint8_t> blob;
};

struct Response {
  std::uint64_t id = 0;
  std::int64_t sum = 0;  // of request.numbers, wrapping
  std::uint32_t item_count = 0;
  std::optional<std::string> error;
  Request echo;
};

}  // namespace wire
