// A thread-safe pool of Buffers that keep their capacity, so steady-state marshalling allocates
// nothing, with bounded idle memory.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "msgpack_gen/buffer.hpp"
#include "msgpack_gen/detail/compiler.hpp"

// Whether each thread parks its last buffer in a slot of its own (a thread_local object whose
// destructor returns the buffer when the thread exits). Not with MinGW-w64's GCC: its emulated
// thread-local storage frees a thread_local object's memory before the object's destructor runs
// at thread exit (both are winpthreads key destructors, and emutls' comes first), so the slot
// would be destroyed in freed memory, which corrupts the heap. There every returned buffer goes
// to the shared list, under the pool's mutex: the same limits, without the lock-free fast path.
#ifndef MSGPACK_GEN_POOL_THREAD_SLOTS
#if defined(__MINGW32__) && !defined(__clang__)
#define MSGPACK_GEN_POOL_THREAD_SLOTS 0
#else
#define MSGPACK_GEN_POOL_THREAD_SLOTS 1
#endif
#endif

namespace msgpack_gen {

// What a BufferPool keeps. Idle memory means the capacity of buffers that are not leased out.
struct BufferPoolOptions {
  // How many returned buffers the shared list keeps, the calling thread's slot included; more are
  // freed. 0 keeps nothing: every lease allocates.
  std::size_t max_idle_buffers = 64;
  // A returned buffer whose capacity is above this is freed, not kept: one huge message must not
  // pin its memory for the life of the pool.
  std::size_t max_buffer_capacity = std::size_t{1} << 20;  // 1 MiB
  // The most idle memory the pool accounts for, slots included (see docs/runtime.md); a returned
  // buffer that would go beyond it is freed.
  std::size_t max_idle_bytes = std::size_t{16} << 20;  // 16 MiB
  // The capacity a newly created buffer starts with.
  std::size_t initial_capacity = 0;
};

class BufferPool {
 public:
  using Options = BufferPoolOptions;

  // A buffer on loan; it goes back to the pool (emptied, capacity kept within the pool's limits)
  // when the lease ends. A lease must not outlive its pool.
  class Lease {
   public:
    Lease() noexcept = default;
    Lease(Lease&& other) noexcept
        : pool_(std::exchange(other.pool_, nullptr)), buffer_(std::move(other.buffer_)) {}
    Lease& operator=(Lease&& other) noexcept {
      if (this != &other) {
        release();
        pool_ = std::exchange(other.pool_, nullptr);
        buffer_ = std::move(other.buffer_);
      }
      return *this;
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { release(); }

    Buffer& operator*() const noexcept { return *buffer_; }
    Buffer* operator->() const noexcept { return buffer_.get(); }
    Buffer* get() const noexcept { return buffer_.get(); }
    explicit operator bool() const noexcept { return buffer_ != nullptr; }

    // Returns the buffer to the pool now.
    void release() noexcept {
      if (pool_ != nullptr && buffer_ != nullptr) pool_->give_back(std::move(buffer_));
      pool_ = nullptr;
      buffer_.reset();
    }

   private:
    friend class BufferPool;
    Lease(BufferPool* pool, std::unique_ptr<Buffer> buffer) noexcept
        : pool_(pool), buffer_(std::move(buffer)) {}

    BufferPool* pool_ = nullptr;
    std::unique_ptr<Buffer> buffer_;
  };

  // max_idle: Options::max_idle_buffers; initial_capacity: Options::initial_capacity. The other
  // options keep their defaults.
  explicit BufferPool(std::size_t max_idle = 64, std::size_t initial_capacity = 0)
      : BufferPool(with_counts(max_idle, initial_capacity)) {}
  explicit BufferPool(const Options& options) : options_(options) {
    idle_.reserve(options_.max_idle_buffers);  // returning a buffer never allocates
  }
  BufferPool(const BufferPool&) = delete;
  BufferPool& operator=(const BufferPool&) = delete;

  // Frees every idle buffer, those parked in other threads' slots included. Every use of the
  // pool, on any thread, must happen before its destruction (no lease outlives the pool), as for
  // any object: then no slot is touched concurrently, and the slot registry's mutex orders this
  // with threads that switch pools or exit meanwhile.
  ~BufferPool() {
    std::lock_guard<std::mutex> registry_lock(slot_registry_mutex());
    std::lock_guard<std::mutex> lock(mutex_);
    while (slots_ != nullptr) {
      ThreadSlot* slot = slots_;
      delete slot->take();
      unlink(*slot);
    }
  }

  // An empty buffer: the calling thread's parked one, else the most recently returned one, else
  // a new one.
  Lease acquire() {
#if MSGPACK_GEN_POOL_THREAD_SLOTS
    ThreadSlot& slot = thread_slot();
    // The fast path: the thread's own slot, no lock and no atomic read-modify-write. Only this
    // thread fills the slot, and only for a pool it uses, which cannot be under destruction.
    if (MSGPACK_GEN_LIKELY(slot.pool.load(std::memory_order_relaxed) == this)) {
      if (Buffer* parked = slot.take()) return Lease(this, std::unique_ptr<Buffer>(parked));
    }
#endif
    return acquire_slow();
  }

