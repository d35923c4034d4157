#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "iceberg/location_remapper.h"
#include "iceberg/table_metadata.h"
#include "iceberg/write/conflict_validation.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "iceberg/write/snapshot_producer.h"
#include "io/file_io.h"
#include "execution/table_sinks/iceberg_row_level_table.h"
#include "planner/row_change_target.h"

namespace floe {

/// An Iceberg table (or branch) whose rows an UPDATE, MERGE or DELETE changes, as Spark +
/// Iceberg apply a row-level operation. The plan's rows name the target rows that go
/// (deleted or updated: by data file and position) and the rows to write (updated and
/// inserted); at commit, by the table's write.<op>.mode:
/// - copy-on-write (the default): each data file with a changed row is read again and
///   rewritten without its changed rows (Spark's SparkCopyOnWriteOperation); the commit
///   replaces those files, validated as Spark's copy-on-write commit;
/// - merge-on-read: the positions go into position delete files (format v2, one per data
///   file: Iceberg 1.10's default write.delete.granularity = file) or deletion vectors (v3,
///   merged with the file's earlier deletes), committed as a row delta (Spark's
///   SparkPositionDeltaWrite) with the new rows.
class IcebergRowChangeTarget : public RowChangeTarget {
 public:
  struct Options : IcebergRowLevelTable {
    /// The scan of the table as read, with its metadata columns.
    std::shared_ptr<TableSource> source;
  };

  explicit IcebergRowChangeTarget(Options options);

  // TableSink: the plan's rows (RowChangeLayout).
  const std::vector<std::string>& names() const override { return layout_names_; }
  const std::vector<LogicalType>& types() const override { return layout_types_; }
  const std::vector<bool>& required() const override { return layout_required_; }
  std::string DisplayName() const override { return options_.display_name; }
  std::unique_ptr<TableWrite> BeginWrite(const WriteMode& mode) const override;
  /// Spark's plan nodes: ReplaceData (copy-on-write), WriteDelta (merge-on-read), AppendData
  /// (an insert-only MERGE).
  std::string PlanName(const WriteMode& mode) const override;

  // RowChangeTarget
  std::shared_ptr<TableSource> source() const override { return options_.source; }
  std::string TableName() const override { return options_.table_name; }
  const std::vector<std::string>& column_names() const override { return names_; }
  const std::vector<LogicalType>& column_types() const override { return types_; }
  const std::vector<bool>& column_required() const override { return required_; }
  std::optional<Value> ColumnWriteDefault(size_t column) const override;
  void Configure(RowChangeSpec spec) override;
  RowChangeCounts counts() const override { return *counts_; }

  /// The table property naming the statement's mode ("write.update.mode", ...).
  static std::string ModeProperty(RowChangeKind kind);
  /// True when `kind` is merge-on-read in the table (copy-on-write is the default).
  static bool MergeOnRead(const iceberg::TableMetadata& metadata, RowChangeKind kind);

 private:
  Options options_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<bool> required_;
  std::vector<std::string> layout_names_;
  std::vector<LogicalType> layout_types_;
  std::vector<bool> layout_required_;
  RowChangeSpec spec_;
  iceberg::ExpressionPtr conflict_filter_ = iceberg::Expression::AlwaysTrue();
  // why: shared with the write, which fills it in at commit
  std::shared_ptr<RowChangeCounts> counts_ = std::make_shared<RowChangeCounts>();
};

}  // namespace floe
