#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "iceberg/location_remapper.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/table_metadata.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "planner/table_sink.h"

namespace floe {

/// An Iceberg table (or branch) as an INSERT or CREATE TABLE AS writes it: rows streamed
/// into data files under the metadata's current schema and default spec (routed by the
/// spec on every thread, rolled at the target size, memory bounded by the writer's limit),
/// then handed to the statement's commit. Files of a write that fails or never commits
/// are deleted.
class IcebergTableSink : public TableSink {
 public:
  /// Commits a write's files (paths as the metadata names them); a throw deletes them.
  using CommitFiles = std::function<void(std::vector<iceberg::DataFile> files, const WriteMode& mode)>;

  /// `name` is the table's name in messages; `remapper` maps the metadata's locations to
  /// the paths the writer's FileIO writes.
  IcebergTableSink(std::string name, std::shared_ptr<const iceberg::TableMetadata> metadata,
                   iceberg::DataWriterOptions options, iceberg::LocationRemapper remapper, CommitFiles commit);

  const std::vector<std::string>& names() const override { return names_; }
  const std::vector<LogicalType>& types() const override { return types_; }
  const std::vector<bool>& required() const override { return required_; }
  std::optional<Value> WriteDefault(size_t column) const override;
  std::string DisplayName() const override { return name_; }
  std::vector<std::string> IdentityPartitionColumns() const override;
  std::unique_ptr<TableWrite> BeginWrite(const WriteMode& mode) const override;

 private:
  std::string name_;
  std::shared_ptr<const iceberg::TableMetadata> metadata_;
  iceberg::DataWriterOptions options_;
  iceberg::LocationRemapper remapper_;
  CommitFiles commit_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<bool> required_;
};

}  // namespace floe
