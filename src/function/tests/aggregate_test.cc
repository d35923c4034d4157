#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "common/decimal.h"
#include "common/exception.h"
#include "common/vector.h"
#include "function/aggregates/arg_min_max.h"
#include "function/aggregates/avg.h"
#include "function/aggregates/bit_aggregate.h"
#include "function/aggregates/bool_and_or.h"
#include "function/aggregates/central_moments.h"
#include "function/aggregates/count.h"
#include "function/aggregates/covariance.h"
#include "function/aggregates/first_last.h"
#include "function/aggregates/hyperloglog.h"
#include "function/aggregates/min_max.h"
#include "function/aggregates/mode.h"
#include "function/aggregates/percentile.h"
#include "function/aggregates/regr_average.h"
#include "function/aggregates/register_aggregates.h"
#include "function/aggregates/string_agg.h"
#include "function/aggregates/sum.h"
#include "function/aggregates/variance.h"
#include "function/function_registry.h"
#include "function/tests/aggregation.h"

namespace floe {
namespace {

// ---------------------------------------------------------------- count

TEST(AggregateTest, CountStarCountsEveryRowAndCountXSkipsNulls) {
  Vector x = Int64s({1, std::nullopt, 3, std::nullopt, 5});
  EXPECT_EQ(RunOnce(BindCount({}, false), {}, 5).int64(), 5);
  EXPECT_EQ(RunOnce(BindCount({TypeId::kInt64}, false), {&x}, 5).int64(), 3);
  Vector y = Int64s({1, 2, std::nullopt, std::nullopt, 5});
  EXPECT_EQ(RunOnce(BindCount({TypeId::kInt64, TypeId::kInt64}, false), {&x, &y}, 5).int64(), 2);
}

TEST(AggregateTest, EmptyInputGivesZeroCountAndNullOtherwise) {
  Vector x = Int64s({});
  Value count = RunOnce(BindCount({TypeId::kInt64}, false), {&x}, 0);
  EXPECT_FALSE(count.is_null());
  EXPECT_EQ(count.int64(), 0);
  EXPECT_EQ(RunOnce(BindCount({}, false), {}, 0).int64(), 0);
  EXPECT_TRUE(RunOnce(BindSum({TypeId::kInt64}, false), {&x}, 0).is_null());
  EXPECT_TRUE(RunOnce(BindAvg({TypeId::kInt64}, false), {&x}, 0).is_null());
  EXPECT_TRUE(RunOnce(BindMin({TypeId::kInt64}, false), {&x}, 0).is_null());
  EXPECT_TRUE(RunOnce(BindMax({TypeId::kInt64}, false), {&x}, 0).is_null());
  EXPECT_TRUE(RunOnce(BindVariance(VarianceKind::kVarPop, {TypeId::kInt64}, false), {&x}, 0)
                  .is_null());
  EXPECT_TRUE(RunOnce(BindFirst({TypeId::kInt64}, false), {&x}, 0).is_null());
  EXPECT_TRUE(RunOnce(BindLast({TypeId::kInt64}, false), {&x}, 0).is_null());
  EXPECT_TRUE(RunOnce(BindBoolAnd({TypeId::kBoolean}, false), {&x}, 0).is_null());
  EXPECT_EQ(RunOnce(BindApproxCountDistinct({TypeId::kInt64}, false), {&x}, 0).int64(), 0);
  Vector y = Int64s({});
  EXPECT_TRUE(
      RunOnce(BindMaxBy({TypeId::kInt64, TypeId::kInt64}, false), {&x, &y}, 0).is_null());
}

TEST(AggregateTest, AllNullInputGivesNull) {
  Vector x = Int64s({std::nullopt, std::nullopt});
  EXPECT_EQ(RunOnce(BindCount({TypeId::kInt64}, false), {&x}, 2).int64(), 0);
  EXPECT_TRUE(RunOnce(BindSum({TypeId::kInt64}, false), {&x}, 2).is_null());
  EXPECT_TRUE(RunOnce(BindMax({TypeId::kInt64}, false), {&x}, 2).is_null());
}

TEST(AggregateTest, GroupsThroughRepeatedStatePointers) {
  Vector x = Int64s({1, 10, 2, std::nullopt, 3, 20});
  std::vector<size_t> groups = {0, 1, 0, 1, 0, 1};
  Aggregation sum(BindSum({TypeId::kInt64}, false), 3);
  sum.Update({&x}, 6, groups);
  auto sums = sum.Finalize();
  EXPECT_EQ(sums[0].int64(), 6);
  EXPECT_EQ(sums[1].int64(), 30);
  EXPECT_TRUE(sums[2].is_null());
  Aggregation count(BindCount({TypeId::kInt64}, false), 3);
  count.Update({&x}, 6, groups);
  auto counts = count.Finalize();
  EXPECT_EQ(counts[0].int64(), 3);
  EXPECT_EQ(counts[1].int64(), 2);
  EXPECT_EQ(counts[2].int64(), 0);
  Aggregation max(BindMax({TypeId::kInt64}, false), 2);
  max.Update({&x}, 6, groups);
  auto maxes = max.Finalize();
  EXPECT_EQ(maxes[0].int64(), 3);
  EXPECT_EQ(maxes[1].int64(), 20);
}

TEST(AggregateTest, CountOfNullTypeIsZero) {
  Vector nulls(TypeId::kNull, 3);  // validity left "all valid": the type alone decides
  EXPECT_EQ(RunOnce(BindCount({TypeId::kNull}, false), {&nulls}, 3).int64(), 0);
  EXPECT_EQ(RunOnce(BindCount({TypeId::kNull}, true), {&nulls}, 3).int64(), 0);
}

TEST(AggregateTest, CountIfCountsTrueRows) {
  Vector b = MakeVector(TypeId::kBoolean, {Value::Boolean(true), Value::Boolean(false),
                                           Value::Null(TypeId::kBoolean), Value::Boolean(true)});
  EXPECT_EQ(RunOnce(BindCountIf({TypeId::kBoolean}, false), {&b}, 4).int64(), 2);
  EXPECT_THROW(BindCountIf({TypeId::kInt32}, false), BinderError);
}

// ---------------------------------------------------------------- sum / avg

TEST(AggregateTest, SumTypesFollowSpark) {
  EXPECT_EQ(BindSum({TypeId::kInt32}, false).return_type, LogicalType(TypeId::kInt64));
  EXPECT_EQ(BindSum({TypeId::kInt64}, false).return_type, LogicalType(TypeId::kInt64));
  EXPECT_EQ(BindSum({TypeId::kFloat}, false).return_type, LogicalType(TypeId::kDouble));
  EXPECT_EQ(BindSum({LogicalType::Decimal(10, 2)}, false).return_type,
            LogicalType::Decimal(20, 2));
  EXPECT_EQ(BindSum({LogicalType::Decimal(33, 4)}, false).return_type,
            LogicalType::Decimal(38, 4));
  EXPECT_THROW(BindSum({TypeId::kString}, false), BinderError);
  try {
    BindSum({TypeId::kString}, false);
  } catch (const BinderError& e) {
    EXPECT_NE(std::string(e.what()).find("sum"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("string"), std::string::npos);
  }
}

TEST(AggregateTest, SumOfIntegersDecimalsAndDoubles) {
  Vector ints = Int32s({1, std::nullopt, std::numeric_limits<int32_t>::max(), 4});
  EXPECT_EQ(RunOnce(BindSum({TypeId::kInt32}, false), {&ints}, 4).int64(),
            int64_t{std::numeric_limits<int32_t>::max()} + 5);
  Vector decimals = Decimals(5, 2, {150, -25, std::nullopt, 99999});
  Value d = RunOnce(BindSum({LogicalType::Decimal(5, 2)}, false), {&decimals}, 4);
  EXPECT_EQ(d.type(), LogicalType::Decimal(15, 2));
  EXPECT_EQ(d.ToString(), "1001.24");
  Vector doubles = Doubles({0.5, std::nullopt, 1.25});
  EXPECT_DOUBLE_EQ(RunOnce(BindSum({TypeId::kDouble}, false), {&doubles}, 3).float64(), 1.75);
}

TEST(AggregateTest, SumOfBigintOverflowRaisesOrGivesNullForTrySum) {
  Vector x = Int64s({std::numeric_limits<int64_t>::max(), 1});
  try {
    RunOnce(BindSum({TypeId::kInt64}, false), {&x}, 2);
    FAIL() << "expected an overflow error";
  } catch (const OutOfRangeError& e) {
    EXPECT_NE(std::string(e.what()).find("[ARITHMETIC_OVERFLOW]"), std::string::npos);
  }
  EXPECT_TRUE(RunOnce(BindSum({TypeId::kInt64}, false, /*try_sum=*/true), {&x}, 2).is_null());
  Aggregation try_mode(BindSum({TypeId::kInt64}, false));
  try_mode.context().try_mode = true;
  try_mode.Update({&x}, 2);
  EXPECT_TRUE(try_mode.Result().is_null());
  // Grouped (per-row) path and combine both notice the overflow.
  Aggregation grouped(BindSum({TypeId::kInt64}, false), 2);
  grouped.Update({&x}, 2, {0, 0});
  EXPECT_THROW(grouped.Finalize(), OutOfRangeError);
  Vector one = Int64s({std::numeric_limits<int64_t>::max()});
  Aggregation a(BindSum({TypeId::kInt64}, false));
  Aggregation b(BindSum({TypeId::kInt64}, false));
  a.Update({&one}, 1);
  b.Update({&one}, 1);
  a.CombineFrom(b);
  EXPECT_THROW(a.Result(), OutOfRangeError);
}

TEST(AggregateTest, SumOfDecimalOverflowRaises) {
  LogicalType type = LogicalType::Decimal(38, 0);
  int128_t big = Pow10(38) - 1;
  Vector x = MakeVector(type, {Value::Decimal(big, 38, 0), Value::Decimal(1, 38, 0)});
  try {
    RunOnce(BindSum({type}, false), {&x}, 2);
    FAIL() << "expected an overflow error";
  } catch (const OutOfRangeError& e) {
    EXPECT_NE(std::string(e.what()).find("[ARITHMETIC_OVERFLOW]"), std::string::npos);
  }
  EXPECT_TRUE(RunOnce(BindSum({type}, false, true), {&x}, 2).is_null());
  // Past the int128 range, too.
  Vector huge = MakeVector(type, {Value::Decimal(big, 38, 0), Value::Decimal(big, 38, 0),
                                  Value::Decimal(big, 38, 0)});
  EXPECT_THROW(RunOnce(BindSum({type}, false), {&huge}, 3), OutOfRangeError);
  // In range again after a negative value: fine.
  Vector back = MakeVector(type, {Value::Decimal(big, 38, 0), Value::Decimal(-big, 38, 0)});
  EXPECT_EQ(RunOnce(BindSum({type}, false), {&back}, 2).decimal(), 0);
}

TEST(AggregateTest, AvgTypesAndRounding) {
  Vector ints = Int32s({1, 2, std::nullopt, 4});
  Value a = RunOnce(BindAvg({TypeId::kInt32}, false), {&ints}, 4);
  EXPECT_EQ(a.type(), LogicalType(TypeId::kDouble));
  EXPECT_DOUBLE_EQ(a.float64(), 7.0 / 3.0);

  EXPECT_EQ(BindAvg({LogicalType::Decimal(10, 2)}, false).return_type,
            LogicalType::Decimal(14, 6));
  EXPECT_EQ(BindAvg({LogicalType::Decimal(36, 36)}, false).return_type,
            LogicalType::Decimal(38, 38));
  EXPECT_EQ(BindAvg({LogicalType::Decimal(38, 0)}, false).return_type,
            LogicalType::Decimal(38, 4));

  Vector d = Decimals(10, 2, {100, 200, 200, std::nullopt});
  EXPECT_EQ(RunOnce(BindAvg({LogicalType::Decimal(10, 2)}, false), {&d}, 4).ToString(),
            "1.666667");
  Vector n = Decimals(10, 2, {-100, -200, -200});
  EXPECT_EQ(RunOnce(BindAvg({LogicalType::Decimal(10, 2)}, false), {&n}, 3).ToString(),
            "-1.666667");
  // 0.01 / 3 = 0.00333...
  Vector h = Decimals(10, 2, {1, 0, 0});
  EXPECT_EQ(RunOnce(BindAvg({LogicalType::Decimal(10, 2)}, false), {&h}, 3).ToString(),
            "0.003333");
}

TEST(AggregateTest, AvgOfDecimalRoundsHalfUpAwayFromZero) {
  std::vector<std::optional<int64_t>> values(32, 0);
  values[0] = 1;
  Vector x = Decimals(3, 0, values);
  EXPECT_EQ(RunOnce(BindAvg({LogicalType::Decimal(3, 0)}, false), {&x}, 32).ToString(),
            "0.0313");
  values[0] = -1;
  Vector y = Decimals(3, 0, values);
  EXPECT_EQ(RunOnce(BindAvg({LogicalType::Decimal(3, 0)}, false), {&y}, 32).ToString(),
            "-0.0313");
}

TEST(AggregateTest, AvgOfWideDecimalOverflowRaises) {
  LogicalType type = LogicalType::Decimal(38, 0);
  int128_t big = Pow10(37) * 5;
  Vector x = MakeVector(type, {Value::Decimal(big, 38, 0)});
  // 5e37 with 4 more digits of scale does not fit decimal(38,4).
  EXPECT_THROW(RunOnce(BindAvg({type}, false), {&x}, 1), OutOfRangeError);
  EXPECT_TRUE(RunOnce(BindAvg({type}, false, true), {&x}, 1).is_null());
  Vector small = MakeVector(type, {Value::Decimal(12345, 38, 0)});
  EXPECT_EQ(RunOnce(BindAvg({type}, false), {&small}, 1).ToString(), "12345.0000");
}

TEST(AggregateTest, RemoveUndoesUpdateForWindowFrames) {
  Vector x = Int64s({5, std::nullopt, 7});
  Vector first = Int64s({5});
  Aggregation sum(BindSum({TypeId::kInt64}, false));
  sum.Update({&x}, 3);
  sum.Remove({&first}, 1);
  EXPECT_EQ(sum.Result().int64(), 7);
  Vector last = Int64s({7});
  sum.Remove({&last}, 1);
  EXPECT_TRUE(sum.Result().is_null());
  Aggregation count(BindCount({TypeId::kInt64}, false));
  count.Update({&x}, 3);
  count.Remove({&first}, 1);
  EXPECT_EQ(count.Result().int64(), 1);
  EXPECT_FALSE(BindSum({TypeId::kDouble}, false).remove);
}

// ---------------------------------------------------------------- min / max

TEST(AggregateTest, MinMaxOfIntsWithNulls) {
  Vector x = Int32s({std::nullopt, 5, -3, std::nullopt, 9});
  EXPECT_EQ(RunOnce(BindMin({TypeId::kInt32}, false), {&x}, 5).int32(), -3);
  EXPECT_EQ(RunOnce(BindMax({TypeId::kInt32}, false), {&x}, 5).int32(), 9);
  EXPECT_EQ(BindMax({TypeId::kInt32}, false).return_type, LogicalType(TypeId::kInt32));
}

TEST(AggregateTest, MinMaxOfDoublesTreatNanAsGreatest) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  Vector x = Doubles({1.5, nan, -2.0, std::nullopt});
  EXPECT_TRUE(std::isnan(RunOnce(BindMax({TypeId::kDouble}, false), {&x}, 4).float64()));
  EXPECT_EQ(RunOnce(BindMin({TypeId::kDouble}, false), {&x}, 4).float64(), -2.0);
  Vector only_nan = Doubles({nan, nan});
  EXPECT_TRUE(std::isnan(RunOnce(BindMin({TypeId::kDouble}, false), {&only_nan}, 2).float64()));
}

TEST(AggregateTest, MinMaxOfStringsOwnTheirBytes) {
  Aggregation min(BindMin({TypeId::kString}, false), 2);
  Aggregation max(BindMax({TypeId::kString}, false), 2);
  {
    Vector x = Strings({"pear", std::nullopt, "apple and a long tail beyond sixteen bytes",
                        "zebra", "", "b"});
    std::vector<size_t> groups = {0, 0, 0, 0, 1, 1};
    min.Update({&x}, 6, groups);
    max.Update({&x}, 6, groups);
    Vector y = Strings({"aardvark", "zz top"});
    min.Update({&y}, 2);
    max.Update({&y}, 2);
  }  // the input vectors (and their heaps) are gone
  auto mins = min.Finalize();
  auto maxes = max.Finalize();
  EXPECT_EQ(mins[0].str(), "aardvark");
  EXPECT_EQ(maxes[0].str(), "zz top");
  EXPECT_EQ(mins[1].str(), "");
  EXPECT_EQ(maxes[1].str(), "b");
}

TEST(AggregateTest, MinMaxOfOtherTypes) {
  Vector b = MakeVector(TypeId::kBoolean, {Value::Boolean(true), Value::Boolean(false)});
  EXPECT_FALSE(RunOnce(BindMin({TypeId::kBoolean}, false), {&b}, 2).boolean());
  EXPECT_TRUE(RunOnce(BindMax({TypeId::kBoolean}, false), {&b}, 2).boolean());
  Vector d = Decimals(20, 3, {-5, 12345, 7});
  EXPECT_EQ(RunOnce(BindMax({LogicalType::Decimal(20, 3)}, false), {&d}, 3).ToString(),
            "12.345");
  Vector dates = MakeVector(TypeId::kDate, {Value::Date(100), Value::Date(-3)});
  EXPECT_EQ(RunOnce(BindMin({TypeId::kDate}, false), {&dates}, 2).int32(), -3);
  Vector ts = MakeVector(TypeId::kTimestamp, {Value::Timestamp(10), Value::Timestamp(20)});
  EXPECT_EQ(RunOnce(BindMax({TypeId::kTimestamp}, false), {&ts}, 2).int64(), 20);
  EXPECT_THROW(BindMin({TypeId::kInterval}, false), BinderError);
}

TEST(AggregateTest, ModePicksTheMostFrequentAndTheLeastOnTies) {
  Vector x = Int64s({3, 1, 3, 1, 2, std::nullopt, std::nullopt, std::nullopt});
  EXPECT_EQ(RunOnce(BindMode({TypeId::kInt64}, false), {&x}, 8).int64(), 1);
  Vector s = Strings({"b", "a", "b", std::nullopt});
  EXPECT_EQ(RunOnce(BindMode({TypeId::kString}, false), {&s}, 4).str(), "b");
  double nan = std::numeric_limits<double>::quiet_NaN();
  Vector d = Doubles({nan, 1.0, -nan, 0.0, -0.0, 0.0});
  Value m = RunOnce(BindMode({TypeId::kDouble}, false), {&d}, 6);
  EXPECT_EQ(m.float64(), 0.0);  // 0.0 three times (with -0.0), NaN twice
  EXPECT_TRUE(RunOnce(BindMode({TypeId::kInt64}, false), {&x}, 0).is_null());
  EXPECT_EQ(RunOnce(BindMode({TypeId::kInt64}, true), {&x}, 8).int64(), 1);
}

TEST(AggregateTest, StringAggConcatenatesInInputOrder) {
  Vector s = Strings({"a", std::nullopt, "b", "c"});
  Vector comma = Strings({", ", ", ", ", ", ", "});
  LogicalType str = TypeId::kString;
  EXPECT_EQ(RunOnce(BindStringAgg({str, str}, false), {&s, &comma}, 4).str(), "a, b, c");
  EXPECT_EQ(RunOnce(BindStringAgg({str}, false), {&s}, 4).str(), "abc");
  EXPECT_TRUE(RunOnce(BindStringAgg({str}, false), {&s}, 0).is_null());
  Aggregation left(BindStringAgg({str, str}, false)), right(BindStringAgg({str, str}, false));
  left.Update({&s, &comma}, 2);
  {
    Vector more = Strings({"d", "e"});
    right.Update({&more, &comma}, 2);
  }
  left.CombineFrom(right);
  EXPECT_EQ(left.Result().str(), "a, d, e");
  EXPECT_THROW(BindStringAgg({TypeId::kInt32}, false), BinderError);
}

TEST(AggregateTest, BitAndOrXor) {
  Vector x = Int32s({7, std::nullopt, 5, 13});
  auto run = [&](BitOperation op) {
    return RunOnce(BindBitAggregate(op, {TypeId::kInt32}, false), {&x}, 4);
  };
  EXPECT_EQ(run(BitOperation::kAnd).int32(), 5);
  EXPECT_EQ(run(BitOperation::kOr).int32(), 15);
  EXPECT_EQ(run(BitOperation::kXor).int32(), 15);
  EXPECT_TRUE(RunOnce(BindBitAggregate(BitOperation::kOr, {TypeId::kInt32}, false), {&x}, 0)
                  .is_null());
  EXPECT_THROW(BindBitAggregate(BitOperation::kAnd, {TypeId::kDouble}, false), BinderError);
}

// ---------------------------------------------------------------- combine

/// Runs f over all rows in one state, and over two halves combined; expects equal results.
void ExpectCombineEqualsSinglePass(const BoundAggregateFunction& f,
                                   const std::vector<const Vector*>& args, size_t count,
                                   size_t split) {
  Aggregation single(f);
  single.Update(args, count);
  std::vector<Vector> left_columns, right_columns;
  for (const Vector* arg : args) {
    Vector left(arg->type(), count), right(arg->type(), count);
    left.CopyRange(*arg, 0, 0, split);
    right.CopyRange(*arg, split, 0, count - split);
    left_columns.push_back(std::move(left));
    right_columns.push_back(std::move(right));
  }
  std::vector<const Vector*> left_args, right_args;
  for (size_t c = 0; c < args.size(); ++c) {
    left_args.push_back(&left_columns[c]);
    right_args.push_back(&right_columns[c]);
  }
  Aggregation left(f), right(f), empty(f);
  left.Update(left_args, split);
  right.Update(right_args, count - split);
  left.CombineFrom(right);
  left.CombineFrom(empty);
  Value expected = single.Result();
  Value actual = left.Result();
  if (expected.type().IsFloating() && !expected.is_null() && !actual.is_null()) {
    EXPECT_NEAR(actual.float64(), expected.float64(), 1e-9 * std::abs(expected.float64()))
        << f.name;
  } else {
    EXPECT_EQ(actual.ToString(), expected.ToString()) << f.name;
  }
  // Combining into an empty state gives the partial state back.
  Aggregation target(f);
  target.CombineFrom(single);
  EXPECT_EQ(target.Result().ToString(), expected.ToString()) << f.name;
}

TEST(AggregateTest, CombineOfPartialStatesEqualsSinglePass) {
  std::vector<std::optional<int64_t>> ints;
  std::vector<std::optional<double>> doubles;
  std::vector<std::optional<std::string>> strings;
  for (int i = 0; i < 300; ++i) {
    bool null = i % 7 == 3;
    ints.push_back(null ? std::nullopt : std::optional<int64_t>((i * 7919) % 1000 - 500));
    doubles.push_back(null ? std::nullopt : std::optional<double>(std::sin(i) * 100));
    strings.push_back(null ? std::nullopt : std::optional<std::string>("s" + std::to_string(i)));
  }
  Vector x = Int64s(ints), d = Doubles(doubles), s = Strings(strings);
  std::vector<std::optional<double>> other;
  for (int i = 0; i < 300; ++i) {
    other.push_back(i % 11 == 5 ? std::nullopt : std::optional<double>(std::cos(i * 0.3) * 10));
  }
  Vector dx = Doubles(other);
  LogicalType i64 = TypeId::kInt64, f64 = TypeId::kDouble, str = TypeId::kString;
  for (size_t split : {size_t{0}, size_t{1}, size_t{150}, size_t{300}}) {
    ExpectCombineEqualsSinglePass(BindCount({}, false), {}, 300, split);
    ExpectCombineEqualsSinglePass(BindCount({i64}, false), {&x}, 300, split);
    ExpectCombineEqualsSinglePass(BindSum({i64}, false), {&x}, 300, split);
    ExpectCombineEqualsSinglePass(BindSum({f64}, false), {&d}, 300, split);
    ExpectCombineEqualsSinglePass(BindAvg({i64}, false), {&x}, 300, split);
    ExpectCombineEqualsSinglePass(BindAvg({f64}, false), {&d}, 300, split);
    ExpectCombineEqualsSinglePass(BindMin({str}, false), {&s}, 300, split);
    ExpectCombineEqualsSinglePass(BindMax({f64}, false), {&d}, 300, split);
    for (auto kind : {VarianceKind::kVarPop, VarianceKind::kVarSamp, VarianceKind::kStddevPop,
                      VarianceKind::kStddevSamp}) {
      ExpectCombineEqualsSinglePass(BindVariance(kind, {f64}, false), {&d}, 300, split);
    }
    ExpectCombineEqualsSinglePass(BindSkewness({f64}, false), {&d}, 300, split);
    ExpectCombineEqualsSinglePass(BindKurtosis({f64}, false), {&d}, 300, split);
    for (auto kind : {CovarianceKind::kCovarPop, CovarianceKind::kCovarSamp,
                      CovarianceKind::kCorr}) {
      ExpectCombineEqualsSinglePass(BindCovariance(kind, {f64, f64}, false), {&d, &dx}, 300,
                                    split);
    }
    ExpectCombineEqualsSinglePass(BindMedian({f64}, false), {&d}, 300, split);
    ExpectCombineEqualsSinglePass(BindBitAggregate(BitOperation::kXor, {i64}, false), {&x}, 300,
                                  split);
    ExpectCombineEqualsSinglePass(BindFirst({str}, false), {&s}, 300, split);
    ExpectCombineEqualsSinglePass(BindLast({str}, false), {&s}, 300, split);
    ExpectCombineEqualsSinglePass(BindMaxBy({str, f64}, false), {&s, &d}, 300, split);
    ExpectCombineEqualsSinglePass(BindMinBy({i64, str}, false), {&x, &s}, 300, split);
    ExpectCombineEqualsSinglePass(BindApproxCountDistinct({i64}, false), {&x}, 300, split);
    ExpectCombineEqualsSinglePass(BindSum({i64}, true), {&x}, 300, split);
    ExpectCombineEqualsSinglePass(BindCount({str}, true), {&s}, 300, split);
  }
}

TEST(AggregateTest, ManyRowsWithNullWordsTakeTheWordLoops) {
  // 1000 rows: the first 128 are NULL (whole validity words), then every third is NULL.
  std::vector<std::optional<int64_t>> values;
  int64_t expected_sum = 0, expected_count = 0;
  for (int64_t i = 0; i < 1000; ++i) {
    bool null = i < 128 || i % 3 == 0;
    values.push_back(null ? std::nullopt : std::optional<int64_t>(i));
    if (!null) {
      expected_sum += i;
      ++expected_count;
    }
  }
  Vector x = Int64s(values);
  EXPECT_EQ(RunOnce(BindSum({TypeId::kInt64}, false), {&x}, 1000).int64(), expected_sum);
  EXPECT_EQ(RunOnce(BindCount({TypeId::kInt64}, false), {&x}, 1000).int64(), expected_count);
  EXPECT_EQ(RunOnce(BindMin({TypeId::kInt64}, false), {&x}, 1000).int64(), 128);
  std::vector<size_t> groups(1000);
  for (size_t i = 0; i < 1000; ++i) groups[i] = i % 2;
  Aggregation grouped(BindSum({TypeId::kInt64}, false), 2);
  grouped.Update({&x}, 1000, groups);
  auto sums = grouped.Finalize();
  EXPECT_EQ(sums[0].int64() + sums[1].int64(), expected_sum);
}


TEST(AggregateTest, DistinctWrapperFeedsEachValueOnce) {
  Vector x = Int64s({1, 2, 2, std::nullopt, 3, 1, std::nullopt});
  EXPECT_EQ(RunOnce(BindCount({TypeId::kInt64}, true), {&x}, 7).int64(), 3);
  EXPECT_EQ(RunOnce(BindSum({TypeId::kInt64}, true), {&x}, 7).int64(), 6);
  EXPECT_DOUBLE_EQ(RunOnce(BindAvg({TypeId::kInt64}, true), {&x}, 7).float64(), 2.0);
  Vector y = Int64s({1, 1, 5, 5, std::nullopt, 1, 5});
  // (1,1) (2,1) (2,5) (3,NULL)x (1,1) (NULL,5)x: tuples with a NULL are not counted.
  EXPECT_EQ(RunOnce(BindCount({TypeId::kInt64, TypeId::kInt64}, true), {&x, &y}, 7).int64(), 3);
  Vector s = Strings({"a", "a", "b", std::nullopt});
  EXPECT_EQ(RunOnce(BindCount({TypeId::kString}, true), {&s}, 4).int64(), 2);
  Vector z = Doubles({0.0, -0.0, std::numeric_limits<double>::quiet_NaN(),
                      -std::numeric_limits<double>::quiet_NaN()});
  EXPECT_EQ(RunOnce(BindCount({TypeId::kDouble}, true), {&z}, 4).int64(), 2);
  EXPECT_THROW(BindCount({}, true), BinderError);
}

TEST(AggregateTest, DistinctWrapperGroupsAndCombines) {
  Vector x = Int64s({1, 1, 2, 2, 3, 3});
  Aggregation a(BindSum({TypeId::kInt64}, true), 2);
  a.Update({&x}, 6, {0, 0, 0, 1, 1, 1});
  auto sums = a.Finalize();
  EXPECT_EQ(sums[0].int64(), 3);
  EXPECT_EQ(sums[1].int64(), 5);
  Aggregation left(BindSum({TypeId::kInt64}, true));
  Aggregation right(BindSum({TypeId::kInt64}, true));
  left.Update({&x}, 4);
  right.Update({&x}, 6);
  left.CombineFrom(right);
  EXPECT_EQ(left.Result().int64(), 6);
  // The inner aggregate's errors pass through.
  Vector big = Int64s({std::numeric_limits<int64_t>::max(), 1, 1});
  EXPECT_THROW(RunOnce(BindSum({TypeId::kInt64}, true), {&big}, 3), OutOfRangeError);
  // Decimal types survive the wrapper.
  EXPECT_EQ(BindAvg({LogicalType::Decimal(10, 2)}, true).return_type,
            LogicalType::Decimal(14, 6));
  Vector d = Decimals(10, 2, {100, 100, 300});
  EXPECT_EQ(RunOnce(BindAvg({LogicalType::Decimal(10, 2)}, true), {&d}, 3).ToString(),
            "2.000000");
  // Strings reach the inner aggregate intact.
  Vector s = Strings({"kiwi", "kiwi", "apple"});
  Aggregation first(BindMin({TypeId::kString}, true));
  first.Update({&s}, 3);
  EXPECT_EQ(first.Result().str(), "apple");
}

TEST(AggregateTest, DistinctWrapperHandlesManyValuesPerGroup) {
  // 20000 rows, 5000 distinct values, two groups (even / odd values): several batches of
  // inner updates per group, and set growth.
  std::vector<std::optional<int64_t>> ints;
  std::vector<std::optional<std::string>> strings;
  std::vector<size_t> groups;
  for (int64_t i = 0; i < 20000; ++i) {
    int64_t v = (i * 7) % 5000;
    ints.push_back(v);
    strings.push_back("value " + std::to_string(v));
    groups.push_back(static_cast<size_t>(v % 2));
  }
  Vector x = Int64s(ints), s = Strings(strings);
  Aggregation counts(BindCount({TypeId::kInt64}, true), 2);
  counts.Update({&x}, 20000, groups);
  auto c = counts.Finalize();
  EXPECT_EQ(c[0].int64(), 2500);
  EXPECT_EQ(c[1].int64(), 2500);
  Aggregation sums(BindSum({TypeId::kInt64}, true), 2);
  sums.Update({&x}, 20000, groups);
  auto total = sums.Finalize();
  EXPECT_EQ(total[0].int64() + total[1].int64(), int64_t{4999} * 5000 / 2);
  Aggregation string_counts(BindCount({TypeId::kString}, true), 2);
  string_counts.Update({&s}, 20000, groups);
  auto sc = string_counts.Finalize();
  EXPECT_EQ(sc[0].int64(), 2500);
  EXPECT_EQ(sc[1].int64(), 2500);
  Aggregation max_string(BindMax({TypeId::kString}, true));
  max_string.Update({&s}, 20000);
  EXPECT_EQ(max_string.Result().str(), "value 999");
}

// ---------------------------------------------------------------- first / last / by

TEST(AggregateTest, FirstAndLastFollowInputOrder) {
  Vector x = Int64s({std::nullopt, 2, 3, std::nullopt});
  Vector yes = MakeVector(TypeId::kBoolean, std::vector<Value>(4, Value::Boolean(true)));
  EXPECT_TRUE(RunOnce(BindFirst({TypeId::kInt64}, false), {&x}, 4).is_null());
  EXPECT_TRUE(RunOnce(BindLast({TypeId::kInt64}, false), {&x}, 4).is_null());
  EXPECT_EQ(RunOnce(BindFirst({TypeId::kInt64, TypeId::kBoolean}, false), {&x, &yes}, 4).int64(),
            2);
  EXPECT_EQ(RunOnce(BindLast({TypeId::kInt64, TypeId::kBoolean}, false), {&x, &yes}, 4).int64(),
            3);
  // Grouped path, across batches.
  Aggregation first(BindFirst({TypeId::kString}, false), 2);
  Aggregation last(BindLast({TypeId::kString}, false), 2);
  {
    Vector s = Strings({"a", "b", "c", "d"});
    first.Update({&s}, 4, {0, 1, 0, 1});
    last.Update({&s}, 4, {0, 1, 0, 1});
  }
  {
    Vector s = Strings({"e", std::nullopt});
    first.Update({&s}, 2, {0, 1});
    last.Update({&s}, 2, {0, 1});
  }
  auto firsts = first.Finalize();
  auto lasts = last.Finalize();
  EXPECT_EQ(firsts[0].str(), "a");
  EXPECT_EQ(firsts[1].str(), "b");
  EXPECT_EQ(lasts[0].str(), "e");
  EXPECT_TRUE(lasts[1].is_null());
  EXPECT_THROW(BindFirst({TypeId::kInt64, TypeId::kInt64}, false), BinderError);
}

TEST(AggregateTest, MinByMaxByPickTheRowOfTheExtremeKey) {
  Vector x = Strings({"a", "b", std::nullopt, "d", "e"});
  Vector y = Int64s({3, 9, 1, std::nullopt, 9});
  EXPECT_EQ(RunOnce(BindMaxBy({TypeId::kString, TypeId::kInt64}, false), {&x, &y}, 5).str(),
            "b");  // the first of the tie at 9
  EXPECT_TRUE(
      RunOnce(BindMinBy({TypeId::kString, TypeId::kInt64}, false), {&x, &y}, 5).is_null());
  Aggregation grouped(BindMinBy({TypeId::kString, TypeId::kInt64}, false), 2);
  grouped.Update({&x, &y}, 5, {0, 1, 1, 0, 0});
  auto results = grouped.Finalize();
  EXPECT_EQ(results[0].str(), "a");
  EXPECT_TRUE(results[1].is_null());
  EXPECT_EQ(BindMaxBy({TypeId::kString, TypeId::kInt64}, false).return_type,
            LogicalType(TypeId::kString));
  EXPECT_THROW(BindMaxBy({TypeId::kString}, false), BinderError);
}

TEST(AggregateTest, BoolAndOr) {
  Vector b = MakeVector(TypeId::kBoolean, {Value::Boolean(true), Value::Null(TypeId::kBoolean),
                                           Value::Boolean(false)});
  EXPECT_FALSE(RunOnce(BindBoolAnd({TypeId::kBoolean}, false), {&b}, 3).boolean());
  EXPECT_TRUE(RunOnce(BindBoolOr({TypeId::kBoolean}, false), {&b}, 3).boolean());
  EXPECT_TRUE(RunOnce(BindBoolAnd({TypeId::kBoolean}, false), {&b}, 1).boolean());
  EXPECT_TRUE(RunOnce(BindBoolOr({TypeId::kBoolean}, false), {&b}, 0).is_null());
  EXPECT_THROW(BindBoolAnd({TypeId::kInt32}, false), BinderError);
}

// The examples of Spark's SQL function reference, with Spark's answers.
TEST(AggregateTest, RegistersEveryNameWithItsReturnType) {
  FunctionRegistry registry;
  RegisterAggregateFunctions(registry);
  LogicalType i32 = TypeId::kInt32, i64 = TypeId::kInt64, f64 = TypeId::kDouble;
  LogicalType str = TypeId::kString, boolean = TypeId::kBoolean;
  struct Case {
    const char* name;
    std::vector<LogicalType> args;
    LogicalType result;
  };
  std::vector<Case> cases = {
      {"count", {}, i64},
      {"count", {str}, i64},
      {"count_if", {boolean}, i64},
      {"sum", {i32}, i64},
      {"try_sum", {LogicalType::Decimal(9, 3)}, LogicalType::Decimal(19, 3)},
      {"avg", {i64}, f64},
      {"mean", {i64}, f64},
      {"try_avg", {f64}, f64},
      {"min", {str}, str},
      {"max", {TypeId::kDate}, TypeId::kDate},
      {"min_by", {str, i64}, str},
      {"max_by", {i32, str}, i32},
      {"var_pop", {i32}, f64},
      {"var_samp", {i32}, f64},
      {"variance", {i32}, f64},
      {"stddev_pop", {i32}, f64},
      {"stddev_samp", {i32}, f64},
      {"stddev", {i32}, f64},
      {"std", {i32}, f64},
      {"covar_pop", {i32, f64}, f64},
      {"covar_samp", {i32, f64}, f64},
      {"corr", {i32, f64}, f64},
      {"regr_slope", {f64, i32}, f64},
      {"regr_intercept", {f64, i32}, f64},
      {"regr_r2", {f64, i32}, f64},
      {"regr_sxx", {f64, i32}, f64},
      {"regr_syy", {f64, i32}, f64},
      {"regr_sxy", {f64, i32}, f64},
      {"regr_count", {f64, i32}, i64},
      {"regr_avgx", {f64, i32}, f64},
      {"regr_avgy", {LogicalType::Decimal(3, 1), i32}, LogicalType::Decimal(7, 5)},
      {"skewness", {f64}, f64},
      {"kurtosis", {f64}, f64},
      {"percentile", {i32, f64}, f64},
      {"median", {i32}, f64},
      {"percentile_approx", {i32, f64}, i32},
      {"approx_percentile", {TypeId::kDate, f64, i32}, TypeId::kDate},
      {"approx_count_distinct", {str}, i64},
      {"approx_count_distinct", {str, f64}, i64},
      {"first", {str}, str},
      {"first", {str, boolean}, str},
      {"first_value", {i64}, i64},
      {"any_value", {i64}, i64},
      {"last", {f64, boolean}, f64},
      {"last_value", {f64}, f64},
      {"bool_and", {boolean}, boolean},
      {"every", {boolean}, boolean},
      {"bool_or", {boolean}, boolean},
      {"some", {boolean}, boolean},
      {"any", {boolean}, boolean},
      {"mode", {str}, str},
      {"string_agg", {str, str}, str},
      {"listagg", {str}, str},
      {"bit_and", {i64}, i64},
      {"bit_or", {i32}, i32},
      {"bit_xor", {i64}, i64},
  };
  for (const auto& c : cases) {
    const AggregateBinder* binder = registry.FindAggregate(c.name);
    ASSERT_NE(binder, nullptr) << c.name;
    for (bool distinct : {false, true}) {
      if (c.args.empty() && distinct) continue;
      BoundAggregateFunction f = (*binder)(c.args, distinct);
      EXPECT_EQ(f.return_type, c.result) << c.name;
      EXPECT_EQ(f.arg_types.size(), c.args.size()) << c.name;
      EXPECT_TRUE(f.initialize && f.update && f.combine && f.finalize) << c.name;
    }
  }
}

}  // namespace
}  // namespace floe
