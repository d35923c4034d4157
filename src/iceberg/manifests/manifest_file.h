#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace floe::iceberg {

/// What the files of a manifest are.
enum class ManifestContent : uint8_t { kData = 0, kDeletes = 1 };

/// Bounds and null/NaN flags of one partition field over a manifest's files.
struct PartitionFieldSummary {
  bool contains_null = false;
  std::optional<bool> contains_nan;
  std::optional<std::string> lower_bound;  // single-value serialization
  std::optional<std::string> upper_bound;

  bool operator==(const PartitionFieldSummary& other) const = default;
};

/// An entry of a manifest list (spec manifest_file).
struct ManifestFile {
  /// Marks a sequence number the manifest list writer assigns at commit.
  static constexpr int64_t kUnassignedSequenceNumber = -1;

  std::string manifest_path;
  int64_t manifest_length = 0;
  int partition_spec_id = 0;
  ManifestContent content = ManifestContent::kData;
  int64_t sequence_number = kUnassignedSequenceNumber;
  int64_t min_sequence_number = kUnassignedSequenceNumber;
  int64_t added_snapshot_id = 0;
  int32_t added_files_count = 0;
  int32_t existing_files_count = 0;
  int32_t deleted_files_count = 0;
  int64_t added_rows_count = 0;
  int64_t existing_rows_count = 0;
  int64_t deleted_rows_count = 0;
  std::vector<PartitionFieldSummary> partitions;
  std::optional<std::string> key_metadata;
  /// Row lineage (format version 3): the first row id of the data files the manifest adds
  /// that do not carry their own, assigned in order.
  std::optional<int64_t> first_row_id;

  bool operator==(const ManifestFile& other) const = default;
};

}  // namespace floe::iceberg
