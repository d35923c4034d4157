#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/value.h"

namespace floe::iceberg {

/// What a content file holds.
enum class FileContent : uint8_t { kData = 0, kPositionDeletes = 1, kEqualityDeletes = 2 };

/// The file_format of a deletion vector's Puffin file.
inline constexpr const char* kPuffinFormat = "PUFFIN";

/// A data or delete file as a manifest describes it (spec "Manifests", data_file struct).
/// Map keys are column field ids; bounds use the single-value serialization.
struct DataFile {
  FileContent content = FileContent::kData;
  std::string file_path;
  std::string file_format = "PARQUET";
  /// The partition tuple, one value per field of the spec that wrote the file.
  std::vector<Value> partition;
  int64_t record_count = 0;
  int64_t file_size_in_bytes = 0;
  std::map<int, int64_t> column_sizes;
  std::map<int, int64_t> value_counts;
  std::map<int, int64_t> null_value_counts;
  std::map<int, int64_t> nan_value_counts;
  std::map<int, std::string> lower_bounds;
  std::map<int, std::string> upper_bounds;
  std::optional<std::string> key_metadata;
  std::vector<int64_t> split_offsets;
  std::vector<int> equality_ids;
  std::optional<int> sort_order_id;
  /// Row lineage (format version 3): the row id of the file's first row; row i has id
  /// first_row_id + i unless the file stores _row_id.
  std::optional<int64_t> first_row_id;
  /// A deletion vector's data file (as the manifest writes paths), and where in its
  /// Puffin file the vector's blob lies.
  std::optional<std::string> referenced_data_file;
  std::optional<int64_t> content_offset;
  std::optional<int64_t> content_size_in_bytes;
  /// The id of the partition spec of the manifest the file was read from (not stored).
  int spec_id = 0;

  /// Returns true for a deletion vector (a position delete in a Puffin file; format v3).
  bool IsDeletionVector() const;
  /// Returns the one data file a position delete file names (Java's
  /// ContentFileUtil.referencedDataFile): its referenced_data_file, else its file_path
  /// column's bounds when they are equal; nothing for a file that may name several.
  std::optional<std::string> ReferencedDataFile() const;

  bool operator==(const DataFile& other) const = default;
};

/// The field ids of a position delete file's columns (spec "Position Delete Files"):
/// file_path, pos, and the optional row (the deleted row, a struct of the table's columns).
inline constexpr int kDeleteFilePathFieldId = 2147483546;
inline constexpr int kDeletePosFieldId = 2147483545;
inline constexpr int kDeleteRowFieldId = 2147483544;

inline std::optional<std::string> DataFile::ReferencedDataFile() const {
  if (content != FileContent::kPositionDeletes) return std::nullopt;
  if (referenced_data_file) return referenced_data_file;
  auto lower = lower_bounds.find(kDeleteFilePathFieldId);
  auto upper = upper_bounds.find(kDeleteFilePathFieldId);
  if (lower == lower_bounds.end() || upper == upper_bounds.end() || lower->second != upper->second) {
    return std::nullopt;
  }
  return lower->second;  // a string bound is its UTF-8 bytes
}

inline bool DataFile::IsDeletionVector() const {
  return content == FileContent::kPositionDeletes && (file_format == kPuffinFormat || file_format == "puffin");
}

}  // namespace floe::iceberg
