// The entry points: marshal(buffer, value) and unmarshal(bytes, size, value); marshal() into a
// std::string or a byte vector, marshal_to() fixed memory, encoded_size() (docs/runtime.md,
// "Marshal targets").
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "msgpack_gen/buffer.hpp"
#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/containers.hpp"
#include "msgpack_gen/detail/compiler.hpp"
#include "msgpack_gen/detail/container_size.hpp"
#include "msgpack_gen/reader.hpp"
#include "msgpack_gen/status.hpp"
#include "msgpack_gen/writer.hpp"

// Whether each thread keeps a Buffer for encoded_size() and for marshal_to() when the memory it
// was given is too small (a thread_local object with a destructor). Not with MinGW-w64's GCC, for
// the reason pool.hpp gives for MSGPACK_GEN_POOL_THREAD_SLOTS: there those two allocate per call.
// Whether marshal() into a std::string writes into the string's own memory with C++23's
// resize_and_overwrite(), which leaves the bytes it adds uninitialised: where the container's size
// cannot be set directly (MSGPACK_GEN_CONTAINER_IN_PLACE 0, detail/container_size.hpp). Without
// either, a string's memory can only be written after resize() zeroes it, which measured no faster
// than encoding into the thread's scratch Buffer and appending (docs/benchmarks.md, "Marshal
// targets"), so there marshal() does that. Define it 0 to take the scratch path in C++23 too.
#ifndef MSGPACK_GEN_STRING_IN_PLACE
#if defined(__cpp_lib_string_resize_and_overwrite) && !MSGPACK_GEN_CONTAINER_IN_PLACE
#define MSGPACK_GEN_STRING_IN_PLACE 1
#else
#define MSGPACK_GEN_STRING_IN_PLACE 0
#endif
#endif

#ifndef MSGPACK_GEN_SCRATCH_THREAD_LOCAL
#if defined(__MINGW32__) && !defined(__clang__)
#define MSGPACK_GEN_SCRATCH_THREAD_LOCAL 0
#else
#define MSGPACK_GEN_SCRATCH_THREAD_LOCAL 1
#endif
#endif

namespace msgpack_gen {

namespace detail {

template <class T>
constexpr void check_encodable() {
  static_assert(detail::has_encode<T>::value,
                "msgpack_gen::marshal: no marshaler for this type; was it generated with "
                "msgpack-gen, and not as unmarshal-only (Type:-+)?");
}

}  // namespace detail

// Appends value's msgpack encoding to out. A value that cannot be encoded (a payload over 4 GiB,
// a time_point beyond the timestamp) throws; without exceptions out records the error instead
// (out.error()) and keeps only what it held before the call.
template <class T>
void marshal(Buffer& out, const T& value) {
  detail::check_encodable<T>();
#if !MSGPACK_GEN_EXCEPTIONS
  const std::size_t before = out.size();
#endif
  Writer writer(out);
  codec<T>::encode(writer, value);
#if !MSGPACK_GEN_EXCEPTIONS
  if (MSGPACK_GEN_UNLIKELY(out.failed())) out.truncate(before);
#endif
}

// What marshal() into a container and marshal_to() did.
struct MarshalResult {
  // The bytes written (appended, for a container); 0 when error is not none.
  std::size_t size = 0;
  // The exact size of the value's encoding when it is known: equal to size on success; the bytes
  // the memory would have to hold when error is too_small (always more than it holds); 0 when the
  // value cannot be encoded.
  std::size_t needed = 0;
  EncodeError error = EncodeError::none;

  explicit operator bool() const noexcept { return error == EncodeError::none; }
  bool ok() const noexcept { return error == EncodeError::none; }
  // "ok"; "the encoding needs 37 bytes, more than the memory holds"; or to_string(error).
  std::string message() const {
    if (error == EncodeError::too_small) {
      return "the encoding needs " + detail::quantity(needed, "byte") +
             ", more than the memory holds";
    }
    return to_string(error);
  }
};

namespace detail {

// The thread's scratch memory, lent to one encoding at a time as a Buffer: marshal() into a
// container encodes there and appends, encoded_size() encodes there, marshal_to() goes on there
// when the memory it was given is too small. A nested use, or a thread without scratch memory
// (MSGPACK_GEN_SCRATCH_THREAD_LOCAL 0, or a thread_local destructor running after the thread's
// scratch memory was freed at its exit), gets a Buffer of its own instead. Capacity above
// kScratchKept is freed when the lease ends, so a thread keeps at most that much after a rare
// large value. The memory and its state are a trivially destructible thread_local, so a lease
// costs no guard check; a thread_local object that frees the memory at thread exit is made the
// first time the thread keeps some.
class ScratchLease {
 public:
  static constexpr std::size_t kScratchKept = std::size_t{1} << 20;  // 1 MiB

