#include <gtest/gtest.h>

#include "iceberg/expressions/inclusive_metrics_evaluator.h"
#include "iceberg/expressions/manifest_evaluator.h"
#include "iceberg/expressions/partition_evaluator.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/expressions/strict_metrics_evaluator.h"
#include "iceberg/expressions/value_range.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {
namespace {

TypePtr Prim(TypeKind kind) { return Type::Primitive(kind); }

ExpressionPtr P(Operation op, int id, std::vector<Value> literals = {}) {
  return Predicate::Make(op, id, std::move(literals));
}

class EvaluatorsTest : public ::testing::Test {
 protected:
  Schema schema_{0,
                 {NestedField::Optional(1, "id", Prim(TypeKind::kLong)),
                  NestedField::Optional(2, "d", Prim(TypeKind::kDate)),
                  NestedField::Optional(3, "s", Prim(TypeKind::kString)),
                  NestedField::Optional(4, "x", Prim(TypeKind::kDouble))}};
  // partitioned by identity(id) and year(d)
  PartitionSpec spec_{1, {PartitionField(1, 1000, "id", Transform::Identity()),
                          PartitionField(2, 1001, "d_year", Transform::Year())}};

  static PartitionFieldSummary Summary(const Type& type, std::optional<Value> lower, std::optional<Value> upper,
                                       bool contains_null) {
    PartitionFieldSummary s;
    s.contains_null = contains_null;
    s.contains_nan = false;
    if (lower) s.lower_bound = SingleValueSerialization::ToBytes(type, *lower);
    if (upper) s.upper_bound = SingleValueSerialization::ToBytes(type, *upper);
    return s;
  }

  ManifestFile Manifest(int64_t id_lo, int64_t id_hi, int32_t year_lo, int32_t year_hi, bool nulls) {
    ManifestFile m;
    m.partition_spec_id = 1;
    m.partitions.push_back(Summary(*Prim(TypeKind::kLong), Value::Int64(id_lo), Value::Int64(id_hi), nulls));
    m.partitions.push_back(Summary(*Prim(TypeKind::kInt), Value::Int32(year_lo), Value::Int32(year_hi), false));
    return m;
  }

