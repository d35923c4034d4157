#include "iceberg/manifests/manifest_reader.h"

#include <functional>

#include "common/exception.h"
#include "iceberg/avro/avro_file_reader.h"
#include "iceberg/avro/avro_record.h"
#include "iceberg/avro/avro_value_converter.h"

namespace floe::iceberg {

using avro::AvroDatum;
using avro::AvroRecord;
using avro::AvroType;

static int ParseIntMetadata(const std::string& text, const std::string& key, const std::string& what) {
  try {
    size_t used = 0;
    int v = std::stoi(text, &used);
    if (used != text.size()) throw std::invalid_argument(key);
    return v;
  } catch (const std::exception&) {
    throw FormatError(what + " has a malformed " + key + " \"" + text + "\"");
  }
}

ManifestReader::ManifestReader(std::string bytes, std::string path, std::optional<ManifestFile> manifest)
    : ManifestReader(std::make_shared<const std::string>(std::move(bytes)), std::move(path), std::move(manifest)) {}

ManifestReader::ManifestReader(std::shared_ptr<const std::string> bytes, std::string path,
                               std::optional<ManifestFile> manifest)
    : path_(std::move(path)), manifest_(std::move(manifest)), bytes_(std::move(bytes)) {
  avro::AvroFileReader reader(std::string_view(*bytes_), path_);
  const std::string what = "manifest " + path_;
  format_version_ = ParseIntMetadata(reader.Metadata("format-version", "1"), "format-version", what);
  if (format_version_ > 3) {
    throw NotImplementedError(what + ": format version " + std::to_string(format_version_) + " is not supported");
  }
  std::string spec_id = reader.Metadata("partition-spec-id");
  spec_id_ = !spec_id.empty() ? ParseIntMetadata(spec_id, "partition-spec-id", what)
                              : (manifest_ ? manifest_->partition_spec_id : 0);
  content_ = reader.Metadata("content", "data") == "deletes" ? ManifestContent::kDeletes : ManifestContent::kData;
  if (manifest_ && format_version_ >= 2) content_ = manifest_->content;
  schema_json_ = reader.Metadata("schema");
  block_index_ = reader.Metadata(PartitionBlockIndex::kMetadataKey);
}

std::optional<PartitionBlockIndex> ManifestReader::BlockIndex() const {
  if (block_index_.empty()) return std::nullopt;
  avro::AvroFileReader reader(std::string_view(*bytes_), path_);
  if (!ManifestEntryDecoder::Compile(reader.schema_ptr(), "manifest " + path_)) return std::nullopt;
  PartitionBlockIndex index = PartitionBlockIndex::Decode(block_index_, "manifest " + path_);
  // why: a block read alone assigns inherited row ids from where its index says they start;
  // an index without that (version 1) is read whole
  if (manifest_ && manifest_->first_row_id && !index.blocks.empty() && !index.blocks[0].unassigned_rows_before) {
    return std::nullopt;
  }
  return index;
}

void ManifestReader::VisitBlockForPlanning(const PartitionBlockIndex::Block& block, LazyMetrics* lazy,
                                           const std::function<void(ManifestEntry&)>& visit) {
  ReadEach(Decoding::kFast, true, lazy, &block, visit);
}

const std::optional<Schema>& ManifestReader::schema() const {
  // why: parsed on first use; planning reads entries and never needs it
  if (!schema_json_.empty()) {
    try {
      schema_ = Schema::FromJson(nlohmann::json::parse(schema_json_));
    } catch (const std::exception&) {
      schema_.reset();  // the entries do not need it; a foreign schema may use newer types
    }
    schema_json_.clear();
  }
  return schema_;
}

ManifestReader ManifestReader::Open(FileIO& io, const std::string& local_path, std::optional<ManifestFile> manifest) {
  return ManifestReader(io.ReadAll(local_path), local_path, std::move(manifest));
}

std::vector<ManifestEntry> ManifestReader::ReadGeneric(bool live_only) {
  avro::AvroFileReader reader(std::string_view(*bytes_), path_);
  const std::string what = "manifest " + path_;
  const avro::AvroSchema& schema = reader.schema();
  if (schema.type() != AvroType::kRecord) throw FormatError(what + ": the Avro schema is not a record");
  std::vector<ManifestEntry> out;
  AvroDatum datum;
  next_row_id_ = manifest_ && manifest_->first_row_id ? *manifest_->first_row_id : 0;
  // (the datum path: the reference the fast path is tested against)
  while (reader.Next(&datum)) {
    AvroRecord entry(schema, datum);
    ManifestEntry e;
    int64_t status = entry.RequiredLong(0, "status", what);
    if (status < 0 || status > 2) throw FormatError(what + ": invalid entry status " + std::to_string(status));
    e.status = static_cast<ManifestEntryStatus>(status);
    if (const AvroDatum* d = entry.Field(1, "snapshot_id")) e.snapshot_id = d->long_value;
    if (const AvroDatum* d = entry.Field(3, "sequence_number")) e.sequence_number = d->long_value;
    if (const AvroDatum* d = entry.Field(4, "file_sequence_number")) e.file_sequence_number = d->long_value;

    AvroRecord file = entry.Record(2, "data_file", what);
    DataFile& f = e.data_file;
    if (const AvroDatum* d = file.Field(134, "content")) {
      if (d->long_value < 0 || d->long_value > 2) throw FormatError(what + ": invalid file content " + std::to_string(d->long_value));
      f.content = static_cast<FileContent>(d->long_value);
    }
    f.file_path = file.RequiredString(100, "file_path", what);
    f.file_format = file.RequiredString(101, "file_format", what);
    if (file.FieldSchema(102, "partition")) {
      AvroRecord partition = file.Record(102, "partition", what);
      const auto& fields = partition.schema().fields();
      if (partition_field_ids_.empty()) {
        for (const auto& pf : fields) partition_field_ids_.push_back(pf.field_id.value_or(0));
      }
      for (size_t i = 0; i < fields.size(); ++i) {
        f.partition.push_back(avro::AvroValueConverter::FromDatum(*fields[i].schema, partition.datum().items[i]));
      }
    }
    f.record_count = file.RequiredLong(103, "record_count", what);
    f.file_size_in_bytes = file.RequiredLong(104, "file_size_in_bytes", what);
    f.column_sizes = ManifestEntryDecoder::LongMap(file.Field(108, "column_sizes"), "column_sizes", what);
    f.value_counts = ManifestEntryDecoder::LongMap(file.Field(109, "value_counts"), "value_counts", what);
    f.null_value_counts =
        ManifestEntryDecoder::LongMap(file.Field(110, "null_value_counts"), "null_value_counts", what);
    f.nan_value_counts = ManifestEntryDecoder::LongMap(file.Field(137, "nan_value_counts"), "nan_value_counts", what);
    f.lower_bounds = ManifestEntryDecoder::BytesMap(file.Field(125, "lower_bounds"), "lower_bounds", what);
    f.upper_bounds = ManifestEntryDecoder::BytesMap(file.Field(128, "upper_bounds"), "upper_bounds", what);
    if (const AvroDatum* d = file.Field(131, "key_metadata")) f.key_metadata = d->bytes;
    f.split_offsets = ManifestEntryDecoder::IntList<int64_t>(file.Field(132, "split_offsets"), "split_offsets", what);
    f.equality_ids = ManifestEntryDecoder::IntList<int>(file.Field(135, "equality_ids"), "equality_ids", what);
    if (const AvroDatum* d = file.Field(140, "sort_order_id")) f.sort_order_id = static_cast<int>(d->long_value);
    auto non_negative = [&](const AvroDatum* d, const char* name) -> std::optional<int64_t> {
      if (!d) return std::nullopt;
      if (d->long_value < 0) throw FormatError(what + ": negative " + name);
      return d->long_value;
    };
    f.first_row_id = non_negative(file.Field(142, "first_row_id"), "first_row_id");
    if (const AvroDatum* d = file.Field(143, "referenced_data_file")) f.referenced_data_file = d->bytes;
    f.content_offset = non_negative(file.Field(144, "content_offset"), "content_offset");
    f.content_size_in_bytes = non_negative(file.Field(145, "content_size_in_bytes"), "content_size_in_bytes");
    f.spec_id = spec_id_;
    Inherit(&e);
    if (!live_only || e.IsLive()) out.push_back(std::move(e));
  }
  return out;
}

void ManifestReader::Inherit(ManifestEntry* e) {
  // Inheritance (spec "Sequence Number Inheritance" and "Snapshot ID Inheritance").
  if (!manifest_) return;
  // Row lineage ("First Row ID Inheritance", Java's ManifestReader.idAssigner): the live
  // data files without a first_row_id take the manifest's next ids in order; a manifest
  // without one (written before an upgrade to v3) gives its files none.
  if (e->data_file.content == FileContent::kData) {
    if (!manifest_->first_row_id) {
      e->data_file.first_row_id.reset();
    } else if (e->status != ManifestEntryStatus::kDeleted && !e->data_file.first_row_id) {
      e->data_file.first_row_id = next_row_id_;
      next_row_id_ += e->data_file.record_count;
    }
  }
  if (!e->snapshot_id) e->snapshot_id = manifest_->added_snapshot_id;
  bool inherit = e->status == ManifestEntryStatus::kAdded || manifest_->sequence_number == 0;
  if (!e->sequence_number && inherit) e->sequence_number = manifest_->sequence_number;
  if (!e->file_sequence_number && inherit) e->file_sequence_number = manifest_->sequence_number;
}

void ManifestReader::ReadEach(Decoding decoding, bool live_only, LazyMetrics* lazy,
                              const PartitionBlockIndex::Block* block_only,
                              const std::function<void(ManifestEntry&)>& visit) {
  if (lazy) *lazy = LazyMetrics();
  const std::string what = "manifest " + path_;
  auto generic = [&] {
    for (ManifestEntry& e : ReadGeneric(live_only)) visit(e);
  };
  avro::AvroFileReader reader(std::string_view(*bytes_), path_);
  auto decoder = decoding == Decoding::kFast ? ManifestEntryDecoder::Compile(reader.schema_ptr(), what) : nullptr;
  if (block_only && !decoder) throw InternalError(what + ": blocks are read only by the fast path");
  if (!decoder) return generic();
  int64_t to_read = -1;  // records left in the one block, or -1 for every block
  if (block_only) {
    reader.SeekBlock(block_only->offset);
    to_read = block_only->entries;
  }
  if (decoder->has_partition()) partition_field_ids_ = decoder->partition_field_ids();
  next_row_id_ = manifest_ && manifest_->first_row_id ? *manifest_->first_row_id : 0;
  if (block_only && manifest_ && manifest_->first_row_id) {
    // ids are assigned over the live entries in order: a block starts past those before it
    if (!block_only->unassigned_rows_before) {
      throw InternalError(what + ": a block without its row-id offset is read by block");
    }
    next_row_id_ += *block_only->unassigned_rows_before;
  }
  const std::string* block = nullptr;
  ManifestEntry e;
  while (to_read != 0) {
    avro::AvroDecoder* in = reader.NextRecord();
    if (!in) {
      if (to_read > 0) throw FormatError(what + ": the block index names a block past the last one");
      break;
    }
    if (to_read > 0) {
      if (to_read == block_only->entries && reader.block_remaining() + 1 != to_read) {
        throw FormatError(what + ": the block at offset " + std::to_string(block_only->offset) + " holds " +
                          std::to_string(reader.block_remaining() + 1) + " entries; its block index says " +
                          std::to_string(to_read));
      }
      --to_read;
    }
    size_t start = in->position();
    if (lazy) {
      // why: one entry reused (its partition vector too); without metrics Decode sets
      // every field it reads, and these are the optional ones
      e.snapshot_id.reset();
      e.sequence_number.reset();
      e.file_sequence_number.reset();
      e.data_file.content = FileContent::kData;
      e.data_file.first_row_id.reset();
    } else {
      e = ManifestEntry();
    }
    decoder->Decode(*in, &e, !lazy);
    e.data_file.spec_id = spec_id_;
    Inherit(&e);
    if (live_only && !e.IsLive()) continue;
    if (lazy) {
      if (reader.block().get() != block) {
        block = reader.block().get();
        lazy->blocks.push_back(reader.block());
      }
      lazy->positions.push_back({static_cast<uint32_t>(lazy->blocks.size() - 1), static_cast<uint32_t>(start)});
    }
    visit(e);
  }
  if (lazy) lazy->decoder = std::move(decoder);
}

std::vector<ManifestEntry> ManifestReader::Read(Decoding decoding, bool live_only) {
  std::vector<ManifestEntry> out;
  ReadEach(decoding, live_only, nullptr, nullptr, [&](ManifestEntry& e) { out.push_back(std::move(e)); });
  return out;
}

std::vector<ManifestEntry> ManifestReader::Entries(Decoding decoding) { return Read(decoding, false); }

std::vector<ManifestEntry> ManifestReader::LiveEntries(Decoding decoding) { return Read(decoding, true); }

void ManifestReader::VisitLiveEntriesForPlanning(LazyMetrics* lazy, const std::function<void(ManifestEntry&)>& visit) {
  ReadEach(Decoding::kFast, true, lazy, nullptr, visit);
}

}  // namespace floe::iceberg
