#include "parquet/parquet_writer.h"

#include <algorithm>
#include <cstdio>

#include "common/exception.h"
#include "parquet/footer_metrics.h"
#include "parquet/parquet_schema.h"

namespace floe {

using namespace parquet;  // NOLINT: the Parquet enums read best unqualified here


ParquetWriter::ParquetWriter(FileIO& io, const std::string& path, std::vector<ParquetWriterField> fields,
                             ParquetWriterOptions options)
    : fields_(std::move(fields)), options_(std::move(options)), io_(io), file_(io.Create(path)) {
  SchemaElement root;
  root.name = "schema";
  root.num_children = static_cast<int32_t>(
      std::count_if(fields_.begin(), fields_.end(), [](const auto& f) { return f.stored; }));
  metadata_.schema.push_back(root);
  for (const auto& f : fields_) {
    first_leaf_.push_back(leaves_.size());
    if (!f.stored) {
      nested_.push_back(nullptr);
      continue;
    }
    if (f.type.IsNested() || f.type.id() == TypeId::kVariant) {
      nested_.push_back(std::make_unique<NestedColumnWriter>(f, &metadata_.schema, &leaves_));
    } else {
      nested_.push_back(nullptr);
      metadata_.schema.push_back(ParquetSchema::ToElement(f.name, f.field_id, f.type, f.nullable));
      leaves_.push_back(f);
    }
  }
  for (const auto& leaf : leaves_) columns_.push_back(ColumnWriter::Make(leaf, options_));
  metadata_.version = 1;
  metadata_.created_by = "floe version 0.1.0";
  metadata_.column_orders = static_cast<int32_t>(columns_.size());
  for (const auto& [k, v] : options_.key_value_metadata) metadata_.key_value_metadata.push_back({k, v});
  file_->Write("PAR1", 4);
}

ParquetWriter::~ParquetWriter() = default;

void ParquetWriter::Abort() noexcept {
  closed_ = true;
  try {
    file_->Close();
  } catch (...) {
    // why: the file is being thrown away; a failed close changes nothing
  }
  try {
    io_.Delete({file_->path()});
  } catch (...) {
    // why: Abort never throws; a file that cannot be deleted stays an orphan
  }
}

void ParquetWriter::Write(const DataChunk& chunk) { Write(chunk, 0, chunk.size()); }

void ParquetWriter::Write(const DataChunk& chunk, size_t from, size_t count) {
  if (closed_) throw InternalError("write to a closed ParquetWriter");
  if (chunk.ColumnCount() != fields_.size()) {
    throw InvalidInputError("Parquet file \"" + file_->path() + "\" has " +
                            std::to_string(fields_.size()) + " columns, the batch " +
                            std::to_string(chunk.ColumnCount()));
  }
  for (size_t i = 0; i < fields_.size(); ++i) {
    if (chunk.column(i).type() != fields_[i].type) {
      throw InvalidInputError("column \"" + fields_[i].name + "\" of Parquet file \"" +
                              file_->path() + "\" is " + fields_[i].type.ToString() +
                              ", the batch has " + chunk.column(i).type().ToString());
    }
  }
  size_t offset = from;
  size_t end = from + count;
  while (offset < end) {
    // write in slices so a row group ends close to its target size
    size_t n = std::min<size_t>(end - offset, 1024);
    for (size_t i = 0; i < fields_.size(); ++i) {
      size_t leaf = first_leaf_[i];
      if (!fields_[i].stored) continue;
      if (!nested_[i]) {
        columns_[leaf]->Write(chunk.column(i), offset, n);
        continue;
      }
      size_t end_leaf = i + 1 < fields_.size() ? first_leaf_[i + 1] : columns_.size();
      std::vector<ColumnWriter*> writers;
      for (size_t k = leaf; k < end_leaf; ++k) writers.push_back(columns_[k].get());
      nested_[i]->Write(chunk.column(i), offset, n, writers);
    }
    row_group_rows_ += static_cast<int64_t>(n);
    offset += n;
    int64_t buffered = 0;
    for (const auto& c : columns_) buffered += c->BufferedSize();
    if (buffered >= options_.row_group_size) FlushRowGroup();
  }
}

void ParquetWriter::FlushPages() {
  for (auto& c : columns_) c->FlushPages();
}

int64_t ParquetWriter::EstimatedSize() const {
  // why: the footer and page index add roughly this much per row group and column
  constexpr int64_t kFooterBytesPerChunk = 64;
  auto chunks = static_cast<int64_t>((metadata_.row_groups.size() + 1) * columns_.size());
  int64_t size = static_cast<int64_t>(file_->position()) + chunks * kFooterBytesPerChunk;
  for (const auto& c : columns_) size += c->EstimatedEncodedSize();
  return size;
}

int64_t ParquetWriter::MemoryUsage() const {
  int64_t bytes = 0;
  for (const auto& c : columns_) bytes += c->MemoryUsage();
  return bytes;
}

void ParquetWriter::FlushRowGroup() {
  if (row_group_rows_ == 0) return;
  RowGroup rg;
  rg.num_rows = row_group_rows_;
  rg.file_offset = static_cast<int64_t>(file_->position());
  rg.ordinal = static_cast<int16_t>(metadata_.row_groups.size());
  std::vector<ColumnIndex> cis(columns_.size());
  std::vector<bool> has_ci(columns_.size());
  std::vector<OffsetIndex> ois(columns_.size());
  int64_t compressed = 0, uncompressed = 0;
  for (size_t i = 0; i < columns_.size(); ++i) {
    ColumnChunk chunk;
    bool has = false;
    columns_[i]->FlushChunk(*file_, &chunk, &cis[i], &has, &ois[i]);
    has_ci[i] = has;
    compressed += chunk.meta_data.total_compressed_size;
    uncompressed += chunk.meta_data.total_uncompressed_size;
    rg.columns.push_back(std::move(chunk));
  }
  // why: after the row group's chunks, so that its columns stay one contiguous range
  std::string bloom;
  for (size_t i = 0; i < columns_.size(); ++i) {
    if (!columns_[i]->TakeBloomFilter(&bloom)) continue;
    ColumnMetaData& m = rg.columns[i].meta_data;
    m.bloom_filter_offset = static_cast<int64_t>(file_->position());
    m.bloom_filter_length = static_cast<int32_t>(bloom.size());
    file_->Write(bloom);
  }
  rg.total_byte_size = uncompressed;
  rg.total_compressed_size = compressed;
  metadata_.num_rows += row_group_rows_;
  metadata_.row_groups.push_back(std::move(rg));
  column_indexes_.push_back(std::move(cis));
  has_column_index_.push_back(std::move(has_ci));
  offset_indexes_.push_back(std::move(ois));
  row_group_rows_ = 0;
  // why: a file may stay open long after its row group (one per partition of a write)
  file_->ReleaseBuffer();
}

ParquetFileMetrics ParquetWriter::Close() {
  if (closed_) throw InternalError("ParquetWriter closed twice");
  closed_ = true;
  FlushRowGroup();
  std::string buffer;
  if (options_.write_page_index) {
    for (size_t g = 0; g < metadata_.row_groups.size(); ++g) {
      for (size_t c = 0; c < columns_.size(); ++c) {
        if (!has_column_index_[g][c]) continue;
        buffer.clear();
        EncodeColumnIndex(column_indexes_[g][c], &buffer);
        ColumnChunk& chunk = metadata_.row_groups[g].columns[c];
        chunk.column_index_offset = static_cast<int64_t>(file_->position());
        chunk.column_index_length = static_cast<int32_t>(buffer.size());
        file_->Write(buffer);
      }
    }
    for (size_t g = 0; g < metadata_.row_groups.size(); ++g) {
      for (size_t c = 0; c < columns_.size(); ++c) {
        buffer.clear();
        EncodeOffsetIndex(offset_indexes_[g][c], &buffer);
        ColumnChunk& chunk = metadata_.row_groups[g].columns[c];
        chunk.offset_index_offset = static_cast<int64_t>(file_->position());
        chunk.offset_index_length = static_cast<int32_t>(buffer.size());
        file_->Write(buffer);
      }
    }
  }
  buffer.clear();
  EncodeFileMetaData(metadata_, &buffer);
  auto footer_len = static_cast<uint32_t>(buffer.size());
  file_->Write(buffer);
  file_->Write(&footer_len, 4);
  file_->Write("PAR1", 4);
  ParquetFileMetrics metrics;
  metrics.record_count = metadata_.num_rows;
  metrics.file_size = static_cast<int64_t>(file_->position());
  file_->Close();
  for (const auto& rg : metadata_.row_groups) metrics.split_offsets.push_back(*rg.file_offset);
  for (size_t c = 0; c < columns_.size(); ++c) {
    ParquetFieldMetrics m = columns_[c]->metrics();
    if (leaves_[c].max_rep > 0) {
      // why: the bounds of a list's elements or a map's keys and values are not bounds of a
      // value per row, which is what the manifest evaluators take bounds for
      m.lower_bound.reset();
      m.upper_bound.reset();
    }
    if (options_.truncate_bounds > 0 && m.lower_bound && m.lower_bound->type().IsStringLike()) {
      std::string lower = m.lower_bound->str();
      size_t len = m.lower_bound->type().id() == TypeId::kString
                       ? Utf8Prefix(lower, options_.truncate_bounds)
                       : std::min(lower.size(), static_cast<size_t>(options_.truncate_bounds));
      lower.resize(len);
      m.lower_bound = m.lower_bound->type().id() == TypeId::kString ? Value::String(lower)
                                                                  : Value::Binary(lower);
      m.upper_bound = TruncateUpper(*m.upper_bound, options_.truncate_bounds);
    }
    metrics.fields.push_back(std::move(m));
  }
  return metrics;
}

}  // namespace floe
