#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "catalog/create_table.h"
#include "execution/table_sources/memory_table.h"
#include "planner/binder_context.h"
#include "sql/ast_ddl.h"

namespace floe {

/// Returns an empty temporary table `name` of the declared `columns` (CREATE TEMPORARY
/// TABLE t (c INT, ...)) or of a query's (CREATE TEMPORARY TABLE t AS ...; a column of bare
/// NULLs is a string). Throws InvalidInputError for a column declared twice,
/// NotImplementedError for an unknown type.
std::shared_ptr<MemoryTable> NewTempTable(const std::string& name, const std::vector<ColumnDefinition>& columns,
                                          const std::vector<QueryColumn>& query_columns);

/// The temporary views and tables of a database, by case-insensitive name: Spark's
/// temporary objects, kept per database rather than per session so that a shell's
/// statements (and a program's connections) share them. Thread-safe.
class TempCatalog {
 public:
  /// Returns the view or table of that name, or null.
  std::shared_ptr<ViewDefinition> FindView(const std::string& name) const;
  std::shared_ptr<MemoryTable> FindTable(const std::string& name) const;

  /// CREATE [OR REPLACE] TEMPORARY VIEW [IF NOT EXISTS]: OR REPLACE replaces a view, never a
  /// temporary table. Returns false when IF NOT EXISTS found the name taken; throws
  /// CatalogError ([TEMP_TABLE_OR_VIEW_ALREADY_EXISTS]) when it is taken otherwise.
  bool CreateView(std::shared_ptr<ViewDefinition> view, bool or_replace, bool if_not_exists);
  /// CREATE [OR REPLACE] TEMPORARY TABLE [IF NOT EXISTS]: OR REPLACE replaces a table or a
  /// view. Returns false when IF NOT EXISTS found the name taken; throws CatalogError
  /// ([TABLE_OR_VIEW_ALREADY_EXISTS]) when it is taken otherwise.
  bool CreateTable(const std::string& name, std::shared_ptr<MemoryTable> table, bool or_replace, bool if_not_exists);

  /// DROP VIEW: returns false when there is no such view.
  bool DropView(const std::string& name);
  /// DROP TABLE: drops a temporary table, or (as Spark does) a temporary view of that name;
  /// returns false when there is neither.
  bool DropTableOrView(const std::string& name);

  /// Returns the names of the temporary tables, then of the views, each sorted.
  std::vector<std::string> TableNames() const;
  std::vector<std::string> ViewNames() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<ViewDefinition>> views_;
  std::map<std::string, std::shared_ptr<MemoryTable>> tables_;
};

}  // namespace floe
