#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "execution/execution_context.h"

namespace floe {

/// A pool of worker threads that runs a batch of tasks and waits for all of them.
/// Errors thrown by a task are captured and rethrown on the caller's thread.
class TaskScheduler {
 public:
  /// Starts `threads` - 1 workers (the caller is the last); throws OutOfMemoryError, with
  /// none left running, when the system cannot start one.
  explicit TaskScheduler(int threads);
  ~TaskScheduler();

  int threads() const { return static_cast<int>(workers_.size()); }
  /// Runs fn(0) ... fn(n-1), the caller's thread taking part, and waits; rethrows the
  /// first error.
  void RunParallel(int n, const std::function<void(int)>& fn);
  /// Runs fn(0) ... fn(n-1) as tasks on up to `threads` threads (the caller's included),
  /// each thread taking the next task when it is done; waits; rethrows the first error.
  void ForEach(int threads, size_t n, const std::function<void(size_t)>& fn);

 private:
  void WorkerLoop();
  void StopWorkers();

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> queue_;
  bool stop_ = false;
};

/// Runs fn(0) ... fn(n-1) on the query's workers when it has more than one thread, else
/// in turn on the caller's thread (a write's files, finished in parallel).
void RunParallel(const ExecutionContext& context, int n, const std::function<void(int)>& fn);

}  // namespace floe
