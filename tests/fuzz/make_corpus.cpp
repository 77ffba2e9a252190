// Writes the fuzz seed corpus: valid encodings of the hostile-input DTOs, one file each. The
// files are checked in (tests/fuzz/corpus); run this again after changing the DTOs:
//   fuzz_make_corpus tests/fuzz/corpus
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "samples.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTPUT_FOLDER\n", argv[0]);
    return 2;
  }
  using hostile::encode;
  hostile::Everything with_labels_omitted = hostile::full_everything();
  with_labels_omitted.labels.clear();
  with_labels_omitted.sparse = 0;
  hostile::Everything empty_optionals = hostile::full_everything();
  empty_optionals.maybe_int.reset();
  empty_optionals.maybe_point.reset();
  empty_optionals.maybe_amount.reset();

  const hostile::Everything defaults;
  // Whole blocks of numbers (detail/numeric_block.hpp decodes 8 at a time): fixint, uint8,
  // int16 and int32 blocks, a mixed one and a partial one; the fuzzer mutates their markers.
  hostile::Everything numeric_blocks = hostile::full_everything();
  numeric_blocks.numbers = {0,     1,      2,     3,     -1,    -32,  127,   5,      200,
                            201,   202,    203,   204,   205,   206,  207,   -300,   -301,
                            -302,  -303,   -304,  -305,  -306,  -307, 70000, 70001,  70002,
                            70003, 70004,  70005, 70006, 70007, 1,    300,   -70000, 7,
                            -5,    100000, 0,     128,   9,     10};
  numeric_blocks.grid = {std::vector<std::int8_t>(17, -3), std::vector<std::int8_t>(8, 100)};
  hostile::Unordered unordered;
  unordered.names = {"a", "b", "c"};
  unordered.numbers = {1, 1, 2};
  std::vector<std::pair<std::string, std::string>> seeds = {
      {"everything_full", encode(hostile::full_everything())},
      {"everything_default", encode(defaults)},
      {"everything_omitempty", encode(with_labels_omitted)},
      {"everything_nil_optionals", encode(empty_optionals)},
      {"everything_non_finite", encode(hostile::non_finite_everything())},
      {"tree_deep", encode(hostile::deep_tree(20))},
      {"tree_leaf", encode(hostile::Tree{5, {}})},
      {"point", encode(hostile::Point{1.25, -2.5f, 3})},
      {"ints", encode(hostile::full_everything().ints)},
      {"modern_full", encode(hostile::full_modern())},
      {"modern_default", encode(hostile::Modern{})},
      {"chain", encode(hostile::chain(5))},
      {"unordered", encode(unordered)},
      {"everything_numeric_blocks", encode(numeric_blocks)},
  };
  for (const auto& [name, bytes] : seeds) {
    std::string path = std::string(argv[1]) + "/" + name + ".msgpack";
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) {
      std::fprintf(stderr, "cannot write %s\n", path.c_str());
      return 1;
    }
  }
  std::printf("wrote %zu seeds to %s\n", seeds.size(), argv[1]);
  return 0;
}
