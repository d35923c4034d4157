#include "iceberg/reachable_files.h"

#include <set>

#include "common/exception.h"
#include "iceberg/scan/snapshot_files.h"

namespace floe::iceberg {

namespace {

// Appends `path` to `out` once.
void AddOnce(const std::string& path, std::set<std::string>* seen, std::vector<std::string>* out) {
  if (!path.empty() && seen->insert(path).second) out->push_back(path);
}

// Adds the metadata files of `metadata`'s log, then those of the oldest previous file
// that can still be read, and so on (ReachableFileUtil.metadataFileLocations, recursive).
void AddMetadataLog(FileIO& io, const TableMetadata& metadata, const LocationRemapper& remapper,
                    std::set<std::string>* seen, ReachableFiles* out) {
  const TableMetadata* current = &metadata;
  TableMetadata previous;
  while (true) {
    bool added = false;
    for (const auto& entry : current->metadata_log) {
      added = seen->count(entry.metadata_file) == 0 || added;
      AddOnce(entry.metadata_file, seen, &out->metadata_files);
    }
    if (!added) return;  // why: a log whose files were all seen adds nothing (and ends any cycle)
    bool found = false;
    for (const auto& entry : current->metadata_log) {
      std::string local = remapper.Remap(entry.metadata_file);
      try {
        previous = TableMetadata::Parse(io.ReadAll(local), local);
        found = true;
        break;
      } catch (const Exception&) {
        // why: expired or removed metadata files are skipped, as Iceberg does
      }
    }
    if (!found) return;
    current = &previous;
  }
}

}  // namespace

ReachableFiles FindReachableFiles(FileIO& io, const TableMetadata& metadata, const std::string& metadata_location,
                                  const LocationRemapper& remapper) {
  ReachableFiles out;
  std::set<std::string> seen;
  std::vector<ManifestFile> manifests;
  std::set<std::string> manifest_paths;
  for (const auto& snapshot : metadata.snapshots) {
    AddOnce(snapshot.manifest_list, &seen, &out.manifest_lists);
    for (auto& m : SnapshotManifests(io, snapshot, remapper)) {
      if (manifest_paths.insert(m.manifest_path).second) manifests.push_back(std::move(m));
    }
  }
  std::vector<const ManifestFile*> to_read;
  for (const auto& m : manifests) {
    AddOnce(m.manifest_path, &seen, &out.manifests);
    to_read.push_back(&m);
  }
  for (const auto& entries : ReadManifestEntries(io, to_read, remapper, /*live_only=*/true)) {
    for (const auto& e : entries) {
      size_t before = out.content_files.size();
      AddOnce(e.data_file.file_path, &seen, &out.content_files);
      if (out.content_files.size() == before) continue;
      switch (e.data_file.content) {
        case FileContent::kData: out.data_files.push_back(e.data_file.file_path); break;
        case FileContent::kPositionDeletes: out.position_delete_files.push_back(e.data_file.file_path); break;
        case FileContent::kEqualityDeletes: out.equality_delete_files.push_back(e.data_file.file_path); break;
      }
    }
  }
  for (const nlohmann::json* files : {&metadata.statistics, &metadata.partition_statistics}) {
    if (!files->is_array()) continue;
    for (const auto& f : *files) {
      auto path = f.find("statistics-path");
      if (f.is_object() && path != f.end() && path->is_string()) {
        AddOnce(path->get<std::string>(), &seen, &out.statistics_files);
      }
    }
  }
  AddOnce(metadata_location, &seen, &out.metadata_files);
  AddMetadataLog(io, metadata, remapper, &seen, &out);
  return out;
}

}  // namespace floe::iceberg
