#include "iceberg/manifests/manifest_group.h"

#include "common/exception.h"
#include "iceberg/local_file.h"
#include "iceberg/manifests/manifest_list_reader.h"
#include "iceberg/manifests/manifest_reader.h"

namespace floe::iceberg {

ManifestGroup::ManifestGroup(const TableMetadata& metadata, const Snapshot& snapshot, LocationRemapper remapper,
                             FileReader reader)
    : metadata_(metadata), snapshot_(snapshot), remapper_(std::move(remapper)), reader_(std::move(reader)) {
  if (!reader_) reader_ = [](const std::string& location) { return LocalFile::Read(location); };
}

const std::vector<ManifestFile>& ManifestGroup::manifests() {
  if (loaded_) return manifests_;
  if (snapshot_.manifest_list.empty()) {
    // v1 snapshots may list manifests inline; their list entries carry no counts.
    for (const auto& path : snapshot_.manifests) {
      ManifestFile m;
      m.manifest_path = remapper_.Remap(path);
      m.added_snapshot_id = snapshot_.snapshot_id;
      m.sequence_number = 0;
      m.min_sequence_number = 0;
      manifests_.push_back(std::move(m));
    }
  } else {
    std::string list = remapper_.Remap(snapshot_.manifest_list);
    manifests_ = ManifestListReader::Read(reader_(list), list);
    for (auto& m : manifests_) m.manifest_path = remapper_.Remap(m.manifest_path);
  }
  loaded_ = true;
  return manifests_;
}

std::vector<ManifestEntry> ManifestGroup::LiveEntries(ManifestContent content) {
  std::vector<ManifestEntry> out;
  for (const auto& m : manifests()) {
    if (m.content != content) continue;
    ManifestReader reader(reader_(m.manifest_path), m.manifest_path, m);
    if (!metadata_.SpecById(reader.spec_id())) {
      throw FormatError("manifest " + m.manifest_path + " uses partition spec " + std::to_string(reader.spec_id()) +
                        ", which the table metadata does not have");
    }
    for (auto& e : reader.LiveEntries()) {
      e.data_file.file_path = remapper_.Remap(e.data_file.file_path);
      out.push_back(std::move(e));
    }
  }
  return out;
}

std::vector<ManifestEntry> ManifestGroup::DataEntries() { return LiveEntries(ManifestContent::kData); }

std::vector<ManifestEntry> ManifestGroup::DeleteEntries() { return LiveEntries(ManifestContent::kDeletes); }

}  // namespace floe::iceberg
