#pragma once

#include <cstdint>
#include <optional>

#include "iceberg/manifests/data_file.h"

namespace floe::iceberg {

/// Whether an entry's file was added, kept or removed by the manifest's snapshot.
enum class ManifestEntryStatus : uint8_t { kExisting = 0, kAdded = 1, kDeleted = 2 };

/// One entry of a manifest (spec manifest_entry). After reading, the ids and sequence
/// numbers hold the inherited values the spec prescribes.
struct ManifestEntry {
  ManifestEntryStatus status = ManifestEntryStatus::kAdded;
  std::optional<int64_t> snapshot_id;
  /// The data sequence number.
  std::optional<int64_t> sequence_number;
  std::optional<int64_t> file_sequence_number;
  DataFile data_file;

  bool IsLive() const { return status != ManifestEntryStatus::kDeleted; }
  bool operator==(const ManifestEntry& other) const = default;
};

}  // namespace floe::iceberg
