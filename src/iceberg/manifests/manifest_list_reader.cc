#include "iceberg/manifests/manifest_list_reader.h"

#include "common/exception.h"
#include "iceberg/avro/avro_file_reader.h"
#include "iceberg/avro/avro_record.h"
#include "iceberg/avro/avro_value_converter.h"

namespace floe::iceberg {

using avro::AvroDatum;
using avro::AvroRecord;
using avro::AvroType;

static int64_t OptionalCount(const AvroRecord& r, int id, const char* name) {
  const AvroDatum* d = r.Field(id, name);
  return d ? d->long_value : 0;
}

std::vector<ManifestFile> ManifestListReader::Read(const std::string& bytes, const std::string& path) {
  avro::AvroFileReader reader(bytes, path);
  const std::string what = "manifest list " + path;
  if (reader.schema().type() != AvroType::kRecord) throw FormatError(what + ": the Avro schema is not a record");
  std::vector<ManifestFile> out;
  AvroDatum datum;
  while (reader.Next(&datum)) {
    AvroRecord r(reader.schema(), datum);
    ManifestFile m;
    m.manifest_path = r.RequiredString(500, "manifest_path", what);
    m.manifest_length = r.RequiredLong(501, "manifest_length", what);
    m.partition_spec_id = static_cast<int>(r.RequiredLong(502, "partition_spec_id", what));
    int64_t content = OptionalCount(r, 517, "content");
    if (content < 0 || content > 1) throw FormatError(what + ": invalid manifest content " + std::to_string(content));
    m.content = static_cast<ManifestContent>(content);
    m.sequence_number = OptionalCount(r, 515, "sequence_number");
    m.min_sequence_number = OptionalCount(r, 516, "min_sequence_number");
    m.added_snapshot_id = r.RequiredLong(503, "added_snapshot_id", what);
    m.added_files_count = static_cast<int32_t>(OptionalCount(r, 504, "added_files_count"));
    m.existing_files_count = static_cast<int32_t>(OptionalCount(r, 505, "existing_files_count"));
    m.deleted_files_count = static_cast<int32_t>(OptionalCount(r, 506, "deleted_files_count"));
    m.added_rows_count = OptionalCount(r, 512, "added_rows_count");
    m.existing_rows_count = OptionalCount(r, 513, "existing_rows_count");
    m.deleted_rows_count = OptionalCount(r, 514, "deleted_rows_count");
    if (const AvroDatum* parts = r.Field(507, "partitions")) {
      const avro::AvroSchema* parts_schema = r.FieldSchema(507, "partitions");
      if (parts->type != AvroType::kArray || parts_schema->type() != AvroType::kArray) {
        throw FormatError(what + ": partitions is not an array");
      }
      const avro::AvroSchema& summary_schema = parts_schema->items()->NonNull();
      if (summary_schema.type() != AvroType::kRecord) throw FormatError(what + ": partition summary is not a record");
      for (const auto& item : parts->items) {
        AvroRecord s(summary_schema, item);
        PartitionFieldSummary summary;
        if (const AvroDatum* d = s.Field(509, "contains_null")) summary.contains_null = d->boolean;
        if (const AvroDatum* d = s.Field(518, "contains_nan")) summary.contains_nan = d->boolean;
        if (const AvroDatum* d = s.Field(510, "lower_bound")) summary.lower_bound = d->bytes;
        if (const AvroDatum* d = s.Field(511, "upper_bound")) summary.upper_bound = d->bytes;
        m.partitions.push_back(std::move(summary));
      }
    }
    if (const AvroDatum* d = r.Field(519, "key_metadata")) m.key_metadata = d->bytes;
    if (const AvroDatum* d = r.Field(520, "first_row_id")) {
      if (d->long_value < 0) throw FormatError(what + ": negative first_row_id");
      m.first_row_id = d->long_value;
    }
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<ManifestFile> ManifestListReader::Open(FileIO& io, const std::string& local_path) {
  return Read(io.ReadAll(local_path), local_path);
}

}  // namespace floe::iceberg
