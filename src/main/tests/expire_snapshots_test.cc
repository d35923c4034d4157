// Issue 17, expire_snapshots(clean_expired_metadata => true), as Iceberg 1.10's
// RemoveSnapshots.cleanExpiredMetadata (TestExpireSnapshotsProcedure.testCleanExpiredMetadata,
// TestRemoveSnapshots' spec and schema cases): the schemas and partition specs no retained
// snapshot uses leave the metadata; the current schema and the default spec always stay,
// and a spec still named by a retained snapshot's manifests stays.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "main/tests/warehouse_test.h"

namespace floe {
namespace {

class ExpireSnapshotsTest : public testing::WarehouseTest {
 protected:
  nlohmann::json Metadata() { return NewestMetadata(dir_ / "warehouse" / "db" / "t"); }
};

TEST_F(ExpireSnapshotsTest, CleanExpiredMetadataRemovesUnusedSchemasAndSpecs) {
  Run("CREATE TABLE db.t (id BIGINT NOT NULL, data STRING) USING iceberg");
  Run("INSERT INTO db.t VALUES (1, 'a')");
  Run("ALTER TABLE db.t ADD COLUMN extra_col INT");
  Run("ALTER TABLE db.t ADD PARTITION FIELD bucket(4, id)");
  Run("INSERT INTO db.t VALUES (2, 'b', 21)");
  nlohmann::json before = Metadata();
  ASSERT_EQ(before["schemas"].size(), 2u);
  ASSERT_EQ(before["partition-specs"].size(), 2u);

  // without the option nothing but snapshots goes (testNoExpiredMetadataCleanupByDefault)
  Run("CALL floe.system.expire_snapshots(table => 'db.t', older_than => current_timestamp() + INTERVAL 1 SECOND)");
  nlohmann::json plain = Metadata();
  EXPECT_EQ(plain["snapshots"].size(), 1u);
  EXPECT_EQ(plain["schemas"].size(), 2u);
  EXPECT_EQ(plain["partition-specs"].size(), 2u);

  Run("CALL floe.system.expire_snapshots(table => 'db.t', older_than => current_timestamp() + INTERVAL 1 SECOND, "
      "clean_expired_metadata => true)");
  nlohmann::json after = Metadata();
  // the retained snapshot was written under the current schema: the first one goes
  ASSERT_EQ(after["schemas"].size(), 1u);
  EXPECT_EQ(after["schemas"][0]["schema-id"], after["current-schema-id"]);
  // the first insert's file is still live in the retained snapshot, under spec 0: both stay
  EXPECT_EQ(after["partition-specs"].size(), 2u);
  EXPECT_EQ(Count("SELECT count(*) FROM db.t"), 2);

  // once that file is rewritten under the default spec (and a commit after the rewrite has
  // dropped the manifest recording its removal), spec 0 is no longer used
  Run("CALL floe.system.rewrite_data_files(table => 'db.t', options => map('rewrite-all', 'true'))");
  Run("INSERT INTO db.t VALUES (3, 'c', 31)");
  Run("CALL floe.system.expire_snapshots(table => 'db.t', older_than => current_timestamp() + INTERVAL 1 SECOND, "
      "clean_expired_metadata => true)");
  nlohmann::json last = Metadata();
  ASSERT_EQ(last["partition-specs"].size(), 1u);
  EXPECT_EQ(last["partition-specs"][0]["spec-id"], last["default-spec-id"]);
  EXPECT_EQ(Count("SELECT count(*) FROM db.t WHERE extra_col = 21"), 1);
  EXPECT_EQ(Count("SELECT count(*) FROM db.t"), 3);
}

}  // namespace
}  // namespace floe
