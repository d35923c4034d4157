// Spark's FilterEstimationSuite (sql/catalyst/.../statsEstimation/FilterEstimationSuite.scala),
// its cases over a 10-row table ported one for one: the expected row counts and the column
// statistics after the filter are Spark's.
#include "optimizer/statistics/filter_estimation.h"

#include <gtest/gtest.h>

namespace floe {
namespace {

// the suite's columns: cint 1..10, cstring "A0".."A9", cdate 2017-01-01..10, cdouble 1.0..10.0
constexpr size_t kInt = 0, kString = 1, kDate = 2, kDouble = 3;

ColumnStat Stat(double ndv, std::optional<double> min, std::optional<double> max, double avg_len) {
  ColumnStat s;
  s.distinct_count = ndv;
  s.min = min;
  s.max = max;
  s.null_count = 0;
  s.avg_len = s.max_len = avg_len;
  return s;
}

class FilterEstimationTest : public ::testing::Test {
 protected:
  FilterEstimationTest() {
    types_ = {TypeId::kInt32, TypeId::kString, TypeId::kDate, TypeId::kDouble};
    child_.row_count = 10;
    child_.size_in_bytes = 10 * (8 + 4 + 14 + 4 + 8);
    int32_t jan1 = 17167;  // 2017-01-01
    child_.columns = {Stat(10, 1, 10, 4), Stat(10, std::nullopt, std::nullopt, 2), Stat(10, jan1, jan1 + 9, 4),
                      Stat(10, 1.0, 10.0, 8)};
  }

  BoundExpressionPtr Col(size_t i) { return BoundExpression::ColumnRef(i, types_[i], "c" + std::to_string(i)); }
  static BoundExpressionPtr Lit(Value v) { return BoundExpression::MakeConstant(std::move(v)); }
  static BoundExpressionPtr Node(BoundExpressionKind kind, std::vector<BoundExpressionPtr> children) {
    auto e = std::make_unique<BoundExpression>();
    e->kind = kind;
    e->type = TypeId::kBoolean;
    e->children = std::move(children);
    return e;
  }
  static BoundExpressionPtr Cmp(const std::string& op, BoundExpressionPtr a, BoundExpressionPtr b) {
    std::vector<BoundExpressionPtr> children;
    children.push_back(std::move(a));
    children.push_back(std::move(b));
    auto e = Node(BoundExpressionKind::kFunction, std::move(children));
    e->function = std::make_shared<BoundScalarFunction>();
    e->function->name = op;
    return e;
  }
  static BoundExpressionPtr Two(BoundExpressionKind kind, BoundExpressionPtr a, BoundExpressionPtr b) {
    std::vector<BoundExpressionPtr> children;
    children.push_back(std::move(a));
    children.push_back(std::move(b));
    return Node(kind, std::move(children));
  }
  static BoundExpressionPtr One(BoundExpressionKind kind, BoundExpressionPtr a) {
    std::vector<BoundExpressionPtr> children;
    children.push_back(std::move(a));
    return Node(kind, std::move(children));
  }
  static BoundExpressionPtr NullLit() { return Lit(Value::Null(TypeId::kInt32)); }
  BoundExpressionPtr In(size_t column, std::vector<Value> values, bool negated = false) {
    std::vector<BoundExpressionPtr> children;
    children.push_back(Col(column));
    for (auto& v : values) children.push_back(Lit(std::move(v)));
    auto e = Node(BoundExpressionKind::kIn, std::move(children));
    e->negated = negated;
    return e;
  }

  PlanStatistics Estimate(const BoundExpression& condition) {
    FilterEstimation estimation(child_, types_, true);
    std::optional<PlanStatistics> out = estimation.Estimate({&condition});
    EXPECT_TRUE(out.has_value());
    return out.value_or(PlanStatistics{});
  }

