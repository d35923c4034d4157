// NaN and signed zeros in partition values: manifest list summaries (ports of the NaN
// cases of Iceberg Java 1.10's TestInclusiveManifestEvaluator) and partition tuples
// (TestEvaluator's testIsNan / testNotNaN, through an identity partition), plus the
// comparisons of issue 11 on the same partitions. Iceberg's order: comparisons are false
// for NaN, != and NOT IN true; NULL satisfies neither (SQL), where Java's notIn keeps it.
#include <gtest/gtest.h>

#include <cmath>

#include "iceberg/expressions/manifest_evaluator.h"
#include "iceberg/expressions/partition_evaluator.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/expressions/projections.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {
namespace {

TypePtr Prim(TypeKind kind) { return Type::Primitive(kind); }

ExpressionPtr P(Operation op, int id, std::vector<Value> literals = {}) {
  return Predicate::Make(op, id, std::move(literals));
}

PartitionFieldSummary Summary(bool contains_null, std::optional<bool> contains_nan, std::optional<Value> lower,
                              std::optional<Value> upper, TypeKind kind) {
  PartitionFieldSummary s;
  s.contains_null = contains_null;
  s.contains_nan = contains_nan;
  if (lower) s.lower_bound = SingleValueSerialization::ToBytes(*Prim(kind), *lower);
  if (upper) s.upper_bound = SingleValueSerialization::ToBytes(*Prim(kind), *upper);
  return s;
}

// TestInclusiveManifestEvaluator's floating-point columns, each an identity partition.
class InclusiveManifestEvaluatorNaNTest : public ::testing::Test {
 protected:
  static constexpr int kFloat = 7, kAllNullsDouble = 8, kAllNullsNoNans = 9, kAllNans = 10, kBothNanAndNull = 11,
                       kNoNanOrNull = 12, kAllNullsMissingNanFloat = 13;

  Schema schema_{0,
                 {NestedField::Optional(kFloat, "float", Prim(TypeKind::kFloat)),
                  NestedField::Optional(kAllNullsDouble, "all_nulls_double", Prim(TypeKind::kDouble)),
                  NestedField::Optional(kAllNullsNoNans, "all_nulls_no_nans", Prim(TypeKind::kFloat)),
                  NestedField::Optional(kAllNans, "all_nans", Prim(TypeKind::kDouble)),
                  NestedField::Optional(kBothNanAndNull, "both_nan_and_null", Prim(TypeKind::kFloat)),
                  NestedField::Optional(kNoNanOrNull, "no_nan_or_null", Prim(TypeKind::kDouble)),
                  NestedField::Optional(kAllNullsMissingNanFloat, "all_nulls_missing_nan_float",
                                        Prim(TypeKind::kFloat))}};
  PartitionSpec spec_ = [] {
    std::vector<PartitionField> fields;
    const char* names[] = {"float", "all_nulls_double", "all_nulls_no_nans", "all_nans", "both_nan_and_null",
                           "no_nan_or_null", "all_nulls_missing_nan_float"};
    for (int id = 7; id <= 13; ++id) fields.emplace_back(id, 1000 + id, names[id - 7], Transform::Identity());
    return PartitionSpec(0, std::move(fields));
  }();
  ManifestFile manifest_ = [] {
    ManifestFile m;
    m.partitions = {
        Summary(false, std::nullopt, Value::Float(0), Value::Float(20), TypeKind::kFloat),   // float
        Summary(true, std::nullopt, std::nullopt, std::nullopt, TypeKind::kDouble),          // all_nulls_double
        Summary(true, false, std::nullopt, std::nullopt, TypeKind::kFloat),                  // all_nulls_no_nans
        Summary(false, true, std::nullopt, std::nullopt, TypeKind::kDouble),                 // all_nans
        Summary(true, true, std::nullopt, std::nullopt, TypeKind::kFloat),                   // both_nan_and_null
        Summary(false, false, Value::Double(0), Value::Double(20), TypeKind::kDouble),       // no_nan_or_null
        Summary(true, std::nullopt, std::nullopt, std::nullopt, TypeKind::kFloat),           // missing_nan_float
    };
    return m;
  }();

