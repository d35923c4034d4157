#include "iceberg/manifests/manifest_merger.h"

#include <gtest/gtest.h>

#include <map>

#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/manifests/manifest_writer.h"
#include "iceberg/table_metadata_builder.h"

namespace floe::iceberg {
namespace {

class ManifestMergerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Schema schema(0, {NestedField::Required(1, "id", Type::Primitive(TypeKind::kLong)),
                      NestedField::Optional(2, "day", Type::Primitive(TypeKind::kDate))});
    PartitionSpec spec(0, {PartitionField(2, 1000, "day", Transform::Identity())});
    metadata_ = TableMetadataBuilder::NewTable(schema, spec, SortOrder::Unsorted(), "/wh/t", {}).Build(1);
  }

  // Writes a manifest of `files` data files added by `snapshot_id` (sequence `seq`), plus a
  // deleted entry when asked; returns its list entry as the manifest list would hold it.
  ManifestFile WriteManifest(int64_t snapshot_id, int64_t seq, int files, bool with_delete = false) {
    ManifestWriter w(metadata_.CurrentSchema(), metadata_.DefaultSpec(), snapshot_id);
    for (int i = 0; i < files; ++i) {
      DataFile f;
      f.file_path = "/wh/t/data/s" + std::to_string(snapshot_id) + "-" + std::to_string(i) + ".parquet";
      f.partition = {Value::Date(static_cast<int32_t>(snapshot_id))};
      f.record_count = 10;
      f.file_size_in_bytes = 1000;
      w.Add(f);
    }
    if (with_delete) {
      ManifestEntry gone;
      gone.snapshot_id = 1;
      gone.sequence_number = 1;
      gone.file_sequence_number = 1;
      gone.data_file.file_path = "/wh/t/data/gone.parquet";
      gone.data_file.partition = {Value::Date(1)};
      w.Delete(gone);
    }
    std::string location = "/wh/t/metadata/m-" + std::to_string(snapshot_id) + ".avro";
    std::string bytes = w.Finish();
    files_[location] = bytes;
    ManifestFile m = w.ToManifestFile(location, static_cast<int64_t>(bytes.size()));
    if (seq > 0) m.sequence_number = m.min_sequence_number = seq;  // committed earlier
    return m;
  }

  ManifestMerger Merger(int64_t snapshot_id) {
    return ManifestMerger(
        metadata_, snapshot_id, [this](const std::string& l) { return files_.at(l); },
        [this](const std::string& l, const std::string& b) { files_[l] = b; },
        [this] { return "/wh/t/metadata/merged-" + std::to_string(++counter_) + ".avro"; });
  }

  TableMetadata metadata_;
  std::map<std::string, std::string> files_;
  int counter_ = 0;
};

TEST_F(ManifestMergerTest, MergesWhenCountReached) {
  // Snapshot 6 adds one manifest on top of five earlier ones (snapshots 1..5, seq 1..5);
  // snapshot 5's manifest also records a deletion by snapshot 5 itself, which is history now.
  std::vector<ManifestFile> manifests = {WriteManifest(6, 0, 2)};
  for (int64_t s = 5; s >= 1; --s) manifests.push_back(WriteManifest(s, s, 2, s == 5));
  ManifestMerger merger = Merger(6);
  merger.SetOptions(true, 3, 1 << 20);
  auto merged = merger.Merge(manifests);
  ASSERT_EQ(merged.size(), 1u);
  EXPECT_EQ(merger.merged_count(), 6);
  const ManifestFile& m = merged[0];
  EXPECT_EQ(m.added_files_count, 2);
  EXPECT_EQ(m.existing_files_count, 10);
  EXPECT_EQ(m.deleted_files_count, 0);
  EXPECT_EQ(m.added_snapshot_id, 6);
  EXPECT_EQ(m.min_sequence_number, 1);
  ManifestFile committed = m;
  committed.sequence_number = 6;  // what the manifest list writer assigns
  auto entries = ManifestReader(files_.at(m.manifest_path), m.manifest_path, committed).Entries();
  ASSERT_EQ(entries.size(), 12u);
  for (const auto& e : entries) {
    int64_t writer_snapshot = e.data_file.partition[0].int32();
    EXPECT_EQ(e.snapshot_id, writer_snapshot);
    EXPECT_EQ(e.sequence_number, writer_snapshot);  // kept, or inherited (6) for the new files
    EXPECT_EQ(e.status, writer_snapshot == 6 ? ManifestEntryStatus::kAdded : ManifestEntryStatus::kExisting);
  }
}

TEST_F(ManifestMergerTest, KeepsNewManifestAloneBelowMinCount) {
  std::vector<ManifestFile> manifests = {WriteManifest(3, 0, 1), WriteManifest(2, 2, 1), WriteManifest(1, 1, 1)};
  ManifestMerger merger = Merger(3);  // defaults: min count 100
  auto out = merger.Merge(manifests);
  EXPECT_EQ(out.size(), 3u);
  EXPECT_EQ(merger.merged_count(), 0);
  merger.SetOptions(false, 2, 1 << 20);
  EXPECT_EQ(merger.Merge(manifests).size(), 3u);
  // A small target size puts every manifest in its own bin: nothing to merge.
  merger.SetOptions(true, 2, 1);
  EXPECT_EQ(merger.Merge(manifests).size(), 3u);
}

}  // namespace
}  // namespace floe::iceberg
