#include "execution/table_sources/parquet_table_function.h"

#include "common/ascii_case.h"
#include "common/exception.h"
#include "execution/table_sources/parquet_metadata_tables.h"
#include "execution/table_sources/parquet_source.h"

namespace floe {

namespace {

std::string PathArgument(const std::string& name, const std::vector<Value>& args,
                         const std::vector<std::string>& arg_names) {
  if (args.empty() || (!arg_names.empty() && !arg_names[0].empty())) {
    throw BinderError(name + " takes the file path (or glob) as its first argument");
  }
  if (args[0].is_null() || args[0].type().id() != TypeId::kString) {
    throw BinderError(name + ": the file path must be a string, got " + args[0].ToString());
  }
  return args[0].str();
}

bool BoolArgument(const std::string& function, const std::string& name, const Value& v) {
  if (v.is_null() || v.type().id() != TypeId::kBoolean) {
    throw BinderError(function + ": " + name + " must be true or false, got " + v.ToString());
  }
  return v.boolean();
}

}  // namespace

std::shared_ptr<TableSource> ParquetTableFunction::Make(const std::string& name,
                                                        const std::vector<Value>& args,
                                                        const std::vector<std::string>& arg_names,
                                                        const ParquetSourceOptions& defaults) {
  if (name == "read_parquet" || name == "parquet_scan") {
    std::string path = PathArgument(name, args, arg_names);
    ParquetSourceOptions options = defaults;
    for (size_t i = 1; i < args.size(); ++i) {
      std::string key = i < arg_names.size() ? ToLower(arg_names[i]) : "";
      if (key == "hive_partitioning") {
        options.hive_partitioning = BoolArgument(name, key, args[i]);
      } else if (key == "union_by_name") {
        options.union_by_name = BoolArgument(name, key, args[i]);
      } else if (key.empty()) {
        throw BinderError(name +
                          " takes one positional argument (the path); name the others, "
                          "e.g. hive_partitioning => true");
      } else {
        throw BinderError(name + ": unknown argument " + key +
                          " (expected hive_partitioning or union_by_name)");
      }
    }
    return std::make_shared<ParquetSource>(path, options);
  }
  if (name == "parquet_bloom_probe") {
    std::string path = PathArgument(name, args, arg_names);
    if (args.size() != 3 || args[1].is_null() || args[1].type().id() != TypeId::kString) {
      throw BinderError(name + " takes three arguments: the file path, the column name and the value");
    }
    if (args[2].is_null()) throw BinderError(name + ": the value must not be NULL");
    return ParquetMetadataTables::BloomProbe(*defaults.io, path, args[1].str(), args[2]);
  }
  if (name == "parquet_metadata" || name == "parquet_schema") {
    std::string path = PathArgument(name, args, arg_names);
    if (args.size() > 1) throw BinderError(name + " takes one argument, the file path");
    if (name == "parquet_metadata") return ParquetMetadataTables::Metadata(*defaults.io, path);
    return ParquetMetadataTables::Schema(*defaults.io, path);
  }
  return nullptr;
}

}  // namespace floe