  MSGPACK_GEN_ALWAYS_INLINE ScratchLease() noexcept {
#if MSGPACK_GEN_SCRATCH_THREAD_LOCAL
    Parked& parked = memory();
    if (MSGPACK_GEN_LIKELY(!parked.busy)) {
      parked.busy = true;
      from_thread_ = true;
      BufferAccess::adopt(buffer_, parked.data, parked.capacity);
    }
#endif
  }
  MSGPACK_GEN_ALWAYS_INLINE ~ScratchLease() {
#if MSGPACK_GEN_SCRATCH_THREAD_LOCAL
    if (MSGPACK_GEN_LIKELY(from_thread_)) {
      Parked& parked = memory();
      if (MSGPACK_GEN_LIKELY(parked.freed_at_exit && buffer_.capacity() <= kScratchKept)) {
        parked.data = BufferAccess::disown(buffer_);
        parked.capacity = buffer_.capacity();
        parked.busy = false;
      } else {
        park_slowly();
      }
    }
#endif
  }
  ScratchLease(const ScratchLease&) = delete;
  ScratchLease& operator=(const ScratchLease&) = delete;

  Buffer& buffer() noexcept {
    return buffer_;
  }

 private:
#if MSGPACK_GEN_SCRATCH_THREAD_LOCAL
  struct Parked {
    std::uint8_t* data;
    std::size_t capacity;
    bool busy;           // lent out, or freed at thread exit
    bool freed_at_exit;  // the thread's FreeAtExit exists
  };
  static Parked& memory() noexcept {
    static thread_local Parked parked{nullptr, 0, false, false};
    return parked;
  }
  struct FreeAtExit {
    ~FreeAtExit() {
      Parked& parked = memory();
      std::free(parked.data);
      parked = Parked{nullptr, 0, true, true};  // leases from later destructors: a Buffer each
    }
  };
  // Memory above kScratchKept goes with buffer_; the first memory a thread keeps makes its
  // FreeAtExit.
  MSGPACK_GEN_COLD void park_slowly() noexcept {
    Parked& parked = memory();
    parked.data = nullptr;
    parked.capacity = 0;
    if (buffer_.capacity() <= kScratchKept) {
      static thread_local FreeAtExit free_at_exit;
      static_cast<void>(free_at_exit);
      parked.freed_at_exit = true;
      parked.capacity = buffer_.capacity();
      parked.data = BufferAccess::disown(buffer_);
    }
    parked.busy = false;
  }

  bool from_thread_ = false;
#endif
  Buffer buffer_;
};

// Whether marshal() appends to a C: std::string, and vectors of std::uint8_t, char or std::byte.
template <class C>
struct is_container_target : std::false_type {};
template <class Traits, class A>
struct is_container_target<std::basic_string<char, Traits, A>> : std::true_type {};
template <class T, class A>
struct is_container_target<std::vector<T, A>> : std::bool_constant<is_byte_v<T>> {};

template <class C>
struct is_string_target : std::false_type {};
template <class Traits, class A>
struct is_string_target<std::basic_string<char, Traits, A>> : std::true_type {};

// A Buffer over a caller's fixed memory [data, data + capacity). It writes there until a
// prepare() finds too little room; then it copies what it wrote into the thread's scratch Buffer
// and goes on there, so that the encoding's size is known exactly and nothing is ever written at
// or after data + capacity. An encoding that fits after all (a bound was larger than the bytes it
// turned into) is copied back.
class FixedTarget : public GrowTarget {
 public:
  FixedTarget(void* data, std::size_t capacity) noexcept
      : GrowTarget{&FixedTarget::spill},
        data_(static_cast<std::uint8_t*>(data)),
        capacity_(capacity) {
    BufferAccess::borrow(buffer_, data_, 0, capacity_, this);
  }
  ~FixedTarget() {
    if (MSGPACK_GEN_UNLIKELY(scratch_ != nullptr)) {
      end_spill();
    } else {
      BufferAccess::release(buffer_);
    }
  }
  FixedTarget(const FixedTarget&) = delete;
  FixedTarget& operator=(const FixedTarget&) = delete;

  // Points the target, before anything is written, at other memory.
  void aim(void* data, std::size_t capacity) noexcept {
    data_ = static_cast<std::uint8_t*>(data);
    capacity_ = capacity;
    BufferAccess::move_to(buffer_, data_, capacity_);
  }

