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

TEST(ParserStatementTest, CreateTableWithEveryClause) {
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

TEST(ParserStatementTest, CreateTableVariants) {
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

TEST(ParserStatementTest, CreateViewAndNamespace) {
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

TEST(ParserStatementTest, Drop) {
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

TEST(ParserStatementTest, AlterTablePartitionEvolutionFromSeed) {
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

TEST(ParserStatementTest, AlterTableSchemaAndProperties) {
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

TEST(ParserStatementTest, AlterTableWriteOrderAndRefs) {
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
  EXPECT_EQ(branch->ref_retain, "7 DAYS");
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

TEST(ParserStatementTest, InsertDeleteUpdateMerge) {
  auto values = Parse<InsertStatement>("INSERT INTO ns.t (a, b) VALUES (1, 'x'), (2, 'y')",
                                       StatementKind::kInsert);
  EXPECT_EQ(values->columns, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(values->query->As<SelectNode>().from->kind, TableRefKind::kValues);
  auto with_insert = Parse<InsertStatement>(
      "WITH c AS (SELECT 1 AS a) INSERT INTO t SELECT a FROM c", StatementKind::kInsert);
  EXPECT_EQ(with_insert->query->ctes.size(), 1u);
  auto with_query = Parser::ParseStatement("WITH c AS (SELECT 1 AS a) SELECT a FROM c");
  EXPECT_EQ(with_query->kind, StatementKind::kSelect);
  auto select =
      Parse<InsertStatement>("INSERT INTO TABLE t SELECT * FROM u", StatementKind::kInsert);
  EXPECT_FALSE(select->overwrite);
  auto parenthesized =
      Parse<InsertStatement>("INSERT INTO t (SELECT * FROM u)", StatementKind::kInsert);
  EXPECT_TRUE(parenthesized->columns.empty());
  auto overwrite = Parse<InsertStatement>(
      "INSERT OVERWRITE TABLE t PARTITION (d = DATE '2026-01-01', h) SELECT a, h FROM u",
      StatementKind::kInsert);
  EXPECT_TRUE(overwrite->overwrite);
  ASSERT_EQ(overwrite->partition.size(), 2u);
  EXPECT_NE(overwrite->partition[0].second, nullptr);
  EXPECT_EQ(overwrite->partition[1].second, nullptr);

  auto del = Parse<DeleteStatement>("DELETE FROM t AS x WHERE x.a > 1", StatementKind::kDelete);
  EXPECT_EQ(del->alias, "x");
  EXPECT_NE(del->where, nullptr);
  auto del_all = Parse<DeleteStatement>("DELETE FROM t", StatementKind::kDelete);
  EXPECT_EQ(del_all->where, nullptr);

  auto update = Parse<UpdateStatement>("UPDATE t SET a = a + 1, t.b = 'x' WHERE c IS NULL",
                                       StatementKind::kUpdate);
  ASSERT_EQ(update->assignments.size(), 2u);
  EXPECT_EQ(update->assignments[1].column, (std::vector<std::string>{"t", "b"}));

  auto merge = Parse<MergeStatement>(R"(
      MERGE INTO target t USING (SELECT * FROM updates) s ON t.id = s.id
      WHEN MATCHED AND s.op = 'delete' THEN DELETE
      WHEN MATCHED THEN UPDATE SET t.v = s.v
      WHEN NOT MATCHED THEN INSERT (id, v) VALUES (s.id, s.v)
      WHEN NOT MATCHED BY SOURCE THEN DELETE)",
                                     StatementKind::kMerge);
  EXPECT_EQ(merge->target_alias, "t");
  EXPECT_EQ(merge->source->alias, "s");
  ASSERT_EQ(merge->clauses.size(), 4u);
  EXPECT_EQ(merge->clauses[0].action, MergeActionType::kDelete);
  EXPECT_NE(merge->clauses[0].condition, nullptr);
  EXPECT_EQ(merge->clauses[2].insert_values.size(), 2u);
  EXPECT_EQ(merge->clauses[3].match, MergeMatch::kNotMatchedBySource);
  auto star = Parse<MergeStatement>(
      "MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * "
      "WHEN NOT MATCHED THEN INSERT *",
      StatementKind::kMerge);
  EXPECT_EQ(star->clauses[1].action, MergeActionType::kInsertStar);
}

TEST(ParserStatementTest, CallFromSeed) {
  auto call = Parse<CallStatement>(R"(
    CALL oleander.system.rewrite_data_files(
      table => 'tutorial.retail_clickstream_events',
      options => map('rewrite-all', 'true')
    ))",
                                   StatementKind::kCall);
  EXPECT_EQ(call->procedure.ToString(), "oleander.system.rewrite_data_files");
  ASSERT_EQ(call->args.size(), 2u);
  EXPECT_EQ(call->arg_names[0], "table");
  EXPECT_EQ(call->args[0]->ToString(), "tutorial.retail_clickstream_events");
  EXPECT_EQ(call->arg_names[1], "options");
  EXPECT_EQ(call->args[1]->As<FunctionExpression>().name, "map");
  auto positional =
      Parse<CallStatement>("CALL system.rollback_to_snapshot('db.t', 123)", StatementKind::kCall);
  EXPECT_EQ(positional->arg_names, (std::vector<std::string>{"", ""}));
  auto empty = Parse<CallStatement>("CALL system.f()", StatementKind::kCall);
  EXPECT_TRUE(empty->args.empty());
}

TEST(ParserStatementTest, SetAndReset) {
  auto zone = Parse<SetStatement>("SET spark.sql.session.timeZone = 'UTC'", StatementKind::kSet);
  EXPECT_EQ(zone->key, "spark.sql.session.timeZone");
  EXPECT_EQ(zone->value.value(), "UTC");
  auto dashed = Parse<SetStatement>("SET write.parquet.row-group-size = 128", StatementKind::kSet);
  EXPECT_EQ(dashed->key, "write.parquet.row-group-size");
  EXPECT_EQ(dashed->value.value(), "128");
  auto threads = Parse<SetStatement>("SET threads=4;", StatementKind::kSet);
  EXPECT_EQ(threads->key, "threads");
  EXPECT_EQ(threads->value.value(), "4");
  auto word = Parse<SetStatement>("SET a.b = some words", StatementKind::kSet);
  EXPECT_EQ(word->value.value(), "some words");
  auto get = Parse<SetStatement>("SET spark.sql.session.timeZone", StatementKind::kSet);
  EXPECT_FALSE(get->value.has_value());
  auto all = Parse<SetStatement>("SET", StatementKind::kSet);
  EXPECT_TRUE(all->key.empty());
  auto time_zone = Parse<SetStatement>("SET TIME ZONE 'America/New_York'", StatementKind::kSet);
  EXPECT_EQ(time_zone->key, "spark.sql.session.timeZone");
  EXPECT_EQ(time_zone->value.value(), "America/New_York");
  auto reset = Parse<ResetStatement>("RESET spark.sql.session.timeZone", StatementKind::kReset);
  EXPECT_EQ(reset->key, "spark.sql.session.timeZone");
  auto reset_all = Parse<ResetStatement>("RESET", StatementKind::kReset);
  EXPECT_TRUE(reset_all->key.empty());
  auto two = Parser::ParseStatements("SET a = 1; SET b = 'x;y'; SELECT 1");
  ASSERT_EQ(two.size(), 3u);
  EXPECT_EQ(two[1]->As<SetStatement>().value.value(), "x;y");
}

TEST(ParserStatementTest, ShowDescribeUse) {
  auto use = Parse<UseStatement>("USE oleander.tutorial", StatementKind::kUse);
  EXPECT_EQ(use->name.ToString(), "oleander.tutorial");
  Parse<UseStatement>("USE NAMESPACE tutorial", StatementKind::kUse);
  auto namespaces = Parse<ShowStatement>("SHOW NAMESPACES IN oleander", StatementKind::kShow);
  EXPECT_EQ(namespaces->show_kind, ShowKind::kNamespaces);
  EXPECT_EQ(namespaces->target.ToString(), "oleander");
  auto tables =
      Parse<ShowStatement>("SHOW TABLES FROM tutorial LIKE 'retail*'", StatementKind::kShow);
  EXPECT_EQ(tables->show_kind, ShowKind::kTables);
  EXPECT_EQ(tables->pattern.value(), "retail*");
  Parse<ShowStatement>("SHOW SCHEMAS", StatementKind::kShow);
  Parse<ShowStatement>("SHOW DATABASES", StatementKind::kShow);
  Parse<ShowStatement>("SHOW VIEWS", StatementKind::kShow);
  auto columns = Parse<ShowStatement>("SHOW COLUMNS IN t", StatementKind::kShow);
  EXPECT_EQ(columns->show_kind, ShowKind::kColumns);
  auto create = Parse<ShowStatement>("SHOW CREATE TABLE ns.t", StatementKind::kShow);
  EXPECT_EQ(create->show_kind, ShowKind::kCreateTable);
  auto props =
      Parse<ShowStatement>("SHOW TBLPROPERTIES t ('write.format.default')", StatementKind::kShow);
  EXPECT_EQ(props->property_key.value(), "write.format.default");
  auto settings = Parse<ShowStatement>("SHOW SETTINGS", StatementKind::kShow);
  EXPECT_EQ(settings->show_kind, ShowKind::kSettings);

  auto describe =
      Parse<DescribeStatement>("DESCRIBE TABLE EXTENDED ns.t", StatementKind::kDescribe);
  EXPECT_TRUE(describe->extended);
  EXPECT_EQ(describe->name.ToString(), "ns.t");
  auto desc = Parse<DescribeStatement>("DESC t", StatementKind::kDescribe);
  EXPECT_FALSE(desc->extended);
  auto formatted = Parse<DescribeStatement>("DESC FORMATTED t", StatementKind::kDescribe);
  EXPECT_TRUE(formatted->formatted);
  auto named_extended = Parse<DescribeStatement>("DESCRIBE extended", StatementKind::kDescribe);
  EXPECT_EQ(named_extended->name.ToString(), "extended");
  auto column = Parse<DescribeStatement>("DESCRIBE t a", StatementKind::kDescribe);
  EXPECT_EQ(column->column, std::vector<std::string>{"a"});
  auto query = Parse<DescribeStatement>("DESCRIBE SELECT 1", StatementKind::kDescribe);
  EXPECT_NE(query->query, nullptr);
  auto ns =
      Parse<DescribeStatement>("DESCRIBE NAMESPACE EXTENDED tutorial", StatementKind::kDescribe);
  EXPECT_EQ(ns->object_type, ObjectType::kNamespace);
}

TEST(ParserStatementTest, CopyAndAnalyze) {
  auto copy = Parse<CopyStatement>(
      "COPY (SELECT * FROM t) TO 'out.parquet' WITH (compression 'zstd', row_group_size 100000)",
      StatementKind::kCopy);
  EXPECT_NE(copy->query, nullptr);
  EXPECT_EQ(copy->path, "out.parquet");
  EXPECT_EQ(copy->options, (std::vector<std::pair<std::string, std::string>>{
                               {"compression", "zstd"}, {"row_group_size", "100000"}}));
  auto duck = Parse<CopyStatement>(
      "COPY t TO 'x.parquet' (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (a, b))",
      StatementKind::kCopy);
  EXPECT_EQ(duck->table.ToString(), "t");
  EXPECT_EQ(duck->options[0], (std::pair<std::string, std::string>{"format", "parquet"}));
  EXPECT_EQ(duck->options[2].second, "a, b");
  auto header =
      Parse<CopyStatement>("COPY t FROM 'in.csv' (HEADER, DELIMITER ',')", StatementKind::kCopy);
  EXPECT_FALSE(header->to);
  EXPECT_EQ(header->options[0].second, "true");
  auto analyze = Parse<AnalyzeStatement>("ANALYZE TABLE ns.t COMPUTE STATISTICS FOR ALL COLUMNS",
                                         StatementKind::kAnalyze);
  EXPECT_TRUE(analyze->all_columns);
}

TEST(ParserStatementTest, ExplainWrapsAnyStatement) {
  auto explain =
      Parse<ExplainStatement>("EXPLAIN EXTENDED INSERT INTO t SELECT 1", StatementKind::kExplain);
  EXPECT_EQ(explain->mode, ExplainMode::kExtended);
  EXPECT_EQ(explain->statement->kind, StatementKind::kInsert);
  auto analyze = Parse<ExplainStatement>("EXPLAIN ANALYZE SELECT 1", StatementKind::kExplain);
  EXPECT_EQ(analyze->mode, ExplainMode::kAnalyze);
}

}  // namespace
}  // namespace floe
