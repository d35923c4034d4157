#include "iceberg/manifests/manifest_reader.h"

#include "common/exception.h"
#include "iceberg/avro/avro_file_reader.h"
#include "iceberg/avro/avro_record.h"
#include "iceberg/avro/avro_value_converter.h"
#include "iceberg/local_file.h"

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
    : path_(std::move(path)), manifest_(std::move(manifest)), bytes_(std::move(bytes)) {
  avro::AvroFileReader reader(bytes_, path_);
  const std::string what = "manifest " + path_;
  format_version_ = ParseIntMetadata(reader.Metadata("format-version", "1"), "format-version", what);
  if (format_version_ > 2) {
    throw NotImplementedError(what + ": format version " + std::to_string(format_version_) + " is not supported");
  }
  std::string spec_id = reader.Metadata("partition-spec-id");
  spec_id_ = !spec_id.empty() ? ParseIntMetadata(spec_id, "partition-spec-id", what)
                              : (manifest_ ? manifest_->partition_spec_id : 0);
  content_ = reader.Metadata("content", "data") == "deletes" ? ManifestContent::kDeletes : ManifestContent::kData;
  if (manifest_ && format_version_ >= 2) content_ = manifest_->content;
  std::string schema = reader.Metadata("schema");
  if (!schema.empty()) {
    try {
      schema_ = Schema::FromJson(nlohmann::json::parse(schema));
    } catch (const std::exception&) {
      schema_.reset();  // the entries do not need it; a foreign schema may use newer types
    }
  }
}

ManifestReader ManifestReader::Open(const std::string& local_path, std::optional<ManifestFile> manifest) {
  return ManifestReader(LocalFile::Read(local_path), local_path, std::move(manifest));
}

template <typename V>
static std::map<int, V> ReadIntMap(const AvroRecord& record, int field_id, const char* name, const std::string& what) {
  std::map<int, V> out;
  const AvroDatum* d = record.Field(field_id, name);
  if (!d) return out;
  auto put = [&](int64_t key, const AvroDatum& value) {
    if constexpr (std::is_same_v<V, std::string>) {
      if (value.type != AvroType::kBytes && value.type != AvroType::kFixed) throw FormatError(what + ": " + name + " value is not bytes");
      out[static_cast<int>(key)] = value.bytes;
    } else {
      if (value.type != AvroType::kLong && value.type != AvroType::kInt) throw FormatError(what + ": " + name + " value is not a long");
      out[static_cast<int>(key)] = value.long_value;
    }
  };
  if (d->type == AvroType::kArray) {
    for (const auto& kv : d->items) {
      if (kv.type != AvroType::kRecord || kv.items.size() != 2 || kv.items[0].type != AvroType::kInt) {
        throw FormatError(what + ": " + name + " is not an array of int key/value records");
      }
      put(kv.items[0].long_value, kv.items[1]);
    }
  } else if (d->type == AvroType::kMap) {
    for (const auto& [key, value] : d->entries) {
      try {
        put(std::stoi(key), value);
      } catch (const std::logic_error&) {
        throw FormatError(what + ": " + name + " has a non-numeric key \"" + key + "\"");
      }
    }
  } else {
    throw FormatError(what + ": " + name + " is not a map");
  }
  return out;
}

template <typename T>
static std::vector<T> ReadList(const AvroRecord& record, int field_id, const char* name, const std::string& what) {
  std::vector<T> out;
  const AvroDatum* d = record.Field(field_id, name);
  if (!d) return out;
  if (d->type != AvroType::kArray) throw FormatError(what + ": " + name + " is not an array");
  for (const auto& item : d->items) {
    if (item.type != AvroType::kLong && item.type != AvroType::kInt) throw FormatError(what + ": " + name + " holds non-integers");
    out.push_back(static_cast<T>(item.long_value));
  }
  return out;
}

std::vector<ManifestEntry> ManifestReader::Entries() {
  avro::AvroFileReader reader(bytes_, path_);
  const std::string what = "manifest " + path_;
  const avro::AvroSchema& schema = reader.schema();
  if (schema.type() != AvroType::kRecord) throw FormatError(what + ": the Avro schema is not a record");
  std::vector<ManifestEntry> out;
  AvroDatum datum;
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
    f.column_sizes = ReadIntMap<int64_t>(file, 108, "column_sizes", what);
    f.value_counts = ReadIntMap<int64_t>(file, 109, "value_counts", what);
    f.null_value_counts = ReadIntMap<int64_t>(file, 110, "null_value_counts", what);
    f.nan_value_counts = ReadIntMap<int64_t>(file, 137, "nan_value_counts", what);
    f.lower_bounds = ReadIntMap<std::string>(file, 125, "lower_bounds", what);
    f.upper_bounds = ReadIntMap<std::string>(file, 128, "upper_bounds", what);
    if (const AvroDatum* d = file.Field(131, "key_metadata")) f.key_metadata = d->bytes;
    f.split_offsets = ReadList<int64_t>(file, 132, "split_offsets", what);
    f.equality_ids = ReadList<int>(file, 135, "equality_ids", what);
    if (const AvroDatum* d = file.Field(140, "sort_order_id")) f.sort_order_id = static_cast<int>(d->long_value);
    f.spec_id = spec_id_;

    // Inheritance (spec "Sequence Number Inheritance" and "Snapshot ID Inheritance").
    if (manifest_) {
      if (!e.snapshot_id) e.snapshot_id = manifest_->added_snapshot_id;
      bool inherit = e.status == ManifestEntryStatus::kAdded || manifest_->sequence_number == 0;
      if (!e.sequence_number && inherit) e.sequence_number = manifest_->sequence_number;
      if (!e.file_sequence_number && inherit) e.file_sequence_number = manifest_->sequence_number;
    }
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<ManifestEntry> ManifestReader::LiveEntries() {
  std::vector<ManifestEntry> out;
  for (auto& e : Entries()) {
    if (e.IsLive()) out.push_back(std::move(e));
  }
  return out;
}

}  // namespace floe::iceberg
