#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "io/file_io.h"
#include "parquet/column_predicate.h"
#include "parquet/column_statistics.h"
#include "parquet/parquet_metadata.h"
#include "parquet/parquet_schema.h"
#include "parquet/row_group_reader.h"
#include "parquet/scan_counters.h"

// Use from a scan (one morsel = one row group):
//
//   auto reader = ParquetReader::Open(io, path);               // once per file, shared
//   int col = reader->FindColumn(field_id, name);          // -1: the file lacks it
//   std::vector<ColumnPredicate> preds = {{col, ColumnPredicate::Op::kGe, {Value::Int64(10)}}};
//   ScanCounters counters;                                 // one per thread
//   auto rg = reader->ReadRowGroup(g, {col}, preds, &counters);
//   DataChunk chunk;
//   while (rg->Next(chunk)) { ... }                        // rows may still fail preds
//
// Predicates only prune: whole row groups by their statistics, row ranges by the page
// index; the rows returned must still be filtered. A large row group may be read as
// several morsels, each a slice of its rows (SliceRowGroup), by different threads.

namespace floe {

/// Rows [begin, end) of a row group; end -1: to the row group's end.
struct RowSlice {
  int64_t begin = 0;
  int64_t end = -1;
};

/// Scans split a row group of more rows into morsels of about this many (when its pages can
/// be found by the offset index), so that threads share a file of one large row group.
constexpr int64_t kRowsPerSlice = 1 << 20;

/// An open Parquet file: its footer and flat columns. Const methods are thread-safe,
/// so threads may read different row groups of one reader at once.
class ParquetReader {
 public:
  /// Opens the file and decodes its footer; throws IOError or FormatError.
  static std::unique_ptr<ParquetReader> Open(FileIO& io, const std::string& path);

  /// Returns the file's path.
  const std::string& path() const { return file_->path(); }
  /// Returns the file's size in bytes.
  uint64_t file_size() const { return file_->size(); }
  /// Returns the file's top-level columns.
  const std::vector<ParquetColumn>& columns() const { return columns_; }
  /// Returns the decoded footer.
  const parquet::FileMetaData& metadata() const { return metadata_; }
  /// Returns the total row count from the footer.
  int64_t num_rows() const { return metadata_.num_rows; }
  /// Returns the number of row groups.
  int num_row_groups() const { return static_cast<int>(metadata_.row_groups.size()); }
  /// Returns the row count of one row group.
  int64_t RowGroupNumRows(int row_group) const { return metadata_.row_groups.at(row_group).num_rows; }
  /// Returns the footer's key-value entry for `key`, if any.
  std::optional<std::string> KeyValue(const std::string& key) const;

  /// Returns the column index with the given field id, or else with the given name
  /// (name matching is used only when the file's columns carry no field ids); -1 if none.
  int FindColumn(int field_id, const std::string& name) const;

  /// Returns a column chunk's statistics as floe values.
  ColumnStatistics RowGroupStatistics(int row_group, int column) const;
  /// Returns the leaf with that leaf index when it lies inside structs only (no list or map
  /// above it: a value per row), else null.
  const ParquetColumn* StructLeaf(int leaf_index) const;
  /// Returns false only when no row of the row group can satisfy every predicate, by the
  /// chunks' statistics and then by their Bloom filters (setting `by_bloom`, when given, when
  /// a Bloom filter is what rules the row group out).
  bool RowGroupMayMatch(int row_group, const std::vector<ColumnPredicate>& predicates,
                        bool* by_bloom = nullptr) const;
  /// Returns the Bloom filter of a column chunk (a flat column or a leaf inside structs),
  /// read once and kept (at most the file's filters), or null when it has none that floe can
  /// use (another algorithm, hash or compression). Throws FormatError for a filter that is cut
  /// short or too large.
  std::shared_ptr<const BloomFilter> ChunkBloomFilter(int row_group, const ParquetColumn& column) const;

  /// Splits a row group into slices of about `rows_per_slice` rows that can be read apart
  /// without reading the same pages twice over (every projected column flat, with an offset
  /// index): a single whole slice otherwise, or when the row group is not much larger.
  std::vector<RowSlice> SliceRowGroup(int row_group, const std::vector<int>& projection,
                                      int64_t rows_per_slice) const;

  /// Starts reading the projected columns (indexes into columns()) of one row group, or of
  /// a slice of its rows, skipping it by statistics and its pages by the page index when
  /// predicates allow. The row group is counted (read or skipped) by its slice that begins
  /// at row 0; a page is counted skipped by the slice holding its first row.
  /// The reader's counters are added to `counters` (if given) when it is destroyed.
  /// `read_types`, when given, has one type per projected column to decode it as
  /// (Iceberg's type promotions, see ParquetSchema::Promote). `read_nodes`, when given, has
  /// one entry per projected column: for a nested column, the tree to read it by (an
  /// Iceberg projection of the file's: fields chosen, ordered, added as NULL), else null.
  std::unique_ptr<RowGroupReader> ReadRowGroup(
      int row_group, const std::vector<int>& projection, const std::vector<ColumnPredicate>& predicates,
      ScanCounters* counters = nullptr, const std::vector<LogicalType>* read_types = nullptr,
      const std::vector<std::shared_ptr<const ParquetNode>>* read_nodes = nullptr, RowSlice slice = {}) const;

 private:
  explicit ParquetReader(std::unique_ptr<InputFile> file) : file_(std::move(file)) {}
  void Load();
  std::vector<std::pair<int64_t, int64_t>> MatchingRows(
      int row_group, const std::vector<ColumnPredicate>& predicates, ScanCounters* counters) const;
  const parquet::ColumnChunk& Chunk(int row_group, int column) const;
  ColumnStatistics Statistics(int row_group, const ParquetColumn& column) const;
  std::unique_ptr<ColumnReader> OpenColumn(int row_group, const ParquetColumn& col,
                                           const std::vector<std::pair<int64_t, int64_t>>* ranges,
                                           ScanCounters* counters, RowSlice slice = {0, -1}) const;
  // Reads and decodes a column chunk's offset index (empty when it has none).
  parquet::OffsetIndex ReadOffsetIndex(const parquet::ColumnChunk& chunk, const ParquetColumn& col,
                                       ScanCounters* counters) const;

  std::unique_ptr<InputFile> file_;
  parquet::FileMetaData metadata_;
  std::vector<ParquetColumn> columns_;
  std::vector<const ParquetColumn*> struct_leaves_;  // by leaf index; null: not inside structs only
  bool has_field_ids_ = false;
  mutable std::mutex bloom_mutex_;
  mutable std::map<int64_t, std::shared_ptr<const BloomFilter>> bloom_filters_;  // by offset in the file
};

}  // namespace floe
