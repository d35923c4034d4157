// Fuzz target: the bytes are an Avro manifest list or manifest, read as planning a scan
// reads one: as a manifest list (ManifestListReader), and as a manifest
// (ManifestReader) the way ManifestCache does: the header's partition block index and
// each block, or else every live entry, without metrics and then each entry's metrics;
// and whole, through the fast decoder and the generic Avro datums. Each reading starts
// afresh, so an error in one does not hide the others.
//
// Accepted outcomes: a result, or FormatError / NotImplementedError (a codec floe lacks).
// Anything else is a finding: a sanitizer report, a crash, a hang, an allocation past
// libFuzzer's malloc limit, or another exception (libFuzzer reports it as an abort).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/exception.h"
#include "fuzz_attempt.h"
#include "iceberg/manifests/manifest_list_reader.h"
#include "iceberg/manifests/manifest_reader.h"

namespace {

using floe::iceberg::LazyMetrics;
using floe::iceberg::ManifestEntry;
using floe::iceberg::ManifestFile;
using floe::iceberg::ManifestReader;

using floe::fuzz::Attempt;

// Visits the live entries for planning as ManifestCache does, then fills each one's metrics.
template <typename Visit>
void PlanAndFill(Visit&& visit_entries) {
  LazyMetrics lazy;
  size_t entries = 0;
  visit_entries(&lazy, [&](ManifestEntry& entry) {
    ++entries;
    (void)entry.data_file.partition.size();
  });
  if (!lazy.decoder) return;
  for (size_t i = 0; i < entries; ++i) {
    floe::iceberg::DataFile file;
    lazy.Fill(i, &file);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = "fuzz.avro";
  auto bytes = std::make_shared<const std::string>(reinterpret_cast<const char*>(data), size);

  // The manifest list entry the manifest inherits from: the list's own first entry when
  // the bytes read as a list, else one with a sequence number and snapshot id to inherit.
  ManifestFile list_entry;
  list_entry.manifest_path = path;
  list_entry.sequence_number = 7;
  list_entry.min_sequence_number = 3;
  list_entry.added_snapshot_id = 42;
  Attempt([&] {
    std::vector<ManifestFile> list = floe::iceberg::ManifestListReader::Read(*bytes, path);
    if (!list.empty()) list_entry = list.front();
  });

  Attempt([&] {
    ManifestReader reader(bytes, path, list_entry);
    (void)reader.schema();
    std::optional<floe::iceberg::PartitionBlockIndex> index = reader.BlockIndex();
    if (!index) {
      PlanAndFill([&](LazyMetrics* lazy, const auto& visit) { reader.VisitLiveEntriesForPlanning(lazy, visit); });
      return;
    }
    for (const auto& block : index->blocks) {
      Attempt([&] {
        PlanAndFill([&](LazyMetrics* lazy, const auto& visit) { reader.VisitBlockForPlanning(block, lazy, visit); });
      });
    }
  });
  Attempt([&] { ManifestReader(bytes, path).Entries(ManifestReader::Decoding::kFast); });
  Attempt([&] { ManifestReader(bytes, path, list_entry).Entries(ManifestReader::Decoding::kGeneric); });
  return 0;
}
