#pragma once

#include <string>
#include <vector>

#include "common/query_context.h"
#include "common/types.h"
#include "function/function_context.h"
#include "planner/bound_expression.h"
#include "planner/table_sink.h"
#include "planner/table_source.h"

namespace floe {

/// What a DELETE did: the rows it deleted and how (counters for system.scans).
struct DeleteOutcome {
  int64_t rows_deleted = 0;
  ScanMetrics metrics;
};

/// A table a DELETE removes rows from (an Iceberg table or branch). The binder binds the
/// condition over its columns; the delete operator asks it to delete.
class DeleteTarget {
 public:
  virtual ~DeleteTarget() = default;
  virtual const std::vector<std::string>& names() const = 0;
  virtual const std::vector<LogicalType>& types() const = 0;
  /// The table's own name ("t"), which qualifies its columns unless the DELETE gives an alias.
  virtual std::string TableName() const = 0;
  /// The name shown in plans and system.scans ("floe.ns.t", "floe.ns.t.branch_b").
  virtual std::string DisplayName() const = 0;
  /// Describes what deleting the rows where `condition` is true (every row when null)
  /// would do, decided from metadata alone: nothing is read but manifests, nothing changes.
  virtual std::string Explain(const BoundExpression* condition) const = 0;
  /// Deletes the rows where `condition` (without subqueries) is true, every row when it
  /// is null, and commits; a failure leaves the table as it was. `query` (may be null) is
  /// checked for cancellation between batches.
  virtual DeleteOutcome Delete(const BoundExpression* condition, const FunctionContext& functions,
                               const ParallelRunner& run_parallel, QueryContext* query) const = 0;
};

}  // namespace floe