  // Frees the idle buffers of the shared list and of the calling thread's slot, and gives back
  // the slot's share of max_idle_bytes. Other threads' slots (one buffer each, within the
  // limits) are theirs to use without a lock, so they stay until the thread exits, uses another
  // pool, or the pool is destroyed. Returns the capacity freed, in bytes.
  std::size_t release_idle_memory() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::size_t bytes = shared_bytes_;
    idle_.clear();  // keeps the vector's capacity: returning a buffer must not allocate
    shared_bytes_ = 0;
#if MSGPACK_GEN_POOL_THREAD_SLOTS
    ThreadSlot& slot = thread_slot();
    if (slot.pool.load(std::memory_order_relaxed) == this) {
      if (Buffer* parked = slot.take()) {
        bytes += parked->capacity();
        delete parked;
      }
      reserved_bytes_ -= slot.reserved;
      slot.reserved = 0;
    }
#endif
    return bytes;
  }

  // Idle buffers: the shared list and every thread's slot. A snapshot: other threads may change
  // it at once.
  std::size_t idle() const {
    return count_idle().buffers;
  }
  // Their total capacity, in bytes: the memory the pool keeps while nothing is leased out.
  std::size_t idle_bytes() const {
    return count_idle().bytes;
  }
  const Options& options() const noexcept {
    return options_;
  }

 private:
  // Each thread parks the buffer it returned last in a slot of its own, so a thread that marshals
  // message after message takes no lock and no atomic read-modify-write. A slot serves one pool
  // at a time and is linked into that pool's list of slots, so that the pool can free the slot's
  // buffer when it is destroyed. Links and bindings change under the slot registry's mutex only.
  struct ThreadSlot {
    // The pool this slot serves. Written under the registry mutex; read without it by the owner
    // thread's fast path (atomic so that a pool destroyed on another thread may clear it).
    std::atomic<BufferPool*> pool{nullptr};
    // The parked buffer and its capacity (meaningful while buffer is set). Atomic (relaxed: plain
    // moves) so that idle() may count them from any thread; only the owner thread and the bound
    // pool's destructor write them.
    std::atomic<Buffer*> buffer{nullptr};
    std::atomic<std::size_t> parked_bytes{0};
    // The share of the pool's max_idle_bytes this slot holds; a buffer up to this capacity parks
    // without a lock. Owner thread only, under the pool's mutex when it changes.
    std::size_t reserved = 0;
    ThreadSlot* prev = nullptr;  // in pool->slots_, under the registry mutex
    ThreadSlot* next = nullptr;

    Buffer* take() noexcept {
      Buffer* parked = buffer.load(std::memory_order_relaxed);
      if (parked != nullptr) buffer.store(nullptr, std::memory_order_relaxed);
      return parked;
    }
    void park(Buffer* parked) noexcept {
      parked_bytes.store(parked->capacity(), std::memory_order_relaxed);
      buffer.store(parked, std::memory_order_relaxed);
    }
    // The thread exits: its buffer goes back to the pool's shared list, if it fits.
    ~ThreadSlot() {
      std::lock_guard<std::mutex> registry_lock(slot_registry_mutex());
      if (BufferPool* owner = pool.load(std::memory_order_relaxed)) owner->unbind(*this);
      slot_destroyed() = true;
    }
  };

  struct Idle {
    std::size_t buffers = 0;
    std::size_t bytes = 0;
  };

  static Options with_counts(std::size_t max_idle, std::size_t initial_capacity) {
    Options options;
    options.max_idle_buffers = max_idle;
    options.initial_capacity = initial_capacity;
    return options;
  }
  // Never destroyed: threads may exit after static objects are gone.
  static std::mutex& slot_registry_mutex() {
    static std::mutex* mutex = new std::mutex;
    return *mutex;
  }
  static ThreadSlot& thread_slot() {
    static thread_local ThreadSlot slot;
    return slot;
  }
  // Set when the thread's slot is gone (a thread_local lease released later in thread exit):
  // such a buffer is freed rather than parked in a slot no one will clear. Trivially
  // destructible, so it outlives the slot.
  static bool& slot_destroyed() {
    static thread_local bool destroyed = false;
    return destroyed;
  }

  void give_back(std::unique_ptr<Buffer> buffer) noexcept {
    buffer->clear();
#if !MSGPACK_GEN_POOL_THREAD_SLOTS
    if (buffer->capacity() > options_.max_buffer_capacity) return;
    std::lock_guard<std::mutex> lock(mutex_);  // `buffer`, if not kept, is freed after unlocking
    if (idle_.size() < options_.max_idle_buffers) push_idle_locked(buffer);
#else
    ThreadSlot& slot = thread_slot();
    // The fast path: an empty slot of this pool whose share covers the buffer. max_buffer_capacity
    // and max_idle_bytes were checked when the share was granted.
    if (MSGPACK_GEN_LIKELY(slot.pool.load(std::memory_order_relaxed) == this &&
                           slot.buffer.load(std::memory_order_relaxed) == nullptr &&
                           buffer->capacity() <= slot.reserved)) {
      slot.park(buffer.release());
      return;
    }
    give_back_slow(slot, std::move(buffer));
#endif
  }

