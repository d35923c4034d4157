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
  auto truncate = Parse<DeleteStatement>("TRUNCATE TABLE ns.t", StatementKind::kDelete);
  EXPECT_EQ(truncate->table.ToString(), "ns.t");
  EXPECT_EQ(truncate->where, nullptr);
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
  auto current = Parse<ShowStatement>("SHOW CURRENT NAMESPACE", StatementKind::kShow);
  EXPECT_EQ(current->show_kind, ShowKind::kCurrentNamespace);
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
  auto function =
      Parse<DescribeStatement>("DESCRIBE FUNCTION EXTENDED upper", StatementKind::kDescribe);
  EXPECT_EQ(function->object_type, ObjectType::kFunction);
  EXPECT_TRUE(function->extended);
  EXPECT_EQ(function->name.ToString(), "upper");
  auto table_named_function =
      Parse<DescribeStatement>("DESCRIBE function", StatementKind::kDescribe);
  EXPECT_EQ(table_named_function->object_type, ObjectType::kTable);
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