  // The bytes written: when finish() reports too_small, the whole encoding, which went on in the
  // thread's scratch Buffer (until this target is destroyed).
  Buffer& buffer() noexcept { return buffer_; }
  // Whether the memory given was too small at some point (for the encoding or for a bound).
  bool spilled() const noexcept { return scratch_ != nullptr; }

  MarshalResult finish() {
    MarshalResult result;
    if (MSGPACK_GEN_UNLIKELY(buffer_.failed())) {
      result.error = buffer_.error();
      return result;
    }
    const std::size_t n = buffer_.size();
    result.needed = n;
    if (MSGPACK_GEN_UNLIKELY(scratch_ != nullptr)) {
      if (n > capacity_) {
        result.error = EncodeError::too_small;
        return result;
      }
      if (n != 0) std::memcpy(data_, buffer_.data(), n);
    }
    result.size = n;
    return result;
  }

 private:
  MSGPACK_GEN_COLD static void spill(GrowTarget& self, Buffer& buffer, std::size_t n) {
    auto& target = static_cast<FixedTarget&>(self);
    target.scratch_ = new (target.lease_) ScratchLease;
    Buffer& scratch = target.scratch_->buffer();
    scratch.append(buffer.data(), buffer.size());
    BufferAccess::own(buffer, scratch);
    if (buffer.capacity() - buffer.size() < n) BufferAccess::grow_owned(buffer, n);
  }
  // The memory written into goes back to the scratch Buffer, which the lease returns.
  MSGPACK_GEN_COLD void end_spill() noexcept {
    scratch_->buffer().swap(buffer_);
    scratch_->~ScratchLease();
  }

  std::uint8_t* data_;
  std::size_t capacity_;
  ScratchLease* scratch_ = nullptr;  // in lease_, once [data_, data_ + capacity_) is too small
  alignas(ScratchLease) unsigned char lease_[sizeof(ScratchLease)];
  Buffer buffer_;
};

// The three ways marshal() writes into a container, the first the build and the container have:
// into its own memory with libstdc++ (MSGPACK_GEN_CONTAINER_IN_PLACE), a std::string through
// C++23's resize_and_overwrite() elsewhere (MSGPACK_GEN_STRING_IN_PLACE), or by a copy from the
// thread's scratch Buffer. The first two are defined only where the build has them.
template <class Container, class T>
MarshalResult marshal_in_container(Container& out, const T& value);
template <class String, class T>
MarshalResult marshal_in_place(String& out, const T& value);

template <class Container>
struct string_in_place
    : std::bool_constant<MSGPACK_GEN_STRING_IN_PLACE && is_string_target<Container>::value> {};

#if MSGPACK_GEN_CONTAINER_IN_PLACE
// A Buffer over a container's memory, after what it holds and up to its capacity, for marshal():
// the encoding goes straight there. When prepare() finds too little room, the container's size
// takes in what was written, its capacity at least doubles, and the Buffer moves to its memory.
// The size the container ends with is not the target's business (ContainerSizeOnExit's).
template <class Container>
class ContainerTarget : public GrowTarget {
 public:
  MSGPACK_GEN_ALWAYS_INLINE ContainerTarget(Container& out, std::size_t held) noexcept
      : GrowTarget{&ContainerTarget::grow_container}, out_(out) {
    BufferAccess::borrow(buffer_, bytes_of(out), held, out.capacity(), this);
  }
  MSGPACK_GEN_ALWAYS_INLINE ~ContainerTarget() { BufferAccess::release(buffer_); }
  ContainerTarget(const ContainerTarget&) = delete;
  ContainerTarget& operator=(const ContainerTarget&) = delete;

  Buffer& buffer() noexcept { return buffer_; }

 private:
  static std::uint8_t* bytes_of(Container& out) noexcept {
    return reinterpret_cast<std::uint8_t*>(out.data());
  }

  MSGPACK_GEN_COLD static void grow_container(GrowTarget& self, Buffer& buffer, std::size_t n) {
    Container& out = static_cast<ContainerTarget&>(self).out_;
    const std::size_t written = buffer.size();
    const std::size_t most = out.max_size();
    if (MSGPACK_GEN_UNLIKELY(n > most - written)) out_of_memory();
    set_size(out, written);  // so that reserve() moves what was written
    out.reserve(grown_capacity(out.capacity(), written + n, most));
    BufferAccess::move_to(buffer, bytes_of(out), out.capacity());
  }

