// NaN in data file metrics: ports of Iceberg Java 1.10's TestMetricsEvaluatorsNaNHandling
// (api/src/test/java/org/apache/iceberg/expressions/) and of the NaN cases of
// TestInclusiveMetricsEvaluator and TestStrictMetricsEvaluator, case names cited. floe's
// Iceberg expressions keep Iceberg's semantics (a comparison is false for NaN, != and
// NOT IN are true for it); IcebergFilterConverter adds NaN rows to > and >= for Spark's order.
// Where floe answers differently from Java, the case says why: floe never trusts a file
// without NaN counts to hold no NaN, and NULL satisfies neither != nor NOT IN (SQL).
#include <gtest/gtest.h>

#include <cmath>

#include "iceberg/expressions/inclusive_metrics_evaluator.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/expressions/strict_metrics_evaluator.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {
namespace {

TypePtr Prim(TypeKind kind) { return Type::Primitive(kind); }

ExpressionPtr P(Operation op, int id, std::vector<Value> literals = {}) {
  return Predicate::Make(op, id, std::move(literals));
}

std::string Bytes(TypeKind kind, const Value& v) { return SingleValueSerialization::ToBytes(*Prim(kind), v); }

// TestMetricsEvaluatorsNaNHandling: NaN as upper and lower bounds.
class MetricsEvaluatorsNaNHandlingTest : public ::testing::Test {
 protected:
  static constexpr int kAllNan = 1, kMaxNan = 2, kMinMaxNan = 3, kAllNanNullBounds = 4, kSomeNanCorrectBounds = 5;

  Schema schema_{0,
                 {NestedField::Required(kAllNan, "all_nan", Prim(TypeKind::kDouble)),
                  NestedField::Required(kMaxNan, "max_nan", Prim(TypeKind::kDouble)),
                  NestedField::Optional(kMinMaxNan, "min_max_nan", Prim(TypeKind::kFloat)),
                  NestedField::Required(kAllNanNullBounds, "all_nan_null_bounds", Prim(TypeKind::kDouble)),
                  NestedField::Optional(kSomeNanCorrectBounds, "some_nan_correct_bounds", Prim(TypeKind::kFloat))}};
  DataFile file_ = [] {
    DataFile f;
    // Java's fixture says 50 records with 10 values per column; floe's strict evaluator
    // trusts "every value is NaN" only when the values cover every record, so 10 here.
    f.record_count = 10;
    f.value_counts = {{1, 10}, {2, 10}, {3, 10}, {4, 10}, {5, 10}};
    f.null_value_counts = {{1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}};
    f.nan_value_counts = {{1, 10}, {4, 10}, {5, 5}};
    f.lower_bounds = {{1, Bytes(TypeKind::kDouble, Value::Double(NAN))},
                      {2, Bytes(TypeKind::kDouble, Value::Double(7))},
                      {3, Bytes(TypeKind::kFloat, Value::Float(NAN))},
                      {5, Bytes(TypeKind::kFloat, Value::Float(7))}};
    f.upper_bounds = {{1, Bytes(TypeKind::kDouble, Value::Double(NAN))},
                      {2, Bytes(TypeKind::kDouble, Value::Double(NAN))},
                      {3, Bytes(TypeKind::kFloat, Value::Float(NAN))},
                      {5, Bytes(TypeKind::kFloat, Value::Float(22))}};
    return f;
  }();

