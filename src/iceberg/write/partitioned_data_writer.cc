#include "iceberg/write/partitioned_data_writer.h"

#include <filesystem>
#include <unordered_map>

#include "common/vector_operations.h"

#include "common/exception.h"
#include "iceberg/single_value_serialization.h"
#include "iceberg/type.h"
#include "iceberg/uuid.h"

namespace floe::iceberg {

namespace {

// Approximate in-memory bytes of a row range, to roll files near the target size.
int64_t EstimateBytes(const DataChunk& chunk) {
  int64_t bytes = 0;
  for (size_t c = 0; c < chunk.ColumnCount(); ++c) {
    const Vector& v = chunk.column(c);
    if (v.type().IsStringLike()) {
      const StringRef* s = v.Data<StringRef>();
      for (size_t i = 0; i < chunk.size(); ++i) bytes += v.IsNull(i) ? 0 : s[i].size + 4;
    } else {
      bytes += static_cast<int64_t>(PhysicalSize(v.type().id()) * chunk.size());
    }
  }
  return bytes;
}

std::string PartitionKey(const std::vector<Value>& partition) {
  std::string key;
  for (const auto& v : partition) {
    key += v.is_null() ? std::string("\x01N") : "\x01V" + v.ToString();
  }
  return key;
}

}  // namespace

PartitionedDataWriter::PartitionedDataWriter(const Schema& schema, const PartitionSpec& spec,
                                             DataWriterOptions options)
    : schema_(schema), spec_(spec), options_(std::move(options)), write_id_(Uuid::Random()) {
  for (const auto& field : schema_.fields()) {
    fields_.push_back({field.name(), field.id(), field.type()->ToLogicalType(), field.optional()});
  }
  for (const auto& pf : spec_.fields()) {
    int index = -1;
    for (size_t i = 0; i < schema_.fields().size(); ++i) {
      if (schema_.fields()[i].id() == pf.source_id()) index = static_cast<int>(i);
    }
    if (index < 0) {
      throw InvalidInputError("partition field " + pf.name() + " has no top-level source column (id " +
                              std::to_string(pf.source_id()) + ")");
    }
    source_columns_.push_back(index);
  }
  options_.parquet.key_value_metadata.push_back({"iceberg.schema", schema_.ToJson().dump()});
  options_.parquet.truncate_bounds = 16;
}

PartitionedDataWriter::~PartitionedDataWriter() {
  if (!open_.empty()) Abort();
}

std::string PartitionedDataWriter::NewFilePath(const std::string& partition_path) {
  char name[64];
  std::snprintf(name, sizeof(name), "%05d-0-", file_counter_++);
  std::string folder = options_.data_location;
  if (!partition_path.empty()) folder += "/" + partition_path;
  return folder + "/" + name + write_id_ + "-00001.parquet";
}

PartitionedDataWriter::OpenFile& PartitionedDataWriter::FileFor(const std::string& key,
                                                                const std::vector<Value>& partition) {
  auto it = open_.find(key);
  if (it != open_.end()) return it->second;
  OpenFile file;
  file.partition = partition;
  file.partition_path = spec_.fields().empty() ? "" : spec_.PartitionToPath(schema_, partition);
  file.path = NewFilePath(file.partition_path);
  std::filesystem::create_directories(std::filesystem::path(file.path).parent_path());
  written_paths_.push_back(file.path);
  file.writer = std::make_unique<ParquetWriter>(file.path, fields_, options_.parquet);
  return open_.emplace(key, std::move(file)).first->second;
}

void PartitionedDataWriter::CloseFile(OpenFile& file) {
  ParquetFileMetrics metrics = file.writer->Close();
  file.writer.reset();
  done_.push_back(MakeDataFile(schema_, file.path, file.partition, metrics, spec_.spec_id()));
}

std::vector<std::tuple<std::string, std::vector<Value>, DataChunk>> PartitionedDataWriter::SplitByPartition(
    const DataChunk& chunk) {
  std::vector<std::tuple<std::string, std::vector<Value>, DataChunk>> out;
  size_t n = chunk.size();
  if (n == 0) return out;
  if (spec_.fields().empty()) {
    out.emplace_back("", std::vector<Value>{}, chunk);
    return out;
  }
  // Partition values of every row, a vector per partition field.
  std::vector<Vector> values;
  for (size_t f = 0; f < spec_.fields().size(); ++f) {
    const auto& pf = spec_.fields()[f];
    const auto& source = schema_.fields()[source_columns_[f]];
    LogicalType result = pf.transform().ResultType(source.type())->ToLogicalType();
    Vector part(result, n);
    pf.transform().Apply(chunk.column(source_columns_[f]), n, &part);
    values.push_back(std::move(part));
  }
  // Group rows by partition tuple: hash the partition vectors, confirm equality per group.
  std::vector<uint64_t> hashes(n, 0);
  for (size_t f = 0; f < values.size(); ++f) HashVector(values[f], n, hashes.data(), f > 0);
  struct Group {
    size_t first_row;
    SelectionVector rows;
  };
  std::vector<Group> found;
  std::unordered_map<uint64_t, std::vector<size_t>> by_hash;
  size_t last = SIZE_MAX;
  for (size_t i = 0; i < n; ++i) {
    auto same = [&](size_t g) {
      for (const auto& v : values) {
        if (!RowsEqualNullSafe(v, found[g].first_row, v, i)) return false;
      }
      return true;
    };
    // Rows usually arrive in runs of one partition: try the previous row's group first.
    if (last != SIZE_MAX && hashes[i] == hashes[found[last].first_row] && same(last)) {
      found[last].rows.indexes.push_back(static_cast<uint32_t>(i));
      continue;
    }
    auto& candidates = by_hash[hashes[i]];
    size_t group = SIZE_MAX;
    for (size_t g : candidates) {
      if (same(g)) {
        group = g;
        break;
      }
    }
    if (group == SIZE_MAX) {
      group = found.size();
      found.push_back({i, {}});
      candidates.push_back(group);
    }
    found[group].rows.indexes.push_back(static_cast<uint32_t>(i));
    last = group;
  }
  std::map<std::string, std::pair<std::vector<Value>, SelectionVector>> groups;
  for (auto& g : found) {
    std::vector<Value> tuple;
    for (const auto& v : values) tuple.push_back(v.GetValue(g.first_row));
    std::string key = PartitionKey(tuple);
    groups.emplace(key, std::make_pair(std::move(tuple), std::move(g.rows)));
  }
  for (auto& [key, group] : groups) {
    DataChunk part = chunk;
    if (group.second.size() != n) part.Slice(group.second);
    out.emplace_back(key, group.first, std::move(part));
  }
  return out;
}

void PartitionedDataWriter::WriteToPartition(const std::string& key, const std::vector<Value>& partition,
                                             const DataChunk& rows, std::vector<DataFile>* done) {
  OpenFile* file;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    file = &FileFor(key, partition);
  }
  file->writer->Write(rows);
  file->estimated_bytes += EstimateBytes(rows);
  if (file->estimated_bytes >= options_.target_file_size) {
    ParquetFileMetrics metrics = file->writer->Close();
    file->writer.reset();
    DataFile data_file = MakeDataFile(schema_, file->path, file->partition, metrics, spec_.spec_id());
    std::lock_guard<std::mutex> lock(mutex_);
    done->push_back(std::move(data_file));
    open_.erase(key);
  }
}

