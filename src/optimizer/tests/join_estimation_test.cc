// Spark's JoinEstimationSuite (sql/catalyst/.../statsEstimation/JoinEstimationSuite.scala),
// ported over floe's logical plan: tables whose columns carry Spark's statistics, joined, and
// StatisticsEstimator's row count, size and column statistics compared with the suite's.
#include <gtest/gtest.h>

#include "optimizer/statistics/statistics_estimator.h"
#include "planner/logical_get.h"
#include "planner/logical_join.h"

namespace floe {
namespace {

// A table of INT columns that keeps statistics and reads nothing.
class StatsTable : public TableSource {
 public:
  StatsTable(std::vector<std::string> names, size_t rows, std::vector<std::optional<SourceColumnStatistics>> stats)
      : names_(std::move(names)), types_(names_.size(), TypeId::kInt32), rows_(rows), stats_(std::move(stats)) {}
  const std::vector<std::string>& names() const override { return names_; }
  const std::vector<LogicalType>& types() const override { return types_; }
  std::string DisplayName() const override { return "stats table"; }
  std::unique_ptr<TableScanState> InitScan(const ScanRequest&) const override { return nullptr; }
  bool Scan(TableScanState&, LocalTableScanState*, DataChunk&) const override { return false; }
  std::optional<size_t> EstimatedRows() const override { return rows_; }
  std::vector<std::optional<SourceColumnStatistics>> ColumnStatistics() const override { return stats_; }

