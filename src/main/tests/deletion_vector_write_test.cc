// Issue 16, deletion vectors floe writes: on a copy of a v2 table with position deletes
// (../shared/fixtures/iceberg/cxx_granular_deletes, written by Trino), upgraded to v3, a
// merge-on-read DELETE writes deletion vectors that (1) keep the rows the old position
// delete files deleted (a file's vector replaces them on read), (2) have the structure of
// the deletion-vector-v1 blobs Spark + Iceberg 1.10 wrote in impala_v3_deletion_vectors
// (length prefix, magic, 64-bit portable Roaring bitmap, CRC-32; footer blob with field
// 2147483645, snapshot-id and sequence-number -1, referenced-data-file and cardinality),
// and (3) leave the same rows as a copy-on-write DELETE on another copy. Skips when the
// fixtures are absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "iceberg/puffin/deletion_vector.h"
#include "iceberg/puffin/puffin_file.h"
#include "iceberg/tests/fixture_paths.h"
#include "io/local_file_io.h"
#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPrefix = "s3a://warehouse/granular_deletes";

class DeletionVectorWriteTest : public testing::WarehouseTest {
 protected:
  // Copies the fixture to `name` under the test folder and registers it as fx.<name>.
  fs::path CopyAndRegister(const std::string& name) {
    fs::path copy = CopyFixture(iceberg::testing::FixturesDir() / "cxx_granular_deletes", name, kPrefix);
    Run("CALL floe.system.register_table(table => 'fx." + name + "', metadata_file => '" + kPrefix + "')");
    return copy;
  }
};

TEST_F(DeletionVectorWriteTest, VectorsMergePositionDeletesAndMatchCopyOnWrite) {
  if (!fs::is_directory(iceberg::testing::FixturesDir() / "cxx_granular_deletes")) {
    GTEST_SKIP() << "../shared/fixtures/iceberg/cxx_granular_deletes is absent";
  }
  const std::string condition = "c1 IN (5, 10, 13) OR c2 = 91121";
  // Merge-on-read on a v2 table with position deletes, upgraded to v3.
  fs::path mor = CopyAndRegister("mor");
  std::vector<std::string> before = Rows("SELECT * FROM fx.mor ORDER BY c1");
  ASSERT_EQ(before.size(), 10u);  // the fixture's current rows (its position deletes applied)
  Run("ALTER TABLE fx.mor SET TBLPROPERTIES ('format-version' = '3', 'write.delete.mode' = 'merge-on-read')");
  Run("DELETE FROM fx.mor WHERE " + condition);
  std::vector<std::string> after_mor = Rows("SELECT * FROM fx.mor ORDER BY c1");
  EXPECT_EQ(after_mor.size(), 6u);
  // The vectors, as the delete files table lists them. The fixture's position delete files
  // name one data file each (equal file_path bounds): taken into the vectors and removed, as
  // Java's position delta write rewrites file-scoped deletes (SparkBatchQueryScan.rewritableDeletes).
  std::vector<std::string> vectors = Rows(
      "SELECT file_path, referenced_data_file, content_offset, content_size_in_bytes, record_count "
      "FROM fx.mor.delete_files WHERE file_format = 'PUFFIN' ORDER BY content_offset");
  ASSERT_FALSE(vectors.empty());
  EXPECT_EQ(Count("SELECT count(*) FROM fx.mor.delete_files WHERE file_format <> 'PUFFIN'"), 0);

  LocalFileIO io;
  std::string puffin_path = vectors[0].substr(0, vectors[0].find('|'));
  ASSERT_EQ(puffin_path.rfind(kPrefix, 0), 0u) << puffin_path;
  auto file = io.OpenForRead(mor.string() + puffin_path.substr(std::string(kPrefix).size()));
  iceberg::PuffinFileMetadata footer = iceberg::PuffinReader::ReadFileMetadata(*file);
  ASSERT_EQ(footer.blobs.size(), vectors.size());
  for (size_t i = 0; i < vectors.size(); ++i) {
    SCOPED_TRACE(vectors[i]);
    std::vector<std::string> f;
    for (size_t at = 0, next; at != std::string::npos; at = next == std::string::npos ? next : next + 1) {
      next = vectors[i].find('|', at);
      f.push_back(vectors[i].substr(at, next == std::string::npos ? next : next - at));
    }
    const iceberg::BlobMetadata& blob = footer.blobs[i];
    EXPECT_EQ(blob.type, "deletion-vector-v1");
    EXPECT_EQ(blob.fields, std::vector<int>{2147483645});
    EXPECT_EQ(blob.snapshot_id, -1);
    EXPECT_EQ(blob.sequence_number, -1);
    EXPECT_FALSE(blob.compression_codec);
    EXPECT_EQ(std::to_string(blob.offset), f[2]);
    EXPECT_EQ(std::to_string(blob.length), f[3]);
    EXPECT_EQ(blob.properties.at("referenced-data-file"), f[1]);
    EXPECT_EQ(blob.properties.at("cardinality"), f[4]);
    std::string bytes = iceberg::PuffinReader::ReadBlob(*file, blob.offset, blob.length);
    // big-endian length of magic + bitmap, then the magic, as in the fixture's blobs
    uint32_t length = 0;
    for (int b = 0; b < 4; ++b) length = (length << 8) | static_cast<unsigned char>(bytes[b]);
    EXPECT_EQ(length, bytes.size() - 8);
    EXPECT_EQ(bytes.substr(4, 4), std::string("\xD1\xD3\x39\x64", 4));
    // the bitmap and the CRC-32 check out, and the vector holds what its entry says
    std::vector<int64_t> positions = iceberg::DeletionVector::Deserialize(bytes, std::stoll(f[4]), "floe's vector");
    EXPECT_EQ(positions.size(), static_cast<size_t>(std::stoll(f[4])));
  }
  // The file Trino's position deletes touched keeps those deletes in its vector: more
  // positions in it than the rows this DELETE matched there.
  EXPECT_GT(Count("SELECT sum(record_count) FROM fx.mor.delete_files WHERE file_format = 'PUFFIN'"),
            static_cast<int64_t>(before.size() - after_mor.size()));

  // Copy-on-write on another copy of the same table.
  CopyAndRegister("cow");
  Run("ALTER TABLE fx.cow SET TBLPROPERTIES ('format-version' = '3')");
  Run("DELETE FROM fx.cow WHERE " + condition);
  EXPECT_EQ(Rows("SELECT * FROM fx.cow ORDER BY c1"), after_mor);
  // And the rows expected from the fixture's own: those the condition does not match.
  std::vector<std::string> expected;
  for (const std::string& row : before) {
    std::string c1 = row.substr(0, row.find('|')), c2 = row.substr(row.find('|') + 1);
    if (c1 != "5" && c1 != "10" && c1 != "13" && c2 != "91121") expected.push_back(row);
  }
  EXPECT_EQ(after_mor, expected);
}

}  // namespace
}  // namespace floe
