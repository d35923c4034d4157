#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "common/query_context.h"
#include "function/function_context.h"
#include "io/file_io.h"

namespace floe {

class TaskScheduler;

/// What operators may use while a query runs: function context, threads, the statement's
/// QueryContext (cancellation, deadline, memory).
struct ExecutionContext {
  FunctionContext function_context;
  TaskScheduler* scheduler = nullptr;
  int threads = 1;
  /// The statement being run; nullptr when nothing can cancel it (unit tests).
  QueryContext* query = nullptr;
  /// The door to storage, for operators that write files (COPY TO, Iceberg writes).
  FileIO* io = nullptr;
  /// Where operators over the memory limit write their spill files (through `io`); empty:
  /// nowhere, so they fail with OutOfMemoryError instead.
  std::string spill_folder;
  /// Distinct build keys a runtime filter lists; above, it is a min/max range.
  size_t runtime_filter_max_values = 1000;
};

}  // namespace floe