  std::vector<LogicalType> types_;
  PlanStatistics child_;
};

using K = BoundExpressionKind;

TEST_F(FilterEstimationTest, Literals) {
  // "true", "false", "null", "Not(null)", "Not(Not(null))"
  EXPECT_EQ(Estimate(*Lit(Value::Boolean(true))).row_count, 10);
  EXPECT_EQ(Estimate(*Lit(Value::Boolean(false))).row_count, 0);
  EXPECT_EQ(Estimate(*NullLit()).row_count, 0);
  EXPECT_EQ(Estimate(*One(K::kNot, NullLit())).row_count, 0);
  EXPECT_EQ(Estimate(*One(K::kNot, One(K::kNot, NullLit()))).row_count, 0);
  // no rows: no column statistics, and Spark's size of 1 byte
  PlanStatistics none = Estimate(*Lit(Value::Boolean(false)));
  EXPECT_TRUE(none.columns.empty());
  EXPECT_EQ(none.size_in_bytes, 1);
}

TEST_F(FilterEstimationTest, NullInAndOrNot) {
  // "cint < 3 AND null", "cint < 3 OR null", "Not(cint < 3 AND null)", "Not(cint < 3 OR null)",
  // "Not(cint < 3 AND Not(null))"
  EXPECT_EQ(Estimate(*Two(K::kAnd, Cmp("<", Col(kInt), Lit(Value::Int32(3))), NullLit())).row_count, 0);
  PlanStatistics lt_or_null = Estimate(*Two(K::kOr, Cmp("<", Col(kInt), Lit(Value::Int32(3))), NullLit()));
  EXPECT_EQ(lt_or_null.row_count, 3);
  EXPECT_EQ(lt_or_null.Column(kInt)->distinct_count, 3);
  EXPECT_EQ(lt_or_null.Column(kInt)->max, 10);  // OR does not narrow
  PlanStatistics not_and =
      Estimate(*One(K::kNot, Two(K::kAnd, Cmp("<", Col(kInt), Lit(Value::Int32(3))), NullLit())));
  EXPECT_EQ(not_and.row_count, 8);
  EXPECT_EQ(not_and.Column(kInt)->distinct_count, 8);
  EXPECT_EQ(Estimate(*One(K::kNot, Two(K::kOr, Cmp("<", Col(kInt), Lit(Value::Int32(3))), NullLit()))).row_count, 0);
  EXPECT_EQ(Estimate(*One(K::kNot, Two(K::kAnd, Cmp("<", Col(kInt), Lit(Value::Int32(3))), One(K::kNot, NullLit()))))
                .row_count,
            8);
}

TEST_F(FilterEstimationTest, Equality) {
  // "cint = 2", "cint <=> 2": one row, the column narrowed to [2, 2]
  for (const char* op : {"=", "<=>"}) {
    PlanStatistics out = Estimate(*Cmp(op, Col(kInt), Lit(Value::Int32(2))));
    EXPECT_EQ(out.row_count, 1) << op;
    const ColumnStat* c = out.Column(kInt);
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->distinct_count, 1);
    EXPECT_EQ(c->min, 2);
    EXPECT_EQ(c->max, 2);
    EXPECT_EQ(c->null_count, 0);
  }
  // "cint = 0": out of [min, max]
  EXPECT_EQ(Estimate(*Cmp("=", Col(kInt), Lit(Value::Int32(0)))).row_count, 0);
  // a literal on the left compares the same
  EXPECT_EQ(Estimate(*Cmp("=", Lit(Value::Int32(2)), Col(kInt))).row_count, 1);
}

TEST_F(FilterEstimationTest, Ranges) {
  struct Case {
    const char* op;
    int32_t literal;
    double rows, ndv, min, max;
  };
  // "cint < 3", "cint <= 3", "cint > 6", "cint >= 6"
  for (const Case& c : {Case{"<", 3, 3, 3, 1, 3}, Case{"<=", 3, 3, 3, 1, 3}, Case{">", 6, 5, 5, 6, 10},
                        Case{">=", 6, 5, 5, 6, 10}}) {
    PlanStatistics out = Estimate(*Cmp(c.op, Col(kInt), Lit(Value::Int32(c.literal))));
    EXPECT_EQ(out.row_count, c.rows) << c.op;
    const ColumnStat* s = out.Column(kInt);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->distinct_count, c.ndv) << c.op;
    EXPECT_EQ(s->min, c.min) << c.op;
    EXPECT_EQ(s->max, c.max) << c.op;
  }
  // "cint < 0", "cint > 10": no overlap
  EXPECT_EQ(Estimate(*Cmp("<", Col(kInt), Lit(Value::Int32(0)))).row_count, 0);
  EXPECT_EQ(Estimate(*Cmp(">", Col(kInt), Lit(Value::Int32(10)))).row_count, 0);
  // "cint > 3 AND cint <= 6": the first conjunct narrows the column for the second
  PlanStatistics both = Estimate(*Two(K::kAnd, Cmp(">", Col(kInt), Lit(Value::Int32(3))),
                                      Cmp("<=", Col(kInt), Lit(Value::Int32(6)))));
  EXPECT_EQ(both.row_count, 4);
  EXPECT_EQ(both.Column(kInt)->distinct_count, 4);
  EXPECT_EQ(both.Column(kInt)->min, 3);
  EXPECT_EQ(both.Column(kInt)->max, 6);
}

