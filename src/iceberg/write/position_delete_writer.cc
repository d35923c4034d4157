// The v2 position delete file writer: rewrite_position_delete_files and rewrite_table_path
// write the rows of delete files again with it.
#include "iceberg/write/position_delete_writer.h"

#include <algorithm>

#include "iceberg/schema.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "parquet/parquet_writer.h"

namespace floe::iceberg {

namespace {

constexpr int kFilePathId = 2147483546;
constexpr int kPosId = 2147483545;

}  // namespace

DataFile WritePositionDeleteFile(FileIO& io, const std::string& local_path, const std::string& path,
                                 std::map<std::string, std::vector<int64_t>> positions, int spec_id,
                                 const std::vector<Value>& partition) {
  static const Schema schema(0, {NestedField::Required(kFilePathId, "file_path", Type::Primitive(TypeKind::kString)),
                                 NestedField::Required(kPosId, "pos", Type::Primitive(TypeKind::kLong))});
  const std::vector<LogicalType> types = {LogicalType(TypeId::kString), LogicalType(TypeId::kInt64)};
  std::vector<ParquetWriterField> fields = {{"file_path", kFilePathId, types[0], false},
                                            {"pos", kPosId, types[1], false}};
  ParquetWriterOptions options;
  options.truncate_bounds = 0;  // file_path bounds whole: they tell a file-scoped delete file
  ParquetWriter writer(io, local_path, fields, options);
  ParquetFileMetrics metrics;
  try {
    DataChunk chunk;
    chunk.Initialize(types, kBatchSize);
    size_t n = 0;
    auto flush = [&] {
      chunk.SetSize(n);
      if (n > 0) writer.Write(chunk);
      chunk.Initialize(types, kBatchSize);
      n = 0;
    };
    for (auto& [data_file, list] : positions) {  // (a std::map: by path)
      std::sort(list.begin(), list.end());
      list.erase(std::unique(list.begin(), list.end()), list.end());
      for (int64_t pos : list) {
        chunk.column(0).SetString(n, data_file);
        chunk.column(1).Data<int64_t>()[n] = pos;
        if (++n == kBatchSize) flush();
      }
    }
    flush();
    metrics = writer.Close();
  } catch (...) {
    writer.Abort();
    throw;
  }
  DataFile file = MakeDataFile(schema, path, partition, metrics, spec_id);
  file.content = FileContent::kPositionDeletes;
  return file;
}

}  // namespace floe::iceberg
