#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "planner/bound_expression.h"
#include "planner/table_sink.h"
#include "planner/table_source.h"

namespace floe {

/// The statements that change rows where they are: UPDATE, MERGE INTO, and a DELETE whose
/// condition holds subqueries (a plain DELETE goes through DeleteTarget).
enum class RowChangeKind : uint8_t { kDelete, kUpdate, kMerge };

/// What a plan tells a RowChangeTarget about each row it produces (its column kOp).
enum class RowChangeOp : int32_t {
  kMatched = 0,  // a target row matched by the MERGE's source and left as it is
  kDelete = 1,   // the target row goes
  kUpdate = 2,   // the target row goes and its new values are written
  kInsert = 3,   // a new row
};

/// The rows a RowChangeTarget's plan produces: the change, the target row it applies to
/// (its data file and position; NULL for an insert), its _row_id (a v3 table's, which an
/// updated row keeps; else NULL), then the row's new values, one per column of the table.
struct RowChangeLayout {
  static constexpr size_t kOp = 0;
  static constexpr size_t kFile = 1;
  static constexpr size_t kPos = 2;
  static constexpr size_t kRowId = 3;
  static constexpr size_t kValues = 4;
};

/// What an UPDATE, MERGE or DELETE did.
struct RowChangeCounts {
  int64_t updated = 0;
  int64_t deleted = 0;
  int64_t inserted = 0;
  int64_t affected() const { return updated + deleted + inserted; }
};

/// What a row change is and the rows it decides on.
struct RowChangeSpec {
  RowChangeKind kind = RowChangeKind::kUpdate;
  /// What a concurrent commit is checked against (over the table's columns; null: every
  /// row): the statement's conditions on the target alone.
  BoundExpressionPtr conflict_condition;
  /// A target row produced twice (matched by two source rows) fails the statement, as
  /// Spark's MERGE checks it.
  bool check_cardinality = false;
  /// A MERGE with only WHEN NOT MATCHED clauses: an append, as Spark plans it.
  bool insert_only = false;
};

/// A table whose rows an UPDATE, MERGE or DELETE changes. The binder reads it through
/// source() (the table as the statement reads it, with its _file and _pos columns) and
/// plans a query producing RowChangeLayout rows, which it writes into this sink (its
/// names and types are the layout's); the write applies them in one commit, copy-on-write
/// or merge-on-read as the table's properties say.
class RowChangeTarget : public TableSink {
 public:
  /// The table as read: the snapshot the change applies to.
  virtual std::shared_ptr<TableSource> source() const = 0;
  /// The table's own name, which qualifies its columns unless the statement gives an alias.
  virtual std::string TableName() const = 0;
  /// The table's columns (the source's without its metadata columns).
  virtual const std::vector<std::string>& column_names() const = 0;
  virtual const std::vector<LogicalType>& column_types() const = 0;
  virtual const std::vector<bool>& column_required() const = 0;
  /// The value an insert that omits column `column` stores (a v3 write-default), or nothing.
  virtual std::optional<Value> ColumnWriteDefault(size_t column) const { return std::nullopt; }
  /// Sets what the statement is (see RowChangeSpec).
  virtual void Configure(RowChangeSpec spec) = 0;
  /// What the last write did.
  virtual RowChangeCounts counts() const = 0;
};

}  // namespace floe
