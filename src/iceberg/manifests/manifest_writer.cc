#include "iceberg/manifests/manifest_writer.h"

#include <algorithm>
#include <cmath>

#include "common/exception.h"
#include "iceberg/avro/avro_value_converter.h"
#include "iceberg/manifests/manifest_avro_schemas.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {

using avro::AvroDatum;

ManifestWriter::ManifestWriter(const Schema& schema, const PartitionSpec& spec, int64_t snapshot_id,
                               ManifestContent content, avro::AvroCodec codec, int format_version)
    : schema_(schema),
      spec_(spec),
      partition_type_(spec.PartitionType(schema)),
      snapshot_id_(snapshot_id),
      content_(content),
      avro_schema_(ManifestAvroSchemas::ManifestEntry(*partition_type_, format_version)),
      format_version_(format_version),
      partition_summary_(spec.fields().size()) {
  std::map<std::string, std::string> metadata = {
      {"schema", schema.ToJson().dump()},
      {"schema-id", std::to_string(schema.schema_id())},
      {"partition-spec", spec.ToJson()["fields"].dump()},
      {"partition-spec-id", std::to_string(spec.spec_id())},
      {"format-version", std::to_string(format_version)},
      {"content", content == ManifestContent::kData ? "data" : "deletes"},
  };
  writer_ = std::make_unique<avro::AvroFileWriter>(avro_schema_, std::move(metadata), codec);
  summary_.partition_spec_id = spec.spec_id();
  summary_.content = content;
  summary_.added_snapshot_id = snapshot_id;
  summary_.partitions.resize(spec.fields().size());
}

void ManifestWriter::Add(const DataFile& file, std::optional<int64_t> data_sequence_number) {
  ManifestEntry e;
  e.status = ManifestEntryStatus::kAdded;
  e.snapshot_id = snapshot_id_;
  e.sequence_number = data_sequence_number;
  e.data_file = file;
  Write(e);
}

void ManifestWriter::Existing(const ManifestEntry& entry) {
  ManifestEntry e = entry;
  e.status = ManifestEntryStatus::kExisting;
  Write(e);
}

void ManifestWriter::Delete(const ManifestEntry& entry) {
  ManifestEntry e = entry;
  e.status = ManifestEntryStatus::kDeleted;
  e.snapshot_id = snapshot_id_;
  Write(e);
}

static AvroDatum OptionalLong(const std::optional<int64_t>& v) {
  return v ? AvroDatum::Long(*v) : AvroDatum::Null();
}

static AvroDatum CountMap(const std::map<int, int64_t>& m) {
  if (m.empty()) return AvroDatum::Null();
  std::vector<AvroDatum> items;
  for (const auto& [k, v] : m) items.push_back(AvroDatum::Record({AvroDatum::Int(k), AvroDatum::Long(v)}));
  return AvroDatum::Array(std::move(items));
}

static AvroDatum BoundMap(const std::map<int, std::string>& m) {
  if (m.empty()) return AvroDatum::Null();
  std::vector<AvroDatum> items;
  for (const auto& [k, v] : m) items.push_back(AvroDatum::Record({AvroDatum::Int(k), AvroDatum::Bytes(v)}));
  return AvroDatum::Array(std::move(items));
}

void ManifestWriter::Write(const ManifestEntry& e) {
  const DataFile& f = e.data_file;
  if (f.partition.size() != spec_.fields().size()) {
    throw InvalidInputError("data file " + f.file_path + " has " + std::to_string(f.partition.size()) +
                            " partition values; spec " + std::to_string(spec_.spec_id()) + " has " +
                            std::to_string(spec_.fields().size()) + " fields");
  }
  std::vector<AvroDatum> partition;
  for (size_t i = 0; i < f.partition.size(); ++i) {
    partition.push_back(avro::AvroValueConverter::ToDatum(*partition_type_->fields()[i].type(), f.partition[i]));
  }
  std::vector<AvroDatum> split_offsets, equality_ids;
  for (int64_t o : f.split_offsets) split_offsets.push_back(AvroDatum::Long(o));
  for (int id : f.equality_ids) equality_ids.push_back(AvroDatum::Int(id));
  AvroDatum data_file = AvroDatum::Record({
      AvroDatum::Int(static_cast<int32_t>(f.content)),
      AvroDatum::String(f.file_path),
      AvroDatum::String(f.file_format),
      AvroDatum::Record(std::move(partition)),
      AvroDatum::Long(f.record_count),
      AvroDatum::Long(f.file_size_in_bytes),
      CountMap(f.column_sizes),
      CountMap(f.value_counts),
      CountMap(f.null_value_counts),
      CountMap(f.nan_value_counts),
      BoundMap(f.lower_bounds),
      BoundMap(f.upper_bounds),
      f.key_metadata ? AvroDatum::Bytes(*f.key_metadata) : AvroDatum::Null(),
      split_offsets.empty() ? AvroDatum::Null() : AvroDatum::Array(std::move(split_offsets)),
      equality_ids.empty() ? AvroDatum::Null() : AvroDatum::Array(std::move(equality_ids)),
      f.sort_order_id ? AvroDatum::Int(*f.sort_order_id) : AvroDatum::Null(),
  });
  if (format_version_ >= 3) {
    // (a delete file's first_row_id is always null)
    data_file.items.push_back(OptionalLong(f.content == FileContent::kData ? f.first_row_id : std::nullopt));
    data_file.items.push_back(f.referenced_data_file ? AvroDatum::String(*f.referenced_data_file) : AvroDatum::Null());
    data_file.items.push_back(OptionalLong(f.content_offset));
    data_file.items.push_back(OptionalLong(f.content_size_in_bytes));
  }
  AvroDatum entry = AvroDatum::Record({
      AvroDatum::Int(static_cast<int32_t>(e.status)),
      OptionalLong(e.snapshot_id),
      OptionalLong(e.sequence_number),
      OptionalLong(e.file_sequence_number),
      std::move(data_file),
  });
  Pending pending;
  avro::AvroEncoder encoder;
  encoder.Encode(writer_->schema(), entry);
  pending.record = std::move(encoder.buffer());
  pending.partition = f.partition;
  pending.live = e.IsLive();
  pending.inherits_row_ids = e.IsLive() && f.content == FileContent::kData && !f.first_row_id;
  pending.record_count = f.record_count;
  pending.file_size = f.file_size_in_bytes;
  pending_.push_back(std::move(pending));
  UpdateSummary(e);
}

