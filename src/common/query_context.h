#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace floe {

/// Counts the bytes a statement holds in its largest buffers (the rows an ORDER BY, a hash
/// table or a window buffers) against the session's memory_limit; thread-safe.
class MemoryReservation {
 public:
  /// `limit` 0 means no limit.
  explicit MemoryReservation(int64_t limit = 0) : limit_(limit) {}

  /// Takes `bytes` more; throws OutOfMemoryError (the reservation unchanged) past the limit.
  void Reserve(int64_t bytes);
  /// Takes `bytes` more and returns true, or returns false (the reservation unchanged) past
  /// the limit: an operator that can spill asks so, and spills when refused.
  bool TryReserve(int64_t bytes);
  /// Takes `bytes` more even past the limit: what an operator must hold to make progress
  /// (one batch) when what it could spill is already spilled.
  void ForceReserve(int64_t bytes);
  /// Gives `bytes` back.
  void Release(int64_t bytes);
  int64_t reserved() const { return reserved_.load(std::memory_order_relaxed); }
  /// Returns the most reserved at once.
  int64_t peak() const { return peak_.load(std::memory_order_relaxed); }
  int64_t limit() const { return limit_; }

 private:
  int64_t limit_;
  std::atomic<int64_t> reserved_{0};
  std::atomic<int64_t> peak_{0};
};

/// One statement's run, shared by everything that runs it: whether it was cancelled, its
/// deadline, and the memory it holds. Operators, scans, writers and procedures call
/// CheckInterrupted between batches, so a cancel or a timeout stops the statement at the
/// next batch boundary and unwinds it like any error (a write deletes its new files).
class QueryContext {
 public:
  using Clock = std::chrono::steady_clock;

  /// A statement that nothing cancels and that has no deadline.
  QueryContext() = default;
  /// A statement cancelled when `*cancel` becomes true (the connection's flag, set from
  /// any thread or a signal handler) or, for a positive `timeout`, when it has run that long.
  QueryContext(const std::atomic<bool>* cancel, std::chrono::milliseconds timeout, int64_t memory_limit = 0);

  /// Returns true once the statement was cancelled or its deadline passed.
  bool IsInterrupted() const;
  /// Throws InterruptedError ("[OPERATION_CANCELED] ..." or the timeout) when IsInterrupted.
  void CheckInterrupted() const;
  MemoryReservation& memory() { return memory_; }
  const MemoryReservation& memory() const { return memory_; }
  Clock::time_point start() const { return start_; }

 private:
  const std::atomic<bool>* cancel_ = nullptr;
  Clock::time_point start_ = Clock::now();
  std::chrono::milliseconds timeout_{0};
  Clock::time_point deadline_ = Clock::time_point::max();
  MemoryReservation memory_;
};

}  // namespace floe