TEST_F(FilterEstimationTest, NullChecks) {
  // "cint IS NULL", "cint IS NOT NULL", "cint IS NOT NULL && null"
  EXPECT_EQ(Estimate(*One(K::kIsNull, Col(kInt))).row_count, 0);
  EXPECT_EQ(Estimate(*One(K::kIsNotNull, Col(kInt))).row_count, 10);
  EXPECT_EQ(Estimate(*Two(K::kAnd, One(K::kIsNotNull, Col(kInt)), NullLit())).row_count, 0);
}

TEST_F(FilterEstimationTest, OrAndNot) {
  // "cint = 3 OR cint = 6"
  PlanStatistics either = Estimate(*Two(K::kOr, Cmp("=", Col(kInt), Lit(Value::Int32(3))),
                                        Cmp("=", Col(kInt), Lit(Value::Int32(6)))));
  EXPECT_EQ(either.row_count, 2);
  EXPECT_EQ(either.Column(kInt)->distinct_count, 2);
  // "Not(cint > 3 AND cint <= 6)", "Not(cint <= 3 OR cint > 6)"
  EXPECT_EQ(Estimate(*One(K::kNot, Two(K::kAnd, Cmp(">", Col(kInt), Lit(Value::Int32(3))),
                                       Cmp("<=", Col(kInt), Lit(Value::Int32(6))))))
                .row_count,
            6);
  EXPECT_EQ(Estimate(*One(K::kNot, Two(K::kOr, Cmp("<=", Col(kInt), Lit(Value::Int32(3))),
                                       Cmp(">", Col(kInt), Lit(Value::Int32(6))))))
                .row_count,
            5);
  // "Not(cint = 3 AND cstring < 'A8')": a string range is not estimated, so neither is the whole
  EXPECT_EQ(Estimate(*One(K::kNot, Two(K::kAnd, Cmp("=", Col(kInt), Lit(Value::Int32(3))),
                                       Cmp("<", Col(kString), Lit(Value::String("A8"))))))
                .row_count,
            10);
  // "Not(cint = 3 OR cstring < 'A8')"
  PlanStatistics not_or = Estimate(*One(K::kNot, Two(K::kOr, Cmp("=", Col(kInt), Lit(Value::Int32(3))),
                                                     Cmp("<", Col(kString), Lit(Value::String("A8"))))));
  EXPECT_EQ(not_or.row_count, 9);
  EXPECT_EQ(not_or.Column(kInt)->distinct_count, 9);
  EXPECT_EQ(not_or.Column(kString)->distinct_count, 9);
  // Spark's a <> b is NOT (a = b)
  EXPECT_EQ(Estimate(*Cmp("<>", Col(kInt), Lit(Value::Int32(3)))).row_count, 9);
}