void PartitionedDataWriter::Write(const DataChunk& chunk) {
  for (auto& [key, partition, rows] : SplitByPartition(chunk)) WriteToPartition(key, partition, rows, &done_);
}

void PartitionedDataWriter::WriteAll(const std::vector<const DataChunk*>& chunks, const ParallelFor& parallel_for) {
  if (spec_.fields().empty()) {
    for (const DataChunk* chunk : chunks) Write(*chunk);
    return;
  }
  // Route every row to its partition's growing batch (rows copied one by one: no batch
  // per (input batch, partition) pair), then write the partitions in parallel. A
  // partition's rows stay in order and go to one writer, as a serial write's would.
  struct PartitionRows {
    std::vector<Vector> key_values;  // the partition values of the first row seen
    size_t key_row = 0;
    uint64_t hash = 0;
    std::vector<Value> partition;
    DataChunk rows;
  };
  std::vector<std::unique_ptr<PartitionRows>> partitions;
  std::unordered_map<uint64_t, std::vector<size_t>> by_hash;
  for (const DataChunk* chunk : chunks) {
    size_t n = chunk->size();
    std::vector<Vector> values;
    for (size_t f = 0; f < spec_.fields().size(); ++f) {
      const auto& pf = spec_.fields()[f];
      const auto& source = schema_.fields()[source_columns_[f]];
      Vector part(pf.transform().ResultType(source.type())->ToLogicalType(), std::max<size_t>(n, 1));
      pf.transform().Apply(chunk->column(source_columns_[f]), n, &part);
      values.push_back(std::move(part));
    }
    std::vector<uint64_t> hashes(n, 0);
    for (size_t f = 0; f < values.size(); ++f) HashVector(values[f], n, hashes.data(), f > 0);
    std::vector<bool> touched(partitions.size(), false);
    size_t last = SIZE_MAX;
    for (size_t i = 0; i < n; ++i) {
      auto same = [&](size_t p) {
        const PartitionRows& target = *partitions[p];
        if (target.hash != hashes[i]) return false;
        for (size_t f = 0; f < values.size(); ++f) {
          if (!RowsEqualNullSafe(target.key_values[f], target.key_row, values[f], i)) return false;
        }
        return true;
      };
      size_t p = SIZE_MAX;
      if (last != SIZE_MAX && same(last)) {
        p = last;
      } else {
        for (size_t candidate : by_hash[hashes[i]]) {
          if (same(candidate)) {
            p = candidate;
            break;
          }
        }
      }
      if (p == SIZE_MAX) {
        auto entry = std::make_unique<PartitionRows>();
        entry->key_values = values;  // shares the storage: no copy
        entry->key_row = i;
        entry->hash = hashes[i];
        for (const auto& v : values) entry->partition.push_back(v.GetValue(i));
        entry->rows.Initialize(chunk->Types(), 64);
        p = partitions.size();
        partitions.push_back(std::move(entry));
        by_hash[hashes[i]].push_back(p);
        touched.push_back(false);
      }
      DataChunk& rows = partitions[p]->rows;
      if (rows.size() == rows.capacity()) {
        size_t capacity = rows.capacity() * 2;
        for (auto& column : rows.columns()) column.Reserve(capacity);
        rows.SetCapacity(capacity);
      }
      for (size_t c = 0; c < chunk->ColumnCount(); ++c) rows.column(c).CopyRow(chunk->column(c), i, rows.size());
      rows.SetSize(rows.size() + 1);
      if (!touched[p]) {
        touched[p] = true;
        for (size_t c = 0; c < chunk->ColumnCount(); ++c) {
          if (chunk->column(c).type().IsStringLike()) rows.column(c).ShareHeapsOf(chunk->column(c));
        }
      }
      last = p;
    }
  }
  std::vector<std::string> keys;
  for (const auto& entry : partitions) {
    keys.push_back(PartitionKey(entry->partition));
    FileFor(keys.back(), entry->partition);  // opened up front: threads never insert
  }
  parallel_for(static_cast<int>(partitions.size()), [&](int i) {
    PartitionRows& slot = *partitions[i];
    const DataChunk& all = slot.rows;
    for (size_t start = 0; start < all.size(); start += kBatchSize) {
      size_t n = std::min(kBatchSize, all.size() - start);
      DataChunk batch;
      batch.Initialize(all.Types(), n);
      batch.Append(all, start, n);
      WriteToPartition(keys[i], slot.partition, batch, &done_);
    }
    slot.rows = DataChunk();  // release the partition's rows as soon as they are written
  });
}