  bool Eval(ExpressionPtr filter) { return ManifestEvaluator(filter, spec_, schema_).Eval(manifest_); }
};

TEST_F(InclusiveManifestEvaluatorNaNTest, AllNulls) {  // testAllNulls, floating-point columns
  EXPECT_TRUE(Eval(P(Operation::kNotNull, kAllNullsMissingNanFloat)))
      << "no NaN information may indicate presence of NaN value";
}

TEST_F(InclusiveManifestEvaluatorNaNTest, NoNulls) {  // testNoNulls
  EXPECT_TRUE(Eval(P(Operation::kIsNull, kBothNanAndNull))) << "both_nan_and_null column contains null values";
}

TEST_F(InclusiveManifestEvaluatorNaNTest, IsNaN) {  // testIsNaN
  EXPECT_TRUE(Eval(P(Operation::kIsNan, kFloat))) << "no information on if there are nan value in float column";
  EXPECT_TRUE(Eval(P(Operation::kIsNan, kAllNullsDouble))) << "no NaN information may indicate presence of NaN value";
  EXPECT_TRUE(Eval(P(Operation::kIsNan, kAllNullsMissingNanFloat)))
      << "no NaN information may indicate presence of NaN value";
  EXPECT_FALSE(Eval(P(Operation::kIsNan, kAllNullsNoNans))) << "no nan column doesn't contain nan value";
  EXPECT_TRUE(Eval(P(Operation::kIsNan, kAllNans))) << "all_nans column contains nan value";
  EXPECT_TRUE(Eval(P(Operation::kIsNan, kBothNanAndNull))) << "both_nan_and_null column contains nan value";
  EXPECT_FALSE(Eval(P(Operation::kIsNan, kNoNanOrNull))) << "no_nan_or_null column doesn't contain nan value";
}

TEST_F(InclusiveManifestEvaluatorNaNTest, NotNaN) {  // testNotNaN
  EXPECT_TRUE(Eval(P(Operation::kNotNan, kFloat))) << "no information on if there are nan value in float column";
  EXPECT_TRUE(Eval(P(Operation::kNotNan, kAllNullsDouble))) << "all null column contains non nan value";
  EXPECT_TRUE(Eval(P(Operation::kNotNan, kAllNullsNoNans))) << "no_nans column contains non nan value";
  EXPECT_FALSE(Eval(P(Operation::kNotNan, kAllNans))) << "all nans column doesn't contain non nan value";
  EXPECT_TRUE(Eval(P(Operation::kNotNan, kBothNanAndNull))) << "both_nan_and_null nans column contains non nan value";
  EXPECT_TRUE(Eval(P(Operation::kNotNan, kNoNanOrNull))) << "no_nan_or_null column contains non nan value";
}

TEST_F(InclusiveManifestEvaluatorNaNTest, NotEqAndNotInKeepNaNPartitions) {
  // Not Java cases (Java's notEq / notIn never prune): issue 11's partitions of only NaN
  // (and NULL) were pruned for != and NOT IN, which NaN satisfies.
  Value d = Value::Double(1.5);
  Value f = Value::Float(1.5f);
  EXPECT_TRUE(Eval(P(Operation::kNotEq, kAllNans, {d})));
  EXPECT_TRUE(Eval(P(Operation::kNotIn, kAllNans, {d, Value::Double(2)})));
  EXPECT_TRUE(Eval(P(Operation::kNotEq, kBothNanAndNull, {f})));
  EXPECT_TRUE(Eval(P(Operation::kNotIn, kBothNanAndNull, {f})));
  // without contains_nan, a partition summary without bounds may hide NaN
  EXPECT_TRUE(Eval(P(Operation::kNotEq, kAllNullsDouble, {d})));
  EXPECT_TRUE(Eval(P(Operation::kNotEq, kNoNanOrNull, {d})));
  // only NULLs: NULL <> 1.5 is NULL, not true
  EXPECT_FALSE(Eval(P(Operation::kNotEq, kAllNullsNoNans, {f})));
  EXPECT_FALSE(Eval(P(Operation::kNotIn, kAllNullsNoNans, {f})));
  // no other comparison holds for NaN in Iceberg's order
  for (Operation op : {Operation::kLt, Operation::kLtEq, Operation::kGt, Operation::kGtEq, Operation::kEq}) {
    EXPECT_FALSE(Eval(P(op, kAllNans, {d}))) << OperationName(op);
    EXPECT_FALSE(Eval(P(op, kBothNanAndNull, {f}))) << OperationName(op);
  }
  EXPECT_FALSE(Eval(P(Operation::kIn, kAllNans, {d})));
  // Spark's x > 1.5 as IcebergFilterConverter writes it: NaN is above every number
  EXPECT_TRUE(Eval(Expression::Or(P(Operation::kGt, kAllNans, {d}), P(Operation::kIsNan, kAllNans))));
  EXPECT_FALSE(Eval(Expression::Or(P(Operation::kGt, kNoNanOrNull, {Value::Double(20)}),
                                   P(Operation::kIsNan, kNoNanOrNull))));
}

TEST_F(InclusiveManifestEvaluatorNaNTest, NaNBoundsFromOtherWritersAreUnknown) {
  // Iceberg writers leave NaN out of summary bounds; a NaN bound prunes nothing.
  manifest_.partitions[5] = Summary(false, std::nullopt, Value::Double(NAN), Value::Double(NAN), TypeKind::kDouble);
  for (Operation op : {Operation::kLt, Operation::kLtEq, Operation::kGt, Operation::kGtEq, Operation::kEq}) {
    EXPECT_TRUE(Eval(P(op, kNoNanOrNull, {Value::Double(1)}))) << OperationName(op);
  }
  EXPECT_TRUE(Eval(P(Operation::kIn, kNoNanOrNull, {Value::Double(1)})));
}

TEST_F(InclusiveManifestEvaluatorNaNTest, SignedZeroBounds) {
  // Parquet's rule, applied to summaries too: a lower bound of +0.0 may hide -0.0 and an
  // upper bound of -0.0 may hide +0.0; -0.0 equals 0.0 (Spark), so no zero is pruned.
  manifest_.partitions[5] = Summary(false, false, Value::Double(0.0), Value::Double(-0.0), TypeKind::kDouble);
  for (double zero : {0.0, -0.0}) {
    Value z = Value::Double(zero);
    EXPECT_TRUE(Eval(P(Operation::kEq, kNoNanOrNull, {z})));
    EXPECT_TRUE(Eval(P(Operation::kIn, kNoNanOrNull, {z})));
    EXPECT_TRUE(Eval(P(Operation::kLtEq, kNoNanOrNull, {z})));
    EXPECT_TRUE(Eval(P(Operation::kGtEq, kNoNanOrNull, {z})));
    EXPECT_FALSE(Eval(P(Operation::kLt, kNoNanOrNull, {z})));
    EXPECT_FALSE(Eval(P(Operation::kGt, kNoNanOrNull, {z})));
  }
}

// TestEvaluator's testIsNan / testNotNaN over an identity partition of a double column, and
// the comparisons of issue 11 against partition values NaN, -0.0, +0.0, infinities and NULL.
class PartitionTupleNaNTest : public ::testing::Test {
 protected:
  Schema schema_{0, {NestedField::Optional(1, "x", Prim(TypeKind::kDouble))}};
  PartitionSpec spec_{0, {PartitionField(1, 1000, "x", Transform::Identity())}};