 private:
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  size_t rows_;
  std::vector<std::optional<SourceColumnStatistics>> stats_;
};

SourceColumnStatistics Stat(double ndv, std::optional<int32_t> min, std::optional<int32_t> max, double nulls = 0) {
  SourceColumnStatistics s;
  s.distinct_count = ndv;
  if (min) s.min = Value::Int32(*min);
  if (max) s.max = Value::Int32(*max);
  s.null_count = nulls;
  s.avg_len = s.max_len = 4;
  return s;
}

LogicalOperatorPtr Get(std::shared_ptr<TableSource> source) {
  auto get = std::make_unique<LogicalGet>();
  get->names = source->names();
  get->types = source->types();
  for (size_t i = 0; i < get->types.size(); ++i) get->column_ids.push_back(i);
  get->source = std::move(source);
  return get;
}

// the suite's tables: table1 (key11, key12) 5 rows, table2 (key21, key22) 3, table3 (key31, key32) 2
std::shared_ptr<TableSource> Table1() {
  return std::make_shared<StatsTable>(std::vector<std::string>{"key11", "key12"}, 5,
                                      std::vector<std::optional<SourceColumnStatistics>>{Stat(5, 1, 5), Stat(5, 5, 9)});
}
std::shared_ptr<TableSource> Table2() {
  return std::make_shared<StatsTable>(std::vector<std::string>{"key21", "key22"}, 3,
                                      std::vector<std::optional<SourceColumnStatistics>>{Stat(2, 1, 2), Stat(3, 2, 4)});
}
std::shared_ptr<TableSource> Table3() {
  return std::make_shared<StatsTable>(std::vector<std::string>{"key31", "key32"}, 2,
                                      std::vector<std::optional<SourceColumnStatistics>>{Stat(2, 1, 2), Stat(2, 2, 3)});
}

// left JOIN right ON left[l_i] = right[r_i] for each pair
std::unique_ptr<LogicalJoin> Join(JoinType type, std::shared_ptr<TableSource> left, std::shared_ptr<TableSource> right,
                                  const std::vector<std::pair<size_t, size_t>>& keys) {
  auto join = std::make_unique<LogicalJoin>();
  join->join_type = type;
  join->children.push_back(Get(std::move(left)));
  join->children.push_back(Get(std::move(right)));
  for (auto [l, r] : keys) {
    join->left_keys.push_back(BoundExpression::ColumnRef(l, TypeId::kInt32, join->children[0]->names[l]));
    join->right_keys.push_back(BoundExpression::ColumnRef(r, TypeId::kInt32, join->children[1]->names[r]));
  }
  size_t sides = type == JoinType::kSemi || type == JoinType::kAnti ? 1 : 2;
  for (size_t s = 0; s < sides; ++s) {
    for (size_t i = 0; i < join->children[s]->types.size(); ++i) {
      join->names.push_back(join->children[s]->names[i]);
      join->types.push_back(join->children[s]->types[i]);
    }
  }
  return join;
}

PlanStatistics Estimate(const LogicalOperator& op) {
  return StatisticsEstimator(TableStatisticsView::kFloe).Estimate(op);
}

void ExpectStat(const PlanStatistics& s, size_t column, double ndv, double min, double max, const char* what) {
  const ColumnStat* c = s.Column(column);
  ASSERT_NE(c, nullptr) << what;
  EXPECT_EQ(c->distinct_count, ndv) << what;
  EXPECT_EQ(c->min, min) << what;
  EXPECT_EQ(c->max, max) << what;
}

TEST(JoinEstimationTest, CrossJoin) {
  PlanStatistics s = Estimate(*Join(JoinType::kInner, Table1(), Table2(), {}));
  EXPECT_EQ(s.row_count, 5 * 3);
  EXPECT_EQ(s.size_in_bytes, 5 * 3 * (8 + 4 * 4));
  ExpectStat(s, 0, 5, 1, 5, "key11 unchanged");
  ExpectStat(s, 3, 3, 2, 4, "key22 unchanged");
}

TEST(JoinEstimationTest, DisjointInnerJoin) {
  // key12 [5, 9] and key22 [2, 4] do not meet
  PlanStatistics s = Estimate(*Join(JoinType::kInner, Table1(), Table2(), {{0, 0}, {1, 1}}));
  EXPECT_EQ(s.row_count, 0);
  EXPECT_EQ(s.size_in_bytes, 1);
  EXPECT_TRUE(std::none_of(s.columns.begin(), s.columns.end(), [](const auto& c) { return c.has_value(); }));
}

TEST(JoinEstimationTest, InnerJoin) {
  // 5 x 3 / max(5, 2) = 3 rows; the keys narrowed to [1, 2] with 2 values; key12 scaled to 3
  PlanStatistics s = Estimate(*Join(JoinType::kInner, Table1(), Table2(), {{0, 0}}));
  EXPECT_EQ(s.row_count, 3);
  EXPECT_EQ(s.size_in_bytes, 3 * (8 + 4 * 4));
  ExpectStat(s, 0, 2, 1, 2, "key11");
  ExpectStat(s, 2, 2, 1, 2, "key21");
  ExpectStat(s, 1, 3, 5, 9, "key12");
  ExpectStat(s, 3, 3, 2, 4, "key22");
}

TEST(JoinEstimationTest, InnerJoinWithMultipleEquiJoinKeys) {
  // the most selective pair: key22 = key32, 3 x 2 / 3 = 2
  PlanStatistics s = Estimate(*Join(JoinType::kInner, Table2(), Table3(), {{0, 0}, {1, 1}}));
  EXPECT_EQ(s.row_count, 2);
  ExpectStat(s, 0, 2, 1, 2, "key21");
  ExpectStat(s, 2, 2, 1, 2, "key31");
  ExpectStat(s, 1, 2, 2, 3, "key22");
  ExpectStat(s, 3, 2, 2, 3, "key32");
}

TEST(JoinEstimationTest, LeftOuterJoin) {
  PlanStatistics s = Estimate(*Join(JoinType::kLeft, Table3(), Table2(), {{1, 1}}));
  EXPECT_EQ(s.row_count, 2);
  EXPECT_EQ(s.size_in_bytes, 2 * (8 + 4 * 4));
  ExpectStat(s, 0, 2, 1, 2, "key31 unchanged");
  ExpectStat(s, 1, 2, 2, 3, "key32 unchanged");
  ExpectStat(s, 2, 2, 1, 2, "key21");
  ExpectStat(s, 3, 2, 2, 3, "key22 joined");
}

TEST(JoinEstimationTest, RightOuterJoin) {
  PlanStatistics s = Estimate(*Join(JoinType::kRight, Table2(), Table3(), {{1, 1}}));
  EXPECT_EQ(s.row_count, 2);
  ExpectStat(s, 0, 2, 1, 2, "key21");
  ExpectStat(s, 1, 2, 2, 3, "key22 joined");
  ExpectStat(s, 2, 2, 1, 2, "key31 unchanged");
  ExpectStat(s, 3, 2, 2, 3, "key32 unchanged");
}

TEST(JoinEstimationTest, FullOuterJoin) {
  PlanStatistics s = Estimate(*Join(JoinType::kFull, Table2(), Table3(), {{1, 1}}));
  EXPECT_EQ(s.row_count, 3);
  EXPECT_EQ(s.size_in_bytes, 3 * (8 + 4 * 4));
  ExpectStat(s, 1, 3, 2, 4, "key22 unchanged");
  ExpectStat(s, 3, 2, 2, 3, "key32 unchanged");
}

TEST(JoinEstimationTest, LeftSemiAntiJoin) {
  for (JoinType type : {JoinType::kSemi, JoinType::kAnti}) {
    PlanStatistics s = Estimate(*Join(type, Table2(), Table3(), {{1, 1}}));
    EXPECT_EQ(s.row_count, 3);
    EXPECT_EQ(s.size_in_bytes, 3 * (8 + 4 * 2));
    ExpectStat(s, 1, 3, 2, 4, "key22 as the left side's");
  }
}

TEST(JoinEstimationTest, JoinWithNullColumn) {
  // a column of only NULLs has no interval: nothing joins
  auto nulls = std::make_shared<StatsTable>(std::vector<std::string>{"cnull"}, 1,
                                            std::vector<std::optional<SourceColumnStatistics>>{
                                                Stat(0, std::nullopt, std::nullopt, 1)});
  PlanStatistics s = Estimate(*Join(JoinType::kInner, Table1(), nulls, {{0, 0}}));
  EXPECT_EQ(s.row_count, 0);
  EXPECT_EQ(s.size_in_bytes, 1);
}

// floe's own view where the keys have no statistics: a fact joined to a dimension keeps the
// larger side's rows; Spark's (kSparkIceberg, distinct counts only) estimates the product.
TEST(JoinEstimationTest, KeysWithoutStatisticsFloeAndSparkViews) {
  auto bare = [](size_t rows) {
    return std::make_shared<StatsTable>(std::vector<std::string>{"k"}, rows,
                                        std::vector<std::optional<SourceColumnStatistics>>{});
  };
  auto join = Join(JoinType::kInner, bare(1000), bare(10), {{0, 0}});
  EXPECT_EQ(StatisticsEstimator(TableStatisticsView::kFloe).Estimate(*join).row_count, 1000);
  EXPECT_EQ(StatisticsEstimator(TableStatisticsView::kSparkIceberg).Estimate(*join).row_count, 10000);
}

}  // namespace
}  // namespace floe
