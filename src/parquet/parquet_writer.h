#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/vector.h"
#include "io/local_file_writer.h"
#include "parquet/column_writer.h"
#include "parquet/parquet_metadata.h"
#include "parquet/parquet_writer_options.h"

namespace floe {

/// Writes DataChunks to a new Parquet file with the types, field ids, statistics and
/// page index the Iceberg spec prescribes, and returns the file's Iceberg metrics.
class ParquetWriter {
 public:
  /// Creates the file; throws IOError when it cannot, NotImplementedError for a type
  /// Parquet cannot hold (INTERVAL).
  ParquetWriter(const std::string& path, std::vector<ParquetWriterField> fields,
                ParquetWriterOptions options = {});
  /// Leaves an unclosed file behind as it is; call Close or Abort.
  ~ParquetWriter();

  /// Appends the chunk's rows; its columns match the fields in order and type.
  void Write(const DataChunk& chunk);
  /// Writes the last row group, the page index and the footer, closes the file and
  /// returns what a manifest entry needs.
  ParquetFileMetrics Close();
  /// Closes and deletes the unfinished file (after a failed write); never throws.
  void Abort() noexcept;

 private:
  void FlushRowGroup();

  std::vector<ParquetWriterField> fields_;
  ParquetWriterOptions options_;
  LocalFileWriter file_;
  std::vector<std::unique_ptr<ColumnWriter>> columns_;
  parquet::FileMetaData metadata_;
  std::vector<std::vector<parquet::ColumnIndex>> column_indexes_;
  std::vector<std::vector<bool>> has_column_index_;
  std::vector<std::vector<parquet::OffsetIndex>> offset_indexes_;
  int64_t row_group_rows_ = 0;
  bool closed_ = false;
};

}  // namespace floe
