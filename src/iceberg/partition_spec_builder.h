#pragma once

#include <optional>
#include <string>
#include <vector>

#include "iceberg/partition_spec.h"

namespace floe::iceberg {

/// Builds a partition spec from columns and transforms with Java's default field names
/// (identity: the column; others: column + "_day", "_bucket", "_trunc", ...), validating
/// that each column exists, accepts its transform, and is not partitioned twice the same way.
class PartitionSpecBuilder {
 public:
  /// Starts a spec over `schema`; new field ids follow `last_partition_id`.
  PartitionSpecBuilder(const Schema& schema, int last_partition_id = PartitionSpec::kPartitionDataIdStart - 1)
      : schema_(schema), last_partition_id_(last_partition_id) {}

  /// Adds a field; throws InvalidInputError for an unknown column, a transform the column's
  /// type does not accept, a duplicate name, or an existing field with the same column and
  /// transform. Without a name, `evolution` names it as Java's UpdatePartitionSpec does
  /// (PartitionNameGenerator: a bucket or truncate field keeps its parameter, id_bucket_16,
  /// s_trunc_4), else as its PartitionSpec.Builder does (id_bucket, s_trunc).
  PartitionSpecBuilder& Add(const std::string& column, const Transform& transform,
                            const std::optional<std::string>& name = std::nullopt, bool evolution = false);
  /// Adds a field keeping a given field id (to carry fields over during evolution).
  PartitionSpecBuilder& AddWithId(const PartitionField& field);
  /// Returns the spec with this id.
  PartitionSpec Build(int spec_id) const { return PartitionSpec(spec_id, fields_); }
  /// Returns the largest field id assigned so far.
  int last_partition_id() const { return last_partition_id_; }

 private:
  void Check(const PartitionField& field) const;

  const Schema& schema_;
  int last_partition_id_;
  std::vector<PartitionField> fields_;
};

}  // namespace floe::iceberg