TEST_F(FilterEstimationTest, InSets) {
  // "cint IN (3, 4, 5)"
  PlanStatistics in = Estimate(*In(kInt, {Value::Int32(3), Value::Int32(4), Value::Int32(5)}));
  EXPECT_EQ(in.row_count, 3);
  EXPECT_EQ(in.Column(kInt)->distinct_count, 3);
  EXPECT_EQ(in.Column(kInt)->min, 3);
  EXPECT_EQ(in.Column(kInt)->max, 5);
  // "cint NOT IN (3, 4, 5)"
  EXPECT_EQ(Estimate(*In(kInt, {Value::Int32(3), Value::Int32(4), Value::Int32(5)}, true)).row_count, 7);
  // "evaluateInSet with string"
  PlanStatistics s = Estimate(*In(kString, {Value::String("A0")}));
  EXPECT_EQ(s.row_count, 1);
  EXPECT_EQ(s.Column(kString)->distinct_count, 1);
}

TEST_F(FilterEstimationTest, DatesAndDoubles) {
  // "cdate = cast('2017-01-02' AS DATE)": one of ten days
  EXPECT_EQ(Estimate(*Cmp("=", Col(kDate), Lit(Value::Date(17168)))).row_count, 1);
  // "cdate < cast('2017-01-03' AS DATE)": (2 days of 9) -> 3 rows
  EXPECT_EQ(Estimate(*Cmp("<", Col(kDate), Lit(Value::Date(17169)))).row_count, 3);
  // "cdouble < 3.0"
  EXPECT_EQ(Estimate(*Cmp("<", Col(kDouble), Lit(Value::Double(3.0)))).row_count, 3);
}

// What Iceberg 1.10 reports to Spark under CBO: a distinct count, no min, max or null count.
// Spark's ValueInterval of such a numeric column is NullValueInterval, which holds nothing: an
// equality or IN estimates no rows; a range, a string equality keep what Spark's rules say.
TEST_F(FilterEstimationTest, DistinctCountOnlyAsIcebergReportsIt) {
  for (auto& c : child_.columns) {
    ColumnStat ndv_only;
    ndv_only.distinct_count = c->distinct_count;
    c = ndv_only;
  }
  EXPECT_EQ(Estimate(*Cmp("=", Col(kInt), Lit(Value::Int32(2)))).row_count, 0);
  EXPECT_EQ(Estimate(*In(kInt, {Value::Int32(3)})).row_count, 0);
  EXPECT_EQ(Estimate(*Cmp("<", Col(kInt), Lit(Value::Int32(3)))).row_count, 10);
  EXPECT_EQ(Estimate(*Cmp("=", Col(kString), Lit(Value::String("A1")))).row_count, 1);
  EXPECT_EQ(Estimate(*One(K::kIsNotNull, Col(kInt))).row_count, 10);
}

TEST(SparkRowCountTextTest, ThreeSignificantDigitsHalfUp) {
  // Statistics.simpleString: BigDecimal(rowCount, new MathContext(3, RoundingMode.HALF_UP))
  EXPECT_EQ(SparkRowCountText(0), "0");
  EXPECT_EQ(SparkRowCountText(999), "999");
  EXPECT_EQ(SparkRowCountText(1000), "1.00E+3");
  EXPECT_EQ(SparkRowCountText(1235), "1.24E+3");
  EXPECT_EQ(SparkRowCountText(9995), "1.00E+4");
  EXPECT_EQ(SparkRowCountText(2880404), "2.88E+6");
}

}  // namespace
}  // namespace floe
