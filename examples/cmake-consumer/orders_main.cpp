// Round-trips an Order through the generated code and marshals a Receipt (marshal-only).
#include <cstdio>

#include "order.msgpack.hpp"

int main() {
  shop::Order order;
  order.id = 42;
  order.lines = {{"tea", 3, 250}, {"cup", 1, 900}};
#if SHOP_WITH_NOTES
  order.note = "gift";
#endif

  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, order);
  shop::Order decoded;
  msgpack_gen::Status status = msgpack_gen::unmarshal(buffer, decoded);
  if (!status) {
    std::printf("unmarshal failed: %s\n", status.message().c_str());
    return 1;
  }
  bool same = decoded.id == order.id && decoded.lines.size() == 2 &&
              decoded.lines[1].sku == "cup" && decoded.lines[1].unit_price == 900 &&
              decoded.schema == 2;
#if SHOP_WITH_NOTES
  same = same && decoded.note == order.note;
#endif
  if (!same) {
    std::printf("round trip changed the order\n");
    return 1;
  }

  msgpack_gen::Buffer receipt_bytes;
  msgpack_gen::marshal(receipt_bytes, shop::Receipt{42, 1650});
  // A map of two fields starts with fixmap header 0x82.
  if (receipt_bytes.size() == 0 || receipt_bytes.data()[0] != 0x82) {
    std::printf("unexpected receipt encoding\n");
    return 1;
  }
  std::printf("orders: ok (%zu bytes)\n", buffer.size());
  return 0;
}
