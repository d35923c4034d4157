#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "iceberg/expressions/expression.h"
#include "iceberg/location_remapper.h"
#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/write/table_operations.h"
#include "io/file_io.h"
#include "sql/ast_statement.h"
#include "sql/qualified_name.h"

namespace floe::iceberg {

/// A table a procedure works on, as the engine loaded it.
class ProcedureTable {
 public:
  virtual ~ProcedureTable() = default;
  /// The operations its commits go through.
  virtual TableOperations& operations() = 0;
  /// The table as it was loaded: the state a procedure's commit is validated against.
  virtual const TableState& state() const = 0;
  /// Returns the Iceberg expression of `where`, a SQL predicate on the table's columns (as
  /// Spark's SparkExpressionConverter reads rewrite_data_files' argument); throws
  /// InvalidInputError when the predicate has no exact Iceberg form.
  virtual ExpressionPtr Filter(const std::string& where) = 0;
  /// Reads every live row of the tasks' files (their deletes applied) and writes them
  /// again as new data files under the table's current schema, spec and write properties
  /// (the engine's part of a rewrite, as Iceberg Java's FileRewriter is Spark's). The
  /// files are not committed.
  /// With `sort`, each file's rows are sorted: by `sort_order` (a WRITE ORDERED BY clause
  /// such as "c1 DESC NULLS LAST, c2") when given, else by the table's sort order.
  virtual std::vector<DataFile> RewriteFiles(const std::vector<FileScanTask>& tasks, bool sort = false,
                                             const std::string& sort_order = "") = 0;
};

/// What a procedure needs from the engine it runs in: the catalog and the query engine,
/// layers above the table format, as Iceberg Java's Spark procedures reach them through
/// Spark's TableCatalog and SparkSession.
class ProcedureEngine {
 public:
  virtual ~ProcedureEngine() = default;
  /// The door to storage, and how the metadata's locations map onto it.
  virtual FileIO& io() = 0;
  virtual const LocationRemapper& remapper() = 0;
  /// The catalog's name, as in CALL <catalog>.system.<procedure>.
  virtual std::string catalog_name() = 0;
  /// Loads the table `identifier` names ("t", "ns.t", "catalog.ns.t"); throws
  /// [TABLE_OR_VIEW_NOT_FOUND] for no such table (a metadata table, branch or tag included).
  virtual std::unique_ptr<ProcedureTable> LoadTable(const std::string& identifier) = 0;
  /// Returns true when `name` names a table of the catalog.
  virtual bool TableExists(const QualifiedName& name) = 0;
  /// Creates the catalog entry `identifier` (and its namespace) pointing at
  /// `metadata_location`; throws [TABLE_OR_VIEW_ALREADY_EXISTS] when the name is taken.
  virtual void RegisterTable(const std::string& identifier, const std::string& metadata_location) = 0;
  /// Runs one statement in the caller's session and returns its rows.
  virtual std::vector<std::vector<Value>> Execute(const Statement& statement) = 0;
  /// Sets a session setting and returns its former value.
  virtual std::string SetSetting(const std::string& name, const std::string& value) = 0;
  /// Returns a session setting's value.
  virtual std::string GetSetting(const std::string& name) = 0;
  /// Deletes files of the table `metadata` describes (paths as the metadata names them),
  /// only those in the warehouse or the table's own locations, as DROP TABLE ... PURGE
  /// does; returns how many were deleted.
  virtual size_t DeleteTableFiles(const TableMetadata& metadata, const std::vector<std::string>& paths) = 0;
};

/// The evaluated arguments of a CALL, by parameter name: constants cast to the parameter's
/// type, and the map('k', 'v', ...) arguments (rewrite_data_files' options) as string maps.
struct ProcedureArguments {
  std::map<std::string, Value> values;
  std::map<std::string, std::map<std::string, std::string>> maps;

  /// Returns true when argument `name` was given and is not NULL.
  bool Has(const std::string& name) const;
  /// Returns argument `name` as text; throws when it is absent or NULL.
  std::string String(const std::string& name, const std::string& procedure) const;
  /// Returns a bigint argument; throws when it is absent or NULL.
  int64_t Long(const std::string& name, const std::string& procedure) const;
  /// Checks max_concurrent_deletes, when given, as Iceberg's procedures do (> 0).
  void CheckMaxConcurrentDeletes() const;
};

/// A parameter of a procedure, as Iceberg's ProcedureParameter: its name (matched
/// case-sensitively, as Spark 4.0 matches named arguments), the type its argument is cast
/// to (kNull: taken as given; a map type: a map('k', 'v', ...) of strings), and whether a
/// call must give it.
struct ProcedureParameter {
  std::string name;
  LogicalType type;
  bool required = false;
};

/// A procedure's output: one result set.
struct ProcedureResult {
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::vector<std::vector<Value>> rows;
};

/// One of the procedures CALL <catalog>.system.<name>(...) runs, each in its own file.
class Procedure {
 public:
  virtual ~Procedure() = default;
  /// The lower-case name after system.
  virtual std::string name() const = 0;
  /// The parameters, in the order positional arguments fill them.
  virtual std::vector<ProcedureParameter> parameters() const = 0;
  virtual ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const = 0;
};

// The procedures, one per file.
const Procedure& RewriteDataFilesProcedure();
const Procedure& RegisterTableProcedure();
const Procedure& RollbackToSnapshotProcedure();
const Procedure& RollbackToTimestampProcedure();
const Procedure& SetCurrentSnapshotProcedure();
const Procedure& AncestorsOfProcedure();
const Procedure& ExpireSnapshotsProcedure();
const Procedure& RemoveOrphanFilesProcedure();
const Procedure& FastForwardProcedure();
const Procedure& CherrypickSnapshotProcedure();
/// floe's own: a benchmark workload's tables (generate.cc).
const Procedure& GenerateProcedure();

/// Returns the procedure named `name` (lower case), or nullptr.
const Procedure* FindProcedure(const std::string& name);
/// Returns the names of every procedure, sorted, for messages.
std::vector<std::string> ProcedureNames();

}  // namespace floe::iceberg
