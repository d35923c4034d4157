#pragma once

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
  void CloseFile(OpenFile& file);
  std::string NewFilePath(const std::string& partition_path);

  Schema schema_;
  PartitionSpec spec_;
  DataWriterOptions options_;
  std::vector<ParquetWriterField> fields_;
  std::vector<int> source_columns_;  // per partition field: top-level column index
  std::map<std::string, OpenFile> open_;
  std::vector<DataFile> done_;
  std::vector<std::string> written_paths_;
  std::string write_id_;
  int file_counter_ = 0;
};

/// Converts a written file's Parquet metrics into an Iceberg DataFile.
DataFile MakeDataFile(const Schema& schema, const std::string& path, const std::vector<Value>& partition,
                      const ParquetFileMetrics& metrics, int spec_id);

}  // namespace floe::iceberg
