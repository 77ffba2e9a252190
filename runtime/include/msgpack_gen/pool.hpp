// A thread-safe pool of Buffers that keep their capacity, so steady-state marshalling allocates
// nothing.
#pragma once

#include <atomic>
#include <cstddef>
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

  // max_idle: how many returned buffers the pool keeps; more are freed.
  // initial_capacity: the capacity a newly created buffer starts with.
  explicit BufferPool(std::size_t max_idle = 64, std::size_t initial_capacity = 0)
      : max_idle_(max_idle), initial_capacity_(initial_capacity) {
    idle_.reserve(max_idle);  // returning a buffer never allocates
  }
  BufferPool(const BufferPool&) = delete;
  BufferPool& operator=(const BufferPool&) = delete;
  ~BufferPool() { delete hot_.exchange(nullptr, std::memory_order_acquire); }

  // An empty buffer; the most recently returned one when any is idle (it is warm in cache).
  Lease acquire() {
    // The most recently returned buffer waits in a lock-free slot: the common case of one
    // thread marshalling message after message takes no lock.
    if (Buffer* hot = hot_.exchange(nullptr, std::memory_order_acquire)) {
      return Lease(this, std::unique_ptr<Buffer>(hot));
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

  // Buffers waiting to be acquired.
  std::size_t idle() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return idle_.size() + (hot_.load(std::memory_order_acquire) != nullptr ? 1 : 0);
  }

 private:
  void give_back(std::unique_ptr<Buffer> buffer) {
    buffer->clear();
    if (max_idle_ == 0) return;  // keep nothing: the buffer is freed
    Buffer* previous = hot_.exchange(buffer.release(), std::memory_order_acq_rel);
    if (previous == nullptr) return;
    std::unique_ptr<Buffer> older(previous);  // to the locked list, or freed
    std::lock_guard<std::mutex> lock(mutex_);
    if (idle_.size() + 1 < max_idle_) idle_.push_back(std::move(older));  // + 1: the hot slot
  }

  std::atomic<Buffer*> hot_{nullptr};
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Buffer>> idle_;
  std::size_t max_idle_;
  std::size_t initial_capacity_;
};

}  // namespace msgpack_gen
