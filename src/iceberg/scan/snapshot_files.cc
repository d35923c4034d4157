#include "iceberg/scan/snapshot_files.h"

#include <optional>

#include "common/parallel_for.h"
#include "iceberg/manifests/manifest_list_reader.h"
#include "iceberg/manifests/manifest_reader.h"

namespace floe::iceberg {

std::vector<ManifestFile> SnapshotManifests(FileIO& io, const Snapshot& snapshot, const LocationRemapper& remapper) {
  std::vector<ManifestFile> manifests;
  if (snapshot.manifest_list.empty()) {
    // v1 snapshots may list manifests inline; their entries carry no counts or summaries
    for (const auto& path : snapshot.manifests) {
      ManifestFile m;
      m.manifest_path = path;
      m.added_snapshot_id = snapshot.snapshot_id;
      m.sequence_number = 0;
      m.min_sequence_number = 0;
      m.partition_spec_id = -1;  // read from the manifest's header
      manifests.push_back(std::move(m));
    }
    return manifests;
  }
  std::string list = remapper.Remap(snapshot.manifest_list);
  return ManifestListReader::Read(io.ReadAll(list), list);
}

std::vector<std::vector<ManifestEntry>> ReadManifestEntries(FileIO& io, const std::vector<const ManifestFile*>& manifests,
                                                            const LocationRemapper& remapper, bool live_only) {
  std::vector<std::vector<ManifestEntry>> out(manifests.size());
  ParallelFor(manifests.size(), HardwareThreads(), [&](size_t i) {
    const ManifestFile& m = *manifests[i];
    std::string path = remapper.Remap(m.manifest_path);
    std::optional<ManifestFile> list_entry;
    if (m.partition_spec_id >= 0) list_entry = m;
    ManifestReader reader(io.ReadAll(path), path, list_entry);
    out[i] = live_only ? reader.LiveEntries() : reader.Entries();
    for (auto& e : out[i]) e.data_file.spec_id = reader.spec_id();
  });
  return out;
}

std::vector<ManifestEntry> SnapshotFiles(FileIO& io, const Snapshot* snapshot, const LocationRemapper& remapper,
                                         SnapshotFilesOptions options) {
  std::vector<ManifestEntry> files;
  if (!snapshot) return files;
  std::vector<ManifestFile> manifests = SnapshotManifests(io, *snapshot, remapper);
  std::vector<const ManifestFile*> selected;
  for (const auto& m : manifests) {
    bool is_data = m.content == ManifestContent::kData;
    if (is_data ? options.data : options.deletes) selected.push_back(&m);
  }
  for (auto& entries : ReadManifestEntries(io, selected, remapper, !options.deleted_entries)) {
    for (auto& e : entries) files.push_back(std::move(e));
  }
  return files;
}

}  // namespace floe::iceberg