void ManifestWriter::UpdateSummary(const ManifestEntry& e) {
  const DataFile& f = e.data_file;
  switch (e.status) {
    case ManifestEntryStatus::kAdded:
      ++summary_.added_files_count;
      summary_.added_rows_count += f.record_count;
      break;
    case ManifestEntryStatus::kExisting:
      ++summary_.existing_files_count;
      summary_.existing_rows_count += f.record_count;
      break;
    case ManifestEntryStatus::kDeleted:
      ++summary_.deleted_files_count;
      summary_.deleted_rows_count += f.record_count;
      break;
  }
  if (e.status != ManifestEntryStatus::kDeleted && e.sequence_number) {
    if (summary_.min_sequence_number == ManifestFile::kUnassignedSequenceNumber ||
        *e.sequence_number < summary_.min_sequence_number) {
      summary_.min_sequence_number = *e.sequence_number;
    }
  }
  partition_summary_.Add(f.partition);
}

std::string ManifestWriter::Finish() {
  if (finished_) return writer_->Finish();
  finished_ = true;
  // Entries in partition order, so each block covers a narrow range of partitions.
  std::vector<uint32_t> order(pending_.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<uint32_t>(i);
  bool partitioned = !spec_.fields().empty();
  if (partitioned) {
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      const auto& x = pending_[a].partition;
      const auto& y = pending_[b].partition;
      for (size_t i = 0; i < x.size(); ++i) {
        if (x[i].is_null() != y[i].is_null()) return x[i].is_null();  // NULLs first
        if (x[i].is_null()) continue;
        if (int c = x[i].Compare(y[i]); c != 0) return c < 0;
      }
      return false;
    });
  }
  PartitionBlockIndex index;
  int64_t unassigned_rows = 0;  // v3: the rows inheriting ids in the blocks written so far
  for (size_t start = 0; start < order.size(); start += kBlockEntries) {
    size_t end = std::min(order.size(), start + kBlockEntries);
    PartitionBlockIndex::Block block;
    block.offset = writer_->blocks_size();
    block.entries = static_cast<int64_t>(end - start);
    if (format_version_ >= 3) block.unassigned_rows_before = unassigned_rows;
    PartitionSummaryBuilder summary(spec_.fields().size());
    for (size_t i = start; i < end; ++i) {
      const Pending& p = pending_[order[i]];
      writer_->AppendEncoded(p.record);
      summary.Add(p.partition);
      if (p.inherits_row_ids) unassigned_rows += p.record_count;
      if (!p.live) continue;
      ++block.live_files;
      block.live_records += p.record_count;
      block.live_bytes += p.file_size;
      block.partition_hashes.push_back(StablePartitionHash(spec_.spec_id(), p.partition));
    }
    writer_->EndBlock();
    auto& hashes = block.partition_hashes;
    std::sort(hashes.begin(), hashes.end());
    hashes.erase(std::unique(hashes.begin(), hashes.end()), hashes.end());
    block.partitions = summary.Build(*partition_type_);
    index.blocks.push_back(std::move(block));
  }
  pending_.clear();
  // why: an unpartitioned manifest has nothing to prune by
  if (partitioned && !index.blocks.empty()) writer_->SetMetadata(PartitionBlockIndex::kMetadataKey, index.Encode());
  return writer_->Finish();
}

ManifestFile ManifestWriter::ToManifestFile(const std::string& path, int64_t length) const {
  ManifestFile m = summary_;
  m.manifest_path = path;
  m.manifest_length = length;
  m.partitions = partition_summary_.Build(*partition_type_);
  return m;
}

ManifestFile ManifestWriter::WriteTo(FileIO& io, const std::string& local_path, const std::string& manifest_path) {
  std::string bytes = Finish();
  io.WriteAtomically(local_path, bytes);
  return ToManifestFile(manifest_path, static_cast<int64_t>(bytes.size()));
}

}  // namespace floe::iceberg
