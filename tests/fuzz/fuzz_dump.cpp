// libFuzzer target over msgpack_gen::dump() (dump.hpp), which prints untrusted bytes as JSON:
// sanitizers catch memory errors and undefined behaviour; the checks below catch what would not
// crash:
//   - the text never exceeds max_output (plus the "..." that marks a cut);
//   - a value dump() accepts is exactly the value Reader::skip() walks over, as long, so a stream
//     is split the same way by both;
//   - without a bound, the text stays in proportion to the input (no blowup with nesting);
//   - one line with no indentation, and a bare-key variant, print without failing differently.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "msgpack_gen/dump.hpp"

namespace {

[[noreturn]] void die(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_dump: %s: %s\n", what, detail.c_str());
  std::abort();
}

constexpr std::size_t kMaxOutput = 2048;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  msgpack_gen::DumpOptions options;
  options.max_output = kMaxOutput;
  std::string text;
  const msgpack_gen::DumpResult result = msgpack_gen::dump(data, size, text, options);
  if (text.size() > kMaxOutput + 3) die("text longer than max_output", std::to_string(text.size()));
  if (result.cut && (text.size() < 3 || text.compare(text.size() - 3, 3, "...") != 0)) {
    die("a cut text without its mark", text);
  }

  msgpack_gen::Reader reader(data, size);
  const bool skipped = reader.skip();
  if (result.status.ok() != skipped) {
    die("dump and skip disagree about the input", result.status.message());
  }
  if (skipped && reader.offset() != result.size) {
    die("dump and skip disagree about the value's size",
        std::to_string(result.size) + " vs " + std::to_string(reader.offset()));
  }

  // Unbounded (as msgpack-gen --dump prints): the text still grows in proportion to the input,
  // never with the nesting (a key within a key within a key is escaped once).
  msgpack_gen::DumpOptions unbounded;
  unbounded.max_output = 0;
  std::string all;
  msgpack_gen::dump(data, size, all, unbounded);
  if (all.size() > 64 * size + 64) die("text out of proportion to the input", all.substr(0, 200));

  msgpack_gen::DumpOptions other = options;
  other.indent = 2;
  other.quote_keys = false;
  other.known_extensions = false;
  std::string pretty;
  const msgpack_gen::DumpResult again = msgpack_gen::dump(data, size, pretty, other);
  if (again.status.ok() != result.status.ok()) die("the options change what is valid", pretty);
  return 0;
}
