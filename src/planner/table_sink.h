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
  /// Starts the statement's write; `overwrite` replaces rows (INSERT OVERWRITE) instead
  /// of adding to them.
  virtual std::unique_ptr<TableWrite> BeginWrite(bool overwrite) const = 0;
};

}  // namespace floe
