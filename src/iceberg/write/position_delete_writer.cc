// The v2 position delete file writer: DELETE in merge-on-read mode writes its positions
// with it; rewrite_position_delete_files and rewrite_table_path write the rows of delete
// files again with it, keeping the deleted rows a file stores.
#include "iceberg/write/position_delete_writer.h"

#include <algorithm>

#include "iceberg/write/partitioned_data_writer.h"
#include "parquet/parquet_writer.h"

namespace floe::iceberg {

namespace {

// Writes the rows of one position delete file, given in order, in batches.
class DeleteFileWriter {
 public:
  DeleteFileWriter(FileIO& io, const std::string& local_path, const Schema* row_schema)
      : columns_(PositionDeleteColumns(row_schema)), with_rows_(row_schema != nullptr) {
    std::vector<ParquetWriterField> fields;
    for (const auto& column : columns_) {
      fields.push_back(WriterField(column, column.name()));
      types_.push_back(fields.back().type);
    }
    ParquetWriterOptions options;
    options.truncate_bounds = 0;  // file_path bounds whole: they tell a file-scoped delete file
    writer_ = std::make_unique<ParquetWriter>(io, local_path, std::move(fields), options);
    chunk_.Initialize(types_, kBatchSize);
  }

  void Add(const std::string& file_path, int64_t pos, const Value* row) {
    chunk_.column(0).SetString(n_, file_path);
    chunk_.column(1).Data<int64_t>()[n_] = pos;
    if (with_rows_) chunk_.column(2).SetValue(n_, row ? *row : Value());
    if (++n_ == kBatchSize) Flush();
  }

  // Closes the file (deleting it when anything failed) and returns its manifest entry's file.
  template <typename AddRows>
  DataFile Write(AddRows add_rows, const std::string& path, int spec_id, const std::vector<Value>& partition) {
    ParquetFileMetrics metrics;
    try {
      add_rows();
      Flush();
      metrics = writer_->Close();
    } catch (...) {
      writer_->Abort();
      throw;
    }
    DataFile file = MakeDataFile(Schema(0, columns_), path, partition, metrics, spec_id);
    file.content = FileContent::kPositionDeletes;
    return file;
  }

 private:
  void Flush() {
    chunk_.SetSize(n_);
    if (n_ > 0) writer_->Write(chunk_);
    chunk_.Initialize(types_, kBatchSize);
    n_ = 0;
  }

  std::vector<NestedField> columns_;
  bool with_rows_;
  std::vector<LogicalType> types_;
  std::unique_ptr<ParquetWriter> writer_;
  DataChunk chunk_;
  size_t n_ = 0;
};

}  // namespace

DataFile WritePositionDeleteFile(FileIO& io, const std::string& local_path, const std::string& path,
                                 std::map<std::string, DeletedRows> deletes, const Schema* row_schema, int spec_id,
                                 const std::vector<Value>& partition) {
  DeleteFileWriter writer(io, local_path, row_schema);
  auto add_rows = [&] {
    for (auto& [data_file, of_file] : deletes) {  // (a std::map: by path)
      std::vector<int64_t>& positions = of_file.positions;
      if (of_file.rows.empty()) {
        std::sort(positions.begin(), positions.end());
        positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
        for (int64_t pos : positions) writer.Add(data_file, pos, nullptr);
        continue;
      }
      // by position, a repeated one once (with the first row given for it)
      std::vector<size_t> order(positions.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return positions[a] < positions[b]; });
      for (size_t k = 0; k < order.size(); ++k) {
        if (k > 0 && positions[order[k]] == positions[order[k - 1]]) continue;
        writer.Add(data_file, positions[order[k]], &of_file.rows[order[k]]);
      }
    }
  };
  return writer.Write(add_rows, path, spec_id, partition);
}

DataFile WritePositionDeleteFile(FileIO& io, const std::string& local_path, const std::string& path,
                                 std::map<std::string, std::vector<int64_t>> positions, int spec_id,
                                 const std::vector<Value>& partition) {
  std::map<std::string, DeletedRows> deletes;
  for (auto& [data_file, list] : positions) deletes[data_file].positions = std::move(list);
  return WritePositionDeleteFile(io, local_path, path, std::move(deletes), nullptr, spec_id, partition);
}

}  // namespace floe::iceberg
