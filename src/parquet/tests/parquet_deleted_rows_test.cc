// RowGroupReader::SetDeletedRows: the rows at deleted positions are left out as the columns
// are decoded (Iceberg's deletion vectors and position deletes); what it returns must equal
// reading every row and dropping the deleted ones, for every encoding path of the column
// reader (PLAIN fixed width, PLAIN strings, dictionaries, converted types, booleans, NULLs,
// lists, structs) and every shape of deletes (sparse, runs across pages, all, none).

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <span>

#include "parquet/tests/parquet_test_files.h"

namespace floe {
namespace {

using testing::TempParquetPath;
using testing::WriteRows;

constexpr int64_t kRows = 7000;

LogicalType StructType() { return LogicalType::Struct({{"a", TypeId::kInt32}, {"b", TypeId::kString}}); }

std::vector<ParquetWriterField> Fields() {
  return {
      {"pos", 1, TypeId::kInt64, false},                  // PLAIN, required: the row's position
      {"l", 2, TypeId::kInt64, true},                     // PLAIN with NULLs
      {"small", 3, TypeId::kInt32, true},                 // dictionary
      {"tiny", 4, TypeId::kInt8, true},                   // int32 in the file: converted
      {"b", 5, TypeId::kBoolean, true},                   // PLAIN bits
      {"dec", 6, LogicalType::Decimal(30, 2), true},      // fixed-length bytes: converted
      {"dict_s", 7, TypeId::kString, true},               // dictionary strings
      {"plain_s", 8, TypeId::kString, false},             // PLAIN strings (dictionary too large)
      {"list", 9, LogicalType::List(TypeId::kInt64), true},  // nested
      {"st", 10, StructType(), true},                     // nested: leaves inside structs only
  };
}

std::vector<std::vector<Value>> Rows() {
  std::mt19937_64 rng(7);
  std::vector<std::vector<Value>> rows;
  for (int64_t r = 0; r < kRows; ++r) {
    auto x = static_cast<int64_t>(rng());
    bool null_row = r % 11 == 4;
    auto maybe = [&](Value v, const LogicalType& t) { return null_row ? Value::Null(t) : v; };
    std::vector<Value> elements;
    for (int64_t k = 0; k < r % 4; ++k) elements.push_back(Value::Int64(r * 10 + k));
    rows.push_back({
        Value::Int64(r),
        maybe(Value::Int64(x), TypeId::kInt64),
        maybe(Value::Int32(static_cast<int32_t>(r % 13)), TypeId::kInt32),
        maybe(Value::Int8(static_cast<int8_t>(r % 200 - 100)), TypeId::kInt8),
        maybe(Value::Boolean((x & 1) != 0), TypeId::kBoolean),
        maybe(Value::Decimal(x % 1000000000000LL, 30, 2), LogicalType::Decimal(30, 2)),
        maybe(Value::String("d" + std::to_string(r % 17)), TypeId::kString),
        Value::String("unique-" + std::to_string(r * 7919) + std::string(static_cast<size_t>(r % 30), 'x')),
        r % 9 == 5 ? Value::Null(LogicalType::List(TypeId::kInt64))
                   : Value::List(LogicalType::List(TypeId::kInt64), std::move(elements)),
        r % 8 == 6 ? Value::Null(StructType())
                   : Value::Struct(StructType(), {Value::Int32(static_cast<int32_t>(r)),
                                                  maybe(Value::String("b" + std::to_string(r)), TypeId::kString)}),
    });
  }
  return rows;
}

class ParquetDeletedRowsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    path_ = new std::string(TempParquetPath("deleted_rows"));
    rows_ = new std::vector<std::vector<Value>>(Rows());
    ParquetWriterOptions options;
    options.page_row_limit = 300;  // many pages per batch and per run of deletes
    options.dictionary_size_limit = 4 * 1024;  // plain_s falls back to PLAIN
    WriteRows(*path_, Fields(), *rows_, options);
  }
  static void TearDownTestSuite() {
    delete path_;
    delete rows_;
  }

