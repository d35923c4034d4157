#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "common/vector.h"

namespace floe {

/// Runs fn(0) .. fn(n - 1), on the query's worker threads when it has them.
using ParallelRunner = std::function<void(int n, const std::function<void(int)>& fn)>;

/// One statement's write into a table: batches go in through each worker thread's own
/// state as the query produces them, then everything commits once. A write destroyed
/// before it commits (the statement failed or was cancelled) leaves the table as it was
/// and deletes what it wrote.
class TableWrite {
 public:
  struct LocalState {
    virtual ~LocalState() = default;
  };
  virtual ~TableWrite() = default;

  virtual std::unique_ptr<LocalState> NewLocalState() = 0;
  /// Writes a batch of the table's columns, in table order; the threads' states may write
  /// at the same time.
  virtual void Write(LocalState& local, const DataChunk& chunk) = 0;
  /// Hands over what a thread's state still holds, at the end of its input.
  virtual void Flush(LocalState& local) = 0;
  /// Commits everything written; returns the rows it wrote.
  virtual int64_t Commit(const ParallelRunner& run_parallel) = 0;
};

/// What an INSERT does to the rows already there, as Spark plans it: AppendData (INSERT
/// INTO), OverwriteByExpression (INSERT OVERWRITE in spark.sql.sources.partitionOverwriteMode
/// STATIC, the default: the rows its PARTITION clause's static values select, or the whole
/// table, are replaced) or OverwritePartitionsDynamic (mode DYNAMIC: the partitions the new
/// rows land in are replaced).
struct WriteMode {
  enum class Kind { kAppend, kOverwriteByExpression, kOverwritePartitionsDynamic };
  Kind kind = Kind::kAppend;
  /// kOverwriteByExpression: column = value for each static value, by column index (a NULL
  /// value: column IS NULL); none: every row.
  std::vector<std::pair<size_t, Value>> static_values;

  bool overwrite() const { return kind != Kind::kAppend; }
  /// kOverwriteByExpression: the rows replaced, as plans show them ("p1 = 23", "true").
  std::string Condition(const std::vector<std::string>& names) const {
    std::string out;
    for (const auto& [column, value] : static_values) {
      std::string term = value.is_null() ? names[column] + " IS NULL"
                         : names[column] + " = " +
                               (value.type().IsStringLike() ? "'" + value.ToString() + "'" : value.ToString());
      out += (out.empty() ? "" : " AND ") + term;
    }
    return out.empty() ? "true" : out;
  }
  /// The plan node's name.
  std::string PlanName() const {
    switch (kind) {
      case Kind::kAppend:
        return "AppendData";
      case Kind::kOverwriteByExpression:
        return "OverwriteByExpression";
      case Kind::kOverwritePartitionsDynamic:
        return "OverwritePartitionsDynamic";
    }
    return "";
  }
};

/// Something an INSERT writes: a temporary table, an Iceberg table or one of its
/// branches. The binder gets one from the session and casts the query to its columns;
/// the insert operator writes it.
class TableSink {
 public:
  virtual ~TableSink() = default;
  virtual const std::vector<std::string>& names() const = 0;
  virtual const std::vector<LogicalType>& types() const = 0;
  /// The NOT NULL columns.
  virtual const std::vector<bool>& required() const = 0;
  /// The value a write that omits column `column` stores (an Iceberg v3 field's
  /// write-default), or nothing: NULL.
  virtual std::optional<Value> WriteDefault(size_t column) const { return std::nullopt; }
  /// The table's name in messages and plans.
  virtual std::string DisplayName() const = 0;
  /// The columns an identity partition field takes as it is: those a PARTITION (c = v)
  /// clause may name.
  virtual std::vector<std::string> IdentityPartitionColumns() const { return {}; }
  /// True when rows must arrive in the query's order (one thread feeds the write).
  virtual bool PreservesOrder() const { return false; }
  /// The name of the write in plans: `mode`'s (AppendData, ...), unless the sink writes
  /// in a way of its own.
  virtual std::string PlanName(const WriteMode& mode) const { return mode.PlanName(); }
  /// Starts the statement's write, adding rows or replacing some as `mode` says.
  virtual std::unique_ptr<TableWrite> BeginWrite(const WriteMode& mode) const = 0;
};

}  // namespace floe
