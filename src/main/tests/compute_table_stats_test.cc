// Issue 20 (statistics, first part): CALL system.compute_table_stats writes what Iceberg
// 1.10's ComputeTableStatsSparkAction writes (TestComputeTableStatsProcedure's cases are in
// test/sql/iceberg/procedures/compute_table_stats.test): one Puffin file per call, a zstd
// apache-datasketches-theta-v1 blob per column with its field id, the snapshot's id and
// sequence number and an `ndv` property, registered under `statistics` for that snapshot.
// Here the metadata entry and the file's blobs are read back: each blob's sketch estimates
// its `ndv`, and a sketch of values Trino also sketched is Trino's byte for byte.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "common/theta_sketch.h"
#include "iceberg/puffin/puffin_file.h"
#include "io/local_file_io.h"
#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

class ComputeTableStatsTest : public testing::WarehouseTest {
 protected:
  nlohmann::json Metadata() { return NewestMetadata(dir_ / "warehouse" / "db" / "t"); }
};

TEST_F(ComputeTableStatsTest, StatisticsFileHoldsOneThetaSketchPerColumn) {
  Run("CREATE TABLE db.t (id BIGINT NOT NULL, c1 INT, data STRING, s STRUCT<a: INT, b: STRING>) USING iceberg");
  Run("INSERT INTO db.t SELECT id, CAST(id % 3 + 1 AS INT), concat('v', CAST(id % 1000 AS STRING)), "
      "named_struct('a', CAST(id % 7 AS INT), 'b', 'x') FROM range(50000)");
  std::vector<std::string> out = Rows("CALL floe.system.compute_table_stats(table => 'db.t')");
  ASSERT_EQ(out.size(), 1u);
  nlohmann::json m = Metadata();
  ASSERT_EQ(m["statistics"].size(), 1u);
  const nlohmann::json& entry = m["statistics"][0];
  EXPECT_EQ(entry["snapshot-id"], m["current-snapshot-id"]);
  std::string path = entry["statistics-path"];
  EXPECT_NE(out[0].find(path), std::string::npos);
  EXPECT_TRUE(path.ends_with(".stats"));
  EXPECT_EQ(entry["file-size-in-bytes"].get<int64_t>(), static_cast<int64_t>(std::filesystem::file_size(path)));

  // the footer as Java's PuffinReader reads it: every top-level primitive column, in order
  LocalFileIO io;
  auto file = io.OpenForRead(path);
  iceberg::PuffinFileMetadata footer = iceberg::PuffinReader::ReadFileMetadata(*file);
  EXPECT_EQ(entry["file-footer-size-in-bytes"].get<int64_t>(),
            file->size() - footer.blobs.back().offset - footer.blobs.back().length);
  ASSERT_EQ(footer.blobs.size(), 3u);
  std::vector<int> ids;
  std::vector<int64_t> ndvs;
  for (const iceberg::BlobMetadata& blob : footer.blobs) {
    EXPECT_EQ(blob.type, "apache-datasketches-theta-v1");
    EXPECT_EQ(blob.compression_codec, "zstd");
    EXPECT_EQ(blob.snapshot_id, m["current-snapshot-id"].get<int64_t>());
    EXPECT_EQ(blob.sequence_number, 1);
    ASSERT_EQ(blob.fields.size(), 1u);
    ids.push_back(blob.fields[0]);
    ThetaSketch sketch =
        ThetaSketch::Deserialize(iceberg::PuffinReader::ReadBlob(*file, blob.offset, blob.length, blob.compression_codec));
    int64_t ndv = std::stoll(blob.properties.at("ndv"));
    EXPECT_EQ(ndv, static_cast<int64_t>(sketch.Estimate()));
    ndvs.push_back(ndv);
    if (blob.fields[0] == 2) {
      // c1 holds 1, 2 and 3, which Trino sketched in the fixture cxx_hour_timestamptz_partitioning
      EXPECT_EQ(sketch.SortedHashes(),
                (std::vector<uint64_t>{654158640782971563ULL, 2664407504098335837ULL, 9175176138608593287ULL}));
    }
  }
  EXPECT_EQ(ids, (std::vector<int>{1, 2, 3}));
  EXPECT_NEAR(static_cast<double>(ndvs[0]), 50000, 2500);  // estimated: 50,000 is past k = 4096
  EXPECT_EQ(ndvs[1], 3);
  EXPECT_EQ(ndvs[2], 1000);
  // the entry lists the same blobs
  ASSERT_EQ(entry["blob-metadata"].size(), 3u);
  EXPECT_EQ(entry["blob-metadata"][2]["properties"]["ndv"], "1000");
  EXPECT_EQ(entry["blob-metadata"][2]["fields"], nlohmann::json::array({3}));
}

TEST_F(ComputeTableStatsTest, ANewFileForTheSameSnapshotReplacesTheEntry) {
  Run("CREATE TABLE db.t (id BIGINT, data STRING) USING iceberg");
  Run("INSERT INTO db.t VALUES (1, 'a'), (2, 'b')");
  Run("CALL floe.system.compute_table_stats(table => 'db.t')");
  Run("CALL floe.system.compute_table_stats(table => 'db.t', columns => array('data', 'data'))");
  nlohmann::json m = Metadata();
  ASSERT_EQ(m["statistics"].size(), 1u);
  ASSERT_EQ(m["statistics"][0]["blob-metadata"].size(), 1u);  // each column once
  EXPECT_EQ(m["statistics"][0]["blob-metadata"][0]["fields"], nlohmann::json::array({2}));
  // a second snapshot's statistics sit beside the first's
  int64_t first = m["current-snapshot-id"];
  Run("INSERT INTO db.t VALUES (3, 'c')");
  Run("CALL floe.system.compute_table_stats(table => 'db.t', columns => array('id'))");
  Run("CALL floe.system.compute_table_stats(table => 'db.t', snapshot_id => " + std::to_string(first) + ")");
  m = Metadata();
  ASSERT_EQ(m["statistics"].size(), 2u);
  EXPECT_EQ(m["statistics"][0]["snapshot-id"], m["current-snapshot-id"]);
  EXPECT_EQ(m["statistics"][1]["snapshot-id"], first);
  EXPECT_EQ(m["statistics"][1]["blob-metadata"][0]["properties"]["ndv"], "2");
}

}  // namespace
}  // namespace floe