  // Reads every column with `deleted` (row group positions, counted from first_position)
  // left out and checks the rows against the rows the same read gives without deletes
  // (every row, or the pages `predicates` keep, or the `slice`) less the deleted ones, and
  // each batch's selection against the position column, with the deleted positions asked
  // for in windows of several sizes (one row, a few, several pages, the default); returns
  // how many rows it read.
  static size_t ExpectRowsWithout(const std::set<int64_t>& deleted, int64_t first_position = 0,
                                const std::vector<ColumnPredicate>& predicates = {}, RowSlice slice = {}) {
    size_t read = 0;
    for (int64_t window : {RowGroupReader::kDeletedWindowRows, int64_t{1}, int64_t{7}, int64_t{500}}) {
      SCOPED_TRACE("window of " + std::to_string(window) + " rows");
      std::vector<std::pair<int64_t, int64_t>> asked;
      read = ExpectRowsWithout(deleted, first_position, predicates, slice, window, &asked);
      // the positions asked for: windows of the slice's rows, each beginning after the last
      int64_t lo = first_position + std::max<int64_t>(slice.begin, 0);
      int64_t hi = first_position + (slice.end < 0 ? kRows : std::min(slice.end, kRows));
      for (size_t i = 0; i < asked.size(); ++i) {
        auto [begin, end] = asked[i];
        EXPECT_TRUE(lo <= begin && begin < end && end <= hi) << "asked for [" << begin << ", " << end << ")";
        // (a window smaller than a batch is asked for again by the batch at its rows)
        if (i > 0 && window >= static_cast<int64_t>(kBatchSize)) {
          EXPECT_GT(begin, asked[i - 1].first) << "asked for [" << begin << ", " << end << ") again";
        } else if (i > 0) {
          EXPECT_GE(begin, asked[i - 1].first) << "asked for [" << begin << ", " << end << ") after later rows";
        }
      }
    }
    return read;
  }

  // The same, with the windows of `window_rows`; the ranges of positions asked for are
  // appended to *asked.
  static size_t ExpectRowsWithout(const std::set<int64_t>& deleted, int64_t first_position,
                                  const std::vector<ColumnPredicate>& predicates, RowSlice slice,
                                  int64_t window_rows, std::vector<std::pair<int64_t, int64_t>>* asked) {
    auto reader = ParquetReader::Open(::floe::testing::TestIO(), *path_);
    EXPECT_EQ(reader->num_row_groups(), 1);
    std::vector<int> projection;
    for (size_t i = 0; i < reader->columns().size(); ++i) projection.push_back(static_cast<int>(i));
    std::vector<int64_t> positions;
    for (int64_t p : deleted) positions.push_back(p + first_position);
    std::vector<std::vector<Value>> expected;
    DataChunk chunk;
    auto whole = reader->ReadRowGroup(0, projection, predicates, nullptr, nullptr, nullptr, slice);
    while (whole->Next(chunk)) {
      for (size_t r = 0; r < chunk.size(); ++r) {
        if (!deleted.count(whole->batch_start() + static_cast<int64_t>(r))) expected.push_back(chunk.GetRow(r));
      }
    }
    auto rg = reader->ReadRowGroup(0, projection, predicates, nullptr, nullptr, nullptr, slice);
    rg->SetDeletedRows(
        [&](int64_t begin, int64_t end) {
          asked->emplace_back(begin, end);
          auto from = std::lower_bound(positions.begin(), positions.end(), begin);
          auto to = std::lower_bound(from, positions.end(), end);
          return std::span<const int64_t>(positions.data() + (from - positions.begin()), to - from);
        },
        first_position, window_rows);
    size_t at = 0;
    while (rg->Next(chunk)) {
      if (chunk.size() == 0 || chunk.size() > kBatchSize) {
        ADD_FAILURE() << "a batch of " << chunk.size() << " rows";
        return at;
      }
      const SelectionVector* selection = rg->batch_selection();
      for (size_t r = 0; r < chunk.size(); ++r, ++at) {
        if (at >= expected.size()) {
          ADD_FAILURE() << "more rows than the " << expected.size() << " expected";
          return at;
        }
        EXPECT_EQ(chunk.GetRow(r), expected[at]) << "row " << at << " of those kept";
        int64_t position = rg->batch_start() + (selection ? selection->indexes[r] : static_cast<int64_t>(r));
        EXPECT_EQ(Value::Int64(position), expected[at][0]) << "the batch's selection, row " << at;
      }
    }
    EXPECT_EQ(at, expected.size());
    return at;
  }

  static std::string* path_;
  static std::vector<std::vector<Value>>* rows_;
};

std::string* ParquetDeletedRowsTest::path_ = nullptr;
std::vector<std::vector<Value>>* ParquetDeletedRowsTest::rows_ = nullptr;

TEST_F(ParquetDeletedRowsTest, NoneDeleted) { ExpectRowsWithout({}); }

TEST_F(ParquetDeletedRowsTest, EveryTenthRow) {
  std::set<int64_t> deleted;
  for (int64_t r = 3; r < kRows; r += 10) deleted.insert(r);
  ExpectRowsWithout(deleted);
}

