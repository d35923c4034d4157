#pragma once

#include <map>
#include <memory>
#include <vector>

#include "common/field_selection.h"
#include "common/vector.h"
#include "iceberg/expressions/expression.h"
#include "iceberg/scan/delete_filter.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"
#include "parquet/column_predicate.h"
#include "parquet/parquet_reader.h"
#include "parquet/scan_counters.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Reads one task's Parquet data file row group by row group, as columns of the table
/// schema chosen by field id: renamed columns found by id, narrower types widened, a
/// field the file lacks read from the file's identity partition value (the spec's column
/// projection), else found by the name mapping, else NULL (a column added later); row
/// groups skipped by statistics (layer 4) and deleted rows removed. Rows that fail the
/// filter may still be returned; the caller filters rows. Const methods are thread-safe.
class DataFileReader {
 public:
  /// Streams the live rows of one row group in batches of at most kBatchSize rows.
  class RowGroupCursor {
   public:
    /// Fills `out` (one column per requested field) with the next rows; false at the end.
    bool Next(DataChunk& out);

   private:
    friend class DataFileReader;
    const DataFileReader* file_ = nullptr;
    // the deleted positions of a window of the cursor's rows, when a deletion vector's are
    // expanded for them (rows_ reads them: declared first, so it is destroyed first)
    std::vector<int64_t> deleted_;
    std::unique_ptr<RowGroupReader> rows_;  // null when no file column is read
    int64_t next_position_ = 0;
    int64_t row_group_start_ = 0;  // the file position of the row group's first row
    int64_t end_position_ = 0;
    DataChunk chunk_;
    SelectionVector keep_;
    std::vector<int64_t> batch_deleted_;  // DeleteFilter::Filter's, for a batch's positions
  };

  /// Opens the task's file and loads its deletes (through `deletes`, the scan's shared
  /// cache, when given); `field_ids` are the requested fields of `schema`; `selections`,
  /// when given, the part of each the query reads (the other fields of a struct are read
  /// as NULL, their columns never decoded); `spec` is the partition spec that wrote the file
  /// (nullptr: unpartitioned). Throws IOError or FormatError.
  DataFileReader(FileIO& io, const FileScanTask& task, const Schema& schema, const PartitionSpec* spec,
                 std::vector<int> field_ids, const ExpressionPtr& filter, const LocationRemapper& remapper,
                 const NameMapping& mapping, bool prune_row_groups, DeleteFileCache* deletes = nullptr,
                 const std::vector<FieldSelection>* selections = nullptr);

  /// Returns the number of row groups of the file.
  int num_row_groups() const { return reader_->num_row_groups(); }
  /// Returns the file's real size (what is read, whatever its manifest says).
  uint64_t file_size() const { return reader_->file_size(); }
  /// Returns the output types, one per requested field.
  const std::vector<LogicalType>& types() const { return types_; }
  /// Returns the predicates used to skip row groups and pages.
  const std::vector<ColumnPredicate>& column_predicates() const { return predicates_; }

  /// Returns the slices a row group's read may be split into, so that threads share a large
  /// row group (see ParquetReader::SliceRowGroup).
  std::vector<RowSlice> SliceRowGroup(int row_group, int64_t rows_per_slice) const {
    return reader_->SliceRowGroup(row_group, projection_, rows_per_slice);
  }

  /// Starts reading a row group, or a slice of its rows; returns nullptr (and counts a
  /// skipped row group, by its first slice) when its statistics prove no row can match.
  /// Counters are added to `counters` when done. A deletion vector's positions for the
  /// rows read are expanded, a window of rows at a time as the cursor reaches them, into
  /// `positions_buffer` when given (the caller's, which must outlive the cursor and serve
  /// no other while it is read: one buffer reused from cursor to cursor), else into the
  /// cursor's.
  std::unique_ptr<RowGroupCursor> ReadRowGroup(int row_group, ScanCounters* counters, RowSlice slice = {},
                                               std::vector<int64_t>* positions_buffer = nullptr) const;

 private:
  void BuildPredicates(const ExpressionPtr& filter, const Schema& schema, const NameMapping& mapping);
  // Returns true when the Parquet reader leaves the deleted rows out as it decodes (position
  // deletes only), so that a batch read from the file needs no filtering after.
  bool DecoderLeavesOutDeletes() const { return deletes_ && deletes_->positions_only(); }
  /// Fills the NULLs of a row lineage column (rows first_position.. of the file).
  void InheritRowLineage(uint8_t kind, int64_t first_position, size_t n, const SelectionVector* rows,
                         Vector* column) const;

  std::unique_ptr<ParquetReader> reader_;
  std::vector<LogicalType> types_;
  /// For each requested field, its column in the row group batch (file columns first,
  /// then one per constant of constants_), or -1 (all NULL).
  std::vector<int> slot_of_field_;
  /// The values of the fields read from the partition tuple, in slot order after the
  /// file's columns.
  std::vector<Value> constants_;
  /// File columns read, and the types to decode them as.
  std::vector<int> projection_;
  std::vector<LogicalType> read_types_;
  /// For each file column read, the tree to read it by when nested (null when flat).
  std::vector<std::shared_ptr<const ParquetNode>> read_nodes_;
  /// For each file column read, whether batches may be decoded into out's last vector of
  /// it (flat, and read by one field only).
  std::vector<bool> reusable_slot_;
  /// Equality delete field id -> slot in the row group batch (-1: absent, NULL).
  std::map<int, int> equality_slots_;
  std::vector<ColumnPredicate> predicates_;
  std::vector<int64_t> row_group_start_;
  std::unique_ptr<DeleteFilter> deletes_;
  bool prune_row_groups_;
  /// Per requested field: 0, or the metadata column it is (1 _row_id, 2
  /// _last_updated_sequence_number, 3 _pos), with what they inherit.
  std::vector<uint8_t> lineage_;
  std::optional<int64_t> first_row_id_;
  int64_t data_sequence_number_ = 0;
};

}  // namespace floe::iceberg
