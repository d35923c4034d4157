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

namespace floe {
namespace {

/// Owns `groups` states of a bound aggregate, as the hash aggregate operator would.
class Aggregation {
 public:
  Aggregation(BoundAggregateFunction function, size_t groups = 1)
      : function_(std::move(function)), stride_((function_.state_size + 15) / 16 * 16) {
    memory_ = static_cast<uint8_t*>(::operator new(stride_ * groups, std::align_val_t{16}));
    for (size_t g = 0; g < groups; ++g) {
      states_.push_back(memory_ + g * stride_);
      function_.initialize(states_.back());
    }
  }
  ~Aggregation() {
    if (function_.destroy) {
      for (uint8_t* s : states_) function_.destroy(s);
    }
    ::operator delete(memory_, std::align_val_t{16});
  }

  /// Adds every row to group 0.
  void Update(const std::vector<const Vector*>& args, size_t count) {
    Update(args, count, std::vector<size_t>(count, 0));
  }
  /// Adds row i to group groups[i].
  void Update(const std::vector<const Vector*>& args, size_t count,
              const std::vector<size_t>& groups) {
    std::vector<uint8_t*> targets;
    for (size_t i = 0; i < count; ++i) targets.push_back(states_[groups[i]]);
    function_.update(args, count, targets.data(), context_);
  }
  void Remove(const std::vector<const Vector*>& args, size_t count) {
    std::vector<uint8_t*> targets(count, states_[0]);
    function_.remove(args, count, targets.data());
  }
  /// Merges group 0 of `other` into group g of this one.
  void CombineFrom(Aggregation& other, size_t g = 0) {
    function_.combine(other.states_[0], states_[g]);
  }
  /// Returns the result of every group.
  std::vector<Value> Finalize() {
    Vector result(function_.return_type, states_.size());
    function_.finalize(states_.data(), states_.size(), result, context_);
    std::vector<Value> values;
    for (size_t g = 0; g < states_.size(); ++g) values.push_back(result.GetValue(g));
    return values;
  }
  Value Result() { return Finalize()[0]; }

  const BoundAggregateFunction& function() const { return function_; }
  FunctionContext& context() { return context_; }

