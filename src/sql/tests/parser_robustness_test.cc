// Throws garbage, truncated statements and deep nesting at the parser: the only
// acceptable outcomes are an AST or a ParserError, never a crash or another exception.
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "common/exception.h"
#include "common/tests/torture_scale.h"
#include "sql/parser.h"

namespace floe {
namespace {

const char* const kCorpus[] = {
    "SELECT s.product_id, SUM(s.amount) FROM sales s JOIN dim_date d ON s.date_id = d.date_id "
    "WHERE d.quarter = 'Q1' AND d.year = 2025 GROUP BY s.product_id;",
    "WITH a AS (SELECT 1 AS x) SELECT x, count(*) FILTER (WHERE x > 0) OVER (PARTITION BY x "
    "ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM a UNION ALL SELECT 2, 3 "
    "ORDER BY 1 DESC NULLS LAST LIMIT 10 OFFSET 2",
    "SELECT CASE WHEN a IN (1, 2) THEN CAST(b AS DECIMAL(10, 2)) ELSE -c::int END, "
    "INTERVAL '1' DAY, X'0A', DATE '2026-01-01' FROM t VERSION AS OF 12 "
    "LEFT ANTI JOIN u USING (k) WHERE NOT EXISTS (SELECT 1) AND d BETWEEN 1 AND 2",
    "SELECT /*+ BROADCAST(d) */ * FROM read_parquet('f', hive_partitioning => true) p "
    "GROUP BY ROLLUP(a, b) HAVING sum(x) > (SELECT max(y) FROM z) QUALIFY row_number() "
    "OVER w = 1 WINDOW w AS (ORDER BY a)",
    "VALUES (1, 'a'), (2, 'b')",
    "CREATE TABLE IF NOT EXISTS db.t (id BIGINT NOT NULL COMMENT 'k', ts TIMESTAMP) USING "
    "iceberg PARTITIONED BY (days(ts), bucket(16, id)) TBLPROPERTIES ('a'='b')",
    "ALTER TABLE oleander.tutorial.t ADD PARTITION FIELD day(event_time) AS d",
    "CALL oleander.system.rewrite_data_files(table => 'tutorial.t', options => "
    "map('rewrite-all', 'true'))",
    "INSERT OVERWRITE TABLE t PARTITION (d = 1) SELECT * FROM u",
    "SET spark.sql.session.timeZone = 'UTC'",
    "COPY (SELECT 1) TO 'out.parquet' WITH (FORMAT parquet, COMPRESSION zstd)",
};

void ParseOrParserError(const std::string& sql) {
  try {
    Parser::ParseStatements(sql);
  } catch (const ParserError&) {
  } catch (const std::exception& e) {
    ADD_FAILURE() << "unexpected " << typeid(e).name() << ": " << e.what() << " for: " << sql;
  }
}

TEST(ParserRobustnessTest, CorpusParses) {
  for (const char* sql : kCorpus) {
    if (std::string(sql).rfind("SELECT", 0) == 0 || std::string(sql).rfind("WITH", 0) == 0 ||
        std::string(sql).rfind("VALUES", 0) == 0) {
      EXPECT_NO_THROW(Parser::ParseStatements(sql)) << sql;
    }
  }
}

TEST(ParserRobustnessTest, TruncatedStatements) {
  for (const char* sql : kCorpus) {
    std::string text(sql);
    for (size_t n = 0; n <= text.size(); ++n) ParseOrParserError(text.substr(0, n));
  }
}

TEST(ParserRobustnessTest, RandomTokenSoup) {
  const char* const kPieces[] = {
      "SELECT", "FROM",    "WHERE",  "(",       ")",         ",",      "a",        "b.c",
      "1",      "2.5",     "'s'",    "*",       "+",         "-",      "=",        "AND",
      "OR",     "NOT",     "IN",     "BETWEEN", "CASE",      "WHEN",   "THEN",     "ELSE",
      "END",    "JOIN",    "ON",     "GROUP",   "BY",        "ORDER",  "LIMIT",    "UNION",
      "ALL",    "WITH",    "AS",     "OVER",    "PARTITION", "ROWS",   "CAST",     "INTERVAL",
      "DAY",    "DATE",    "VALUES", "::",      "[",         "]",      "->",       "=>",
      ";",      "EXISTS",  "IS",     "NULL",    "CREATE",    "TABLE",  "ALTER",    "ADD",
      "INSERT", "INTO",    "SET",    "/*+",     "*/",        "--",     "\n",       "`",
      "\"",     "'",       "X'",     "1e",      "LATERAL",   "FILTER", "DISTINCT", "TIMESTAMP",
      "OF",     "VERSION", "CALL",   "map",     "COPY",      "TO",     "SHOW",     "DESCRIBE",
      "USE",
  };
  std::mt19937 rng(20260115);
  std::uniform_int_distribution<size_t> pick(0, std::size(kPieces) - 1);
  std::uniform_int_distribution<size_t> length(1, 40);
  for (int round = 0; round < 5000 * testing::TortureScale(); ++round) {
    std::string sql;
    size_t n = length(rng);
    for (size_t i = 0; i < n; ++i) {
      sql += kPieces[pick(rng)];
      sql += ' ';
    }
    ParseOrParserError(sql);
  }
}

TEST(ParserRobustnessTest, RandomBytes) {
  std::mt19937 rng(42);
  std::uniform_int_distribution<int> byte(0, 255);
  for (int round = 0; round < 2000 * testing::TortureScale(); ++round) {
    std::string sql;
    for (int i = 0; i < 30; ++i) sql.push_back(static_cast<char>(byte(rng)));
    ParseOrParserError(sql);
  }
}

TEST(ParserRobustnessTest, MutatedCorpus) {
  std::mt19937 rng(7);
  for (int round = 0; round < 5000 * testing::TortureScale(); ++round) {
    std::string sql = kCorpus[rng() % std::size(kCorpus)];
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !sql.empty(); ++e) {
      size_t at = rng() % sql.size();
      switch (rng() % 3) {
        case 0: sql.erase(at, 1 + rng() % 5); break;
        case 1: sql.insert(at, 1, "()',;*.`\"-/+"[rng() % 12]); break;
        default: sql[at] = static_cast<char>(rng() % 128); break;
      }
    }
    ParseOrParserError(sql);
  }
}

std::string Repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

void ExpectTooDeep(const std::string& sql) {
  try {
    Parser::ParseStatements(sql);
    ADD_FAILURE() << "expected a nesting error: " << sql.substr(0, 60);
  } catch (const ParserError& e) {
    EXPECT_NE(std::string(e.what()).find("too deeply nested"), std::string::npos)
        << e.what() << ": " << sql.substr(0, 60);
  }
}

TEST(ParserRobustnessTest, DeepNestingIsAnErrorNotACrash) {
  const int kDeep = 12000;  // past kMaxDepth, and past the 8 chain links that count as one level
  ExpectTooDeep("SELECT " + Repeat("(", kDeep) + "1" + Repeat(")", kDeep));
  ExpectTooDeep("SELECT " + Repeat("- ", kDeep) + "a");
  ExpectTooDeep("SELECT " + Repeat("NOT ", kDeep) + "a");
  ExpectTooDeep("SELECT " + Repeat("f(", kDeep) + "1" + Repeat(")", kDeep));
  ExpectTooDeep(Repeat("SELECT * FROM (", kDeep) + "SELECT 1" + Repeat(")", kDeep));
  ExpectTooDeep("SELECT " + Repeat("(SELECT ", kDeep) + "1" + Repeat(")", kDeep));
  ExpectTooDeep("SELECT 1" + Repeat(" + 1", kDeep));
  ExpectTooDeep("SELECT a FROM t WHERE " + Repeat("a = 1 OR ", kDeep) + "a = 2");
  ExpectTooDeep("SELECT * FROM t" + Repeat(" JOIN t ON true", kDeep));
  ExpectTooDeep(Repeat("SELECT 1 UNION ", kDeep) + "SELECT 1");
  ExpectTooDeep("SELECT CASE " + Repeat("WHEN CASE ", kDeep) + "1");
  ExpectTooDeep("SELECT CAST(a AS " + Repeat("ARRAY<", kDeep) + "INT" + Repeat(">", kDeep) + ")");
}

TEST(ParserRobustnessTest, AmbiguousParenthesesStayLinear) {
  // Each "((SELECT" may open a subquery or a parenthesized expression; trying both at every
  // level without memory would take 2^n steps.
  const int kLevels = 80;
  std::string sql = "SELECT " + Repeat("((SELECT ", kLevels) + "1" + Repeat(")+1)", kLevels);
  auto start = std::chrono::steady_clock::now();
  EXPECT_NO_THROW(Parser::ParseStatements(sql));
  std::string from = "SELECT * FROM " + Repeat("((SELECT * FROM ", kLevels) + "t" +
                     Repeat(") a JOIN b ON true)", kLevels);
  EXPECT_NO_THROW(Parser::ParseStatements(from));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
}

TEST(ParserRobustnessTest, ReasonableNestingParses) {
  EXPECT_NO_THROW(Parser::ParseStatements("SELECT " + Repeat("(", 200) + "1" + Repeat(")", 200)));
  EXPECT_NO_THROW(Parser::ParseStatements("SELECT 1" + Repeat(" + 1", 2000)));
  EXPECT_NO_THROW(
      Parser::ParseStatements("SELECT a FROM t WHERE " + Repeat("a = 1 OR ", 2000) + "a = 2"));
  EXPECT_NO_THROW(
      Parser::ParseStatements("SELECT a FROM t WHERE a IN (" + Repeat("1, ", 100000) + "1)"));
}

}  // namespace
}  // namespace floe
