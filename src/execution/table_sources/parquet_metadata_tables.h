#pragma once

#include <memory>
#include <string>

#include "execution/table_sources/memory_table.h"
#include "common/value.h"
#include "io/file_io.h"

namespace floe {

/// The tables of parquet_metadata('f'), parquet_schema('f') and parquet_bloom_probe('f',
/// 'column', value), with DuckDB's columns: what the footers (and Bloom filters) of the
/// matching files say, one row per column chunk, schema node or row group.
class ParquetMetadataTables {
 public:
  /// Returns one row per column chunk of every row group of the matching files.
  static std::shared_ptr<MemoryTable> Metadata(FileIO& io, const std::string& pattern);
  /// Returns, per row group of the matching files, whether the Bloom filter of `column` (a
  /// top-level column) rules out `value` (cast to the column's type), as DuckDB's
  /// parquet_bloom_probe: bloom_filter_excludes is false where a chunk has no filter.
  static std::shared_ptr<MemoryTable> BloomProbe(FileIO& io, const std::string& pattern, const std::string& column,
                                                 const Value& value);
  /// Returns one row per schema element (the root included) of the matching files.
  static std::shared_ptr<MemoryTable> Schema(FileIO& io, const std::string& pattern);
};

}  // namespace floe
