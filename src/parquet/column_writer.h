#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "common/vector.h"
#include "io/file_io.h"
#include "parquet/column_bloom_filter.h"
#include "parquet/parquet_metadata.h"
#include "parquet/parquet_writer_options.h"

namespace floe {

/// Encodes one column into pages, buffered until its row group's chunk is flushed.
/// Keeps statistics per page, per chunk and for the whole file.
class ColumnWriter {
 public:
  /// Returns a writer for the field's type.
  static std::unique_ptr<ColumnWriter> Make(const ParquetWriterField& field,
                                            const ParquetWriterOptions& options);
  virtual ~ColumnWriter() = default;

  /// Appends rows [offset, offset + n) of the vector.
  virtual void Write(const Vector& vector, size_t offset, size_t n) = 0;
  /// A leaf of a nested column (field.max_def >= 0): appends `entries` level pairs, whole
  /// rows of them, and the values of the entries at the greatest definition level (rows
  /// [0, k) of `values`, in order).
  virtual void WriteLevels(const Vector& values, const uint8_t* defs, const uint8_t* reps, size_t entries) = 0;
  /// Returns the bytes buffered for the current row group.
  virtual int64_t BufferedSize() const = 0;
  /// Returns the bytes the buffered row group is expected to take in the file once
  /// compressed (the current page estimated at the ratio of the pages compressed so far).
  virtual int64_t EstimatedEncodedSize() const = 0;
  /// Returns the bytes of memory held by the buffers (capacity, not just contents).
  virtual int64_t MemoryUsage() const = 0;
  /// Encodes and compresses the current page now, releasing its buffers.
  virtual void FlushPages() = 0;
  /// Writes the buffered chunk to the file and describes it (and its page index).
  virtual void FlushChunk(OutputFile& file, parquet::ColumnChunk* chunk,
                          parquet::ColumnIndex* column_index, bool* has_column_index,
                          parquet::OffsetIndex* offset_index) = 0;
  /// Returns the metrics of every chunk flushed so far.
  const ParquetFieldMetrics& metrics() const { return metrics_; }
  /// Moves the last flushed chunk's Bloom filter (header and bitset) into `out`; returns false
  /// when the column has none.
  bool TakeBloomFilter(std::string* out);

 protected:
  /// Starts collecting a Bloom filter when `options` asks one for the field.
  void StartBloomFilter(const ParquetWriterField& field, const ParquetWriterOptions& options);
  /// Encodes the chunk's Bloom filter for TakeBloomFilter and starts the next chunk's.
  void FinishBloomFilter();

  ParquetFieldMetrics metrics_;
  /// The hashes of the chunk's values; null when the column gets no Bloom filter.
  std::unique_ptr<ParquetBloomFilterBuilder> bloom_;
  int64_t bloom_ndv_ = 0;
  std::string bloom_bytes_;
};

}  // namespace floe
