#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "parquet/parquet_metadata.h"

namespace floe {

/// One column to write: its name, Iceberg field id (-1 for none), type and nullability.
struct ParquetWriterField {
  std::string name;
  int field_id = -1;
  LogicalType type;
  bool nullable = true;
  /// A struct's fields, a list's element, a map's key and value (their ids and
  /// nullability); when empty for a nested type, fields without ids, all nullable (a
  /// map's key required).
  std::vector<ParquetWriterField> children;
  /// False for a column the file leaves out (Iceberg's unknown: always NULL, never stored);
  /// the batches still carry it.
  bool stored = true;
  /// Set by the writer for a leaf of a nested column: its path in the schema and greatest
  /// definition and repetition levels.
  std::vector<std::string> path;
  int max_def = -1;
  int max_rep = 0;
};

/// A column's Parquet Bloom filter (Iceberg's write.parquet.bloom-filter-*.column.<name>).
struct ParquetBloomFilterOptions {
  /// The false-positive rate the filter is sized for.
  double fpp = 0.01;
  /// When > 0, the distinct values to size it for (parquet-java's NDV); else the number of
  /// distinct values each chunk holds.
  int64_t ndv = 0;
};

/// How a ParquetWriter encodes and lays out the file.
struct ParquetWriterOptions {
  parquet::Codec codec = parquet::Codec::kZstd;
  /// Codec level (ZSTD 1..22, GZIP 1..9, BROTLI 1..11); ignored by the others.
  int compression_level = 3;
  /// Target bytes of encoded data per row group.
  int64_t row_group_size = int64_t{128} << 20;
  /// Target bytes of encoded values per data page.
  int64_t page_size = int64_t{1} << 20;
  /// Most rows per data page, which sets the page index's granularity.
  int64_t page_row_limit = 20000;
  /// Dictionary encoding is abandoned for PLAIN once a chunk's dictionary passes this.
  int64_t dictionary_size_limit = int64_t{1} << 20;
  bool enable_dictionary = true;
  /// Writes ColumnIndex and OffsetIndex structures after the row groups.
  bool write_page_index = true;
  /// Columns, by field id, whose chunks get a Bloom filter of their values, written after
  /// each row group's chunks.
  std::map<int, ParquetBloomFilterOptions> bloom_filters;
  /// Most bytes of one Bloom filter's bitset (write.parquet.bloom-filter-max-bytes).
  int64_t bloom_filter_max_bytes = int64_t{1} << 20;
  /// Footer key-value metadata, for example {"iceberg.schema", <schema JSON>}.
  std::vector<std::pair<std::string, std::string>> key_value_metadata;
  /// When > 0, string and binary bounds in the metrics are truncated to this many
  /// characters (bytes for binary) the way Iceberg does, the upper bound rounded up.
  int truncate_bounds = 0;
};

/// What an Iceberg manifest needs to know about one column of a written file.
struct ParquetFieldMetrics {
  int field_id = -1;
  /// Compressed bytes of the column's chunks, page headers included.
  int64_t column_size = 0;
  /// Values including NULLs (and NaNs).
  int64_t value_count = 0;
  int64_t null_count = 0;
  /// NaN values; only meaningful for float and double columns.
  int64_t nan_count = 0;
  /// The smallest and largest non-NULL, non-NaN value; absent when there is none.
  std::optional<Value> lower_bound;
  std::optional<Value> upper_bound;
};

/// The result of writing one Parquet file.
struct ParquetFileMetrics {
  int64_t record_count = 0;
  int64_t file_size = 0;
  /// One per written column, in column order.
  std::vector<ParquetFieldMetrics> fields;
  /// Start offsets of the row groups (Iceberg's split offsets).
  std::vector<int64_t> split_offsets;
};

}  // namespace floe
