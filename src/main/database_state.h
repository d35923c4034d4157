#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "catalog/sqlite_catalog.h"
#include "execution/task_scheduler.h"
#include "execution/table_sources/memory_table.h"
#include "floe/database.h"
#include "planner/binder_context.h"

namespace floe {

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
  /// Returns the absolute warehouse folder.
  const std::string& warehouse() const { return warehouse_; }

 private:
  DatabaseOptions options_;
  std::unique_ptr<TaskScheduler> scheduler_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<ViewDefinition>> views_;
  std::map<std::string, std::shared_ptr<MemoryTable>> temp_tables_;
  std::string warehouse_;
  std::mutex catalog_mutex_;
  std::unique_ptr<SqliteCatalog> catalog_;
};

}  // namespace floe
