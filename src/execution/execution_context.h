#pragma once

#include <atomic>
#include <memory>

#include "function/function_context.h"

namespace floe {

class TaskScheduler;

/// What operators may use while a query runs: function context, threads, cancellation.
struct ExecutionContext {
  FunctionContext function_context;
  TaskScheduler* scheduler = nullptr;
  int threads = 1;
  std::atomic<bool>* interrupted = nullptr;
};

}  // namespace floe
