#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "iceberg/expressions/expression.h"
#include "iceberg/location_remapper.h"
#include "iceberg/manifests/manifest_entry.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/sort_order.h"
#include "iceberg/write/snapshot_producer.h"
#include "iceberg/write/table_operations.h"
#include "iceberg/write/transaction.h"
#include "iceberg/write/zorder.h"
#include "io/file_io.h"
#include "sql/ast_statement.h"
#include "sql/qualified_name.h"

namespace floe::iceberg {

/// How a rewrite writes its files.
struct RewriteOutput {
  /// The order each file's rows are sorted in (none: as the table's writes are).
  std::optional<SortOrder> sort_order;
  /// Or the z-order they are sorted in, its columns given by field id.
  std::optional<ZOrderOptions> zorder;
  /// The size files roll at (0: the table's write.target-file-size-bytes).
  int64_t target_file_size = 0;
  /// The partition spec the files are written under (-1: the table's current one).
  int spec_id = -1;
};

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
  /// Returns the order a sort rewrite sorts by: `clause` (a WRITE ORDERED BY clause such
  /// as "c1 DESC NULLS LAST, c2") when not empty, else the table's sort order; throws
  /// InvalidInputError when the clause names no column or the table has no order.
  virtual SortOrder RewriteSortOrder(const std::string& clause) = 0;
  /// Reads every live row of the tasks' files (their deletes applied) and writes them
  /// again as new data files under the table's current schema and write properties and
  /// `output`'s spec, sort and file size (the engine's part of a rewrite, as Iceberg
  /// Java's FileRewriter is Spark's). The files are not committed. Safe to call from
  /// several threads at once.
  virtual std::vector<DataFile> RewriteFiles(const std::vector<FileScanTask>& tasks, const RewriteOutput& output) = 0;
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
  /// A parquet table of the catalog (CREATE TABLE .. USING parquet LOCATION '..'): a folder
  /// of files floe reads but does not own. `location` is as written (not remapped).
  struct FileTable {
    std::string namespace_name;
    std::string table_name;
    std::string location;
    std::string name() const { return namespace_name + "." + table_name; }
  };
  /// Returns the parquet table `identifier` names, or nothing.
  virtual std::optional<FileTable> FindFileTable(const std::string& identifier) = 0;
  /// As CreateTable, for the Iceberg table that replaces the parquet table of its name
  /// (migrate): the commit's one catalog transaction also renames the parquet table to
  /// `backup_table` in its namespace, or removes it from the catalog when `drop_backup`, so
  /// a failure or a kill leaves the parquet table as it was.
  virtual TableState CreateTableReplacing(const Statement& create, const std::string& backup_table, bool drop_backup,
                                          const std::function<void(Transaction&, const TableMetadata&)>& build) = 0;
  /// Creates the catalog entry `identifier` (and its namespace) pointing at
  /// `metadata_location`; throws [TABLE_OR_VIEW_ALREADY_EXISTS] when the name is taken.
  virtual void RegisterTable(const std::string& identifier, const std::string& metadata_location) = 0;
  /// Runs one statement in the caller's session and returns its rows.
  virtual std::vector<std::vector<Value>> Execute(const Statement& statement) = 0;
  /// Creates the table a CREATE TABLE statement (no AS query) describes, committing it with
  /// what `build` adds to its transaction, given the new table's metadata: the table appears
  /// with those changes or not at all (Iceberg's staged create, as SnapshotTableSparkAction
  /// commits). Returns the committed state.
  virtual TableState CreateTable(const Statement& create,
                                 const std::function<void(Transaction&, const TableMetadata&)>& build) = 0;
  /// Returns the `key=value` folders of `path` below `base`, values unescaped (the Hive
  /// layout Spark's partition discovery reads).
  virtual std::vector<std::pair<std::string, std::string>> HivePartition(const std::string& path,
                                                                         const std::string& base) = 0;
  /// Returns the types Spark's partition discovery infers for the key=value folders of
  /// `files` below `base`, one per key in the order keys first appear (read_parquet's).
  virtual std::vector<LogicalType> HivePartitionTypes(const std::vector<std::string>& files,
                                                      const std::string& base) = 0;
  /// Runs fn(0) ... fn(n-1) on up to `threads` of the engine's threads, and waits;
  /// rethrows the first error.
  virtual void ForEach(int threads, size_t n, const std::function<void(size_t)>& fn) = 0;
  /// Sets a session setting and returns its former value.
  virtual std::string SetSetting(const std::string& name, const std::string& value) = 0;
  /// Returns a session setting's value.
  virtual std::string GetSetting(const std::string& name) = 0;
  /// Deletes files of the table `metadata` describes (paths as the metadata names them),
  /// only those in the warehouse or the table's own locations, as DROP TABLE ... PURGE
  /// does; returns how many were deleted.
  virtual size_t DeleteTableFiles(const TableMetadata& metadata, const std::vector<std::string>& paths) = 0;
};

/// Sets a session setting for as long as the object lives, then sets back the value it had
/// (a procedure that must run its statements in UTC, whatever the caller's zone).
class ScopedSetting {
 public:
  ScopedSetting(ProcedureEngine& engine, std::string name, const std::string& value)
      : engine_(engine), name_(std::move(name)), former_(engine.SetSetting(name_, value)) {}
  ~ScopedSetting() {
    try {
      engine_.SetSetting(name_, former_);
    } catch (const std::exception&) {
    }
  }
  ScopedSetting(const ScopedSetting&) = delete;
  ScopedSetting& operator=(const ScopedSetting&) = delete;

 private:
  ProcedureEngine& engine_;
  std::string name_;
  std::string former_;
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
const Procedure& ComputeTableStatsProcedure();
const Procedure& RollbackToTimestampProcedure();
const Procedure& SetCurrentSnapshotProcedure();
const Procedure& AncestorsOfProcedure();
const Procedure& ExpireSnapshotsProcedure();
const Procedure& RemoveOrphanFilesProcedure();
const Procedure& FastForwardProcedure();
const Procedure& CherrypickSnapshotProcedure();
const Procedure& RewriteManifestsProcedure();
const Procedure& PublishChangesProcedure();
const Procedure& AddFilesProcedure();
const Procedure& SnapshotTableProcedure();
const Procedure& MigrateTableProcedure();
const Procedure& RewriteTablePathProcedure();
const Procedure& RewritePositionDeleteFilesProcedure();
/// floe's own: a benchmark workload's tables (generate.cc).
const Procedure& GenerateProcedure();

/// rewrite_data_files' remove-dangling-deletes (Iceberg's RemoveDanglingDeletesSparkAction):
/// a "replace" change removing the live delete files of `metadata`'s current snapshot that
/// no live data file needs: those of a partition without live data files, position
/// deletes older than its oldest data file, equality deletes not newer than it, and
/// deletion vectors of data files gone. Nothing to remove: an empty change.
SnapshotChange DanglingDeleteFiles(FileIO& io, const LocationRemapper& remapper, const TableMetadata& metadata);

/// Returns the procedure named `name` (lower case), or nullptr.
const Procedure* FindProcedure(const std::string& name);
/// Returns the names of every procedure, sorted, for messages.
std::vector<std::string> ProcedureNames();

}  // namespace floe::iceberg
