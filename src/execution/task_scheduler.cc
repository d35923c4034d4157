#include "execution/task_scheduler.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <string>
#include <system_error>

#include "common/exception.h"

namespace floe {

TaskScheduler::TaskScheduler(int threads) {
  try {
    for (int i = 0; i < threads - 1; ++i) workers_.emplace_back([this] { WorkerLoop(); });
  } catch (const std::system_error& e) {
    // why: the destructor does not run for a constructor that throws, and a joinable
    // std::thread destroyed unjoined terminates the process: stop the started ones here
    int started = static_cast<int>(workers_.size());
    StopWorkers();
    throw OutOfMemoryError("cannot start worker thread " + std::to_string(started + 1) + " of " +
                           std::to_string(threads - 1) + ": " + e.what() +
                           " (the system's limit on threads or memory; use fewer threads)");
  }
}

TaskScheduler::~TaskScheduler() { StopWorkers(); }

void TaskScheduler::StopWorkers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  cv_.notify_all();
  for (auto& w : workers_) w.join();
  workers_.clear();
}

void TaskScheduler::WorkerLoop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (stop_ && queue_.empty()) return;
      task = std::move(queue_.front());
      queue_.pop_front();
    }
    task();
  }
}

void TaskScheduler::RunParallel(int n, const std::function<void(int)>& fn) {
  if (n <= 1) {
    if (n == 1) fn(0);
    return;
  }
  struct Batch {
    std::mutex mutex;
    std::condition_variable done_cv;
    int remaining;
    std::exception_ptr error;
  };
  auto batch = std::make_shared<Batch>();
  batch->remaining = n;
  auto run = [batch, &fn](int i) {
    try {
      fn(i);
    } catch (...) {
      std::lock_guard<std::mutex> lock(batch->mutex);
      if (!batch->error) batch->error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(batch->mutex);
    if (--batch->remaining == 0) batch->done_cv.notify_all();
  };
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (int i = 1; i < n; ++i) queue_.push_back([run, i] { run(i); });
  }
  cv_.notify_all();
  run(0);
  // The caller helps with queued tasks of this batch while it waits.
  for (;;) {
    std::function<void()> task;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!queue_.empty()) {
        task = std::move(queue_.front());
        queue_.pop_front();
      }
    }
    if (!task) break;
    task();
  }
  std::unique_lock<std::mutex> lock(batch->mutex);
  batch->done_cv.wait(lock, [&] { return batch->remaining == 0; });
  if (batch->error) std::rethrow_exception(batch->error);
}

void TaskScheduler::ForEach(int threads, size_t n, const std::function<void(size_t)>& fn) {
  threads = static_cast<int>(std::min<size_t>(std::max(threads, 1), n));
  if (threads <= 1) {
    for (size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  std::atomic<size_t> next{0};
  RunParallel(threads, [&](int) {
    for (size_t i = next++; i < n; i = next++) fn(i);
  });
}

void RunParallel(const ExecutionContext& context, int n, const std::function<void(int)>& fn) {
  if (context.scheduler && context.threads > 1) {
    context.scheduler->RunParallel(n, fn);
  } else {
    for (int i = 0; i < n; ++i) fn(i);
  }
}

}  // namespace floe
