#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace floe {

/// Calls fn(i) for every i in [0, n) on up to `threads` threads (the caller's among them),
/// each taking the next index; rethrows the first exception once all have stopped. For
/// layers below the execution engine's task scheduler (reading a snapshot's manifests).
template <typename Fn>
void ParallelFor(size_t n, size_t threads, Fn&& fn) {
  std::atomic<size_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    for (size_t i = next++; i < n; i = next++) {
      try {
        fn(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex);
        if (!error) error = std::current_exception();
      }
    }
  };
  threads = std::min(n, std::max<size_t>(threads, 1));
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

/// Returns the hardware threads (at least 1).
inline size_t HardwareThreads() { return std::max(1u, std::thread::hardware_concurrency()); }

}  // namespace floe
