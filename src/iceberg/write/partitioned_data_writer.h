#pragma once

#include <functional>
#include <mutex>
#include <tuple>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/vector.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"
#include "parquet/parquet_writer.h"

namespace floe::iceberg {

/// How data files are written: where, with which Parquet options, how large.
struct DataWriterOptions {
  /// Folder of the table's data files (`<table location>/data`).
  std::string data_location;
  ParquetWriterOptions parquet;
  /// Files roll over near this size (write.target-file-size-bytes, default 512 MiB).
  int64_t target_file_size = int64_t{512} << 20;
};

/// Routes rows to one Parquet writer per partition of a spec (the spec's transforms applied
/// to whole vectors), rolls files at the target size, and returns the DataFiles with the
/// metrics manifests need. Input batches hold the schema's top-level columns in order.
class PartitionedDataWriter {
 public:
  PartitionedDataWriter(const Schema& schema, const PartitionSpec& spec, DataWriterOptions options);
  ~PartitionedDataWriter();

  /// Writes the rows of a batch.
  void Write(const DataChunk& chunk);
  /// Runs fn(0..n-1), possibly on several threads, and waits; rethrows the first error.
  using ParallelFor = std::function<void(int n, const std::function<void(int)>& fn)>;
  /// Writes many batches, the partitions written in parallel (one writer per partition,
  /// so no extra small files); equivalent to Write on each batch in turn.
  void WriteAll(const std::vector<const DataChunk*>& chunks, const ParallelFor& parallel_for);
  /// Closes every open file and returns the files written.
  std::vector<DataFile> Finish();
  /// Deletes every file written so far (after a failure); never throws.
  void Abort() noexcept;

 private:
  struct OpenFile {
    std::unique_ptr<ParquetWriter> writer;
    std::string path;
    std::vector<Value> partition;
    std::string partition_path;
    int64_t estimated_bytes = 0;
  };
  OpenFile& FileFor(const std::string& key, const std::vector<Value>& partition);
  /// Splits a batch by partition: (key, partition tuple, rows) per partition present.
  std::vector<std::tuple<std::string, std::vector<Value>, DataChunk>> SplitByPartition(const DataChunk& chunk);
  /// Appends rows to a partition's open file, rolling it at the target size.
  void WriteToPartition(const std::string& key, const std::vector<Value>& partition, const DataChunk& rows,
                        std::vector<DataFile>* done);
  void CloseFile(OpenFile& file);
  std::string NewFilePath(const std::string& partition_path);

  Schema schema_;
  PartitionSpec spec_;
  DataWriterOptions options_;
  std::vector<ParquetWriterField> fields_;
  std::vector<int> source_columns_;  // per partition field: top-level column index
  std::map<std::string, OpenFile> open_;
  std::vector<DataFile> done_;
  std::mutex mutex_;  // guards open_, done_, written_paths_ during WriteAll
  std::vector<std::string> written_paths_;
  std::string write_id_;
  int file_counter_ = 0;
};

/// Converts a written file's Parquet metrics into an Iceberg DataFile.
DataFile MakeDataFile(const Schema& schema, const std::string& path, const std::vector<Value>& partition,
                      const ParquetFileMetrics& metrics, int spec_id);

}  // namespace floe::iceberg
