// Issue 16 with rule 4 (bad input never crashes floe nor gives a silent wrong value): a
// v3 table whose deletion vector is corrupt (a flipped byte: the CRC-32 no longer matches)
// fails its scan with an error naming the vector, and an encrypted snapshot (key-id) is
// refused by name, on copies of ../shared/fixtures/iceberg/impala_v3_deletion_vectors.
// Skips when the fixtures are absent.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "iceberg/tests/fixture_paths.h"
#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPrefix = "hdfs://localhost:20500/test-warehouse/iceberg_v3_deletion_vectors";

class V3BadInputTest : public testing::WarehouseTest {
 protected:
  fs::path Copy(const std::string& name) {
    return CopyFixture(iceberg::testing::FixturesDir() / "impala_v3_deletion_vectors", name, kPrefix);
  }
  bool Skip() {
    return !fs::is_directory(iceberg::testing::FixturesDir() / "impala_v3_deletion_vectors");
  }
};

TEST_F(V3BadInputTest, CorruptDeletionVectorFailsNamingIt) {
  if (Skip()) GTEST_SKIP() << "../shared/fixtures/iceberg/impala_v3_deletion_vectors is absent";
  fs::path copy = Copy("corrupt");
  for (const auto& e : fs::directory_iterator(copy / "data")) {
    if (e.path().extension() != ".puffin") continue;
    std::fstream f(e.path(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(30);  // inside the first vector's bitmap
    f.put('\x7f');
  }
  Run(std::string("CALL floe.system.register_table(table => 'fx.dv', metadata_file => '") + kPrefix +
      "/metadata/v3.metadata.json')");
  std::string error = ErrorOf("SELECT * FROM fx.dv");
  EXPECT_NE(error.find("deletion vector"), std::string::npos) << error;
  EXPECT_NE(error.find(".puffin"), std::string::npos) << error;
  EXPECT_NE(error.find("CRC-32"), std::string::npos) << error;
  // the snapshot before the delete has no vectors and still reads
  EXPECT_EQ(Count("SELECT count(*) FROM fx.dv VERSION AS OF 2700858159721908397"), 5);
}

TEST_F(V3BadInputTest, EncryptedSnapshotIsRefused) {
  if (Skip()) GTEST_SKIP() << "../shared/fixtures/iceberg/impala_v3_deletion_vectors is absent";
  fs::path copy = Copy("encrypted");
  fs::path metadata = copy / "metadata" / "v3.metadata.json";
  nlohmann::json m = nlohmann::json::parse(std::ifstream(metadata));
  for (auto& s : m["snapshots"]) s["key-id"] = "key-1";
  m["encryption-keys"] = nlohmann::json::array({{{"key-id", "key-1"}, {"encrypted-key-metadata", "AAAA"}}});
  std::ofstream(metadata) << m.dump();
  Run(std::string("CALL floe.system.register_table(table => 'fx.enc', metadata_file => '") + kPrefix +
      "/metadata/v3.metadata.json')");
  std::string error = ErrorOf("SELECT * FROM fx.enc");
  EXPECT_NE(error.find("is encrypted"), std::string::npos) << error;
  EXPECT_NE(error.find("key-1"), std::string::npos) << error;
}

}  // namespace
}  // namespace floe
