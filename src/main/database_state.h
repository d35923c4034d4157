#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "catalog/sqlite_catalog.h"
#include "execution/query_history.h"
#include "execution/table_sources/temp_catalog.h"
#include "execution/task_scheduler.h"
#include "floe/database.h"
#include "io/file_io.h"
#include "io/instrumented_file_io.h"
#include "planner/binder_context.h"

namespace floe {

/// What all connections of a Database share: options, the worker pool, the catalog, the
/// temporary tables and views, the query history.
class DatabaseState {
 public:
  explicit DatabaseState(DatabaseOptions options);

  const DatabaseOptions& options() const { return options_; }
  TaskScheduler& scheduler() { return *scheduler_; }

  /// Returns the temporary views and tables.
  TempCatalog& temp_catalog() { return temp_catalog_; }
  /// Returns the warehouse's catalog, opening (and creating) it on first use.
  SqliteCatalog& catalog();
  /// Returns the finished queries (system.queries, system.scans).
  QueryHistory& history() { return history_; }
  /// Returns the absolute warehouse folder.
  const std::string& warehouse() const { return warehouse_; }
  /// Returns the folder of the spill files (the local state folder's tmp/; empty when there
  /// is no state folder, and then nothing spills).
  const std::string& spill_folder() const { return spill_folder_; }
  /// Returns the door to storage every read and write goes through.
  FileIO& file_io() { return *file_io_; }
  /// Returns the counting FileIO when DatabaseOptions::count_file_io is set, else nullptr.
  InstrumentedFileIO* instrumented_file_io() { return instrumented_file_io_.get(); }

 private:
  DatabaseOptions options_;
  std::unique_ptr<TaskScheduler> scheduler_;
  TempCatalog temp_catalog_;
  std::string warehouse_;
  std::string spill_folder_;
  std::shared_ptr<FileIO> file_io_;
  std::shared_ptr<InstrumentedFileIO> instrumented_file_io_;
  std::mutex catalog_mutex_;
  std::unique_ptr<SqliteCatalog> catalog_;
  QueryHistory history_;
};

}  // namespace floe
