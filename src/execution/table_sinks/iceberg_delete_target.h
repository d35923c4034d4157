#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "iceberg/location_remapper.h"
#include "iceberg/scan/table_scan.h"
#include "iceberg/table_metadata.h"
#include "iceberg/write/conflict_validation.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "iceberg/write/snapshot_producer.h"
#include "io/file_io.h"
#include "execution/table_sinks/iceberg_row_level_table.h"
#include "planner/delete_target.h"

namespace floe {

/// An Iceberg table (or branch) a DELETE removes rows from. Only files that may hold
/// matching rows are touched (the scan's pruning layers). A file whose rows all match -
/// proven by the strict projection of the condition onto its partition, or by its column
/// metrics - is dropped without being opened; any other is read and rewritten without the
/// matching rows (copy-on-write), or keeps them and gets their positions in a delete file or
/// deletion vector (write.delete.mode = merge-on-read). One commit: when every file goes
/// whole, a delete by the row filter applied to the table as it is at commit (Spark's
/// metadata-only DELETE); otherwise validated as Spark's copy-on-write or position delta
/// DELETE is.
class IcebergDeleteTarget : public DeleteTarget {
 public:
  struct Options : IcebergRowLevelTable {
    iceberg::PruningOptions pruning;
  };

  explicit IcebergDeleteTarget(Options options);

  const std::vector<std::string>& names() const override { return names_; }
  const std::vector<LogicalType>& types() const override { return types_; }
  std::string TableName() const override { return options_.table_name; }
  std::string DisplayName() const override { return options_.display_name; }
  std::string Explain(const BoundExpression* condition) const override;
  DeleteOutcome Delete(const BoundExpression* condition, const FunctionContext& functions,
                       const ParallelRunner& run_parallel, QueryContext* query) const override;

 private:
  /// What the metadata decides: the files that may hold matching rows, which of them go
  /// whole, which must be read.
  struct Plan;
  Plan PlanFiles(const BoundExpression* condition) const;
  /// Deletes the matching rows of the files `plan` reads merge-on-read (write.delete.mode):
  /// deletion vectors (v3) or position delete files (v2); commits `change` with them.
  DeleteOutcome DeleteMergeOnRead(const Plan& plan, const BoundExpression* condition, const FunctionContext& functions,
                                  QueryContext* query, iceberg::SnapshotChange change) const;
  /// The outcome of a delete by `plan` and its metrics.
  static DeleteOutcome Outcome(const Plan& plan, int64_t rows_deleted, int64_t files_read, int64_t rewritten);

  Options options_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<int> field_ids_;
};

}  // namespace floe
