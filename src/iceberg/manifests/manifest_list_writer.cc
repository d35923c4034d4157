#include "iceberg/manifests/manifest_list_writer.h"

#include "iceberg/manifests/manifest_avro_schemas.h"

namespace floe::iceberg {

using avro::AvroDatum;

ManifestListWriter::ManifestListWriter(int64_t snapshot_id, std::optional<int64_t> parent_snapshot_id,
                                       int64_t sequence_number, avro::AvroCodec codec,
                                       std::optional<int64_t> first_row_id)
    : sequence_number_(sequence_number), format_version_(first_row_id ? 3 : 2), next_row_id_(first_row_id.value_or(0)) {
  std::map<std::string, std::string> metadata = {
      {"snapshot-id", std::to_string(snapshot_id)},
      {"parent-snapshot-id", parent_snapshot_id ? std::to_string(*parent_snapshot_id) : "null"},
      {"sequence-number", std::to_string(sequence_number)},
      {"format-version", std::to_string(format_version_)},
  };
  if (first_row_id) metadata["first-row-id"] = std::to_string(*first_row_id);
  writer_ = std::make_unique<avro::AvroFileWriter>(ManifestAvroSchemas::ManifestFile(format_version_), std::move(metadata),
                                                   codec);
}

static AvroDatum OptionalBytes(const std::optional<std::string>& v) {
  return v ? AvroDatum::Bytes(*v) : AvroDatum::Null();
}

void ManifestListWriter::Add(const ManifestFile& m) {
  int64_t seq = m.sequence_number == ManifestFile::kUnassignedSequenceNumber ? sequence_number_ : m.sequence_number;
  int64_t min_seq =
      m.min_sequence_number == ManifestFile::kUnassignedSequenceNumber ? sequence_number_ : m.min_sequence_number;
  std::vector<AvroDatum> partitions;
  for (const auto& s : m.partitions) {
    partitions.push_back(AvroDatum::Record({AvroDatum::Boolean(s.contains_null),
                                            s.contains_nan ? AvroDatum::Boolean(*s.contains_nan) : AvroDatum::Null(),
                                            OptionalBytes(s.lower_bound), OptionalBytes(s.upper_bound)}));
  }
  AvroDatum record = AvroDatum::Record({
      AvroDatum::String(m.manifest_path),
      AvroDatum::Long(m.manifest_length),
      AvroDatum::Int(m.partition_spec_id),
      AvroDatum::Int(static_cast<int32_t>(m.content)),
      AvroDatum::Long(seq),
      AvroDatum::Long(min_seq),
      AvroDatum::Long(m.added_snapshot_id),
      AvroDatum::Int(m.added_files_count),
      AvroDatum::Int(m.existing_files_count),
      AvroDatum::Int(m.deleted_files_count),
      AvroDatum::Long(m.added_rows_count),
      AvroDatum::Long(m.existing_rows_count),
      AvroDatum::Long(m.deleted_rows_count),
      AvroDatum::Array(std::move(partitions)),
      OptionalBytes(m.key_metadata),
  });
  if (format_version_ >= 3) {
    // First Row ID Assignment (spec; Java's ManifestListWriter.V3Writer): a data manifest
    // without one gets the next id, and room for every row it adds or keeps, since its
    // existing files may have none yet (manifests of snapshots before the upgrade).
    std::optional<int64_t> first_row_id = m.first_row_id;
    if (m.content == ManifestContent::kData && !first_row_id) {
      first_row_id = next_row_id_;
      next_row_id_ += m.added_rows_count + m.existing_rows_count;
    }
    if (m.content != ManifestContent::kData) first_row_id.reset();
    record.items.push_back(first_row_id ? AvroDatum::Long(*first_row_id) : AvroDatum::Null());
  }
  writer_->Append(record);
}

std::string ManifestListWriter::Finish() { return writer_->Finish(); }

void ManifestListWriter::WriteTo(FileIO& io, const std::string& local_path) { io.WriteAtomically(local_path, Finish()); }

}  // namespace floe::iceberg