 private:
  BoundAggregateFunction function_;
  size_t stride_;
  uint8_t* memory_;
  std::vector<uint8_t*> states_;
  FunctionContext context_;
};

Vector MakeVector(LogicalType type, const std::vector<Value>& values) {
  Vector v(type, values.size() == 0 ? 1 : values.size());
  for (size_t i = 0; i < values.size(); ++i) v.SetValue(i, values[i]);
  return v;
}

Vector Int64s(const std::vector<std::optional<int64_t>>& values) {
  std::vector<Value> vs;
  for (const auto& v : values) vs.push_back(v ? Value::Int64(*v) : Value::Null(TypeId::kInt64));
  return MakeVector(TypeId::kInt64, vs);
}

Vector Int32s(const std::vector<std::optional<int32_t>>& values) {
  std::vector<Value> vs;
  for (const auto& v : values) vs.push_back(v ? Value::Int32(*v) : Value::Null(TypeId::kInt32));
  return MakeVector(TypeId::kInt32, vs);
}

Vector Doubles(const std::vector<std::optional<double>>& values) {
  std::vector<Value> vs;
  for (const auto& v : values) {
    vs.push_back(v ? Value::Double(*v) : Value::Null(TypeId::kDouble));
  }
  return MakeVector(TypeId::kDouble, vs);
}

Vector Strings(const std::vector<std::optional<std::string>>& values) {
  std::vector<Value> vs;
  for (const auto& v : values) {
    vs.push_back(v ? Value::String(*v) : Value::Null(TypeId::kString));
  }
  return MakeVector(TypeId::kString, vs);
}

Vector Decimals(int precision, int scale, const std::vector<std::optional<int64_t>>& unscaled) {
  std::vector<Value> vs;
  for (const auto& v : unscaled) {
    vs.push_back(v ? Value::Decimal(*v, precision, scale)
                   : Value::Null(LogicalType::Decimal(precision, scale)));
  }
  return MakeVector(LogicalType::Decimal(precision, scale), vs);
}

Value RunOnce(const BoundAggregateFunction& f, const std::vector<const Vector*>& args,
              size_t count) {
  Aggregation a(f);
  a.Update(args, count);
  return a.Result();
}

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

// ---------------------------------------------------------------- variance

TEST(AggregateTest, VarianceFamily) {
  Vector x = Doubles({1, 2, std::nullopt, 3, 4});
  auto run = [&](VarianceKind kind) {
    return RunOnce(BindVariance(kind, {TypeId::kDouble}, false), {&x}, 5).float64();
  };
  EXPECT_NEAR(run(VarianceKind::kVarSamp), 5.0 / 3.0, 1e-12);
  EXPECT_NEAR(run(VarianceKind::kVarPop), 1.25, 1e-12);
  EXPECT_NEAR(run(VarianceKind::kStddevSamp), std::sqrt(5.0 / 3.0), 1e-12);
  EXPECT_NEAR(run(VarianceKind::kStddevPop), std::sqrt(1.25), 1e-12);
  Vector one = Doubles({7});
  EXPECT_TRUE(RunOnce(BindVariance(VarianceKind::kVarSamp, {TypeId::kDouble}, false), {&one}, 1)
                  .is_null());
  EXPECT_TRUE(
      RunOnce(BindVariance(VarianceKind::kStddevSamp, {TypeId::kDouble}, false), {&one}, 1)
          .is_null());
  EXPECT_EQ(
      RunOnce(BindVariance(VarianceKind::kVarPop, {TypeId::kDouble}, false), {&one}, 1).float64(),
      0.0);
  EXPECT_EQ(BindVariance(VarianceKind::kVarPop, {LogicalType::Decimal(10, 2)}, false).arg_types,
            std::vector<LogicalType>{TypeId::kDouble});
  EXPECT_THROW(BindVariance(VarianceKind::kVarPop, {TypeId::kString}, false), BinderError);
}

TEST(AggregateTest, VarianceIsNumericallyStable) {
  // Large offset, tiny spread: the naive sum-of-squares formula loses every digit.
  std::vector<std::optional<double>> values;
  for (int i = 0; i < 1000; ++i) values.push_back(1e9 + (i % 2 == 0 ? 0.5 : -0.5));
  Vector x = Doubles(values);
  double v = RunOnce(BindVariance(VarianceKind::kVarPop, {TypeId::kDouble}, false), {&x}, 1000)
                 .float64();
  EXPECT_NEAR(v, 0.25, 1e-6);
}

TEST(AggregateTest, CovarianceAndCorrelation) {
  Vector x = Doubles({1, 2, std::nullopt, 3, 4, 10, 8});
  Vector y = Doubles({2, 4, 5, 6, 9, 7, std::nullopt});
  auto run = [&](CovarianceKind kind) {
    return RunOnce(BindCovariance(kind, {TypeId::kDouble, TypeId::kDouble}, false), {&x, &y}, 7);
  };
  EXPECT_NEAR(run(CovarianceKind::kCovarPop).float64(), 4.4, 1e-12);
  EXPECT_NEAR(run(CovarianceKind::kCovarSamp).float64(), 5.5, 1e-12);
  EXPECT_NEAR(run(CovarianceKind::kCorr).float64(), 0.5757663148492351, 1e-12);
  Vector one = Doubles({1});
  EXPECT_TRUE(RunOnce(BindCovariance(CovarianceKind::kCovarSamp,
                                     {TypeId::kDouble, TypeId::kDouble}, false),
                      {&one, &one}, 1)
                  .is_null());
  Vector constant = Doubles({3, 3, 3});
  Vector varying = Doubles({1, 2, 3});
  EXPECT_TRUE(RunOnce(BindCovariance(CovarianceKind::kCorr, {TypeId::kDouble, TypeId::kDouble},
                                     false),
                      {&constant, &varying}, 3)
                  .is_null());
  EXPECT_EQ(BindCovariance(CovarianceKind::kCorr, {TypeId::kInt32, LogicalType::Decimal(5, 1)},
                           false)
                .arg_types,
            (std::vector<LogicalType>{TypeId::kDouble, TypeId::kDouble}));
}

TEST(AggregateTest, LinearRegressionTakesYThenX) {
  Vector y = Doubles({2, 4, 5, 6, 9, 7, std::nullopt});
  Vector x = Doubles({1, 2, std::nullopt, 3, 4, 10, 8});
  auto run = [&](CovarianceKind kind) {
    return RunOnce(BindCovariance(kind, {TypeId::kDouble, TypeId::kDouble}, false), {&y, &x}, 7);
  };
  EXPECT_NEAR(run(CovarianceKind::kRegrSxy).float64(), 22.0, 1e-12);
  EXPECT_NEAR(run(CovarianceKind::kRegrSxx).float64(), 50.0, 1e-12);
  EXPECT_NEAR(run(CovarianceKind::kRegrSyy).float64(), 29.2, 1e-12);
  EXPECT_NEAR(run(CovarianceKind::kRegrSlope).float64(), 0.44, 1e-12);
  EXPECT_NEAR(run(CovarianceKind::kRegrIntercept).float64(), 3.84, 1e-12);
  EXPECT_NEAR(run(CovarianceKind::kRegrR2).float64(), 0.3315068493150685, 1e-12);
  Vector constant = Doubles({3, 3, 3});
  Vector varying = Doubles({1, 2, 3});
  auto regress = [&](CovarianceKind kind, const Vector& dependent, const Vector& independent) {
    return RunOnce(BindCovariance(kind, {TypeId::kDouble, TypeId::kDouble}, false),
                   {&dependent, &independent}, 3);
  };
  EXPECT_TRUE(regress(CovarianceKind::kRegrSlope, varying, constant).is_null());
  EXPECT_EQ(regress(CovarianceKind::kRegrR2, constant, varying).float64(), 1.0);
  EXPECT_EQ(regress(CovarianceKind::kRegrSlope, constant, varying).float64(), 0.0);
  Vector none = Doubles({});
  EXPECT_TRUE(RunOnce(BindCovariance(CovarianceKind::kRegrSxx,
                                     {TypeId::kDouble, TypeId::kDouble}, false),
                      {&none, &none}, 0)
                  .is_null());
}

TEST(AggregateTest, RegrAverageSkipsRowsWhereEitherIsNull) {
  Vector y = Int32s({1, 2, std::nullopt, 4});
  Vector x = Decimals(5, 1, {10, std::nullopt, 30, 50});
  LogicalType decimal = LogicalType::Decimal(5, 1);
  Value avgx = RunOnce(BindRegrAverage(true, {TypeId::kInt32, decimal}, false), {&y, &x}, 4);
  EXPECT_EQ(avgx.type(), LogicalType::Decimal(9, 5));
  EXPECT_EQ(avgx.ToString(), "3.00000");
  Value avgy = RunOnce(BindRegrAverage(false, {TypeId::kInt32, decimal}, false), {&y, &x}, 4);
  EXPECT_DOUBLE_EQ(avgy.float64(), 2.5);
  Aggregation grouped(BindRegrAverage(false, {TypeId::kInt32, decimal}, false), 2);
  grouped.Update({&y, &x}, 4, {0, 1, 1, 1});
  auto results = grouped.Finalize();
  EXPECT_DOUBLE_EQ(results[0].float64(), 1.0);
  EXPECT_DOUBLE_EQ(results[1].float64(), 4.0);
}

TEST(AggregateTest, SkewnessAndKurtosis) {
  std::vector<double> values = {1, 2, 2, 3, 7, 11, 4.5};
  std::vector<std::optional<double>> with_null(values.begin(), values.end());
  with_null.push_back(std::nullopt);
  Vector x = Doubles(with_null);
  double n = values.size(), mean = 0, m2 = 0, m3 = 0, m4 = 0;
  for (double v : values) mean += v / n;
  for (double v : values) {
    m2 += std::pow(v - mean, 2);
    m3 += std::pow(v - mean, 3);
    m4 += std::pow(v - mean, 4);
  }
  EXPECT_NEAR(RunOnce(BindSkewness({TypeId::kDouble}, false), {&x}, 8).float64(),
              std::sqrt(n) * m3 / std::pow(m2, 1.5), 1e-12);
  EXPECT_NEAR(RunOnce(BindKurtosis({TypeId::kDouble}, false), {&x}, 8).float64(),
              n * m4 / (m2 * m2) - 3.0, 1e-12);
  Vector constant = Doubles({2, 2});
  EXPECT_TRUE(RunOnce(BindSkewness({TypeId::kDouble}, false), {&constant}, 2).is_null());
}

TEST(AggregateTest, PercentileInterpolatesAndApproxPicksARank) {
  auto percentages = [](double p, size_t n) {
    return Doubles(std::vector<std::optional<double>>(n, p));
  };
  Vector x = Int64s({4, std::nullopt, 1, 3, 2});
  Vector half = percentages(0.5, 5), quarter = percentages(0.25, 5);
  LogicalType i64 = TypeId::kInt64, f64 = TypeId::kDouble;
  EXPECT_DOUBLE_EQ(RunOnce(BindPercentile({i64, f64}, false), {&x, &half}, 5).float64(), 2.5);
  EXPECT_DOUBLE_EQ(RunOnce(BindPercentile({i64, f64}, false), {&x, &quarter}, 5).float64(),
                   1.75);
  EXPECT_DOUBLE_EQ(RunOnce(BindMedian({i64}, false), {&x}, 5).float64(), 2.5);
  Vector odd = Int64s({5, 1, 3});
  EXPECT_DOUBLE_EQ(RunOnce(BindMedian({i64}, false), {&odd}, 3).float64(), 3.0);

  std::vector<std::optional<int64_t>> ten;
  for (int64_t i = 10; i >= 1; --i) ten.push_back(i);
  Vector t = Int64s(ten);
  auto approx = [&](double p) {
    Vector ps = percentages(p, 10);
    return RunOnce(BindPercentileApprox({i64, f64}, false), {&t, &ps}, 10);
  };
  EXPECT_EQ(approx(0.5).int64(), 5);
  EXPECT_EQ(approx(0.25).int64(), 3);
  EXPECT_EQ(approx(0.0).int64(), 1);
  EXPECT_EQ(approx(1.0).int64(), 10);
  EXPECT_EQ(approx(0.5).type(), LogicalType(TypeId::kInt64));
  Vector d = Decimals(6, 2, {125, 250, 375});
  Vector ps = percentages(0.5, 3);
  Value dm = RunOnce(BindPercentileApprox({LogicalType::Decimal(6, 2), f64}, false), {&d, &ps}, 3);
  EXPECT_EQ(dm.ToString(), "2.50");
  Vector bad = percentages(1.5, 5);
  EXPECT_THROW(RunOnce(BindPercentile({i64, f64}, false), {&x, &bad}, 5), InvalidInputError);
  Vector empty = Int64s({});
  EXPECT_TRUE(RunOnce(BindMedian({i64}, false), {&empty}, 0).is_null());
  EXPECT_THROW(BindPercentile({TypeId::kString, f64}, false), BinderError);
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

// ---------------------------------------------------------------- HyperLogLog

TEST(AggregateTest, XxHash64MatchesReferenceValues) {
  EXPECT_EQ(XxHash64("", 0, 0), 0xEF46DB3751D8E999ULL);
  EXPECT_EQ(XxHash64("abc", 3, 0), 0x44BC2CF5AD770999ULL);
}

/// Returns approx_count_distinct over n distinct bigints fed in batches.
int64_t ApproxDistinctOf(int64_t n, std::optional<double> rsd) {
  std::vector<LogicalType> types = {TypeId::kInt64};
  if (rsd) types.push_back(TypeId::kDouble);
  Aggregation a(BindApproxCountDistinct(types, false));
  Vector x(TypeId::kInt64, kBatchSize);
  Vector r(TypeId::kDouble, kBatchSize);
  for (size_t i = 0; i < kBatchSize; ++i) r.Data<double>()[i] = rsd.value_or(0);
  for (int64_t base = 0; base < n; base += kBatchSize) {
    size_t rows = static_cast<size_t>(std::min<int64_t>(kBatchSize, n - base));
    for (size_t i = 0; i < rows; ++i) x.Data<int64_t>()[i] = (base + i) * 31 + 7;
    std::vector<const Vector*> args = {&x};
    if (rsd) args.push_back(&r);
    a.Update(args, rows);
  }
  return a.Result().int64();
}

TEST(AggregateTest, ApproxCountDistinctIsAccurate) {
  for (int64_t n : {int64_t{10}, int64_t{1000}, int64_t{100000}, int64_t{1000000}}) {
    double error_default = std::abs(ApproxDistinctOf(n, std::nullopt) - n) / double(n);
    double error_fine = std::abs(ApproxDistinctOf(n, 0.01) - n) / double(n);
    EXPECT_LT(error_default, 0.10) << n;  // rsd 0.05: 512 registers
    EXPECT_LT(error_fine, 0.025) << n;    // rsd 0.01: 16384 registers
  }
  // Duplicates and NULLs do not count.
  Vector x = Int64s({1, 2, 2, std::nullopt, 1, 3});
  EXPECT_EQ(RunOnce(BindApproxCountDistinct({TypeId::kInt64}, false), {&x}, 6).int64(), 3);
  Vector s = Strings({"a", "b", "a", std::nullopt});
  EXPECT_EQ(RunOnce(BindApproxCountDistinct({TypeId::kString}, false), {&s}, 4).int64(), 2);
}

TEST(AggregateTest, ApproxCountDistinctRejectsTooLargeError) {
  Vector x = Int64s({1});
  Vector r = Doubles({0.5});
  EXPECT_THROW(RunOnce(BindApproxCountDistinct({TypeId::kInt64, TypeId::kDouble}, false),
                       {&x, &r}, 1),
               InvalidInputError);
}

TEST(AggregateTest, HyperLogLogPrecisionFollowsSpark) {
  EXPECT_EQ(HyperLogLog::PrecisionFor(0.05), 9);
  EXPECT_EQ(HyperLogLog::PrecisionFor(0.01), 14);
  EXPECT_THROW(HyperLogLog::PrecisionFor(0.4), InvalidInputError);
}

// ---------------------------------------------------------------- DISTINCT

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
TEST(AggregateTest, SparkDocumentationExamples) {
  LogicalType i32 = TypeId::kInt32, f64 = TypeId::kDouble, str = TypeId::kString;
  auto ints = [](std::vector<std::optional<int32_t>> v) { return Int32s(v); };
  auto constant = [](double p, size_t n) {
    return Doubles(std::vector<std::optional<double>>(n, p));
  };
  {
    Vector col = Doubles({-10, -20, 100, 1000});  // the binder casts int to double
    EXPECT_NEAR(RunOnce(BindKurtosis({i32}, false), {&col}, 4).float64(), -0.7014368047529627,
                1e-13);
    EXPECT_NEAR(RunOnce(BindSkewness({i32}, false), {&col}, 4).float64(), 1.1135657469022011,
                1e-13);
  }
  {
    Vector col = Doubles({1, 10, 100, 10, 1});
    EXPECT_NEAR(RunOnce(BindKurtosis({f64}, false), {&col}, 5).float64(), 0.19432323191699075,
                1e-12);
  }
  {
    Vector c1 = Doubles({3, 3, 6}), c2 = Doubles({2, 3, 4});
    EXPECT_NEAR(RunOnce(BindCovariance(CovarianceKind::kCorr, {f64, f64}, false), {&c1, &c2}, 3)
                    .float64(),
                0.8660254037844387, 1e-15);
    Vector a = Doubles({1, 2, 3});
    EXPECT_NEAR(
        RunOnce(BindCovariance(CovarianceKind::kCovarPop, {f64, f64}, false), {&a, &a}, 3)
            .float64(),
        0.6666666666666666, 1e-15);
    EXPECT_EQ(RunOnce(BindCovariance(CovarianceKind::kCovarSamp, {f64, f64}, false), {&a, &a}, 3)
                  .float64(),
              1.0);
    EXPECT_EQ(RunOnce(BindVariance(VarianceKind::kStddevSamp, {f64}, false), {&a}, 3).float64(),
              1.0);
    EXPECT_NEAR(RunOnce(BindVariance(VarianceKind::kVarPop, {f64}, false), {&a}, 3).float64(),
                0.6666666666666666, 1e-15);
  }
  {
    Vector col = ints({0, 10});
    Vector p = constant(0.3, 2);
    EXPECT_EQ(RunOnce(BindPercentile({i32, f64}, false), {&col, &p}, 2).float64(), 3.0);
    EXPECT_EQ(RunOnce(BindMedian({i32}, false), {&col}, 2).float64(), 5.0);
  }
  {
    Vector col = ints({0, 1, 2, 10});
    Vector accuracy = Int64s({100, 100, 100, 100});
    for (auto [p, expected] : {std::pair{0.5, 1}, std::pair{0.4, 1}, std::pair{0.1, 0}}) {
      Vector ps = constant(p, 4);
      EXPECT_EQ(RunOnce(BindPercentileApprox({i32, f64, TypeId::kInt64}, false),
                        {&col, &ps, &accuracy}, 4)
                    .int32(),
                expected)
          << p;
    }
  }
  {
    Vector x = Strings({"a", "b", "c"});
    Vector y = ints({10, 50, 20});
    EXPECT_EQ(RunOnce(BindMaxBy({str, i32}, false), {&x, &y}, 3).str(), "b");
    EXPECT_EQ(RunOnce(BindMinBy({str, i32}, false), {&x, &y}, 3).str(), "a");
  }
  {
    Vector col = ints({0, 10, 10});
    EXPECT_EQ(RunOnce(BindMode({i32}, false), {&col}, 3).int32(), 10);
    Vector bits = ints({3, 5});
    EXPECT_EQ(RunOnce(BindBitAggregate(BitOperation::kXor, {i32}, false), {&bits}, 2).int32(), 6);
    Vector first = ints({std::nullopt, 5, 20});
    Vector yes = MakeVector(TypeId::kBoolean, std::vector<Value>(3, Value::Boolean(true)));
    EXPECT_EQ(RunOnce(BindFirst({i32, TypeId::kBoolean}, false), {&first, &yes}, 3).int32(), 5);
    EXPECT_EQ(RunOnce(BindLast({i32}, false), {&first}, 3).int32(), 20);
    Vector five = ints({5, 10, 15});
    EXPECT_EQ(RunOnce(BindAvg({i32}, false, true), {&five}, 3).float64(), 10.0);
    Vector nulls = ints({std::nullopt, std::nullopt});
    EXPECT_TRUE(RunOnce(BindSum({i32}, false), {&nulls}, 2).is_null());
  }
}

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