  bool Inclusive(Operation op, int id, std::vector<Value> literals) {
    return InclusiveMetricsEvaluator(schema_, P(op, id, std::move(literals))).Eval(file_);
  }
  bool Strict(Operation op, int id, std::vector<Value> literals) {
    return StrictMetricsEvaluator(schema_, P(op, id, std::move(literals))).Eval(file_);
  }
  static Value D(double v) { return Value::Double(v); }
  static Value F(float v) { return Value::Float(v); }
};

TEST_F(MetricsEvaluatorsNaNHandlingTest, InclusiveMetricsEvaluatorLessThanAndLessThanOrEqual) {
  for (Operation op : {Operation::kLt, Operation::kLtEq}) {
    EXPECT_FALSE(Inclusive(op, kAllNan, {D(1)})) << "all nan column doesn't contain number";
    EXPECT_FALSE(Inclusive(op, kMaxNan, {D(1)})) << "1 is smaller than lower bound";
    EXPECT_TRUE(Inclusive(op, kMaxNan, {D(10)})) << "10 is larger than lower bound";
    EXPECT_TRUE(Inclusive(op, kMinMaxNan, {F(1)})) << "no visibility";
    EXPECT_FALSE(Inclusive(op, kAllNanNullBounds, {D(1)})) << "all nan column doesn't contain number";
    EXPECT_FALSE(Inclusive(op, kSomeNanCorrectBounds, {F(1)})) << "1 is smaller than lower bound";
    EXPECT_TRUE(Inclusive(op, kSomeNanCorrectBounds, {F(10)})) << "10 larger than lower bound";
  }
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, InclusiveMetricsEvaluatorGreaterThanAndGreaterThanOrEqual) {
  for (Operation op : {Operation::kGt, Operation::kGtEq}) {
    EXPECT_FALSE(Inclusive(op, kAllNan, {D(1)})) << "all nan column doesn't contain number";
    EXPECT_TRUE(Inclusive(op, kMaxNan, {D(1)})) << "upper bound is larger than 1";
    EXPECT_TRUE(Inclusive(op, kMaxNan, {D(10)})) << "upper bound is larger than 10";
    EXPECT_TRUE(Inclusive(op, kMinMaxNan, {F(1)})) << "no visibility";
    EXPECT_FALSE(Inclusive(op, kAllNanNullBounds, {D(1)})) << "all nan column doesn't contain number";
    EXPECT_TRUE(Inclusive(op, kSomeNanCorrectBounds, {F(1)})) << "1 is smaller than upper bound";
    EXPECT_TRUE(Inclusive(op, kSomeNanCorrectBounds, {F(10)})) << "10 is smaller than upper bound";
    EXPECT_FALSE(Inclusive(op, kSomeNanCorrectBounds, {F(30)})) << "30 is greater than upper bound";
  }
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, InclusiveMetricsEvaluatorEquals) {
  EXPECT_FALSE(Inclusive(Operation::kEq, kAllNan, {D(1)})) << "all nan column doesn't contain number";
  EXPECT_FALSE(Inclusive(Operation::kEq, kMaxNan, {D(1)})) << "1 is smaller than lower bound";
  EXPECT_TRUE(Inclusive(Operation::kEq, kMaxNan, {D(10)})) << "10 is within bounds";
  EXPECT_TRUE(Inclusive(Operation::kEq, kMinMaxNan, {F(1)})) << "no visibility";
  EXPECT_FALSE(Inclusive(Operation::kEq, kAllNanNullBounds, {D(1)})) << "all nan column doesn't contain number";
  EXPECT_FALSE(Inclusive(Operation::kEq, kSomeNanCorrectBounds, {F(1)})) << "1 is smaller than lower bound";
  EXPECT_TRUE(Inclusive(Operation::kEq, kSomeNanCorrectBounds, {F(10)})) << "10 is within bounds";
  EXPECT_FALSE(Inclusive(Operation::kEq, kSomeNanCorrectBounds, {F(30)})) << "30 is greater than upper bound";
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, InclusiveMetricsEvaluatorNotEquals) {
  // "Should match: no visibility": NaN satisfies !=, so even the all-NaN columns match
  EXPECT_TRUE(Inclusive(Operation::kNotEq, kAllNan, {D(1)}));
  EXPECT_TRUE(Inclusive(Operation::kNotEq, kMaxNan, {D(1)}));
  EXPECT_TRUE(Inclusive(Operation::kNotEq, kMaxNan, {D(10)}));
  EXPECT_TRUE(Inclusive(Operation::kNotEq, kMinMaxNan, {F(1)}));
  EXPECT_TRUE(Inclusive(Operation::kNotEq, kAllNanNullBounds, {D(1)}));
  EXPECT_TRUE(Inclusive(Operation::kNotEq, kSomeNanCorrectBounds, {F(1)}));
  EXPECT_TRUE(Inclusive(Operation::kNotEq, kSomeNanCorrectBounds, {F(10)}));
  EXPECT_TRUE(Inclusive(Operation::kNotEq, kSomeNanCorrectBounds, {F(30)}));
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, InclusiveMetricsEvaluatorIn) {
  EXPECT_FALSE(Inclusive(Operation::kIn, kAllNan, {D(1), D(10), D(30)})) << "all nan column doesn't contain number";
  EXPECT_TRUE(Inclusive(Operation::kIn, kMaxNan, {D(1), D(10), D(30)})) << "10 and 30 are greater than lower bound";
  EXPECT_TRUE(Inclusive(Operation::kIn, kMinMaxNan, {F(1), F(10), F(30)})) << "no visibility";
  EXPECT_FALSE(Inclusive(Operation::kIn, kAllNanNullBounds, {D(1), D(10), D(30)}))
      << "all nan column doesn't contain number";
  EXPECT_TRUE(Inclusive(Operation::kIn, kSomeNanCorrectBounds, {F(1), F(10), F(30)})) << "10 within bounds";
  EXPECT_FALSE(Inclusive(Operation::kIn, kSomeNanCorrectBounds, {F(1), F(30)})) << "1 not within bounds";
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, InclusiveMetricsEvaluatorNotIn) {
  // "Should match: no visibility": NaN satisfies NOT IN (issue 11 pruned the all-NaN ones)
  EXPECT_TRUE(Inclusive(Operation::kNotIn, kAllNan, {D(1)}));
  EXPECT_TRUE(Inclusive(Operation::kNotIn, kMaxNan, {D(1)}));
  EXPECT_TRUE(Inclusive(Operation::kNotIn, kMaxNan, {D(10)}));
  EXPECT_TRUE(Inclusive(Operation::kNotIn, kMinMaxNan, {F(1)}));
  EXPECT_TRUE(Inclusive(Operation::kNotIn, kAllNanNullBounds, {D(1)}));
  EXPECT_TRUE(Inclusive(Operation::kNotIn, kSomeNanCorrectBounds, {F(1)}));
  EXPECT_TRUE(Inclusive(Operation::kNotIn, kSomeNanCorrectBounds, {F(10)}));
  EXPECT_TRUE(Inclusive(Operation::kNotIn, kSomeNanCorrectBounds, {F(30)}));
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, StrictMetricsEvaluatorLessThanAndLessThanOrEqual) {
  for (Operation op : {Operation::kLt, Operation::kLtEq}) {
    EXPECT_FALSE(Strict(op, kAllNan, {D(1)})) << "all nan column doesn't contain number";
    EXPECT_FALSE(Strict(op, kMaxNan, {D(10)})) << "10 is less than upper bound";
    EXPECT_FALSE(Strict(op, kMinMaxNan, {F(1)})) << "no visibility";
    EXPECT_FALSE(Strict(op, kAllNanNullBounds, {D(1)})) << "all nan column doesn't contain number";
    EXPECT_FALSE(Strict(op, kSomeNanCorrectBounds, {F(30)})) << "nan value exists";
  }
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, StrictMetricsEvaluatorGreaterThanAndGreaterThanOrEqual) {
  for (Operation op : {Operation::kGt, Operation::kGtEq}) {
    EXPECT_FALSE(Strict(op, kAllNan, {D(1)})) << "all nan column doesn't contain number";
    // Java: "Should match: 1 is smaller than lower bound". max_nan has no NaN count (and a
    // NaN upper bound): floe does not assume it holds no NaN, which fails > in Iceberg's order.
    EXPECT_FALSE(Strict(op, kMaxNan, {D(1)}));
    EXPECT_FALSE(Strict(op, kMaxNan, {D(10)})) << "10 is larger than lower bound";
    EXPECT_FALSE(Strict(op, kMinMaxNan, {F(1)})) << "no visibility";
    EXPECT_FALSE(Strict(op, kAllNanNullBounds, {D(1)})) << "all nan column doesn't contain number";
    EXPECT_FALSE(Strict(op, kSomeNanCorrectBounds, {F(30)})) << "nan value exists";
  }
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, StrictMetricsEvaluatorNotEquals) {
  EXPECT_TRUE(Strict(Operation::kNotEq, kAllNan, {D(1)})) << "all nan column doesn't contain number";
  EXPECT_TRUE(Strict(Operation::kNotEq, kMaxNan, {D(1)})) << "1 is smaller than lower bound";
  EXPECT_FALSE(Strict(Operation::kNotEq, kMaxNan, {D(10)})) << "10 is within bounds";
  EXPECT_FALSE(Strict(Operation::kNotEq, kMinMaxNan, {F(1)})) << "no visibility";
  EXPECT_TRUE(Strict(Operation::kNotEq, kAllNanNullBounds, {D(1)})) << "all nan column doesn't contain number";
  EXPECT_TRUE(Strict(Operation::kNotEq, kSomeNanCorrectBounds, {F(1)})) << "1 is smaller than lower bound";
  EXPECT_FALSE(Strict(Operation::kNotEq, kSomeNanCorrectBounds, {F(10)})) << "10 is within bounds";
  EXPECT_TRUE(Strict(Operation::kNotEq, kSomeNanCorrectBounds, {F(30)})) << "30 is greater than upper bound";
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, StrictMetricsEvaluatorEquals) {
  for (int id : {kAllNan, kMaxNan, kAllNanNullBounds}) {
    for (double v : {1.0, 10.0}) EXPECT_FALSE(Strict(Operation::kEq, id, {D(v)})) << "bounds not equal to given value";
  }
  for (int id : {kMinMaxNan, kSomeNanCorrectBounds}) {
    for (float v : {1.0f, 10.0f, 30.0f}) {
      EXPECT_FALSE(Strict(Operation::kEq, id, {F(v)})) << "bounds not equal to given value";
    }
  }
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, StrictMetricsEvaluatorNotIn) {
  EXPECT_TRUE(Strict(Operation::kNotIn, kAllNan, {D(1), D(10), D(30)})) << "all nan column doesn't contain number";
  EXPECT_FALSE(Strict(Operation::kNotIn, kMaxNan, {D(1), D(10), D(30)})) << "10 and 30 are greater than lower bound";
  EXPECT_TRUE(Strict(Operation::kNotIn, kMaxNan, {D(1)})) << "1 is less than lower bound";
  EXPECT_FALSE(Strict(Operation::kNotIn, kMinMaxNan, {F(1), F(10), F(30)})) << "no visibility";
  EXPECT_TRUE(Strict(Operation::kNotIn, kAllNanNullBounds, {D(1), D(10), D(30)}))
      << "all nan column doesn't contain number";
  EXPECT_FALSE(Strict(Operation::kNotIn, kSomeNanCorrectBounds, {F(1), F(10), F(30)})) << "10 within bounds";
  EXPECT_TRUE(Strict(Operation::kNotIn, kSomeNanCorrectBounds, {F(1)})) << "1 not within bounds";
  EXPECT_TRUE(Strict(Operation::kNotIn, kSomeNanCorrectBounds, {F(30)})) << "30 not within bounds";
}

TEST_F(MetricsEvaluatorsNaNHandlingTest, StrictMetricsEvaluatorIn) {
  EXPECT_FALSE(Strict(Operation::kIn, kAllNan, {D(1)}));
  EXPECT_FALSE(Strict(Operation::kIn, kMaxNan, {D(1)}));
  EXPECT_FALSE(Strict(Operation::kIn, kMaxNan, {D(10)}));
  EXPECT_FALSE(Strict(Operation::kIn, kMinMaxNan, {F(1)}));
  EXPECT_FALSE(Strict(Operation::kIn, kAllNanNullBounds, {D(1)}));
  EXPECT_FALSE(Strict(Operation::kIn, kSomeNanCorrectBounds, {F(1)}));
  EXPECT_FALSE(Strict(Operation::kIn, kSomeNanCorrectBounds, {F(10)}));
  EXPECT_FALSE(Strict(Operation::kEq, kSomeNanCorrectBounds, {F(30)}));
}

// The NaN columns of TestInclusiveMetricsEvaluator's and TestStrictMetricsEvaluator's FILE
// (field ids as there; both suites share these columns' metrics).
class MetricsEvaluatorNaNColumnsTest : public ::testing::Test {
 protected:
  static constexpr int kAllNans = 7, kSomeNans = 8, kNoNans = 9, kAllNullsDouble = 10, kAllNansV1Stats = 11,
                       kNanAndNullOnly = 12, kNoNanStats = 13;

