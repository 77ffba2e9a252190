// Reaching private and protected members without a friend declaration, for generated code: a
// class whose msgpack-c macro lists private members (or that is tagged "private_fields") keeps
// its header unchanged.
//
// An explicit instantiation may name any member, whatever its access ([temp.spec]); the one
// below defines a friend function that returns the member pointer it was instantiated with, and
// the tag's own declaration of that friend lets code find it by argument-dependent lookup:
//
//   namespace gen::members {
//   struct Order_secret {
//     using type = member_pointer_t<::Order, int>;
//     friend constexpr type member_pointer(Order_secret) noexcept;
//   };
//   }  // namespace gen::members
//   template struct gen::members::expose_member<gen::members::Order_secret, &::Order::secret>;
//
//   int& secret = order.*member_pointer(gen::members::Order_secret{});
//
// The pointer is a constant: an optimising build reads the member directly.
#pragma once

namespace msgpack_gen::gen::members {

template <class Class, class Member>
using member_pointer_t = Member Class::*;

template <class Tag, typename Tag::type Pointer>
struct expose_member {
  friend constexpr typename Tag::type member_pointer(Tag) noexcept { return Pointer; }
};

}  // namespace msgpack_gen::gen::members
