#include "common/query_context.h"

#include <string>

#include "common/exception.h"

namespace floe {

void MemoryReservation::Reserve(int64_t bytes) {
  if (!TryReserve(bytes)) {
    throw OutOfMemoryError("the statement needs more than its memory limit of " + std::to_string(limit_) +
                           " bytes (" + std::to_string(reserved()) + " held, " + std::to_string(bytes) +
                           " more asked); raise memory_limit");
  }
}

bool MemoryReservation::TryReserve(int64_t bytes) {
  int64_t now = reserved_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  if (limit_ > 0 && now > limit_ && bytes > 0) {
    reserved_.fetch_sub(bytes, std::memory_order_relaxed);
    return false;
  }
  int64_t peak = peak_.load(std::memory_order_relaxed);
  while (now > peak && !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
  return true;
}

void MemoryReservation::ForceReserve(int64_t bytes) {
  int64_t now = reserved_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  int64_t peak = peak_.load(std::memory_order_relaxed);
  while (now > peak && !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
}

void MemoryReservation::Release(int64_t bytes) { reserved_.fetch_sub(bytes, std::memory_order_relaxed); }

QueryContext::QueryContext(const std::atomic<bool>* cancel, std::chrono::milliseconds timeout, int64_t memory_limit)
    : cancel_(cancel), timeout_(timeout), memory_(memory_limit) {
  if (timeout.count() > 0) deadline_ = start_ + timeout;
}

bool QueryContext::IsInterrupted() const {
  if (cancel_ && cancel_->load(std::memory_order_relaxed)) return true;
  return deadline_ != Clock::time_point::max() && Clock::now() >= deadline_;
}

void QueryContext::CheckInterrupted() const {
  if (cancel_ && cancel_->load(std::memory_order_relaxed)) {
    throw InterruptedError("[OPERATION_CANCELED] Operation has been canceled.");
  }
  if (deadline_ != Clock::time_point::max() && Clock::now() >= deadline_) {
    throw InterruptedError("the statement ran past its time limit of " + std::to_string(timeout_.count()) +
                           " ms (floe.statement_timeout) and was stopped");
  }
}

}  // namespace floe