  Schema schema_{0,
                 {NestedField::Optional(kAllNans, "all_nans", Prim(TypeKind::kDouble)),
                  NestedField::Optional(kSomeNans, "some_nans", Prim(TypeKind::kFloat)),
                  NestedField::Optional(kNoNans, "no_nans", Prim(TypeKind::kFloat)),
                  NestedField::Optional(kAllNullsDouble, "all_nulls_double", Prim(TypeKind::kDouble)),
                  NestedField::Optional(kAllNansV1Stats, "all_nans_v1_stats", Prim(TypeKind::kFloat)),
                  NestedField::Optional(kNanAndNullOnly, "nan_and_null_only", Prim(TypeKind::kDouble)),
                  NestedField::Optional(kNoNanStats, "no_nan_stats", Prim(TypeKind::kDouble))}};
  DataFile file_ = [] {
    DataFile f;
    f.record_count = 50;
    for (int id = 7; id <= 13; ++id) f.value_counts[id] = 50;
    f.null_value_counts = {{10, 50}, {11, 0}, {12, 1}};
    f.nan_value_counts = {{7, 50}, {8, 10}, {9, 0}};
    f.lower_bounds = {{11, Bytes(TypeKind::kFloat, Value::Float(NAN))},
                      {12, Bytes(TypeKind::kDouble, Value::Double(NAN))}};
    f.upper_bounds = f.lower_bounds;
    return f;
  }();

