#pragma once

#include <string>
#include <vector>

#include "parquet/parquet_writer_options.h"
#include "planner/logical_operator.h"

namespace floe {

/// What COPY ... TO writes and how.
struct CopyToFileOptions {
  enum class Format { kParquet, kCsv };
  Format format = Format::kParquet;
  ParquetWriterOptions parquet;
  char csv_delimiter = ',';
  bool csv_header = true;
};

/// COPY (query) | table TO 'file': writes its child's rows, in order, into a new file;
/// outputs one row, the count of rows written.
struct LogicalCopyToFile : LogicalOperator {
  LogicalCopyToFile() : LogicalOperator(LogicalOperatorType::kCopyToFile) {}
  std::string path;
  CopyToFileOptions options;
  /// The file's column names: the query's, made unique.
  std::vector<std::string> column_names;
  std::string Describe() const override { return "CopyToFile " + path; }
};

}  // namespace floe
