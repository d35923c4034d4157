#include "iceberg/expressions/projections.h"

#include <gtest/gtest.h>

#include <set>

#include "common/date_time.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/expressions/transform_projection.h"

namespace floe::iceberg {
namespace {

int64_t Ts(const char* text) {
  int64_t micros = 0;
  EXPECT_TRUE(ParseTimestampNtz(text, &micros)) << text;
  return micros;
}

int32_t Day(const char* text) {
  int32_t days = 0;
  EXPECT_TRUE(ParseDate(text, &days)) << text;
  return days;
}

// Projects one predicate on source field 1 of `type` through `transform` (partition field 1000).
std::string Inclusive(const Transform& transform, TypePtr type, Operation op, std::vector<Value> literals) {
  Schema schema(0, {NestedField::Optional(1, "c", type)});
  PartitionSpec spec(0, {PartitionField(1, 1000, "p", transform)});
  return Projections::Inclusive(spec, schema, Predicate::Make(op, 1, std::move(literals)))->ToString();
}

std::string Strict(const Transform& transform, TypePtr type, Operation op, std::vector<Value> literals) {
  Schema schema(0, {NestedField::Optional(1, "c", type)});
  PartitionSpec spec(0, {PartitionField(1, 1000, "p", transform)});
  return Projections::Strict(spec, schema, Predicate::Make(op, 1, std::move(literals)))->ToString();
}

TypePtr Prim(TypeKind kind) { return Type::Primitive(kind); }

TEST(ProjectionsTest, IdentityKeepsEveryOperation) {
  auto t = Transform::Identity();
  auto i = Prim(TypeKind::kInt);
  EXPECT_EQ(Inclusive(t, i, Operation::kEq, {Value::Int32(5)}), "ref(1000) == 5");
  EXPECT_EQ(Inclusive(t, i, Operation::kNotEq, {Value::Int32(5)}), "ref(1000) != 5");
  EXPECT_EQ(Inclusive(t, i, Operation::kLt, {Value::Int32(5)}), "ref(1000) < 5");
  EXPECT_EQ(Inclusive(t, i, Operation::kNotIn, {Value::Int32(1), Value::Int32(2)}), "ref(1000) not_in (1, 2)");
  EXPECT_EQ(Inclusive(t, i, Operation::kIsNull, {}), "is_null(ref(1000))");
  EXPECT_EQ(Inclusive(t, Prim(TypeKind::kDouble), Operation::kIsNan, {}), "is_nan(ref(1000))");
  EXPECT_EQ(Inclusive(t, Prim(TypeKind::kString), Operation::kStartsWith, {Value::String("ab")}),
            "ref(1000) starts_with ab");
  EXPECT_EQ(Strict(t, i, Operation::kGtEq, {Value::Int32(5)}), "ref(1000) >= 5");
}

TEST(ProjectionsTest, DayOfTimestamp) {
  auto t = Transform::Day();
  auto ts = Prim(TypeKind::kTimestamp);
  Value midnight = Value::TimestampNtz(Ts("2026-01-15 00:00:00"));
  EXPECT_EQ(Inclusive(t, ts, Operation::kGtEq, {midnight}), "ref(1000) >= 2026-01-15");
  EXPECT_EQ(Inclusive(t, ts, Operation::kGt, {midnight}), "ref(1000) >= 2026-01-15");
  EXPECT_EQ(Inclusive(t, ts, Operation::kLt, {midnight}), "ref(1000) <= 2026-01-14");
  EXPECT_EQ(Inclusive(t, ts, Operation::kLtEq, {midnight}), "ref(1000) <= 2026-01-15");
  EXPECT_EQ(Inclusive(t, ts, Operation::kEq, {Value::TimestampNtz(Ts("2026-01-15 10:30:00"))}),
            "ref(1000) == 2026-01-15");
  EXPECT_EQ(Inclusive(t, ts, Operation::kNotEq, {midnight}), "true");
  EXPECT_EQ(Inclusive(t, ts, Operation::kIsNull, {}), "is_null(ref(1000))");
  EXPECT_EQ(Inclusive(t, ts, Operation::kIsNan, {}), "true");
  // strict: only whole days inside the range
  EXPECT_EQ(Strict(t, ts, Operation::kGtEq, {midnight}), "ref(1000) > 2026-01-14");
  EXPECT_EQ(Strict(t, ts, Operation::kLt, {midnight}), "ref(1000) < 2026-01-15");
  EXPECT_EQ(Strict(t, ts, Operation::kEq, {midnight}), "false");
}

TEST(ProjectionsTest, TimeTransformsBeforeEpochWidenAsJava) {
  auto ts = Prim(TypeKind::kTimestampTz);
  Value before = Value::Timestamp(Ts("1969-12-31 12:00:00"));
  // day -1 may also have been written as 0 by old Java writers (rounding toward zero)
  EXPECT_EQ(Inclusive(Transform::Day(), ts, Operation::kEq, {before}), "ref(1000) in (1969-12-31, 1970-01-01)");
  EXPECT_EQ(Inclusive(Transform::Day(), ts, Operation::kLtEq, {before}), "ref(1000) <= 1970-01-01");
  EXPECT_EQ(Inclusive(Transform::Day(), ts, Operation::kGtEq, {before}), "ref(1000) >= 1969-12-31");
  EXPECT_EQ(Inclusive(Transform::Hour(), ts, Operation::kEq, {before}), "ref(1000) in (-12, -11)");
  EXPECT_EQ(Inclusive(Transform::Month(), ts, Operation::kLt, {before}), "ref(1000) <= 0");
  EXPECT_EQ(Inclusive(Transform::Year(), Prim(TypeKind::kDate), Operation::kEq, {Value::Date(Day("1969-06-01"))}),
            "ref(1000) in (-1, 0)");
  EXPECT_EQ(Inclusive(Transform::Year(), Prim(TypeKind::kDate), Operation::kIn,
                      {Value::Date(Day("1969-06-01")), Value::Date(Day("2025-06-01"))}),
            "ref(1000) in (-1, 55, 0)");
  // strict bounds narrow instead
  EXPECT_EQ(Strict(Transform::Day(), ts, Operation::kGt, {Value::Timestamp(Ts("1969-12-30 23:59:59"))}),
            "ref(1000) > 1969-12-31");
  EXPECT_EQ(Strict(Transform::Month(), ts, Operation::kNotEq, {before}), "ref(1000) not_in (-1, 0)");
  // after 1970 nothing changes
  EXPECT_EQ(Inclusive(Transform::Year(), Prim(TypeKind::kDate), Operation::kEq, {Value::Date(Day("2025-06-01"))}),
            "ref(1000) == 55");
  EXPECT_EQ(Inclusive(Transform::Month(), Prim(TypeKind::kDate), Operation::kGt, {Value::Date(Day("2025-01-31"))}),
            "ref(1000) >= 661");
}

TEST(ProjectionsTest, HourOfTimestamp) {
  auto ts = Prim(TypeKind::kTimestampTz);
  EXPECT_EQ(Inclusive(Transform::Hour(), ts, Operation::kLt, {Value::Timestamp(Ts("1970-01-01 02:00:00"))}),
            "ref(1000) <= 1");
  EXPECT_EQ(Strict(Transform::Hour(), ts, Operation::kLtEq, {Value::Timestamp(Ts("1970-01-01 01:59:59.999999"))}),
            "ref(1000) < 2");
}

TEST(ProjectionsTest, BucketOnlyEqualityAndIn) {
  auto t = Transform::Bucket(16);
  auto i = Prim(TypeKind::kInt);
  Value b34 = t.Apply(Value::Int32(34));
  EXPECT_EQ(Inclusive(t, i, Operation::kEq, {Value::Int32(34)}), "ref(1000) == " + b34.ToString());
  EXPECT_EQ(Inclusive(t, i, Operation::kIn, {Value::Int32(34), Value::Int32(34)}),
            "ref(1000) in (" + b34.ToString() + ")");
  EXPECT_EQ(Inclusive(t, i, Operation::kLt, {Value::Int32(34)}), "true");
  EXPECT_EQ(Inclusive(t, i, Operation::kNotEq, {Value::Int32(34)}), "true");
  EXPECT_EQ(Strict(t, i, Operation::kNotEq, {Value::Int32(34)}), "ref(1000) != " + b34.ToString());
  EXPECT_EQ(Strict(t, i, Operation::kEq, {Value::Int32(34)}), "false");
}

TEST(ProjectionsTest, TruncateIntegersAndDecimals) {
  auto t = Transform::Truncate(10);
  auto i = Prim(TypeKind::kLong);
  EXPECT_EQ(Inclusive(t, i, Operation::kLt, {Value::Int64(10)}), "ref(1000) <= 0");
  EXPECT_EQ(Inclusive(t, i, Operation::kLtEq, {Value::Int64(10)}), "ref(1000) <= 10");
  EXPECT_EQ(Inclusive(t, i, Operation::kGt, {Value::Int64(9)}), "ref(1000) >= 10");
  EXPECT_EQ(Inclusive(t, i, Operation::kEq, {Value::Int64(-1)}), "ref(1000) == -10");
  EXPECT_EQ(Inclusive(t, i, Operation::kNotEq, {Value::Int64(5)}), "true");
  EXPECT_EQ(Strict(t, i, Operation::kLtEq, {Value::Int64(9)}), "ref(1000) < 10");
  EXPECT_EQ(Strict(t, i, Operation::kGtEq, {Value::Int64(10)}), "ref(1000) > 0");
  auto d = Type::Decimal(9, 2);
  EXPECT_EQ(Inclusive(t, d, Operation::kLt, {Value::Decimal(1000, 9, 2)}), "ref(1000) <= 9.90");
  EXPECT_EQ(Inclusive(t, d, Operation::kEq, {Value::Decimal(1234, 9, 2)}), "ref(1000) == 12.30");
}

TEST(ProjectionsTest, TruncateStringsAndPrefixes) {
  auto t = Transform::Truncate(3);
  auto s = Prim(TypeKind::kString);
  EXPECT_EQ(Inclusive(t, s, Operation::kEq, {Value::String("abcdef")}), "ref(1000) == abc");
  EXPECT_EQ(Inclusive(t, s, Operation::kLt, {Value::String("abcdef")}), "ref(1000) <= abc");
  EXPECT_EQ(Inclusive(t, s, Operation::kGt, {Value::String("abcdef")}), "ref(1000) >= abc");
  EXPECT_EQ(Inclusive(t, s, Operation::kStartsWith, {Value::String("ab")}), "ref(1000) starts_with ab");
  EXPECT_EQ(Inclusive(t, s, Operation::kStartsWith, {Value::String("abcd")}), "ref(1000) == abc");
  EXPECT_EQ(Inclusive(t, s, Operation::kNotStartsWith, {Value::String("ab")}), "ref(1000) not_starts_with ab");
  EXPECT_EQ(Inclusive(t, s, Operation::kNotStartsWith, {Value::String("abc")}), "ref(1000) != abc");
  EXPECT_EQ(Inclusive(t, s, Operation::kNotStartsWith, {Value::String("abcd")}), "true");
  // code points, not bytes
  EXPECT_EQ(Inclusive(t, s, Operation::kStartsWith, {Value::String("\xC3\xA9t\xC3\xA9")}),
            "ref(1000) == \xC3\xA9t\xC3\xA9");
  EXPECT_EQ(Strict(t, s, Operation::kStartsWith, {Value::String("ab")}), "ref(1000) starts_with ab");
  EXPECT_EQ(Strict(t, s, Operation::kStartsWith, {Value::String("abcd")}), "false");
  EXPECT_EQ(Strict(t, s, Operation::kLt, {Value::String("abcdef")}), "ref(1000) < abc");
}

TEST(ProjectionsTest, VoidProjectsNothing) {
  auto t = Transform::Void();
  EXPECT_EQ(Inclusive(t, Prim(TypeKind::kInt), Operation::kEq, {Value::Int32(1)}), "true");
  EXPECT_EQ(Inclusive(t, Prim(TypeKind::kInt), Operation::kIsNull, {}), "true");
  EXPECT_EQ(Strict(t, Prim(TypeKind::kInt), Operation::kEq, {Value::Int32(1)}), "false");
}

TEST(ProjectionsTest, TreesNotsAndSeveralFields) {
  Schema schema(0, {NestedField::Optional(1, "ts", Prim(TypeKind::kTimestamp)),
                    NestedField::Optional(2, "id", Prim(TypeKind::kLong))});
  PartitionSpec spec(0, {PartitionField(1, 1000, "ts_day", Transform::Day()),
                         PartitionField(1, 1001, "ts_hour", Transform::Hour()),
                         PartitionField(2, 1002, "id_bucket", Transform::Bucket(4))});
  auto ts = Predicate::Make(Operation::kGtEq, 1, {Value::TimestampNtz(Ts("1970-01-02 00:00:00"))});
  auto id = Predicate::Make(Operation::kEq, 2, {Value::Int64(7)});
  // both fields of ts project; AND of them
  EXPECT_EQ(Projections::Inclusive(spec, schema, ts)->ToString(), "(ref(1000) >= 1970-01-02 and ref(1001) >= 24)");
  // NOT(ts < x) is ts >= x; an OR keeps both sides
  auto e = Expression::Or(Expression::Not(Predicate::Make(Operation::kLt, 1, {ts->literal()})), id);
  std::string bucket = Transform::Bucket(4).Apply(Value::Int64(7)).ToString();
  EXPECT_EQ(Projections::Inclusive(spec, schema, e)->ToString(),
            "((ref(1000) >= 1970-01-02 and ref(1001) >= 24) or ref(1002) == " + bucket + ")");
  // a predicate on a column the spec does not partition by is true (inclusive), false (strict)
  Schema three(0, {schema.fields()[0], schema.fields()[1], NestedField::Optional(3, "x", Prim(TypeKind::kInt))});
  auto x = Predicate::Make(Operation::kEq, 3, {Value::Int32(1)});
  EXPECT_EQ(Projections::Inclusive(spec, three, Expression::And(x, id))->ToString(), "ref(1002) == " + bucket);
  EXPECT_EQ(Projections::Strict(spec, three, Expression::Or(x, id))->ToString(), "false");
}

TEST(ProjectionsTest, StepValue) {
  EXPECT_TRUE(StepValue(Value::Int32(INT32_MAX), 1).is_null());
  EXPECT_EQ(StepValue(Value::Date(0), -1).ToString(), "1969-12-31");
  EXPECT_EQ(StepValue(Value::Decimal(100, 5, 2), 1).ToString(), "1.01");
}

// A runtime filter's many keys projected through a transform: the set of their results,
// sorted, whatever the order of the keys; bucket[N] stops once all N buckets are seen.
TEST(ProjectionsTest, ManyKeysProjectToTheSetOfTheirResults) {
  Schema schema(0, {NestedField::Optional(1, "id", Prim(TypeKind::kLong))});
  for (int buckets : {4, 16, 1000}) {
    PartitionSpec spec(0, {PartitionField(1, 1000, "id_bucket", Transform::Bucket(buckets))});
    for (int64_t count : {20, 50, 5000}) {
      std::vector<Value> keys;
      std::set<int32_t> expected;
      for (int64_t k = 0; k < count; ++k) {
        keys.push_back(Value::Int64(k * 7919 % 100003));
        expected.insert(Transform::Bucket(buckets).Apply(keys.back()).int32());
      }
      auto projected = Projections::Inclusive(spec, schema, Predicate::Make(Operation::kIn, 1, keys));
      ASSERT_TRUE(projected->IsPredicate()) << projected->ToString();
      const auto& p = static_cast<const Predicate&>(*projected);
      std::vector<int32_t> got;
      for (const Value& v : p.literals()) got.push_back(v.int32());
      std::vector<int32_t> want(expected.begin(), expected.end());
      if (want.size() == 1) {
        EXPECT_EQ(p.op(), Operation::kEq);
      } else {
        EXPECT_EQ(p.op(), Operation::kIn);
        if (count > 16) EXPECT_EQ(got, want) << buckets << " buckets, " << count << " keys";
      }
    }
  }
}

}  // namespace
}  // namespace floe::iceberg
