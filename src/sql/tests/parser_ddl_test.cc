#include <gtest/gtest.h>

#include "common/exception.h"
#include "sql/parser.h"

namespace floe {
namespace {

template <class T>
std::unique_ptr<T> Parse(std::string_view sql, StatementKind kind) {
  StatementPtr statement = Parser::ParseStatement(sql);
  EXPECT_EQ(statement->kind, kind) << sql;
  return std::unique_ptr<T>(static_cast<T*>(statement.release()));
}

TEST(ParserDdlTest, CreateTableWithEveryClause) {
  auto create = Parse<CreateTableStatement>(R"(
      CREATE TABLE IF NOT EXISTS oleander.tutorial.events (
        id BIGINT NOT NULL COMMENT 'event id',
        event_time TIMESTAMP,
        amount DECIMAL(10, 2),
        `type` STRING,
        date DATE
      ) USING iceberg
      PARTITIONED BY (days(event_time), bucket(16, id), truncate(4, type), date, hours(event_time))
      LOCATION '/tmp/events'
      COMMENT 'raw events'
      TBLPROPERTIES ('write.format.default' = 'parquet', format-version = 2, 'x' true))",
                                            StatementKind::kCreateTable);
  EXPECT_TRUE(create->if_not_exists);
  EXPECT_EQ(create->name.ToString(), "oleander.tutorial.events");
  ASSERT_EQ(create->columns.size(), 5u);
  EXPECT_TRUE(create->columns[0].not_null);
  EXPECT_EQ(create->columns[0].comment.value(), "event id");
  EXPECT_EQ(create->columns[2].type.ToString(), "DECIMAL(10,2)");
  EXPECT_EQ(create->columns[3].name, "type");
  EXPECT_EQ(create->columns[4].name, "date");
  EXPECT_EQ(create->provider, "iceberg");
  ASSERT_EQ(create->partitioned_by.size(), 5u);
  EXPECT_EQ(create->partitioned_by[0].transform, "days");
  EXPECT_EQ(create->partitioned_by[0].column, "event_time");
  EXPECT_EQ(create->partitioned_by[1].transform, "bucket");
  EXPECT_EQ(create->partitioned_by[1].param.value(), 16);
  EXPECT_EQ(create->partitioned_by[1].ToString(), "bucket(16, id)");
  EXPECT_EQ(create->partitioned_by[2].param.value(), 4);
  EXPECT_EQ(create->partitioned_by[3].transform, "identity");
  EXPECT_EQ(create->partitioned_by[3].column, "date");
  EXPECT_EQ(create->location.value(), "/tmp/events");
  EXPECT_EQ(create->comment.value(), "raw events");
  ASSERT_EQ(create->properties.size(), 3u);
  EXPECT_EQ(create->properties[0],
            (std::pair<std::string, std::string>{"write.format.default", "parquet"}));
  EXPECT_EQ(create->properties[1].first, "format-version");
  EXPECT_EQ(create->properties[1].second, "2");
  EXPECT_EQ(create->properties[2].second, "true");
}

TEST(ParserDdlTest, CreateTableVariants) {
  auto any_order = Parse<CreateTableStatement>(
      "CREATE TABLE t (a INT) TBLPROPERTIES ('k'='v') LOCATION 'l' USING iceberg "
      "PARTITIONED BY (a)",
      StatementKind::kCreateTable);
  EXPECT_EQ(any_order->provider, "iceberg");
  EXPECT_EQ(any_order->location.value(), "l");
  auto ctas = Parse<CreateTableStatement>(
      "CREATE OR REPLACE TABLE t USING iceberg PARTITIONED BY (month(ts)) AS SELECT * FROM u",
      StatementKind::kCreateTable);
  EXPECT_TRUE(ctas->or_replace);
  ASSERT_NE(ctas->query, nullptr);
  EXPECT_EQ(ctas->partitioned_by[0].transform, "month");
  auto replace =
      Parse<CreateTableStatement>("REPLACE TABLE t AS SELECT 1 AS a", StatementKind::kCreateTable);
  EXPECT_TRUE(replace->replace);
  auto hive_format = Parse<CreateTableStatement>("CREATE TABLE t (a INT) STORED AS PARQUET",
                                                 StatementKind::kCreateTable);
  EXPECT_EQ(hive_format->provider, "parquet");
  auto temp = Parse<CreateTableStatement>("CREATE TEMPORARY TABLE t (a INT, b STRING)",
                                          StatementKind::kCreateTable);
  EXPECT_TRUE(temp->temporary);
  auto hive = Parse<CreateTableStatement>("CREATE TABLE t (a INT) PARTITIONED BY (dt STRING)",
                                          StatementKind::kCreateTable);
  EXPECT_EQ(hive->columns.size(), 2u);
  auto nested = Parse<CreateTableStatement>(
      "CREATE TABLE t (a ARRAY<INT>, m MAP<STRING, BIGINT>, s STRUCT<x: INT, y STRING>)",
      StatementKind::kCreateTable);
  EXPECT_EQ(nested->columns[2].type.ToString(), "STRUCT<x: INT, y: STRING>");
  auto external = Parse<CreateTableStatement>("CREATE TABLE t USING parquet LOCATION '/data'",
                                              StatementKind::kCreateTable);
  EXPECT_TRUE(external->columns.empty());
  EXPECT_THROW(Parser::ParseStatement("CREATE TABLE t"), ParserError);
  EXPECT_THROW(Parser::ParseStatement("CREATE TABLE t (a INT) LOCATION 'a' LOCATION 'b'"),
               ParserError);
  EXPECT_THROW(Parser::ParseStatement("CREATE TABLE t (a INT) PARTITIONED BY (bucket(16))"),
               ParserError);
}

TEST(ParserDdlTest, CreateViewAndNamespace) {
  auto view = Parse<CreateViewStatement>(
      "CREATE OR REPLACE TEMPORARY VIEW v (x, y COMMENT 'c') AS SELECT a, b FROM t",
      StatementKind::kCreateView);
  EXPECT_TRUE(view->or_replace);
  EXPECT_TRUE(view->temporary);
  EXPECT_EQ(view->column_names, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(view->query_text, "SELECT a, b FROM t");
  auto temp_view = Parse<CreateViewStatement>("CREATE TEMP VIEW IF NOT EXISTS v AS VALUES (1)",
                                              StatementKind::kCreateView);
  EXPECT_TRUE(temp_view->if_not_exists);
  for (const char* sql : {"CREATE NAMESPACE IF NOT EXISTS oleander.tutorial",
                          "CREATE SCHEMA tutorial", "CREATE DATABASE tutorial COMMENT 'x'"}) {
    Parse<CreateNamespaceStatement>(sql, StatementKind::kCreateNamespace);
  }
  auto ns = Parse<CreateNamespaceStatement>(
      "CREATE NAMESPACE IF NOT EXISTS a.b LOCATION '/x' WITH DBPROPERTIES ('k' = 'v')",
      StatementKind::kCreateNamespace);
  EXPECT_TRUE(ns->if_not_exists);
  EXPECT_EQ(ns->name.parts.size(), 2u);
  EXPECT_EQ(ns->properties.size(), 1u);
}

TEST(ParserDdlTest, Drop) {
  auto table = Parse<DropStatement>("DROP TABLE IF EXISTS ns.t PURGE", StatementKind::kDrop);
  EXPECT_EQ(table->object_type, ObjectType::kTable);
  EXPECT_TRUE(table->if_exists);
  EXPECT_TRUE(table->purge);
  auto view = Parse<DropStatement>("DROP VIEW v", StatementKind::kDrop);
  EXPECT_EQ(view->object_type, ObjectType::kView);
  auto ns = Parse<DropStatement>("DROP NAMESPACE IF EXISTS tutorial CASCADE", StatementKind::kDrop);
  EXPECT_EQ(ns->object_type, ObjectType::kNamespace);
  EXPECT_TRUE(ns->cascade);
  Parse<DropStatement>("DROP SCHEMA s", StatementKind::kDrop);
  Parse<DropStatement>("DROP DATABASE d RESTRICT", StatementKind::kDrop);
}

TEST(ParserDdlTest, AlterTablePartitionEvolutionFromSeed) {
  auto add = Parse<AlterTableStatement>(R"(
      ALTER TABLE oleander.tutorial.retail_clickstream_events
      ADD PARTITION FIELD day(event_time)
  )",
                                        StatementKind::kAlterTable);
  EXPECT_EQ(add->table.ToString(), "oleander.tutorial.retail_clickstream_events");
  EXPECT_EQ(add->action, AlterTableAction::kAddPartitionField);
  EXPECT_EQ(add->partition_field->transform, "day");
  EXPECT_EQ(add->partition_field->column, "event_time");
  auto identity = Parse<AlterTableStatement>(
      "ALTER TABLE oleander.tutorial.retail_sessions ADD PARTITION FIELD session_date",
      StatementKind::kAlterTable);
  EXPECT_EQ(identity->partition_field->transform, "identity");
  auto named = Parse<AlterTableStatement>(
      "ALTER TABLE t ADD PARTITION FIELD bucket(16, id) AS shard", StatementKind::kAlterTable);
  EXPECT_EQ(named->partition_field_name, "shard");
  auto drop = Parse<AlterTableStatement>("ALTER TABLE t DROP PARTITION FIELD shard",
                                         StatementKind::kAlterTable);
  EXPECT_EQ(drop->action, AlterTableAction::kDropPartitionField);
  EXPECT_EQ(drop->partition_field->column, "shard");
  auto replace = Parse<AlterTableStatement>(
      "ALTER TABLE t REPLACE PARTITION FIELD days(ts) WITH hours(ts) AS ts_hour",
      StatementKind::kAlterTable);
  EXPECT_EQ(replace->action, AlterTableAction::kReplacePartitionField);
  EXPECT_EQ(replace->replaced_partition_field->transform, "days");
  EXPECT_EQ(replace->partition_field->transform, "hours");
  EXPECT_EQ(replace->partition_field_name, "ts_hour");
}

TEST(ParserDdlTest, AlterTableSchemaAndProperties) {
  auto rename =
      Parse<AlterTableStatement>("ALTER TABLE a.t RENAME TO a.u", StatementKind::kAlterTable);
  EXPECT_EQ(rename->action, AlterTableAction::kRenameTable);
  EXPECT_EQ(rename->new_table_name.ToString(), "a.u");
  auto add = Parse<AlterTableStatement>("ALTER TABLE t ADD COLUMNS (c INT COMMENT 'x', d STRING)",
                                        StatementKind::kAlterTable);
  EXPECT_EQ(add->action, AlterTableAction::kAddColumns);
  EXPECT_EQ(add->columns.size(), 2u);
  auto add_one = Parse<AlterTableStatement>("ALTER TABLE t ADD COLUMN c BIGINT AFTER b",
                                            StatementKind::kAlterTable);
  EXPECT_EQ(add_one->columns[0].after, "b");
  auto drop =
      Parse<AlterTableStatement>("ALTER TABLE t DROP COLUMNS (a, b)", StatementKind::kAlterTable);
  EXPECT_EQ(drop->column_names, (std::vector<std::string>{"a", "b"}));
  auto drop_one = Parse<AlterTableStatement>("ALTER TABLE t DROP COLUMN IF EXISTS s.f",
                                             StatementKind::kAlterTable);
  EXPECT_EQ(drop_one->column_names, std::vector<std::string>{"s.f"});
  auto rename_column =
      Parse<AlterTableStatement>("ALTER TABLE t RENAME COLUMN a TO b", StatementKind::kAlterTable);
  EXPECT_EQ(rename_column->new_column_name, "b");
  auto type = Parse<AlterTableStatement>("ALTER TABLE t ALTER COLUMN a TYPE BIGINT",
                                         StatementKind::kAlterTable);
  EXPECT_EQ(type->new_type->ToString(), "BIGINT");
  auto not_null = Parse<AlterTableStatement>("ALTER TABLE t ALTER COLUMN a DROP NOT NULL",
                                             StatementKind::kAlterTable);
  EXPECT_EQ(not_null->set_not_null, false);
  auto comment = Parse<AlterTableStatement>("ALTER TABLE t ALTER a COMMENT 'note'",
                                            StatementKind::kAlterTable);
  EXPECT_EQ(comment->new_comment.value(), "note");
  auto set = Parse<AlterTableStatement>(
      "ALTER TABLE t SET TBLPROPERTIES ('write.target-file-size-bytes' = '536870912')",
      StatementKind::kAlterTable);
  EXPECT_EQ(set->properties[0].first, "write.target-file-size-bytes");
  auto unset = Parse<AlterTableStatement>("ALTER TABLE t UNSET TBLPROPERTIES IF EXISTS ('a', b.c)",
                                          StatementKind::kAlterTable);
  EXPECT_TRUE(unset->if_exists);
  EXPECT_EQ(unset->property_keys, (std::vector<std::string>{"a", "b.c"}));
}

TEST(ParserDdlTest, AlterTableWriteOrderAndRefs) {
  auto ordered = Parse<AlterTableStatement>(
      "ALTER TABLE t WRITE ORDERED BY category ASC NULLS LAST, bucket(16, id) DESC",
      StatementKind::kAlterTable);
  EXPECT_EQ(ordered->action, AlterTableAction::kWriteOrder);
  ASSERT_EQ(ordered->sort_fields.size(), 2u);
  EXPECT_EQ(ordered->sort_fields[0].null_order, NullOrder::kNullsLast);
  EXPECT_EQ(ordered->sort_fields[1].term.transform, "bucket");
  EXPECT_EQ(ordered->sort_fields[1].direction, OrderDirection::kDescending);
  auto locally = Parse<AlterTableStatement>("ALTER TABLE t WRITE LOCALLY ORDERED BY a",
                                            StatementKind::kAlterTable);
  EXPECT_TRUE(locally->locally_ordered);
  auto distributed = Parse<AlterTableStatement>(
      "ALTER TABLE t WRITE DISTRIBUTED BY PARTITION LOCALLY ORDERED BY a",
      StatementKind::kAlterTable);
  EXPECT_EQ(distributed->distribution, WriteDistribution::kPartition);
  EXPECT_EQ(distributed->sort_fields.size(), 1u);
  auto unordered =
      Parse<AlterTableStatement>("ALTER TABLE t WRITE UNORDERED", StatementKind::kAlterTable);
  EXPECT_EQ(unordered->distribution, WriteDistribution::kNone);
  auto branch = Parse<AlterTableStatement>(
      "ALTER TABLE t CREATE BRANCH IF NOT EXISTS audit AS OF VERSION 1234 RETAIN 7 DAYS",
      StatementKind::kAlterTable);
  EXPECT_EQ(branch->action, AlterTableAction::kCreateBranch);
  EXPECT_EQ(branch->ref_name, "audit");
  EXPECT_EQ(branch->ref_snapshot_id.value(), 1234);
  EXPECT_EQ(branch->ref_retain_ms.value(), 7 * 86'400'000LL);
  auto retention = Parse<AlterTableStatement>(
      "ALTER TABLE t CREATE OR REPLACE BRANCH b RETAIN 2 HOURS WITH SNAPSHOT RETENTION 3 SNAPSHOTS 5 MINUTES",
      StatementKind::kAlterTable);
  EXPECT_TRUE(retention->or_replace);
  EXPECT_EQ(retention->ref_retain_ms.value(), 2 * 3'600'000LL);
  EXPECT_EQ(retention->ref_min_snapshots.value(), 3);
  EXPECT_EQ(retention->ref_max_snapshot_age_ms.value(), 5 * 60'000LL);
  auto age_only = Parse<AlterTableStatement>("ALTER TABLE t REPLACE BRANCH b WITH SNAPSHOT RETENTION 1 DAYS",
                                                  StatementKind::kAlterTable);
  EXPECT_FALSE(age_only->ref_min_snapshots.has_value());
  EXPECT_EQ(age_only->ref_max_snapshot_age_ms.value(), 86'400'000LL);
  auto identifier = Parse<AlterTableStatement>("ALTER TABLE t SET IDENTIFIER FIELDS id, data",
                                               StatementKind::kAlterTable);
  EXPECT_EQ(identifier->action, AlterTableAction::kSetIdentifierFields);
  EXPECT_EQ(identifier->column_names, (std::vector<std::string>{"id", "data"}));
  auto drop_identifier = Parse<AlterTableStatement>("ALTER TABLE t DROP IDENTIFIER FIELDS id",
                                                    StatementKind::kAlterTable);
  EXPECT_EQ(drop_identifier->action, AlterTableAction::kDropIdentifierFields);
  auto tag = Parse<AlterTableStatement>("ALTER TABLE t CREATE OR REPLACE TAG v1",
                                        StatementKind::kAlterTable);
  EXPECT_EQ(tag->action, AlterTableAction::kCreateTag);
  EXPECT_TRUE(tag->or_replace);
}

}  // namespace
}  // namespace floe
