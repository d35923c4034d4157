#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/vector.h"
#include "io/file_io.h"
#include "parquet/column_writer.h"
#include "parquet/nested_column_writer.h"
#include "parquet/parquet_metadata.h"
#include "parquet/parquet_writer_options.h"

namespace floe {

/// Writes DataChunks to a new Parquet file with the types, field ids, statistics and
/// page index the Iceberg spec prescribes, and returns the file's Iceberg metrics.
class ParquetWriter {
 public:
  /// Creates the file through `io` (which must outlive the writer); throws IOError when it
  /// cannot, NotImplementedError for a type Parquet cannot hold (INTERVAL).
  ParquetWriter(FileIO& io, const std::string& path, std::vector<ParquetWriterField> fields,
                ParquetWriterOptions options = {});
  /// Leaves an unclosed file behind as it is; call Close or Abort.
  ~ParquetWriter();

  /// Appends the chunk's rows; its columns match the fields in order and type.
  void Write(const DataChunk& chunk);
  /// Appends rows [from, from + count) of the chunk.
  void Write(const DataChunk& chunk, size_t from, size_t count);
  /// Writes the last row group, the page index and the footer, closes the file and
  /// returns what a manifest entry needs.
  ParquetFileMetrics Close();
  /// Closes and deletes the unfinished file (after a failed write); never throws.
  void Abort() noexcept;

  /// Writes the buffered rows as a row group now (no-op when none are buffered).
  void FlushRowGroup();
  /// Compresses every column's current page now, releasing its buffers.
  void FlushPages();
  /// Returns the size the file would have if closed now (buffered pages estimated compressed).
  int64_t EstimatedSize() const;
  /// Returns the bytes of memory the buffered row group holds.
  int64_t MemoryUsage() const;
  /// Returns the number of rows written so far.
  int64_t rows() const { return metadata_.num_rows + row_group_rows_; }

 private:

  std::vector<ParquetWriterField> fields_;
  ParquetWriterOptions options_;
  FileIO& io_;
  std::unique_ptr<OutputFile> file_;
  std::vector<std::unique_ptr<ColumnWriter>> columns_;  // one per leaf column
  /// Per field: its nested writer (null when flat) and its first leaf in columns_.
  std::vector<std::unique_ptr<NestedColumnWriter>> nested_;
  std::vector<size_t> first_leaf_;
  std::vector<ParquetWriterField> leaves_;
  parquet::FileMetaData metadata_;
  std::vector<std::vector<parquet::ColumnIndex>> column_indexes_;
  std::vector<std::vector<bool>> has_column_index_;
  std::vector<std::vector<parquet::OffsetIndex>> offset_indexes_;
  int64_t row_group_rows_ = 0;
  bool closed_ = false;
};

}  // namespace floe
