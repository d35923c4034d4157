#include "iceberg/scan/partition_constants.h"

#include <gtest/gtest.h>

#include <cmath>

#include "common/exception.h"
#include "iceberg/expressions/inclusive_metrics_evaluator.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {
namespace {

TypePtr Prim(TypeKind kind) { return Type::Primitive(kind); }

// Partition values written before a type promotion read as the promoted type.
TEST(PartitionConstantsTest, PromotesAlongTheSpecsPromotions) {
  EXPECT_EQ(PromotePartitionValue(Value::Int32(7), TypeId::kInt64), Value::Int64(7));
  EXPECT_EQ(PromotePartitionValue(Value::Float(1.5f), TypeId::kDouble), Value::Double(1.5));
  EXPECT_EQ(PromotePartitionValue(Value::Decimal(2718, 5, 3), LogicalType::Decimal(8, 3)), Value::Decimal(2718, 8, 3));
  EXPECT_TRUE(PromotePartitionValue(Value::Null(TypeId::kInt32), TypeId::kInt64).is_null());
  EXPECT_THROW(PromotePartitionValue(Value::String("x"), TypeId::kInt64), FormatError);
  EXPECT_THROW(PromotePartitionValue(Value::Decimal(1, 5, 3), LogicalType::Decimal(8, 2)), FormatError);
}

TEST(PartitionConstantsTest, OnlyIdentityFieldsGiveValues) {
  Schema schema(0, {NestedField::Optional(1, "p", Prim(TypeKind::kLong)),
                    NestedField::Optional(2, "q", Prim(TypeKind::kInt))});
  PartitionSpec spec(0, {PartitionField(1, 1000, "p", Transform::Identity()),
                         PartitionField(2, 1001, "q_bucket", Transform::Bucket(4))});
  auto values = IdentityPartitionValues(spec, schema, {Value::Int32(3), Value::Int32(1)});
  ASSERT_EQ(values.size(), 1u);
  EXPECT_EQ(values.at(1), Value::Int64(3));
}

// Metrics pruning sees the column the projection reads: a file without metrics for an
// identity-partitioned column is judged by its partition value.
TEST(PartitionConstantsTest, MetricsFromThePartitionTuple) {
  Schema schema(0, {NestedField::Optional(1, "i", Prim(TypeKind::kInt)),
                    NestedField::Optional(2, "p", Prim(TypeKind::kDouble)),
                    NestedField::Optional(3, "s", Prim(TypeKind::kString))});
  PartitionSpec spec(0, {PartitionField(2, 1000, "p", Transform::Identity()),
                         PartitionField(3, 1001, "s", Transform::Identity())});
  DataFile file;
  file.record_count = 10;
  file.partition = {Value::Float(1.5f), Value::Null(TypeId::kString)};
  file.value_counts[1] = 10;
  DataFile completed = WithIdentityPartitionMetrics(file, spec, schema);
  EXPECT_EQ(completed.value_counts.at(2), 10);
  EXPECT_EQ(completed.null_value_counts.at(2), 0);
  EXPECT_EQ(completed.nan_value_counts.at(2), 0);
  EXPECT_EQ(SingleValueSerialization::FromBytes(*Prim(TypeKind::kDouble), completed.lower_bounds.at(2)),
            Value::Double(1.5));
  EXPECT_EQ(completed.null_value_counts.at(3), 10);
  EXPECT_FALSE(completed.lower_bounds.count(3));
  auto eval = [&](ExpressionPtr filter) { return InclusiveMetricsEvaluator(schema, filter).Eval(completed); };
  EXPECT_TRUE(eval(Predicate::Make(Operation::kEq, 2, {Value::Double(1.5)})));
  EXPECT_FALSE(eval(Predicate::Make(Operation::kEq, 2, {Value::Double(2.5)})));
  EXPECT_FALSE(eval(Predicate::Make(Operation::kNotNull, 3, {})));
  // Metrics the file records are kept as they are.
  file.value_counts[2] = 10;
  file.null_value_counts[2] = 3;
  DataFile kept = WithIdentityPartitionMetrics(file, spec, schema);
  EXPECT_EQ(kept.null_value_counts.at(2), 3);
  // A NaN partition value gives NaN counts and no bounds.
  file.value_counts.erase(2);
  file.null_value_counts.erase(2);
  file.partition = {Value::Double(std::nan("")), Value::String("x")};
  DataFile nan = WithIdentityPartitionMetrics(file, spec, schema);
  EXPECT_EQ(nan.nan_value_counts.at(2), 10);
  EXPECT_FALSE(nan.lower_bounds.count(2));
}

}  // namespace
}  // namespace floe::iceberg
