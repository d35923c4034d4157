#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/value.h"
#include "iceberg/partition_field.h"
#include "iceberg/schema.h"

namespace floe::iceberg {

/// A partition spec: how rows map to partition tuples (spec "Partitioning").
class PartitionSpec {
 public:
  /// Partition field ids start here (spec: "1000 for v1 specs").
  static constexpr int kPartitionDataIdStart = 1000;

  PartitionSpec() = default;
  PartitionSpec(int spec_id, std::vector<PartitionField> fields)
      : spec_id_(spec_id), fields_(std::move(fields)) {}
  /// Returns the spec with no fields.
  static PartitionSpec Unpartitioned(int spec_id = 0) { return PartitionSpec(spec_id, {}); }

  int spec_id() const { return spec_id_; }
  const std::vector<PartitionField>& fields() const { return fields_; }
  /// Returns true when no field partitions the data (no fields, or only void ones).
  bool IsUnpartitioned() const;
  /// Returns the largest partition field id, or kPartitionDataIdStart - 1 when empty.
  int LastAssignedFieldId() const;

  /// Returns the partition tuple's struct type: one optional field per partition field
  /// with the transform's result type and the partition field id. Throws
  /// InvalidInputError when a source column is missing or cannot be transformed.
  TypePtr PartitionType(const Schema& schema) const;
  /// Returns the partition path ("event_time_day=2026-01-15/region=EU"), each name and
  /// value URL-encoded as Java's PartitionSpec.partitionToPath does.
  std::string PartitionToPath(const Schema& schema, const std::vector<Value>& partition) const;
  /// Returns true when both specs have the same fields (source, transform, name), ignoring
  /// spec ids and partition field ids.
  bool SameFieldsAs(const PartitionSpec& other) const;

  /// Serializes as the spec's JSON ({"spec-id": 0, "fields": [...]}).
  nlohmann::json ToJson() const;
  /// Parses the spec's JSON; also a v1 "partition-spec" field array (ids then start at 1000).
  static PartitionSpec FromJson(const nlohmann::json& json);
  /// Parses a bare field array (v1); fields without "field-id" get 1000, 1001, ...
  static std::vector<PartitionField> FieldsFromJson(const nlohmann::json& fields);

  bool operator==(const PartitionSpec& other) const = default;

 private:
  int spec_id_ = 0;
  std::vector<PartitionField> fields_;
};

/// URL-encodes as Java's URLEncoder (UTF-8): letters, digits and ".-*_" stay, space
/// becomes "+", every other byte "%XX".
std::string UrlEncode(const std::string& text);

/// Throws InvalidInputError when a spec partitions one column by two time transforms
/// (days and hours of ts), as Iceberg's PartitionSpec.Builder refuses.
void CheckRedundantTimePartitions(const PartitionSpec& spec, const Schema& schema);

}  // namespace floe::iceberg
