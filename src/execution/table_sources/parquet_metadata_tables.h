#pragma once

#include <memory>
#include <string>

#include "execution/table_sources/memory_table.h"
#include "io/file_io.h"

namespace floe {

/// The tables of parquet_metadata('f') and parquet_schema('f'), with DuckDB's columns:
/// what the footers of the matching files say, one row per column chunk or schema node.
class ParquetMetadataTables {
 public:
  /// Returns one row per column chunk of every row group of the matching files.
  static std::shared_ptr<MemoryTable> Metadata(FileIO& io, const std::string& pattern);
  /// Returns one row per schema element (the root included) of the matching files.
  static std::shared_ptr<MemoryTable> Schema(FileIO& io, const std::string& pattern);
};

}  // namespace floe