  Container& out_;
  Buffer buffer_;
};

// Sets a container's size when marshal() into it ends, however it ends: to what it held before
// unless keep() names the size with the encoding. Its memory past that size was written (and a
// std::string's terminator with it, which set_size() writes back). Apart from the target, whose
// address the encoding's growth path holds, so that the compiler keeps the two in registers and
// the call stores no more than the Buffer (docs/benchmarks.md, "Marshal targets").
template <class Container>
class ContainerSizeOnExit {
 public:
  MSGPACK_GEN_ALWAYS_INLINE ContainerSizeOnExit(Container& out, std::size_t held) noexcept
      : out_(out), size_(held) {}
  MSGPACK_GEN_ALWAYS_INLINE ~ContainerSizeOnExit() { set_size(out_, size_); }
  ContainerSizeOnExit(const ContainerSizeOnExit&) = delete;
  ContainerSizeOnExit& operator=(const ContainerSizeOnExit&) = delete;

  void keep(std::size_t size) noexcept { size_ = size; }

 private:
  Container& out_;
  std::size_t size_;
};

template <class Container, class T>
MarshalResult marshal_in_container(Container& out, const T& value) {
  const std::size_t held = out.size();
  ContainerSizeOnExit<Container> size_on_exit(out, held);
  ContainerTarget<Container> target(out, held);
  Buffer& buffer = target.buffer();
  Writer writer(buffer);
  codec<T>::encode(writer, value);
  MarshalResult result;
  if (MSGPACK_GEN_UNLIKELY(buffer.failed())) {
    result.error = buffer.error();
    return result;
  }
  size_on_exit.keep(buffer.size());
  result.size = buffer.size() - held;
  result.needed = result.size;
  return result;
}
#endif

#if MSGPACK_GEN_STRING_IN_PLACE
// marshal() into a std::string in C++23: encodes into the string's memory after what it holds,
// over all of its capacity (at least kInPlaceRoom bytes). An encoding that needs more (or a
// writer's bound that does) goes on in the thread's scratch Buffer (FixedTarget) and is appended
// from there, after the string's room doubles; a string reused for like values stops spilling.
// A value that cannot be encoded leaves the string as it was: resize_and_overwrite() must not see
// an exception (the string would lose its content), so one is caught, the string kept as it was,
// and the exception rethrown after.
template <class String, class T>
MarshalResult marshal_in_place(String& out, const T& value) {
  constexpr std::size_t kInPlaceRoom = 64;
  const std::size_t held = out.size();
  std::size_t room = out.capacity() - held;
  if (room < kInPlaceRoom) room = kInPlaceRoom;
  FixedTarget target(nullptr, 0);  // aimed at the string's memory once it is known
  MarshalResult result;
#if MSGPACK_GEN_EXCEPTIONS
  std::exception_ptr thrown;
#endif
  out.resize_and_overwrite(held + room, [&](char* data, std::size_t size) noexcept {
    target.aim(data + held, size - held);
#if MSGPACK_GEN_EXCEPTIONS
    try {
#endif
      Writer writer(target.buffer());
      codec<T>::encode(writer, value);
#if MSGPACK_GEN_EXCEPTIONS
    } catch (...) {
      thrown = std::current_exception();
      return held;
    }
#endif
    result = target.finish();
    return held + result.size;
  });
#if MSGPACK_GEN_EXCEPTIONS
  if (MSGPACK_GEN_UNLIKELY(thrown != nullptr)) std::rethrow_exception(thrown);
#endif
  if (MSGPACK_GEN_UNLIKELY(target.spilled())) {
    // The room was too small for the encoding, or for a bound a writer asked for on the way:
    // twice the room next time, so a string reused for like values stops spilling.
    const Buffer& spilled = target.buffer();
    std::size_t next_room = 2 * room;
    if (next_room < spilled.size()) next_room = spilled.size();
    out.reserve(held + next_room);
    if (result.error == EncodeError::too_small) {
      out.append(reinterpret_cast<const char*>(spilled.data()), spilled.size());
      result.size = spilled.size();
      result.error = EncodeError::none;
    }
  }
  return result;
}
#endif

// marshal() into a container without writing its memory: encodes into the thread's scratch
// Buffer, then appends with one copy.
template <class Container, class T>
MarshalResult marshal_by_copy(Container& out, const T& value) {
  ScratchLease scratch;
  Buffer& buffer = scratch.buffer();
  Writer writer(buffer);
  codec<T>::encode(writer, value);
  MarshalResult result;
  if (MSGPACK_GEN_UNLIKELY(buffer.failed())) {
    result.error = buffer.error();
    return result;
  }
  const auto* bytes = reinterpret_cast<const typename Container::value_type*>(buffer.data());
  if constexpr (is_string_target<Container>::value) {
    out.append(bytes, buffer.size());
  } else {
    out.insert(out.end(), bytes, bytes + buffer.size());
  }
  result.size = buffer.size();
  result.needed = buffer.size();
  return result;
}

}  // namespace detail

// Appends value's msgpack encoding to a std::string, or to a std::vector of std::uint8_t, char or
// std::byte: the same bytes as marshal(Buffer&, value). Returns the bytes appended. With libstdc++
// the value is encoded straight into the container's spare capacity, which at least doubles when
// it is too small (MSGPACK_GEN_CONTAINER_IN_PLACE); a container reused for like values stops
// allocating. Elsewhere it is encoded into the thread's scratch Buffer (see encoded_size()), then
// appended with one copy, or in C++23 a std::string is written in place
// (MSGPACK_GEN_STRING_IN_PLACE). A value that cannot be encoded throws as marshal() does; without
// exceptions the result says why. Either way the container is left as it was.
template <class Container, class T,
          std::enable_if_t<detail::is_container_target<Container>::value, int> = 0>
MarshalResult marshal(Container& out, const T& value) {
  detail::check_encodable<T>();
  if constexpr (detail::sized_in_place<Container>::value) {
    return detail::marshal_in_container(out, value);
  } else if constexpr (detail::string_in_place<Container>::value) {
    return detail::marshal_in_place(out, value);
  } else {
    return detail::marshal_by_copy(out, value);
  }
}

// Writes value's msgpack encoding at data, never at or after data + capacity. On success the
// result holds the bytes written (size == needed); when they do not fit, error is too_small,
// needed is the exact size of the encoding (marshal_to() into that much memory succeeds) and
// [data, data + capacity) holds unspecified bytes. A value that cannot be encoded throws as
// marshal() does; without exceptions the result says why. The value is encoded once; when the
// memory turns out too small, the rest of the encoding goes into the thread's scratch Buffer (see
// encoded_size()) to learn its size.
template <class T>
MarshalResult marshal_to(void* data, std::size_t capacity, const T& value) {
  detail::FixedTarget target(data, capacity);
  detail::check_encodable<T>();
  Writer writer(target.buffer());
  codec<T>::encode(writer, value);
  return target.finish();
}

// The same into anything with data() and size() over bytes, passed by value or not (a span, a
// std::array; a std::string or a vector is taken as fixed memory of its size, not its capacity,
// and not resized), and into an array of bytes.
template <
    class Bytes, class T,
    std::enable_if_t<
        sizeof(*std::declval<Bytes&>().data()) == 1 &&
            !std::is_const_v<std::remove_reference_t<decltype(*std::declval<Bytes&>().data())>>,
        int> = 0>
MarshalResult marshal_to(Bytes&& memory, const T& value) {
  return marshal_to(static_cast<void*>(memory.data()), memory.size(), value);
}
template <class Byte, std::size_t N, class T, std::enable_if_t<sizeof(Byte) == 1, int> = 0>
MarshalResult marshal_to(Byte (&memory)[N], const T& value) {
  return marshal_to(static_cast<void*>(memory), N, value);
}

// The exact size of value's encoding, for sizing memory before marshal_to(). It encodes the value
// into the thread's scratch Buffer, which keeps its memory (up to 1 MiB) from call to call: it
// costs what a marshal into a reused Buffer costs, and allocates nothing in steady state. A
// value that cannot be encoded throws as marshal() does; without exceptions encoded_size()
// returns 0 for it (every encoding takes at least one byte).
template <class T>
std::size_t encoded_size(const T& value) {
  detail::ScratchLease scratch;
  detail::check_encodable<T>();
  Writer writer(scratch.buffer());
  codec<T>::encode(writer, value);
  return scratch.buffer().failed() ? 0 : scratch.buffer().size();
}

// Decodes the single msgpack value in [data, data + size) into value. Fields absent from the
// input keep the value they had. Bytes after the value are an error (use a Reader to decode a
// stream of values).
template <class T>
Status unmarshal(const void* data, std::size_t size, T& value, ReaderOptions options = {}) {
  static_assert(detail::has_decode<T>::value,
                "msgpack_gen::unmarshal: no unmarshaler for this type; was it generated with "
                "msgpack-gen, and not as marshal-only (Type:+-)?");
  Reader reader(data, size, options);
  if (!codec<T>::decode(reader, value)) return reader.status();
  if (!reader.at_end()) {
    reader.fail(ErrorCode::trailing_bytes, "end of input after the value, found " +
                                               detail::quantity(reader.remaining(), "more byte"));
    return reader.status();
  }
  return Status();
}

template <class T>
Status unmarshal(const Buffer& in, T& value, ReaderOptions options = {}) {
  return unmarshal(in.data(), in.size(), value, options);
}

}  // namespace msgpack_gen