  bool Inclusive(ExpressionPtr e) { return InclusiveMetricsEvaluator(schema_, e).Eval(file_); }
  bool Strict(ExpressionPtr e) { return StrictMetricsEvaluator(schema_, e).Eval(file_); }
};

TEST_F(MetricsEvaluatorNaNColumnsTest, InclusiveIsNaN) {  // TestInclusiveMetricsEvaluator.testIsNaN
  EXPECT_TRUE(Inclusive(P(Operation::kIsNan, kAllNans))) << "at least one nan value in all nan column";
  EXPECT_TRUE(Inclusive(P(Operation::kIsNan, kSomeNans))) << "at least one nan value in some nan column";
  EXPECT_FALSE(Inclusive(P(Operation::kIsNan, kNoNans))) << "no-nans column contains no nan values";
  EXPECT_FALSE(Inclusive(P(Operation::kIsNan, kAllNullsDouble))) << "all-null column doesn't contain nan value";
  EXPECT_TRUE(Inclusive(P(Operation::kIsNan, kNoNanStats))) << "no guarantee without nan stats";
  EXPECT_TRUE(Inclusive(P(Operation::kIsNan, kAllNansV1Stats))) << "at least one nan value in all nan column";
  EXPECT_TRUE(Inclusive(P(Operation::kIsNan, kNanAndNullOnly))) << "nan value in nan and nulls only column";
}

TEST_F(MetricsEvaluatorNaNColumnsTest, InclusiveNotNaN) {  // TestInclusiveMetricsEvaluator.testNotNaN
  EXPECT_FALSE(Inclusive(P(Operation::kNotNan, kAllNans))) << "column with all nans will not contain non-nan";
  EXPECT_TRUE(Inclusive(P(Operation::kNotNan, kSomeNans))) << "at least one non-nan value in some nan column";
  EXPECT_TRUE(Inclusive(P(Operation::kNotNan, kNoNans))) << "at least one non-nan value in no nan column";
  EXPECT_TRUE(Inclusive(P(Operation::kNotNan, kAllNullsDouble))) << "non-nan value in all null column";
  EXPECT_TRUE(Inclusive(P(Operation::kNotNan, kNoNanStats))) << "no guarantee without nan stats";
  EXPECT_TRUE(Inclusive(P(Operation::kNotNan, kAllNansV1Stats))) << "no guarantee without nan stats";
  EXPECT_TRUE(Inclusive(P(Operation::kNotNan, kNanAndNullOnly))) << "null value in nan and nulls only column";
}

TEST_F(MetricsEvaluatorNaNColumnsTest, InclusiveComparisonsOnNaNColumns) {
  // Not a Java case: the comparisons of issue 11 on the same columns. != and NOT IN hold
  // for NaN, so the all-NaN and NaN-and-NULL files stay; the others hold for no NaN.
  EXPECT_TRUE(Inclusive(P(Operation::kNotEq, kAllNans, {Value::Double(1.5)})));
  EXPECT_TRUE(Inclusive(P(Operation::kNotIn, kAllNans, {Value::Double(1.5), Value::Double(2)})));
  EXPECT_TRUE(Inclusive(P(Operation::kNotEq, kNanAndNullOnly, {Value::Double(1.5)})));
  EXPECT_FALSE(Inclusive(P(Operation::kNotEq, kAllNullsDouble, {Value::Double(1.5)}))) << "NULL <> 1.5 is NULL";
  EXPECT_FALSE(Inclusive(P(Operation::kNotIn, kAllNullsDouble, {Value::Double(1.5)})));
  for (Operation op : {Operation::kLt, Operation::kLtEq, Operation::kGt, Operation::kGtEq, Operation::kEq}) {
    EXPECT_FALSE(Inclusive(P(op, kAllNans, {Value::Double(1.5)}))) << OperationName(op);
  }
  EXPECT_FALSE(Inclusive(P(Operation::kIn, kAllNans, {Value::Double(1.5)})));
  // Spark's x > 1e308 as IcebergFilterConverter writes it: a NaN row is above every number
  EXPECT_TRUE(Inclusive(Expression::Or(P(Operation::kGt, kAllNans, {Value::Double(1e308)}),
                                       P(Operation::kIsNan, kAllNans))));
}

TEST_F(MetricsEvaluatorNaNColumnsTest, StrictIsNaN) {  // TestStrictMetricsEvaluator.testIsNaN
  EXPECT_TRUE(Strict(P(Operation::kIsNan, kAllNans))) << "all values are nan";
  EXPECT_FALSE(Strict(P(Operation::kIsNan, kSomeNans))) << "at least one non-nan value in some nan column";
  EXPECT_FALSE(Strict(P(Operation::kIsNan, kNoNans))) << "at least one non-nan value in no nan column";
  EXPECT_FALSE(Strict(P(Operation::kIsNan, kAllNullsDouble))) << "at least one non-nan value in all null column";
  EXPECT_FALSE(Strict(P(Operation::kIsNan, kNoNanStats))) << "cannot determine without nan stats";
  EXPECT_FALSE(Strict(P(Operation::kIsNan, kAllNansV1Stats))) << "cannot determine without nan stats";
  EXPECT_FALSE(Strict(P(Operation::kIsNan, kNanAndNullOnly))) << "null values are not nan";
}

TEST_F(MetricsEvaluatorNaNColumnsTest, StrictNotNaN) {  // TestStrictMetricsEvaluator.testNotNaN
  EXPECT_FALSE(Strict(P(Operation::kNotNan, kAllNans))) << "all values are nan";
  EXPECT_FALSE(Strict(P(Operation::kNotNan, kSomeNans))) << "at least one nan value in some nan column";
  EXPECT_TRUE(Strict(P(Operation::kNotNan, kNoNans))) << "no value is nan";
  EXPECT_TRUE(Strict(P(Operation::kNotNan, kAllNullsDouble))) << "no nan value in all null column";
  EXPECT_FALSE(Strict(P(Operation::kNotNan, kNoNanStats))) << "cannot determine without nan stats";
  EXPECT_FALSE(Strict(P(Operation::kNotNan, kAllNansV1Stats))) << "all values are nan";
  EXPECT_FALSE(Strict(P(Operation::kNotNan, kNanAndNullOnly))) << "null values are not nan";
}

TEST(MetricsEvaluatorSingleValueTest, NotEqAndNotInOfASingleValueNeedANaNCountOfZero) {
  // Not a Java 1.10 case (1.11's TestInclusiveMetricsEvaluator adds the single-value rule,
  // #14593): a file whose every value is 1.5 holds no row <> 1.5, unless it may hold NaN.
  Schema schema(0, {NestedField::Optional(1, "x", Prim(TypeKind::kDouble))});
  DataFile f;
  f.record_count = 3;
  f.value_counts = {{1, 3}};
  f.null_value_counts = {{1, 1}};  // NULL <> 1.5 is not true either
  f.lower_bounds[1] = Bytes(TypeKind::kDouble, Value::Double(1.5));
  f.upper_bounds[1] = f.lower_bounds[1];
  auto eval = [&](Operation op, std::vector<Value> literals) {
    return InclusiveMetricsEvaluator(schema, P(op, 1, std::move(literals))).Eval(f);
  };
  EXPECT_TRUE(eval(Operation::kNotEq, {Value::Double(1.5)})) << "no NaN count: NaN may be there";
  f.nan_value_counts = {{1, 1}};
  EXPECT_TRUE(eval(Operation::kNotEq, {Value::Double(1.5)}));
  EXPECT_TRUE(eval(Operation::kNotIn, {Value::Double(1.5)}));
  f.nan_value_counts = {{1, 0}};
  EXPECT_FALSE(eval(Operation::kNotEq, {Value::Double(1.5)}));
  EXPECT_FALSE(eval(Operation::kNotIn, {Value::Double(1.5), Value::Double(2)}));
  EXPECT_TRUE(eval(Operation::kNotEq, {Value::Double(2)}));
  // zeros: a file of -0.0 and 0.0 (bounds widened to [-0.0, 0.0]) holds no row <> 0.0
  f.lower_bounds[1] = Bytes(TypeKind::kDouble, Value::Double(-0.0));
  f.upper_bounds[1] = Bytes(TypeKind::kDouble, Value::Double(0.0));
  EXPECT_FALSE(eval(Operation::kNotEq, {Value::Double(0.0)}));
  EXPECT_FALSE(eval(Operation::kNotIn, {Value::Double(-0.0)}));
}

TEST(MetricsEvaluatorZeroBoundsTest, SignedZeroBoundsHoldBothZeros) {
  // Not a Java case: Parquet's rule for floating-point statistics (a min of +0.0 may hide
  // -0.0, a max of -0.0 may hide +0.0). floe compares -0.0 equal to 0.0, as Spark does, so
  // either zero as either bound keeps every predicate a zero satisfies.
  Schema schema(0, {NestedField::Optional(1, "x", Prim(TypeKind::kDouble))});
  for (double lower : {0.0, -0.0}) {
    for (double upper : {0.0, -0.0}) {
      DataFile f;
      f.record_count = 2;
      f.value_counts = {{1, 2}};
      f.null_value_counts = {{1, 0}};
      f.nan_value_counts = {{1, 0}};
      f.lower_bounds[1] = Bytes(TypeKind::kDouble, Value::Double(lower));
      f.upper_bounds[1] = Bytes(TypeKind::kDouble, Value::Double(upper));
      auto eval = [&](Operation op, double v) {
        return InclusiveMetricsEvaluator(schema, P(op, 1, {Value::Double(v)})).Eval(f);
      };
      for (double zero : {0.0, -0.0}) {
        EXPECT_TRUE(eval(Operation::kEq, zero)) << lower << " " << upper;
        EXPECT_TRUE(eval(Operation::kLtEq, zero));
        EXPECT_TRUE(eval(Operation::kGtEq, zero));
        EXPECT_FALSE(eval(Operation::kLt, zero));
        EXPECT_FALSE(eval(Operation::kGt, zero));
        EXPECT_TRUE(StrictMetricsEvaluator(schema, P(Operation::kEq, 1, {Value::Double(zero)})).Eval(f));
      }
      EXPECT_TRUE(InclusiveMetricsEvaluator(schema, P(Operation::kIn, 1, {Value::Double(-0.0)})).Eval(f));
      EXPECT_FALSE(eval(Operation::kEq, 1.0));
    }
  }
}

}  // namespace
}  // namespace floe::iceberg
