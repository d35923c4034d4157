// Reads every fixture table's manifest lists and manifests (written by Spark, Trino and
// Iceberg Java) and checks them against the snapshot summaries and the partition transforms.
#include <gtest/gtest.h>

#include "iceberg/location_remapper.h"
#include "iceberg/manifests/manifest_list_reader.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/single_value_serialization.h"
#include "iceberg/snapshot_summary_builder.h"
#include "iceberg/table_metadata.h"
#include "iceberg/tests/fixture_paths.h"
#include "io/tests/test_file_io.h"

namespace floe::iceberg {
namespace {

struct Totals {
  int64_t records = 0;
  int64_t data_files = 0;
  int64_t delete_files = 0;
};

// Returns the remapper from the table's location (s3a://warehouse/<name>) to its fixture folder.
LocationRemapper RemapperFor(const TableMetadata& m, const std::filesystem::path& dir) {
  LocationRemapper r;
  r.Add(m.location, dir.string());
  return r;
}

Totals ReadSnapshot(const TableMetadata& m, const Snapshot& snap, const LocationRemapper& remap,
                    int* checked_partitions) {
  Totals t;
  auto manifests = ManifestListReader::Open(::floe::testing::TestIO(), remap.Remap(snap.manifest_list));
  for (const auto& mf : manifests) {
    SCOPED_TRACE(mf.manifest_path);
    EXPECT_LE(mf.sequence_number, snap.sequence_number);
    EXPECT_LE(mf.min_sequence_number, mf.sequence_number);
    ManifestReader reader = ManifestReader::Open(::floe::testing::TestIO(), remap.Remap(mf.manifest_path), mf);
    EXPECT_EQ(reader.format_version(), 2);
    EXPECT_EQ(reader.spec_id(), mf.partition_spec_id);
    const PartitionSpec* spec = m.SpecById(mf.partition_spec_id);
    EXPECT_NE(spec, nullptr);
    if (!spec) continue;
    EXPECT_EQ(mf.partitions.size(), spec->fields().size());
    int added = 0, existing = 0, deleted = 0;
    int64_t added_rows = 0;
    for (const auto& e : reader.Entries()) {
      const DataFile& f = e.data_file;
      EXPECT_EQ(f.partition.size(), spec->fields().size());
      if (!e.snapshot_id || !e.sequence_number) {
        ADD_FAILURE() << "entry of " << f.file_path << " did not inherit its snapshot id / sequence number";
        continue;
      }
      EXPECT_LE(*e.sequence_number, snap.sequence_number);
      if (e.IsLive()) {  // deleted entries keep their older sequence numbers
        EXPECT_GE(*e.sequence_number, mf.min_sequence_number);
      }
      if (e.status == ManifestEntryStatus::kAdded) {
        ++added;
        added_rows += f.record_count;
        EXPECT_EQ(*e.snapshot_id, mf.added_snapshot_id);
      }
      if (e.status == ManifestEntryStatus::kExisting) ++existing;
      if (e.status == ManifestEntryStatus::kDeleted) ++deleted;
      EXPECT_TRUE(std::filesystem::exists(remap.Remap(f.file_path))) << f.file_path;
      EXPECT_EQ((mf.content == ManifestContent::kData), (f.content == FileContent::kData));
      if (!e.IsLive()) continue;
      if (f.content == FileContent::kData) {
        t.records += f.record_count;
        ++t.data_files;
      } else {
        ++t.delete_files;
      }
      // Recompute each partition value from the source column's bounds when they pin a
      // single value (or the column is all NULL), and compare with the stored tuple.
      const Schema& schema = m.CurrentSchema();
      for (size_t i = 0; i < spec->fields().size() && f.content == FileContent::kData; ++i) {
        const PartitionField& pf = spec->fields()[i];
        const NestedField* source = schema.FindFieldById(pf.source_id());
        if (!source) continue;
        auto nulls = f.null_value_counts.find(pf.source_id());
        if (nulls != f.null_value_counts.end() && nulls->second == f.record_count) {
          EXPECT_TRUE(f.partition[i].is_null()) << pf.name();
          ++*checked_partitions;
          continue;
        }
        auto lo = f.lower_bounds.find(pf.source_id());
        auto hi = f.upper_bounds.find(pf.source_id());
        if (lo == f.lower_bounds.end() || hi == f.upper_bounds.end() || lo->second != hi->second) continue;
        if (source->type()->kind() == TypeKind::kString) continue;  // bounds may be truncated
        Value v = SingleValueSerialization::FromBytes(*source->type(), lo->second);
        Value expected = pf.transform().Apply(v);
        if (f.partition[i].is_null()) {
          ADD_FAILURE() << pf.name() << " is NULL but the column has a value";
          continue;
        }
        EXPECT_EQ(f.partition[i].Compare(expected), 0)
            << pf.name() << " " << pf.transform().ToString() << ": stored " << f.partition[i].ToString()
            << ", recomputed " << expected.ToString();
        // The human-readable path segment appears in the file's path. (Trino spells
        // identity timestamps its own way, "2025-03-03T00:00:00+00:00", where Java's
        // partitionToPath gives "2025-03-03T00:00Z", so those are not compared.)
        bool identity_timestamp = pf.transform().IsIdentity() && (source->type()->kind() == TypeKind::kTimestamp ||
                                                                 source->type()->kind() == TypeKind::kTimestampTz);
        std::string segment = UrlEncode(pf.name()) + "=" +
                              UrlEncode(pf.transform().ToHumanString(*source->type(), f.partition[i]));
        if (!identity_timestamp && f.file_path.find('=') != std::string::npos) {
          EXPECT_NE(f.file_path.find(segment), std::string::npos) << segment << " not in " << f.file_path;
        }
        ++*checked_partitions;
      }
    }
    EXPECT_EQ(added, mf.added_files_count);
    EXPECT_EQ(existing, mf.existing_files_count);
    EXPECT_EQ(deleted, mf.deleted_files_count);
    EXPECT_EQ(added_rows, mf.added_rows_count);
  }
  return t;
}

TEST(FixtureManifestTest, EverySnapshotMatchesItsSummary) {
  auto tables = testing::FirstSetFixtureTables();
  if (tables.empty()) GTEST_SKIP() << "fixtures not found at " << testing::FixturesDir();
  int snapshots = 0, checked_partitions = 0;
  for (const auto& dir : tables) {
    SCOPED_TRACE(dir.filename().string());
    auto path = testing::LatestMetadataFile(dir);
    TableMetadata m = TableMetadata::Parse(testing::ReadFile(path), path.string());
    LocationRemapper remap = RemapperFor(m, dir);
    for (const auto& snap : m.snapshots) {
      SCOPED_TRACE(snap.snapshot_id);
      // Some fixtures were copied without the manifest lists of expired history; the
      // current snapshot's must be there.
      if (!std::filesystem::exists(remap.Remap(snap.manifest_list))) {
        EXPECT_NE(snap.snapshot_id, m.current_snapshot_id) << "current manifest list missing";
        continue;
      }
      Totals t = ReadSnapshot(m, snap, remap, &checked_partitions);
      auto total = [&](const char* key) { return std::stoll(snap.summary.at(key)); };
      EXPECT_EQ(t.records, total("total-records"));
      EXPECT_EQ(t.data_files, total("total-data-files"));
      EXPECT_EQ(t.delete_files, total("total-delete-files"));
      ++snapshots;
    }
  }
  EXPECT_GE(snapshots, 30);
  EXPECT_GE(checked_partitions, 20);
}

// FIXTURES.md: cxx_partition_evolution has 7 rows over specs 0 (c1, c2) and 1 (c3).
TEST(FixtureManifestTest, PartitionEvolutionKeepsSpecPerFile) {
  auto dir = testing::FixturesDir() / "cxx_partition_evolution";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "fixture missing";
  auto path = testing::LatestMetadataFile(dir);
  TableMetadata m = TableMetadata::Parse(testing::ReadFile(path), path.string());
  LocationRemapper remap = RemapperFor(m, dir);
  std::map<int, int> files_per_spec;
  int64_t rows = 0;
  for (const auto& mf : ManifestListReader::Open(::floe::testing::TestIO(), remap.Remap(m.CurrentSnapshot()->manifest_list))) {
    for (const auto& e : ManifestReader::Open(::floe::testing::TestIO(), remap.Remap(mf.manifest_path), mf).LiveEntries()) {
      ++files_per_spec[e.data_file.spec_id];
      rows += e.data_file.record_count;
      EXPECT_EQ(e.data_file.partition.size(), e.data_file.spec_id == 0 ? 2u : 1u);
    }
  }
  EXPECT_EQ(rows, 7);
  EXPECT_EQ(files_per_spec[0], 6);
  EXPECT_EQ(files_per_spec[1], 1);
}

// FIXTURES.md rows: icebird_spark_bunnies 20 rows with 1 position delete file,
// duckdb_equality_deletes_mytable 4 equality delete files; the manifest list and every
// manifest are read through the remapper (their recorded locations name other machines),
// and every file path resolves after remapping.
TEST(FixtureManifestTest, SnapshotFilesReadThroughTheRemapper) {
  auto tables = testing::FirstSetFixtureTables();
  if (tables.empty()) GTEST_SKIP() << "fixtures not found";
  std::map<std::string, std::pair<int64_t, size_t>> seen;  // rows in data files, delete files
  for (const auto& dir : tables) {
    auto path = testing::LatestMetadataFile(dir);
    TableMetadata m = TableMetadata::Parse(testing::ReadFile(path), path.string());
    if (!m.CurrentSnapshot()) continue;
    LocationRemapper remapper = RemapperFor(m, dir);
    SnapshotFilesOptions both;
    both.deletes = true;
    int64_t rows = 0;
    size_t deletes = 0;
    for (const auto& e : SnapshotFiles(::floe::testing::TestIO(), m.CurrentSnapshot(), remapper, both)) {
      std::string local = remapper.Remap(e.data_file.file_path);
      EXPECT_TRUE(std::filesystem::exists(local)) << local;
      EXPECT_NE(m.SpecById(e.data_file.spec_id), nullptr) << e.data_file.file_path;
      if (e.data_file.content == FileContent::kData) {
        rows += e.data_file.record_count;
      } else {
        ++deletes;
      }
    }
    EXPECT_EQ(rows, std::stoll(m.CurrentSnapshot()->summary.at("total-records")));
    seen[dir.filename().string()] = {rows, deletes};
  }
  if (seen.count("icebird_spark_bunnies")) {
    EXPECT_EQ(seen["icebird_spark_bunnies"].second, 1u);
  }
  if (seen.count("duckdb_equality_deletes_mytable")) {
    EXPECT_EQ(seen["duckdb_equality_deletes_mytable"].second, 4u);
  }
  if (seen.count("cxx_partition_evolution")) {
    EXPECT_EQ(seen["cxx_partition_evolution"].first, 7);
  }
}

// FIXTURES.md: duckdb_equality_deletes_mytable has equality deletes (eq 4).
TEST(FixtureManifestTest, ReadsDeleteManifests) {
  auto dir = testing::FixturesDir() / "duckdb_equality_deletes_mytable";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "fixture missing";
  auto path = testing::LatestMetadataFile(dir);
  TableMetadata m = TableMetadata::Parse(testing::ReadFile(path), path.string());
  LocationRemapper remap = RemapperFor(m, dir);
  int equality_delete_files = 0;
  for (const auto& mf : ManifestListReader::Open(::floe::testing::TestIO(), remap.Remap(m.CurrentSnapshot()->manifest_list))) {
    if (mf.content != ManifestContent::kDeletes) continue;
    for (const auto& e : ManifestReader::Open(::floe::testing::TestIO(), remap.Remap(mf.manifest_path), mf).LiveEntries()) {
      EXPECT_EQ(e.data_file.content, FileContent::kEqualityDeletes);
      EXPECT_FALSE(e.data_file.equality_ids.empty());
      EXPECT_GT(*e.sequence_number, 0);
      ++equality_delete_files;
    }
  }
  EXPECT_EQ(equality_delete_files, 4);
}

// Recomputes each snapshot's summary from the entries it added and deleted and its parent's
// summary, and compares with what Spark / Trino (Iceberg Java's SnapshotSummary) wrote.
TEST(FixtureManifestTest, SnapshotSummariesRecompute) {
  auto tables = testing::FirstSetFixtureTables();
  if (tables.empty()) GTEST_SKIP() << "fixtures not found";
  int compared = 0;
  for (const auto& dir : tables) {
    SCOPED_TRACE(dir.filename().string());
    auto path = testing::LatestMetadataFile(dir);
    TableMetadata m = TableMetadata::Parse(testing::ReadFile(path), path.string());
    LocationRemapper remap = RemapperFor(m, dir);
    for (const auto& snap : m.snapshots) {
      SCOPED_TRACE(snap.snapshot_id);
      if (!std::filesystem::exists(remap.Remap(snap.manifest_list))) continue;
      std::map<std::string, std::string> parent;
      if (snap.parent_snapshot_id) {
        const Snapshot* p = m.SnapshotById(*snap.parent_snapshot_id);
        if (!p) continue;
        parent = p->summary;
      }
      SnapshotSummaryBuilder builder;
      for (const auto& mf : ManifestListReader::Open(::floe::testing::TestIO(), remap.Remap(snap.manifest_list))) {
        if (mf.added_snapshot_id != snap.snapshot_id) continue;  // only this snapshot's changes
        for (const auto& e : ManifestReader::Open(::floe::testing::TestIO(), remap.Remap(mf.manifest_path), mf).Entries()) {
          if (e.snapshot_id != snap.snapshot_id) continue;
          if (e.status == ManifestEntryStatus::kAdded) builder.AddedFile(e.data_file);
          if (e.status == ManifestEntryStatus::kDeleted) builder.RemovedFile(e.data_file);
        }
      }
      auto ours = builder.Build(snap.operation(), parent);
      for (const auto& [key, value] : ours) {
        auto it = snap.summary.find(key);
        if (it == snap.summary.end()) {
          ADD_FAILURE() << "we write " << key << "=" << value << ", the writer did not";
          continue;
        }
        EXPECT_EQ(value, it->second) << key;
        ++compared;
      }
      for (const auto& [key, value] : snap.summary) {
        if (key.rfind("added-", 0) == 0 || key.rfind("deleted-", 0) == 0 || key.rfind("removed-", 0) == 0 ||
            key.rfind("total-", 0) == 0) {
          EXPECT_TRUE(ours.count(key)) << "missing " << key << "=" << value;
        }
      }
    }
  }
  EXPECT_GE(compared, 200);
}

}  // namespace
}  // namespace floe::iceberg
