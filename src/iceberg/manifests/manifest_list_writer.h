#pragma once

#include <memory>
#include <optional>
#include <string>

#include "iceberg/avro/avro_file_writer.h"
#include "iceberg/manifests/manifest_file.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Writes a v2 or v3 manifest list (Avro, the spec's manifest_file schema) for one snapshot.
class ManifestListWriter {
 public:
  /// Starts the list of the snapshot with this id, parent and sequence number.
  /// `first_row_id` (format version 3: the table's next-row-id) writes a v3 list that
  /// assigns row ids to the data manifests without one, from that id on.
  ManifestListWriter(int64_t snapshot_id, std::optional<int64_t> parent_snapshot_id, int64_t sequence_number,
                     avro::AvroCodec codec = avro::AvroCodec::kDeflate,
                     std::optional<int64_t> first_row_id = std::nullopt);

  /// Adds a manifest; unassigned sequence numbers become the snapshot's.
  void Add(const ManifestFile& manifest);
  /// Finishes the file and returns its bytes.
  std::string Finish();
  /// Finishes and writes the file through `io`.
  void WriteTo(FileIO& io, const std::string& local_path);
  /// Returns the row id after the last one assigned (v3).
  int64_t next_row_id() const { return next_row_id_; }

 private:
  int64_t sequence_number_;
  int format_version_;
  int64_t next_row_id_;
  std::unique_ptr<avro::AvroFileWriter> writer_;
};

}  // namespace floe::iceberg
