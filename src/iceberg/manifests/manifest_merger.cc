#include "iceberg/manifests/manifest_merger.h"

#include <algorithm>
#include <map>

#include "common/exception.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/manifests/manifest_writer.h"

namespace floe::iceberg {

static int64_t PropertyInt(const TableMetadata& m, const std::string& key, int64_t fallback) {
  std::string v = m.Property(key, "");
  if (v.empty()) return fallback;
  try {
    return std::stoll(v);
  } catch (const std::exception&) {
    throw InvalidInputError("table property " + key + " is not a number: \"" + v + "\"");
  }
}

ManifestMerger::ManifestMerger(const TableMetadata& metadata, int64_t snapshot_id, FileReader reader,
                               FileWriter writer, LocationGenerator new_location)
    : metadata_(metadata),
      snapshot_id_(snapshot_id),
      reader_(std::move(reader)),
      writer_(std::move(writer)),
      new_location_(std::move(new_location)) {
  enabled_ = metadata.Property("commit.manifest-merge.enabled", "true") != "false";
  min_count_to_merge_ = PropertyInt(metadata, "commit.manifest.min-count-to-merge", 100);
  target_size_bytes_ = PropertyInt(metadata, "commit.manifest.target-size-bytes", 8 * 1024 * 1024);
}

void ManifestMerger::SetOptions(bool enabled, int64_t min_count_to_merge, int64_t target_size_bytes) {
  enabled_ = enabled;
  min_count_to_merge_ = min_count_to_merge;
  target_size_bytes_ = target_size_bytes;
}

// Packs items into bins of at most `target` bytes from the end of the list (Java's
// ListPacker.packEnd with lookback 1), so the partly filled bin holds the newest items.
static std::vector<std::vector<ManifestFile>> PackEnd(const std::vector<ManifestFile>& items, int64_t target) {
  std::vector<std::vector<ManifestFile>> bins;
  std::vector<ManifestFile> current;
  int64_t size = 0;
  for (auto it = items.rbegin(); it != items.rend(); ++it) {
    if (!current.empty() && size + it->manifest_length > target) {
      std::reverse(current.begin(), current.end());
      bins.push_back(std::move(current));
      current.clear();
      size = 0;
    }
    current.push_back(*it);
    size += it->manifest_length;
  }
  if (!current.empty()) {
    std::reverse(current.begin(), current.end());
    bins.push_back(std::move(current));
  }
  std::reverse(bins.begin(), bins.end());
  return bins;
}

std::vector<ManifestFile> ManifestMerger::Merge(const std::vector<ManifestFile>& manifests) {
  merged_count_ = 0;
  if (!enabled_ || manifests.empty()) return manifests;
  const std::string& first = manifests.front().manifest_path;
  // Data manifests by spec, newest spec first as Java's reverse-ordered TreeMap.
  std::map<int, std::vector<ManifestFile>, std::greater<int>> groups;
  std::vector<ManifestFile> deletes;
  for (const auto& m : manifests) {
    if (m.content == ManifestContent::kDeletes) {
      deletes.push_back(m);
    } else {
      groups[m.partition_spec_id].push_back(m);
    }
  }
  std::vector<ManifestFile> out;
  for (const auto& [spec_id, group] : groups) {
    for (const auto& bin : PackEnd(group, target_size_bytes_)) {
      bool has_first = std::any_of(bin.begin(), bin.end(), [&](const ManifestFile& m) { return m.manifest_path == first; });
      if (bin.size() == 1 || (has_first && static_cast<int64_t>(bin.size()) < min_count_to_merge_)) {
        out.insert(out.end(), bin.begin(), bin.end());
      } else {
        out.push_back(MergeBin(spec_id, bin));
        merged_count_ += static_cast<int>(bin.size());
      }
    }
  }
  out.insert(out.end(), deletes.begin(), deletes.end());
  return out;
}

ManifestFile ManifestMerger::MergeBin(int spec_id, const std::vector<ManifestFile>& bin) {
  const PartitionSpec* spec = metadata_.SpecById(spec_id);
  if (!spec) throw FormatError("manifest uses unknown partition spec " + std::to_string(spec_id));
  ManifestWriter writer(metadata_.CurrentSchema(), *spec, snapshot_id_, ManifestContent::kData,
                        avro::AvroCodec::kDeflate, metadata_.format_version);
  for (const auto& m : bin) {
    ManifestReader reader(reader_(m.manifest_path), m.manifest_path, m);
    for (const auto& e : reader.Entries()) {
      if (e.status == ManifestEntryStatus::kDeleted) {
        // Only files deleted by this snapshot stay; older deletions are history.
        if (e.snapshot_id == snapshot_id_) writer.Delete(e);
      } else if (e.status == ManifestEntryStatus::kAdded && e.snapshot_id == snapshot_id_) {
        // sequence numbers are assigned at commit, unless the file was added with its own
        // (a compaction keeping its starting snapshot's: Java's ManifestWriter.add(entry))
        std::optional<int64_t> data_sequence;
        if (e.sequence_number && *e.sequence_number >= 0) data_sequence = e.sequence_number;
        writer.Add(e.data_file, data_sequence);
      } else {
        writer.Existing(e);
      }
    }
  }
  std::string location = new_location_();
  std::string bytes = writer.Finish();
  writer_(location, bytes);
  return writer.ToManifestFile(location, static_cast<int64_t>(bytes.size()));
}

}  // namespace floe::iceberg