  // Out of line, so that the fast paths stay small enough to inline.
  MSGPACK_GEN_COLD Lease acquire_slow() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!idle_.empty()) {
        std::unique_ptr<Buffer> buffer = std::move(idle_.back());
        idle_.pop_back();
        shared_bytes_ -= buffer->capacity();
        return Lease(this, std::move(buffer));
      }
    }
    return Lease(this, std::make_unique<Buffer>(options_.initial_capacity));
  }

  MSGPACK_GEN_COLD void give_back_slow(ThreadSlot& slot, std::unique_ptr<Buffer> buffer) noexcept {
    const std::size_t capacity = buffer->capacity();
    if (capacity > options_.max_buffer_capacity || options_.max_idle_buffers == 0) return;
    if (slot.pool.load(std::memory_order_relaxed) != this) {
      if (slot_destroyed()) return;
      bind(slot);
    }
    std::unique_ptr<Buffer> older;  // declared before the lock: freed after unlocking
    std::lock_guard<std::mutex> lock(mutex_);
    older.reset(slot.take());
    if (capacity > slot.reserved &&
        shared_bytes_ + reserved_bytes_ + (capacity - slot.reserved) <= options_.max_idle_bytes) {
      reserved_bytes_ += capacity - slot.reserved;
      slot.reserved = capacity;
    }
    if (capacity <= slot.reserved) {
      // The slot holds the newest buffer; the one it held moves to the shared list.
      slot.park(buffer.release());
      if (older != nullptr && idle_.size() + 1 < options_.max_idle_buffers) {  // + 1: the slot
        push_idle_locked(older);
      }
    } else if (older != nullptr) {
      slot.park(older.release());  // no room for the newest, which is freed: keep the older
    }
  }

  // Binds the calling thread's slot to this pool, unbinding it from the pool it served.
  void bind(ThreadSlot& slot) noexcept {
    std::lock_guard<std::mutex> registry_lock(slot_registry_mutex());
    if (BufferPool* previous = slot.pool.load(std::memory_order_relaxed)) previous->unbind(slot);
    slot.reserved = 0;
    slot.prev = nullptr;
    slot.next = slots_;
    if (slots_ != nullptr) slots_->prev = &slot;
    slots_ = &slot;
    slot.pool.store(this, std::memory_order_relaxed);
  }

  // The slot leaves this pool; its buffer joins the shared list if it fits. Registry mutex held.
  void unbind(ThreadSlot& slot) noexcept {
    std::unique_ptr<Buffer> parked;
    std::lock_guard<std::mutex> lock(mutex_);
    parked.reset(slot.take());
    reserved_bytes_ -= slot.reserved;
    slot.reserved = 0;
    if (parked != nullptr && idle_.size() < options_.max_idle_buffers) push_idle_locked(parked);
    unlink(slot);
  }

  // Moves buffer into the shared list if max_idle_bytes allows; mutex_ held.
  void push_idle_locked(std::unique_ptr<Buffer>& buffer) noexcept {
    const std::size_t capacity = buffer->capacity();
    if (shared_bytes_ + reserved_bytes_ + capacity > options_.max_idle_bytes) return;
    if (idle_.size() == idle_.capacity()) return;  // never allocate here (noexcept callers)
    idle_.push_back(std::move(buffer));
    shared_bytes_ += capacity;
  }

  // Registry mutex held.
  void unlink(ThreadSlot& slot) noexcept {
    if (slot.prev != nullptr) {
      slot.prev->next = slot.next;
    } else {
      slots_ = slot.next;
    }
    if (slot.next != nullptr) slot.next->prev = slot.prev;
    slot.prev = slot.next = nullptr;
    slot.pool.store(nullptr, std::memory_order_relaxed);
  }

  Idle count_idle() const {
    std::lock_guard<std::mutex> registry_lock(slot_registry_mutex());
    std::lock_guard<std::mutex> lock(mutex_);
    Idle idle{idle_.size(), shared_bytes_};
    for (const ThreadSlot* slot = slots_; slot != nullptr; slot = slot->next) {
      if (slot->buffer.load(std::memory_order_relaxed) == nullptr) continue;
      ++idle.buffers;
      idle.bytes += slot->parked_bytes.load(std::memory_order_relaxed);
    }
    return idle;
  }

  const Options options_;
  mutable std::mutex mutex_;                   // guards the members below
  std::vector<std::unique_ptr<Buffer>> idle_;  // the shared list, newest last
  std::size_t shared_bytes_ = 0;               // capacity of the buffers in idle_
  std::size_t reserved_bytes_ = 0;             // the slots' shares of max_idle_bytes
  ThreadSlot* slots_ = nullptr;                // the slots bound to this pool (registry mutex)
};

}  // namespace msgpack_gen
