// A thread-safe pool of Buffers that keep their capacity, so steady-state marshalling allocates
// nothing.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "msgpack_gen/buffer.hpp"

namespace msgpack_gen {

class BufferPool {
 public:
  // A buffer on loan; it goes back to the pool (emptied, capacity kept) when the lease ends.
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
    void release() {
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

  // max_idle: how many returned buffers the pool keeps (the calling thread's slot included);
  // more are freed. initial_capacity: the capacity a newly created buffer starts with.
  explicit BufferPool(std::size_t max_idle = 64, std::size_t initial_capacity = 0)
      : id_(next_id()), max_idle_(max_idle), initial_capacity_(initial_capacity) {
    idle_.reserve(max_idle);  // returning a buffer never allocates
    Registry& pools = registry();
    std::lock_guard<std::mutex> lock(pools.mutex);
    pools.live.emplace_back(id_, this);
  }
  BufferPool(const BufferPool&) = delete;
  BufferPool& operator=(const BufferPool&) = delete;
  ~BufferPool() {
    Registry& pools = registry();
    std::lock_guard<std::mutex> lock(pools.mutex);
    for (auto it = pools.live.begin(); it != pools.live.end(); ++it) {
      if (it->first == id_) {
        pools.live.erase(it);
        break;
      }
    }
  }

  // An empty buffer: the most recently returned one when any is idle (it is warm in cache).
  Lease acquire() {
    ThreadSlot& slot = thread_slot();
    if (slot.buffer != nullptr && slot.pool_id == id_) {
      return Lease(this, std::unique_ptr<Buffer>(std::exchange(slot.buffer, nullptr)));
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!idle_.empty()) {
        std::unique_ptr<Buffer> buffer = std::move(idle_.back());
        idle_.pop_back();
        return Lease(this, std::move(buffer));
      }
    }
    return Lease(this, std::make_unique<Buffer>(initial_capacity_));
  }

  // Buffers waiting to be acquired by the calling thread.
  std::size_t idle() const {
    const ThreadSlot& slot = thread_slot();
    std::lock_guard<std::mutex> lock(mutex_);
    return idle_.size() + (slot.buffer != nullptr && slot.pool_id == id_ ? 1 : 0);
  }

 private:
  // Each thread keeps the buffer it returned last in a slot of its own, so a thread that
  // marshals message after message takes no lock and no atomic operation. The slot serves one
  // pool at a time; when another pool needs it, or the thread exits, its buffer goes back to
  // its pool's shared list (or is freed if that pool is gone).
  struct ThreadSlot {
    std::uint64_t pool_id = 0;
    Buffer* buffer = nullptr;
    ~ThreadSlot() { return_to_pool(pool_id, std::exchange(buffer, nullptr)); }
  };
  // The live pools, by id, for buffers that outlive their thread. Never destroyed: threads may
  // exit after static objects are gone.
  struct Registry {
    std::mutex mutex;
    std::vector<std::pair<std::uint64_t, BufferPool*>> live;
  };
  static Registry& registry() {
    static Registry* pools = new Registry;
    return *pools;
  }
  static void return_to_pool(std::uint64_t pool_id, Buffer* buffer) {
    std::unique_ptr<Buffer> owned(buffer);
    if (owned == nullptr) return;
    Registry& pools = registry();
    std::lock_guard<std::mutex> registry_lock(pools.mutex);
    for (auto& [id, pool] : pools.live) {
      if (id != pool_id) continue;
      std::lock_guard<std::mutex> lock(pool->mutex_);
      if (pool->idle_.size() < pool->max_idle_) pool->idle_.push_back(std::move(owned));
      return;
    }
  }
  static ThreadSlot& thread_slot() {
    static thread_local ThreadSlot slot;
    return slot;
  }
  static std::uint64_t next_id() {
    static std::atomic<std::uint64_t> last{0};
    return last.fetch_add(1, std::memory_order_relaxed) + 1;
  }

  void give_back(std::unique_ptr<Buffer> buffer) {
    buffer->clear();
    if (max_idle_ == 0) return;  // keep nothing: the buffer is freed
    ThreadSlot& slot = thread_slot();
    if (slot.pool_id != id_) {
      return_to_pool(slot.pool_id, std::exchange(slot.buffer, nullptr));  // another pool's
      slot.pool_id = id_;
    }
    // The slot holds the newest buffer; the one it held moves to the shared list.
    std::unique_ptr<Buffer> older(std::exchange(slot.buffer, buffer.release()));
    if (older == nullptr) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (idle_.size() + 1 < max_idle_) idle_.push_back(std::move(older));  // + 1: the slot
  }

  const std::uint64_t id_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Buffer>> idle_;
  std::size_t max_idle_;
  std::size_t initial_capacity_;
};

}  // namespace msgpack_gen