TEST_F(ParquetDeletedRowsTest, RandomRows) {
  std::mt19937_64 rng(11);
  for (int percent : {5, 30, 70, 95}) {
    SCOPED_TRACE(percent);
    std::set<int64_t> deleted;
    for (int64_t r = 0; r < kRows; ++r) {
      if (static_cast<int>(rng() % 100) < percent) deleted.insert(r);
    }
    ExpectRowsWithout(deleted);
  }
}

TEST_F(ParquetDeletedRowsTest, RunsAcrossPagesAndTheEnds) {
  // the first and last rows, a run of several pages (whole pages skipped unread), a run
  // longer than a batch, and a lone row between
  std::set<int64_t> deleted = {0, kRows - 1, 2600};
  for (int64_t r = 1000; r < 2500; ++r) deleted.insert(r);
  for (int64_t r = 3000; r < 5500; ++r) deleted.insert(r);
  ExpectRowsWithout(deleted);
}

TEST_F(ParquetDeletedRowsTest, LoneRowsNextToTheEndsOfABatchAndOfTheLastPage) {
  // the kept run after each ends a row or two before the batch's or the page's last value:
  // copied exactly, not 8 values at a time past the end (what ASan builds would catch)
  ExpectRowsWithout({2046, 2 * static_cast<int64_t>(kBatchSize) - 3, kRows - 2});
}

TEST_F(ParquetDeletedRowsTest, AllButOneRowAndAllRows) {
  std::set<int64_t> deleted;
  for (int64_t r = 0; r < kRows; ++r) {
    if (r != 4321) deleted.insert(r);
  }
  ExpectRowsWithout(deleted);
  deleted.insert(4321);
  ExpectRowsWithout(deleted);
}

TEST_F(ParquetDeletedRowsTest, PositionsCountedFromTheRowGroupsFirst) {
  // a row group that begins at file position 100000: positions before it are passed over
  std::set<int64_t> deleted;
  for (int64_t r = 1; r < kRows; r += 3) deleted.insert(r);
  ExpectRowsWithout(deleted, 100000);
}

TEST_F(ParquetDeletedRowsTest, WithThePagesThePageIndexKeeps) {
  // pos in [2000, 5000): the page index keeps only the pages that may hold such rows
  std::set<int64_t> deleted;
  for (int64_t r = 0; r < kRows; r += 7) deleted.insert(r);
  for (int64_t r = 2500; r < 3100; ++r) deleted.insert(r);
  std::vector<ColumnPredicate> predicates = {{0, ColumnPredicate::Op::kGe, {Value::Int64(2000)}},
                                             {0, ColumnPredicate::Op::kLt, {Value::Int64(5000)}}};
  ScanCounters counters;
  auto reader = ParquetReader::Open(::floe::testing::TestIO(), *path_);
  testing::ReadRows(*reader, {0}, predicates, &counters);
  ASSERT_GT(counters.pages_skipped, 0) << "the page index should leave pages out";
  ExpectRowsWithout(deleted, 0, predicates);
  // the deleted positions asked for are those of the pages read, not of the whole row group
  int64_t first_read = kRows, end_read = 0;
  DataChunk chunk;
  auto rows = reader->ReadRowGroup(0, {0}, predicates);
  while (rows->Next(chunk)) {
    first_read = std::min(first_read, rows->batch_start());
    end_read = std::max(end_read, rows->batch_start() + static_cast<int64_t>(chunk.size()));
  }
  ASSERT_TRUE(first_read > 0 || end_read < kRows) << "pages read: [" << first_read << ", " << end_read << ")";
  std::vector<std::pair<int64_t, int64_t>> asked;
  ExpectRowsWithout(deleted, 0, predicates, {}, RowGroupReader::kDeletedWindowRows, &asked);
  ASSERT_FALSE(asked.empty());
  for (auto [begin, end] : asked) {
    EXPECT_TRUE(begin >= first_read && end <= end_read)
        << "asked for [" << begin << ", " << end << "), read [" << first_read << ", " << end_read << ")";
  }
}

TEST_F(ParquetDeletedRowsTest, WithASliceOfTheRowGroup) {
  // a morsel of the row group (scans split large row groups), its rows from 1000 to 4000
  std::set<int64_t> deleted;
  for (int64_t r = 0; r < kRows; r += 4) deleted.insert(r);
  EXPECT_EQ(ExpectRowsWithout(deleted, 50, {}, RowSlice{1000, 4000}), 3000u - 750u);
}

}  // namespace
}  // namespace floe
