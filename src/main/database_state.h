#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "catalog/sqlite_catalog.h"
#include "execution/task_scheduler.h"
#include "execution/table_sources/memory_table.h"
#include "floe/database.h"
#include "io/file_io.h"
#include "io/instrumented_file_io.h"
#include "planner/binder_context.h"

namespace floe {

/// One finished query and what its scans read, for system.queries / system.scans.
struct QueryRecord {
  int64_t query_id = 0;
  std::string sql;
  int64_t started_us = 0;
  double elapsed_ms = 0;
  int64_t rows = 0;
  struct Scan {
    std::string table;
    std::vector<std::pair<std::string, std::string>> metrics;
  };
  std::vector<Scan> scans;
};

/// What all connections of a Database share: options, the worker pool, temporary
/// tables and views (floe keeps them per database, so a shell's statements share them).
class DatabaseState {
 public:
  explicit DatabaseState(DatabaseOptions options);

  const DatabaseOptions& options() const { return options_; }
  TaskScheduler& scheduler() { return *scheduler_; }

  std::mutex& mutex() { return mutex_; }
  /// Temporary views and tables by lower-case name; guarded by mutex().
  std::map<std::string, std::shared_ptr<ViewDefinition>>& views() { return views_; }
  std::map<std::string, std::shared_ptr<MemoryTable>>& temp_tables() { return temp_tables_; }
  /// Returns the warehouse's catalog, opening (and creating) it on first use.
  SqliteCatalog& catalog();
  /// Remembers a finished query (the newest 1,000 are kept); returns its id.
  int64_t RecordQuery(QueryRecord record);
  /// Returns the remembered queries, oldest first.
  std::vector<QueryRecord> RecentQueries();
  /// Returns the absolute warehouse folder.
  const std::string& warehouse() const { return warehouse_; }
  /// Returns the door to storage every read and write goes through.
  FileIO& file_io() { return *file_io_; }
  /// Returns the counting FileIO when DatabaseOptions::count_file_io is set, else nullptr.
  InstrumentedFileIO* instrumented_file_io() { return instrumented_file_io_.get(); }

 private:
  DatabaseOptions options_;
  std::unique_ptr<TaskScheduler> scheduler_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<ViewDefinition>> views_;
  std::map<std::string, std::shared_ptr<MemoryTable>> temp_tables_;
  std::string warehouse_;
  std::shared_ptr<FileIO> file_io_;
  std::shared_ptr<InstrumentedFileIO> instrumented_file_io_;
  std::mutex catalog_mutex_;
  std::unique_ptr<SqliteCatalog> catalog_;
  std::mutex history_mutex_;
  std::vector<QueryRecord> history_;
  int64_t next_query_id_ = 1;
};

}  // namespace floe