  bool Eval(ExpressionPtr filter, double v, bool strict = false) {
    return PartitionEvaluator(filter, spec_, schema_, strict).Eval({Value::Double(v)});
  }
  bool EvalNull(ExpressionPtr filter) {
    return PartitionEvaluator(filter, spec_, schema_).Eval({Value::Null(TypeId::kDouble)});
  }
};

TEST_F(PartitionTupleNaNTest, IsNaNAndNotNaN) {  // TestEvaluator.testIsNan, testNotNaN
  EXPECT_TRUE(Eval(P(Operation::kIsNan, 1), NAN)) << "NaN is NaN";
  EXPECT_FALSE(Eval(P(Operation::kIsNan, 1), 2.0)) << "2 is not NaN";
  EXPECT_FALSE(Eval(P(Operation::kNotNan, 1), NAN)) << "NaN is NaN";
  EXPECT_TRUE(Eval(P(Operation::kNotNan, 1), 2.0)) << "2 is not NaN";
  EXPECT_FALSE(EvalNull(P(Operation::kIsNan, 1)));
}

TEST_F(PartitionTupleNaNTest, ComparisonsOfNaNSignedZerosAndInfinities) {
  Value lit = Value::Double(1.5);
  // NaN: only != and NOT IN hold in Iceberg's order
  EXPECT_TRUE(Eval(P(Operation::kNotEq, 1, {lit}), NAN));
  EXPECT_TRUE(Eval(P(Operation::kNotIn, 1, {lit, Value::Double(2)}), NAN));
  for (Operation op : {Operation::kLt, Operation::kLtEq, Operation::kGt, Operation::kGtEq, Operation::kEq}) {
    EXPECT_FALSE(Eval(P(op, 1, {lit}), NAN)) << OperationName(op);
  }
  EXPECT_FALSE(Eval(P(Operation::kIn, 1, {lit}), NAN));
  // NULL: none of them
  EXPECT_FALSE(EvalNull(P(Operation::kNotEq, 1, {lit})));
  EXPECT_FALSE(EvalNull(P(Operation::kNotIn, 1, {lit})));
  // -0.0 equals 0.0 both ways, inclusive and strict
  for (double value : {0.0, -0.0}) {
    for (double literal : {0.0, -0.0}) {
      EXPECT_TRUE(Eval(P(Operation::kEq, 1, {Value::Double(literal)}), value));
      EXPECT_TRUE(Eval(P(Operation::kEq, 1, {Value::Double(literal)}), value, true));
      EXPECT_FALSE(Eval(P(Operation::kNotEq, 1, {Value::Double(literal)}), value));
      EXPECT_FALSE(Eval(P(Operation::kLt, 1, {Value::Double(literal)}), value));
      EXPECT_TRUE(Eval(P(Operation::kIn, 1, {Value::Double(literal)}), value));
    }
  }
  EXPECT_TRUE(Eval(P(Operation::kGt, 1, {Value::Double(1e308)}), INFINITY));
  EXPECT_TRUE(Eval(P(Operation::kLt, 1, {Value::Double(-1e308)}), -INFINITY));
  // Spark's x > 1e308 as IcebergFilterConverter writes it holds for NaN, strictly too
  auto gt = Expression::Or(P(Operation::kGt, 1, {Value::Double(1e308)}), P(Operation::kIsNan, 1));
  EXPECT_TRUE(Eval(gt, NAN));
  EXPECT_TRUE(Eval(gt, NAN, true));
  EXPECT_FALSE(Eval(gt, 1.5));
}

TEST_F(PartitionTupleNaNTest, IdentityProjectionKeepsNaNTests) {
  EXPECT_EQ(Projections::Inclusive(spec_, schema_, P(Operation::kIsNan, 1))->ToString(), "is_nan(ref(1000))");
  EXPECT_EQ(Projections::Strict(spec_, schema_, P(Operation::kNotNan, 1))->ToString(), "not_nan(ref(1000))");
  EXPECT_EQ(Projections::Inclusive(spec_, schema_, P(Operation::kNotIn, 1, {Value::Double(1.5)}))->ToString(),
            "ref(1000) not_in (1.5)");
}

}  // namespace
}  // namespace floe::iceberg