  bool ManifestMatches(const ExpressionPtr& filter, const ManifestFile& m) {
    return ManifestEvaluator(filter, spec_, schema_).Eval(m);
  }
};

TEST_F(EvaluatorsTest, ManifestSummaries) {
  ManifestFile m = Manifest(10, 20, 55, 56, false);  // years 2025..2026
  EXPECT_TRUE(ManifestMatches(P(Operation::kEq, 1, {Value::Int64(15)}), m));
  EXPECT_FALSE(ManifestMatches(P(Operation::kEq, 1, {Value::Int64(21)}), m));
  EXPECT_FALSE(ManifestMatches(P(Operation::kLt, 1, {Value::Int64(10)}), m));
  EXPECT_TRUE(ManifestMatches(P(Operation::kLtEq, 1, {Value::Int64(10)}), m));
  EXPECT_FALSE(ManifestMatches(P(Operation::kGt, 1, {Value::Int64(20)}), m));
  EXPECT_FALSE(ManifestMatches(P(Operation::kIn, 1, {Value::Int64(1), Value::Int64(30)}), m));
  EXPECT_TRUE(ManifestMatches(P(Operation::kIn, 1, {Value::Int64(1), Value::Int64(12)}), m));
  EXPECT_FALSE(ManifestMatches(P(Operation::kIsNull, 1), m));
  EXPECT_TRUE(ManifestMatches(P(Operation::kIsNull, 1), Manifest(10, 20, 55, 56, true)));
  EXPECT_TRUE(ManifestMatches(P(Operation::kNotEq, 1, {Value::Int64(15)}), m));
  EXPECT_FALSE(ManifestMatches(P(Operation::kNotEq, 1, {Value::Int64(15)}), Manifest(15, 15, 55, 55, false)));
  // year(d): a date in 2024 cannot be in a manifest of 2025..2026
  EXPECT_FALSE(ManifestMatches(P(Operation::kEq, 2, {Value::Date(19800)}), m));  // 2024-03-18
  EXPECT_TRUE(ManifestMatches(P(Operation::kGtEq, 2, {Value::Date(19800)}), m));
  // a column that is not a partition source never prunes; AND/OR/NOT combine
  EXPECT_TRUE(ManifestMatches(P(Operation::kEq, 3, {Value::String("a")}), m));
  EXPECT_FALSE(ManifestMatches(Expression::And(P(Operation::kEq, 3, {Value::String("a")}),
                                               P(Operation::kEq, 1, {Value::Int64(99)})),
                               m));
  EXPECT_TRUE(ManifestMatches(Expression::Or(P(Operation::kEq, 1, {Value::Int64(99)}),
                                             P(Operation::kEq, 1, {Value::Int64(11)})),
                              m));
  EXPECT_FALSE(ManifestMatches(Expression::Not(P(Operation::kGtEq, 1, {Value::Int64(10)})), m));
}

TEST_F(EvaluatorsTest, ManifestWithOnlyNulls) {
  ManifestFile m;
  m.partitions.push_back(Summary(*Prim(TypeKind::kLong), std::nullopt, std::nullopt, true));
  m.partitions.push_back(Summary(*Prim(TypeKind::kInt), Value::Int32(55), Value::Int32(55), false));
  EXPECT_TRUE(ManifestMatches(P(Operation::kIsNull, 1), m));
  EXPECT_FALSE(ManifestMatches(P(Operation::kNotNull, 1), m));
  EXPECT_FALSE(ManifestMatches(P(Operation::kEq, 1, {Value::Int64(1)}), m));
  // no summaries at all (old writers): keep
  ManifestFile bare;
  EXPECT_TRUE(ManifestMatches(P(Operation::kEq, 1, {Value::Int64(1)}), bare));
}

TEST_F(EvaluatorsTest, PartitionTuples) {
  PartitionEvaluator e(Expression::And(P(Operation::kGtEq, 2, {Value::Date(20089)}),  // 2025-01-01
                                       P(Operation::kNotEq, 1, {Value::Int64(3)})),
                       spec_, schema_);
  EXPECT_TRUE(e.Eval({Value::Int64(1), Value::Int32(55)}));
  EXPECT_FALSE(e.Eval({Value::Int64(1), Value::Int32(54)}));
  EXPECT_FALSE(e.Eval({Value::Int64(3), Value::Int32(55)}));
  EXPECT_FALSE(e.Eval({Value::Null(TypeId::kInt64), Value::Int32(55)}));  // NULL <> 3 is not true
  EXPECT_FALSE(e.Eval({Value::Int64(1), Value::Null(TypeId::kInt32)}));
  PartitionEvaluator nulls(P(Operation::kIsNull, 2), spec_, schema_);
  EXPECT_TRUE(nulls.Eval({Value::Int64(1), Value::Null(TypeId::kInt32)}));
  EXPECT_FALSE(nulls.Eval({Value::Int64(1), Value::Int32(55)}));
  // a spec without the source column keeps every file
  PartitionEvaluator other(P(Operation::kEq, 3, {Value::String("z")}), spec_, schema_);
  EXPECT_TRUE(other.Eval({Value::Int64(1), Value::Int32(55)}));
}

TEST_F(EvaluatorsTest, StrictPartitionTuples) {
  // every row of a year-55 (2025) partition satisfies d >= 2025-01-01; of 2024 not all do
  PartitionEvaluator strict(P(Operation::kGtEq, 2, {Value::Date(20089)}), spec_, schema_, true);
  EXPECT_TRUE(strict.Eval({Value::Int64(1), Value::Int32(55)}));
  EXPECT_FALSE(strict.Eval({Value::Int64(1), Value::Int32(54)}));
  EXPECT_FALSE(strict.Eval({Value::Int64(1), Value::Null(TypeId::kInt32)}));
  PartitionEvaluator mid_year(P(Operation::kGtEq, 2, {Value::Date(20100)}), spec_, schema_, true);
  EXPECT_FALSE(mid_year.Eval({Value::Int64(1), Value::Int32(55)}));
  // a column the spec does not know: nothing is certain
  PartitionEvaluator other(P(Operation::kEq, 3, {Value::String("z")}), spec_, schema_, true);
  EXPECT_FALSE(other.Eval({Value::Int64(1), Value::Int32(55)}));
  PartitionEvaluator nan(P(Operation::kNotNan, 1), spec_, schema_, true);
  EXPECT_FALSE(nan.Eval({Value::Null(TypeId::kInt64), Value::Int32(55)}));
}

TEST_F(EvaluatorsTest, InclusiveMetrics) {
  DataFile f;
  f.record_count = 10;
  f.value_counts = {{1, 10}, {3, 10}, {4, 10}};
  f.null_value_counts = {{1, 0}, {3, 4}, {4, 0}};
  f.nan_value_counts = {{4, 10}};
  f.lower_bounds[1] = SingleValueSerialization::ToBytes(*Prim(TypeKind::kLong), Value::Int64(100));
  f.upper_bounds[1] = SingleValueSerialization::ToBytes(*Prim(TypeKind::kLong), Value::Int64(200));
  f.lower_bounds[3] = "apple";
  f.upper_bounds[3] = "apricot";
  InclusiveMetricsEvaluator any(schema_, P(Operation::kEq, 1, {Value::Int64(150)}));
  EXPECT_TRUE(any.Eval(f));
  auto eval = [&](ExpressionPtr e) { return InclusiveMetricsEvaluator(schema_, e).Eval(f); };
  EXPECT_FALSE(eval(P(Operation::kEq, 1, {Value::Int64(99)})));
  EXPECT_FALSE(eval(P(Operation::kGt, 1, {Value::Int64(200)})));
  EXPECT_TRUE(eval(P(Operation::kGtEq, 1, {Value::Int64(200)})));
  EXPECT_FALSE(eval(P(Operation::kLt, 1, {Value::Int64(100)})));
  EXPECT_FALSE(eval(P(Operation::kIsNull, 1)));
  EXPECT_TRUE(eval(P(Operation::kIsNull, 3)));
  EXPECT_TRUE(eval(P(Operation::kStartsWith, 3, {Value::String("ap")})));
  EXPECT_TRUE(eval(P(Operation::kStartsWith, 3, {Value::String("apr")})));
  EXPECT_FALSE(eval(P(Operation::kStartsWith, 3, {Value::String("b")})));
  EXPECT_FALSE(eval(P(Operation::kStartsWith, 3, {Value::String("aq")})));
  EXPECT_FALSE(eval(P(Operation::kNotStartsWith, 3, {Value::String("ap")})));
  // x is all NaN
  EXPECT_FALSE(eval(P(Operation::kNotNan, 4)));
  EXPECT_TRUE(eval(P(Operation::kIsNan, 4)));
  EXPECT_FALSE(eval(P(Operation::kGt, 4, {Value::Double(1)})));
  // d has no metrics: never prunes
  EXPECT_TRUE(eval(P(Operation::kEq, 2, {Value::Date(1)})));
  // an empty file matches nothing
  DataFile empty;
  EXPECT_FALSE(InclusiveMetricsEvaluator(schema_, Expression::AlwaysTrue()).Eval(empty));
}

TEST_F(EvaluatorsTest, MetricsOfPromotedColumnsAndAllNulls) {
  DataFile f;
  f.record_count = 3;
  // id was an int when the file was written: 4-byte bounds widen to long
  f.lower_bounds[1] = SingleValueSerialization::ToBytes(*Prim(TypeKind::kInt), Value::Int32(5));
  f.upper_bounds[1] = SingleValueSerialization::ToBytes(*Prim(TypeKind::kInt), Value::Int32(7));
  f.value_counts = {{1, 3}, {3, 3}};
  f.null_value_counts = {{1, 0}, {3, 3}};
  auto eval = [&](ExpressionPtr e) { return InclusiveMetricsEvaluator(schema_, e).Eval(f); };
  EXPECT_TRUE(eval(P(Operation::kEq, 1, {Value::Int64(6)})));
  EXPECT_FALSE(eval(P(Operation::kEq, 1, {Value::Int64(8)})));
  EXPECT_FALSE(eval(P(Operation::kNotNull, 3)));
  EXPECT_FALSE(eval(P(Operation::kEq, 3, {Value::String("a")})));
  EXPECT_FALSE(eval(P(Operation::kNotEq, 3, {Value::String("a")})));
  EXPECT_TRUE(eval(P(Operation::kIsNull, 3)));
}

TEST_F(EvaluatorsTest, StrictMetricsProveEveryRowMatches) {
  DataFile f;
  f.record_count = 10;
  // id in [100, 200] without NULLs; s all NULL; x has NaNs; d has no metrics
  f.value_counts = {{1, 10}, {3, 10}, {4, 10}};
  f.null_value_counts = {{1, 0}, {3, 10}, {4, 0}};
  f.nan_value_counts = {{4, 2}};
  f.lower_bounds[1] = SingleValueSerialization::ToBytes(*Prim(TypeKind::kLong), Value::Int64(100));
  f.upper_bounds[1] = SingleValueSerialization::ToBytes(*Prim(TypeKind::kLong), Value::Int64(200));
  f.lower_bounds[4] = SingleValueSerialization::ToBytes(*Prim(TypeKind::kDouble), Value::Double(1));
  f.upper_bounds[4] = SingleValueSerialization::ToBytes(*Prim(TypeKind::kDouble), Value::Double(2));
  auto eval = [&](ExpressionPtr e) { return StrictMetricsEvaluator(schema_, e).Eval(f); };
  EXPECT_TRUE(eval(P(Operation::kLt, 1, {Value::Int64(201)})));
  EXPECT_FALSE(eval(P(Operation::kLt, 1, {Value::Int64(200)})));
  EXPECT_TRUE(eval(P(Operation::kLtEq, 1, {Value::Int64(200)})));
  EXPECT_TRUE(eval(P(Operation::kGtEq, 1, {Value::Int64(100)})));
  EXPECT_FALSE(eval(P(Operation::kGt, 1, {Value::Int64(100)})));
  EXPECT_FALSE(eval(P(Operation::kEq, 1, {Value::Int64(150)})));
  EXPECT_FALSE(eval(P(Operation::kIn, 1, {Value::Int64(100), Value::Int64(200)})));
  EXPECT_TRUE(eval(P(Operation::kNotEq, 1, {Value::Int64(99)})));
  EXPECT_FALSE(eval(P(Operation::kNotEq, 1, {Value::Int64(150)})));
  EXPECT_TRUE(eval(P(Operation::kNotIn, 1, {Value::Int64(1), Value::Int64(300)})));
  EXPECT_TRUE(eval(P(Operation::kNotNull, 1)));
  EXPECT_FALSE(eval(P(Operation::kIsNull, 1)));
  EXPECT_TRUE(eval(P(Operation::kIsNull, 3)));
  EXPECT_FALSE(eval(P(Operation::kNotNull, 3)));
  // a comparison fails for NULL rows, so a column with NULLs proves nothing
  EXPECT_FALSE(eval(P(Operation::kLt, 3, {Value::String("zzz")})));
  // NaN is outside the bounds: x < 3 fails for the NaN rows
  EXPECT_FALSE(eval(P(Operation::kLt, 4, {Value::Double(3)})));
  EXPECT_FALSE(eval(P(Operation::kNotNan, 4)));
  // no metrics: nothing is proven
  EXPECT_FALSE(eval(P(Operation::kGtEq, 2, {Value::Date(0)})));
  // and / or / not
  EXPECT_TRUE(eval(Expression::And(P(Operation::kGtEq, 1, {Value::Int64(100)}), P(Operation::kIsNull, 3))));
  EXPECT_FALSE(eval(Expression::And(P(Operation::kGtEq, 1, {Value::Int64(100)}), P(Operation::kNotNull, 3))));
  EXPECT_TRUE(eval(Expression::Or(P(Operation::kEq, 2, {Value::Date(0)}), P(Operation::kLt, 1, {Value::Int64(1000)}))));
  EXPECT_TRUE(eval(Expression::Not(P(Operation::kLt, 1, {Value::Int64(100)}))));
  // a single-valued column
  DataFile one;
  one.record_count = 3;
  one.value_counts = {{1, 3}};
  one.null_value_counts = {{1, 0}};
  one.lower_bounds[1] = SingleValueSerialization::ToBytes(*Prim(TypeKind::kLong), Value::Int64(7));
  one.upper_bounds[1] = one.lower_bounds[1];
  EXPECT_TRUE(StrictMetricsEvaluator(schema_, P(Operation::kEq, 1, {Value::Int64(7)})).Eval(one));
  EXPECT_TRUE(StrictMetricsEvaluator(schema_, P(Operation::kIn, 1, {Value::Int64(3), Value::Int64(7)})).Eval(one));
  EXPECT_FALSE(StrictMetricsEvaluator(schema_, P(Operation::kEq, 1, {Value::Int64(8)})).Eval(one));
}

}  // namespace
}  // namespace floe::iceberg