std::vector<DataFile> PartitionedDataWriter::Finish() {
  for (auto& [key, file] : open_) CloseFile(file);
  open_.clear();
  return std::move(done_);
}

void PartitionedDataWriter::Abort() noexcept {
  for (auto& [key, file] : open_) {
    if (file.writer) file.writer->Abort();
  }
  open_.clear();
  std::error_code ignored;
  for (const auto& path : written_paths_) std::filesystem::remove(path, ignored);
  done_.clear();
}

DataFile MakeDataFile(const Schema& schema, const std::string& path, const std::vector<Value>& partition,
                      const ParquetFileMetrics& metrics, int spec_id) {
  DataFile file;
  file.content = FileContent::kData;
  file.file_path = path;
  file.file_format = "PARQUET";
  file.partition = partition;
  file.record_count = metrics.record_count;
  file.file_size_in_bytes = metrics.file_size;
  file.split_offsets = metrics.split_offsets;
  file.spec_id = spec_id;
  for (const auto& m : metrics.fields) {
    if (m.field_id < 0) continue;
    const NestedField* field = schema.FindFieldById(m.field_id);
    if (!field) continue;
    file.column_sizes[m.field_id] = m.column_size;
    file.value_counts[m.field_id] = m.value_count;
    file.null_value_counts[m.field_id] = m.null_count;
    LogicalType type = field->type()->ToLogicalType();
    if (type.IsFloating()) file.nan_value_counts[m.field_id] = m.nan_count;
    if (m.lower_bound) file.lower_bounds[m.field_id] = SingleValueSerialization::ToBytes(*field->type(), *m.lower_bound);
    if (m.upper_bound) file.upper_bounds[m.field_id] = SingleValueSerialization::ToBytes(*field->type(), *m.upper_bound);
  }
  return file;
}

}  // namespace floe::iceberg
