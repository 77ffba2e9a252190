// Instantiates every generated function of the golden output, for the compile tests.
#include "account.msgpack.hpp"
#include "everything.msgpack.hpp"
#include "generic.msgpack.hpp"
#include "limits.msgpack.hpp"
#include "modern.msgpack.hpp"
#include "wide.msgpack.hpp"

template <class T>
void both_ways(const T& value) {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, value);
  T back{};
  (void)msgpack_gen::unmarshal(buffer.data(), buffer.size(), back);
}

int main() {
  both_ways(golden::Scalars{});
  both_ways(golden::Containers{});
  both_ways(golden::Tagged{});
  both_ways(golden::Row{});
  both_ways(golden::Views{});
  both_ways(golden::Tree{});
  both_ways(golden::IntKeys{});
  both_ways(golden::Empty{});
  both_ways(generic::Request<generic::Payload>{});
  both_ways(generic::Envelope<generic::Other, 2>{});
  both_ways(generic::UsesTemplates{});
  both_ways(generic::Derived{});
  both_ways(generic::NestedDerived{});
  both_ways(generic::RowDerived{});
  both_ways(generic::Checked{});
  both_ways(modern::Node{});
  both_ways(modern::Shapes{});
  both_ways(wide::ManyRequired{});
  both_ways(guarded::Request{});
  both_ways(bank::Account{});
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, golden::WriteOnly{});
  golden::ReadOnly read_only{};
  return msgpack_gen::unmarshal(buffer.data(), buffer.size(), read_only) ? 0 : 1;
}
