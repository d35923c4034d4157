#include "result_printer.h"

#include <gtest/gtest.h>

#include <sstream>

namespace floe::shell {
namespace {

PrintedRows Sample() {
  PrintedRows rows;
  rows.columns = {{"id", "int", true, false}, {"name", "string", false, false},
                  {"ok", "boolean", false, true}};
  rows.rows = {{"1", "a, \"b\"", "true"}, {"22", std::nullopt, std::nullopt}};
  return rows;
}

std::string Print(OutputMode mode, const PrintedRows& rows, size_t max_rows = 40) {
  std::ostringstream out;
  ResultPrinter(mode, max_rows).Print(rows, out);
  return out.str();
}

TEST(ResultPrinterTest, PrintsAnAlignedTable) {
  EXPECT_EQ(Print(OutputMode::kTable, Sample()),
            "┌─────┬────────┬─────────┐\n"
            "│ id  │  name  │   ok    │\n"
            "│ int │ string │ boolean │\n"
            "├─────┼────────┼─────────┤\n"
            "│   1 │ a, \"b\" │ true    │\n"
            "│  22 │ NULL   │ NULL    │\n"
            "└─────┴────────┴─────────┘\n"
            "2 rows\n");
}

TEST(ResultPrinterTest, PrintsCsvWithQuotingAndEmptyNulls) {
  EXPECT_EQ(Print(OutputMode::kCsv, Sample()), "id,name,ok\n1,\"a, \"\"b\"\"\",true\n22,,\n");
}

TEST(ResultPrinterTest, PrintsJsonWithTypedValues) {
  EXPECT_EQ(Print(OutputMode::kJson, Sample()),
            "[\n{\"id\":1,\"name\":\"a, \\\"b\\\"\",\"ok\":true},\n"
            "{\"id\":22,\"name\":null,\"ok\":null}\n]\n");
}

TEST(ResultPrinterTest, KeepsNonFiniteDoublesAsJsonStrings) {
  PrintedRows rows;
  rows.columns = {{"d", "double", true, false}};
  rows.rows = {{"NaN"}, {"1.0E10"}};
  EXPECT_EQ(Print(OutputMode::kJson, rows), "[\n{\"d\":\"NaN\"},\n{\"d\":1.0E10}\n]\n");
}

TEST(ResultPrinterTest, PrintsOneLinePerValue) {
  EXPECT_EQ(Print(OutputMode::kLine, Sample()),
            "  id = 1\nname = a, \"b\"\n  ok = true\n\n  id = 22\nname = NULL\n  ok = NULL\n");
}

TEST(ResultPrinterTest, ElidesTheMiddleOfLongTables) {
  PrintedRows rows;
  rows.columns = {{"n", "bigint", true, false}};
  for (int i = 0; i < 10; ++i) rows.rows.push_back({std::to_string(i)});
  std::string text = Print(OutputMode::kTable, rows, 4);
  EXPECT_NE(text.find("│      1 │\n│   ·    │\n│      8 │"), std::string::npos) << text;
  EXPECT_NE(text.find("10 rows (4 shown)"), std::string::npos);
}

}  // namespace
}  // namespace floe::shell
