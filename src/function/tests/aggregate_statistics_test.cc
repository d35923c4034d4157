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
#include "function/aggregates/sum.h"
#include "function/aggregates/variance.h"
#include "function/tests/aggregation.h"

namespace floe {
namespace {

// ---------------------------------------------------------------- variance

TEST(AggregateStatisticsTest, VarianceFamily) {
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

TEST(AggregateStatisticsTest, VarianceIsNumericallyStable) {
  // Large offset, tiny spread: the naive sum-of-squares formula loses every digit.
  std::vector<std::optional<double>> values;
  for (int i = 0; i < 1000; ++i) values.push_back(1e9 + (i % 2 == 0 ? 0.5 : -0.5));
  Vector x = Doubles(values);
  double v = RunOnce(BindVariance(VarianceKind::kVarPop, {TypeId::kDouble}, false), {&x}, 1000)
                 .float64();
  EXPECT_NEAR(v, 0.25, 1e-6);
}

TEST(AggregateStatisticsTest, CovarianceAndCorrelation) {
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

TEST(AggregateStatisticsTest, LinearRegressionTakesYThenX) {
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

TEST(AggregateStatisticsTest, RegrAverageSkipsRowsWhereEitherIsNull) {
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

TEST(AggregateStatisticsTest, SkewnessAndKurtosis) {
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

TEST(AggregateStatisticsTest, PercentileInterpolatesAndApproxPicksARank) {
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

// ---------------------------------------------------------------- HyperLogLog

TEST(AggregateStatisticsTest, XxHash64MatchesReferenceValues) {
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

TEST(AggregateStatisticsTest, ApproxCountDistinctIsAccurate) {
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

TEST(AggregateStatisticsTest, ApproxCountDistinctRejectsTooLargeError) {
  Vector x = Int64s({1});
  Vector r = Doubles({0.5});
  EXPECT_THROW(RunOnce(BindApproxCountDistinct({TypeId::kInt64, TypeId::kDouble}, false),
                       {&x, &r}, 1),
               InvalidInputError);
}

TEST(AggregateStatisticsTest, HyperLogLogPrecisionFollowsSpark) {
  EXPECT_EQ(HyperLogLog::PrecisionFor(0.05), 9);
  EXPECT_EQ(HyperLogLog::PrecisionFor(0.01), 14);
  EXPECT_THROW(HyperLogLog::PrecisionFor(0.4), InvalidInputError);
}

// ---------------------------------------------------------------- DISTINCT
TEST(AggregateStatisticsTest, SparkDocumentationExamples) {
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

}  // namespace
}  // namespace floe
