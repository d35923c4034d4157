#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/value.h"
#include "execution/table_sources/parquet_source.h"

namespace floe {

/// The Parquet table functions: read_parquet(path [, hive_partitioning => bool]
/// [, union_by_name => bool]), parquet_metadata(path), parquet_schema(path) and
/// parquet_bloom_probe(path, column, value).
class ParquetTableFunction {
 public:
  /// Returns the source for a call of one of the functions, or null for another name;
  /// throws BinderError for wrong arguments and IOError / FormatError for the files.
  /// `defaults` holds the session's pruning switches; the arguments set the rest.
  static std::shared_ptr<TableSource> Make(const std::string& name, const std::vector<Value>& args,
                                           const std::vector<std::string>& arg_names,
                                           const ParquetSourceOptions& defaults = {});
};

}  // namespace floe