namespace floe::iceberg {
namespace {

// A runtime filter's many keys: IN / NOT IN over more than 16 literals tests membership by
// binary search over them sorted (and deduplicated) once; the answers are the linear ones.
TEST(PredicateTest, ManyInLiteralsAnswerAsFewDo) {
  std::vector<Value> keys;
  for (int64_t k = 500; k >= 0; k -= 7) keys.push_back(Value::Int64(k * 3));  // descending
  keys.push_back(keys[5]);                                                     // a duplicate
  auto in = std::static_pointer_cast<const Predicate>(Predicate::Make(Operation::kIn, 1, keys));
  auto not_in = std::static_pointer_cast<const Predicate>(Predicate::Make(Operation::kNotIn, 1, keys));
  ASSERT_NE(in->sorted_literals(), nullptr);
  EXPECT_EQ(in->literals().size(), keys.size());  // shown as written
  EXPECT_LT(in->sorted_literals()->size(), keys.size());
  for (int64_t v = -5; v < 1600; ++v) {
    bool expected = false;
    for (const auto& k : keys) expected = expected || k.int64() == v;
    EXPECT_EQ(in->Test(Value::Int64(v)), expected) << v;
    EXPECT_EQ(not_in->Test(Value::Int64(v)), !expected) << v;
  }
  EXPECT_FALSE(in->Test(Value::Null(TypeId::kInt64)));
  // few literals, or literals of mixed types: no sorted copy
  EXPECT_EQ(std::static_pointer_cast<const Predicate>(Predicate::Make(Operation::kIn, 1, {Value::Int64(1)}))
                ->sorted_literals(),
            nullptr);
  std::vector<Value> doubles;
  for (int i = 0; i < 20; ++i) doubles.push_back(Value::Double(i * 0.5));
  doubles.push_back(Value::Double(NAN));
  EXPECT_EQ(std::static_pointer_cast<const Predicate>(Predicate::Make(Operation::kIn, 4, doubles))->sorted_literals(),
            nullptr);
}

// A runtime filter's keys come sorted and shared (MakeSorted): bounds test them by binary
// search, an identity projection (WithFieldId) and a negation keep the one list, and every
// answer is the linear one over the same keys written unsorted.
TEST(PredicateTest, SortedSharedKeysAnswerAsWrittenOnesDo) {
  std::vector<Value> squares;
  for (int64_t k = 0; k < 300; ++k) squares.push_back(Value::Int64(k * k));
  SortedValuesPtr sorted = SortedValues::Of(squares);
  std::vector<Value> written(squares.rbegin(), squares.rend());
  auto shared = Predicate::MakeSorted(Operation::kIn, 1, sorted);
  EXPECT_EQ(shared->literal_count(), 300u);
  auto linear = std::static_pointer_cast<const Predicate>(Predicate::Make(Operation::kIn, 1, written));
  EXPECT_EQ(shared->sorted_literals().get(), sorted.get());  // not copied
  EXPECT_EQ(shared->WithFieldId(1000)->sorted_literals().get(), sorted.get());
  EXPECT_EQ(shared->WithFieldId(1000)->field_id(), 1000);
  auto negated = std::static_pointer_cast<const Predicate>(shared->Negate());
  EXPECT_EQ(negated->op(), Operation::kNotIn);
  EXPECT_EQ(negated->sorted_literals().get(), sorted.get());
  auto linear_not = std::static_pointer_cast<const Predicate>(linear->Negate());
  EXPECT_EQ(shared->ToString().substr(0, 30), "ref(1) in (0, 1, 4, 9, 16, 25,");
  EXPECT_NE(shared->ToString().find("... 300 values)"), std::string::npos);
  for (int64_t v = -2; v < 1000; ++v) {
    EXPECT_EQ(shared->Test(Value::Int64(v)), linear->Test(Value::Int64(v))) << v;
    EXPECT_EQ(shared->Test(Value::Int32(static_cast<int32_t>(v))), linear->Test(Value::Int64(v))) << v;
    EXPECT_EQ(negated->Test(Value::Int64(v)), linear_not->Test(Value::Int64(v))) << v;
  }
  // literals(), for the readers that want Values, made from the list on first asking
  EXPECT_EQ(shared->literals(), squares);
  EXPECT_EQ(shared->sorted_literals().get(), sorted.get());
  // a short sorted list is a plain predicate
  auto few = Predicate::MakeSorted(Operation::kIn, 1, SortedValues::Of({Value::Int64(3), Value::Int64(1)}));
  EXPECT_EQ(few->sorted_literals(), nullptr);
  EXPECT_EQ(few->literals(), (std::vector<Value>{Value::Int64(1), Value::Int64(3)}));
  for (int64_t lo = -3; lo < 400; lo += 5) {
    for (int64_t width : {0, 1, 2, 7, 40}) {
      ValueRange range{Value::Int64(lo), Value::Int64(lo + width), true};
      bool expected = false;
      for (const Value& k : written) expected = expected || (k.int64() >= lo && k.int64() <= lo + width);
      EXPECT_EQ(range.MayMatch(*shared), expected) << lo << " " << width;
      EXPECT_EQ(range.MayMatch(*linear), expected) << lo << " " << width;
      EXPECT_EQ(range.MayMatch(*negated), range.MayMatch(*linear_not)) << lo << " " << width;
    }
    ValueRange open_below{Value(), Value::Int64(lo), true};
    EXPECT_EQ(open_below.MayMatch(*shared), lo >= 0) << lo;
    ValueRange open_above{Value::Int64(lo), Value(), true};
    EXPECT_EQ(open_above.MayMatch(*shared), lo <= 299 * 299) << lo;
  }
}

}  // namespace
}  // namespace floe::iceberg
