// ResidualEvaluator: what of a row filter is left for a file's rows once its partition
// tuple is known, and that it is true exactly when the strict projection holds.
#include <gtest/gtest.h>

#include "common/date_time.h"
#include "iceberg/expressions/partition_evaluator.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/expressions/residual_evaluator.h"

namespace floe::iceberg {
namespace {

const Schema& TestSchema() {
  static const Schema schema(0, {NestedField::Optional(1, "k", Type::Primitive(TypeKind::kInt)),
                                 NestedField::Optional(2, "ts", Type::Primitive(TypeKind::kTimestampTz)),
                                 NestedField::Optional(3, "x", Type::Primitive(TypeKind::kDouble))});
  return schema;
}

const PartitionSpec& TestSpec() {
  static const PartitionSpec spec(0, {PartitionField(1, 1000, "k", Transform::Identity()),
                                      PartitionField(2, 1001, "ts_day", Transform::Day())});
  return spec;
}

ExpressionPtr Pred(Operation op, int field, Value v) { return Predicate::Make(op, field, {std::move(v)}); }

std::vector<Value> Partition(int k, int32_t day) { return {Value::Int32(k), Value::Date(day)}; }

TEST(ResidualEvaluatorTest, DecidedPredicatesFoldAway) {
  ExpressionPtr x = Pred(Operation::kLt, 3, Value::Double(1.5));
  ExpressionPtr filter = Expression::And(Pred(Operation::kGtEq, 1, Value::Int32(5)), x);
  ResidualEvaluator residuals(filter, TestSpec(), TestSchema());
  EXPECT_EQ(residuals.ResidualFor(Partition(7, 0))->ToString(), x->ToString());  // k >= 5 holds
  EXPECT_EQ(residuals.ResidualFor(Partition(2, 0))->op(), Operation::kFalse);   // k >= 5 cannot
  EXPECT_EQ(residuals.ResidualFor({Value::Null(TypeId::kInt32), Value::Date(0)})->op(), Operation::kFalse);
}

TEST(ResidualEvaluatorTest, ATransformThatCannotDecideKeepsThePredicate) {
  // ts_day = 10 proves ts >= day 10 for the whole partition, not ts < noon of day 10
  int64_t day10 = int64_t{10} * kMicrosPerDay;
  ExpressionPtr before_noon = Pred(Operation::kLt, 2, Value::Timestamp(day10 + kMicrosPerDay / 2));
  ExpressionPtr filter = Expression::And(Pred(Operation::kGtEq, 2, Value::Timestamp(day10)), before_noon);
  ResidualEvaluator residuals(filter, TestSpec(), TestSchema());
  EXPECT_EQ(residuals.ResidualFor(Partition(1, 10))->ToString(), before_noon->ToString());
  EXPECT_EQ(residuals.ResidualFor(Partition(1, 9))->op(), Operation::kFalse);
  EXPECT_EQ(residuals.ResidualFor(Partition(1, 11))->op(), Operation::kFalse);
  // an OR is true when one side is
  ExpressionPtr either = Expression::Or(Pred(Operation::kEq, 1, Value::Int32(1)), before_noon);
  ResidualEvaluator or_residuals(either, TestSpec(), TestSchema());
  EXPECT_EQ(or_residuals.ResidualFor(Partition(1, 3))->op(), Operation::kTrue);
  EXPECT_EQ(or_residuals.ResidualFor(Partition(2, 10))->ToString(), before_noon->ToString());
}

TEST(ResidualEvaluatorTest, TrueExactlyWhenTheStrictProjectionHolds) {
  const std::vector<ExpressionPtr> filters = {
      Pred(Operation::kEq, 1, Value::Int32(3)),
      Expression::Or(Pred(Operation::kLt, 1, Value::Int32(2)), Pred(Operation::kGt, 3, Value::Double(0))),
      Expression::And(Pred(Operation::kNotEq, 1, Value::Int32(4)), Pred(Operation::kGtEq, 2, Value::Timestamp(0))),
      Expression::Not(Pred(Operation::kGtEq, 1, Value::Int32(3))),
      Predicate::Make(Operation::kIsNull, 1),
      Predicate::Make(Operation::kIn, 1, {Value::Int32(1), Value::Int32(3)}),
  };
  for (const auto& filter : filters) {
    ResidualEvaluator residuals(filter, TestSpec(), TestSchema());
    PartitionEvaluator strict(filter, TestSpec(), TestSchema(), true);
    for (int k = -1; k < 6; ++k) {
      for (int32_t day : {-1, 0, 1}) {
        std::vector<Value> p = {k < 0 ? Value::Null(TypeId::kInt32) : Value::Int32(k), Value::Date(day)};
        EXPECT_EQ(residuals.ResidualFor(p)->op() == Operation::kTrue, strict.Eval(p))
            << filter->ToString() << " k=" << k << " day=" << day;
      }
    }
  }
}

}  // namespace
}  // namespace floe::iceberg
