#include "iceberg/transforms/transform.h"

#include <gtest/gtest.h>

#include "common/date_time.h"
#include "common/exception.h"
#include "common/vector.h"
#include "iceberg/transforms/bucket_hash.h"

namespace floe::iceberg {
namespace {

int64_t Ts(const char* text) {
  int64_t micros = 0;
  EXPECT_TRUE(ParseTimestamp(text, TimeZone::Utc(), &micros)) << text;
  return micros;
}

int32_t Day(const char* text) {
  int32_t days = 0;
  EXPECT_TRUE(ParseDate(text, &days)) << text;
  return days;
}

std::string Hex(const char* hex) {
  std::string out;
  for (size_t i = 0; hex[i] && hex[i + 1]; i += 2) {
    out += static_cast<char>(std::stoi(std::string(hex + i, 2), nullptr, 16));
  }
  return out;
}

// Appendix B of the Iceberg spec: "32-bit Hash Requirements".
TEST(BucketHashTest, SpecAppendixValues) {
  EXPECT_EQ(BucketHash(Value::Int32(34)), 2017239379);
  EXPECT_EQ(BucketHash(Value::Int64(34)), 2017239379);
  EXPECT_EQ(BucketHash(Value::Decimal(1420, 9, 2)), -500754589);
  EXPECT_EQ(BucketHash(Value::Date(Day("2017-11-16"))), -653330422);
  // time 22:31:08, micros of the day: as a time and as the long it is stored as
  EXPECT_EQ(BucketHash(Value::Time((22 * 3600 + 31 * 60 + 8) * kMicrosPerSecond)), -662762989);
  EXPECT_EQ(BucketHash(Value::Int64((22 * 3600 + 31 * 60 + 8) * kMicrosPerSecond)), -662762989);
  EXPECT_EQ(BucketHash(Value::TimestampNtz(Ts("2017-11-16 22:31:08"))), -2047944441);
  EXPECT_EQ(BucketHash(Value::TimestampNtz(Ts("2017-11-16 22:31:08.000001"))), -1207196810);
  EXPECT_EQ(BucketHash(Value::Timestamp(Ts("2017-11-16T14:31:08-08:00"))), -2047944441);
  EXPECT_EQ(BucketHash(Value::Timestamp(Ts("2017-11-16T14:31:08.000001-08:00"))), -1207196810);
  EXPECT_EQ(BucketHash(Value::String("iceberg")), 1210000089);
  EXPECT_EQ(BucketHash(Value::Binary(Hex("f79c3e09677c4bbda4793f349cb785e7"))), 1488055340);
  EXPECT_EQ(BucketHash(Value::Binary(Hex("00010203"))), -188683207);
}

int64_t Nanos(const char* text) {
  int64_t nanos = 0;
  EXPECT_TRUE(ParseTimestampNanos(text, TimeZone::Utc(), &nanos)) << text;
  return nanos;
}

// Appendix B, timestamp_ns and timestamptz_ns ("converted to microsecond precision before
// hashing"), as TestBucketing.testTimestampNanoPromotion / testTimestampTzNanoPromotion;
// TestDateTimeUtil.nanosToMicros floors a negative value.
TEST(BucketHashTest, TimestampNanosHashTheirMicros) {
  EXPECT_EQ(BucketHash(Value::TimestampNtzNs(Nanos("2017-11-16T22:31:08"))), -2047944441);
  EXPECT_EQ(BucketHash(Value::TimestampNtzNs(Nanos("2017-11-16T22:31:08.000001001"))), -1207196810);
  EXPECT_EQ(BucketHash(Value::TimestampNs(Nanos("2017-11-16T14:31:08-08:00"))), -2047944441);
  EXPECT_EQ(BucketHash(Value::TimestampNs(Nanos("2017-11-16T14:31:08.000001001-08:00"))), -1207196810);
  EXPECT_EQ(BucketHash(Value::TimestampNs(-1510871468000001001)), BucketHash(Value::Timestamp(-1510871468000002)));
}

TEST(BucketHashTest, DecimalMinimalBytes) {
  EXPECT_EQ(DecimalToMinimalBytes(0), std::string(1, '\0'));
  EXPECT_EQ(DecimalToMinimalBytes(127), "\x7f");
  EXPECT_EQ(DecimalToMinimalBytes(128), std::string("\x00\x80", 2));
  EXPECT_EQ(DecimalToMinimalBytes(-1), "\xff");
  EXPECT_EQ(DecimalToMinimalBytes(-128), "\x80");
  EXPECT_EQ(DecimalToMinimalBytes(-129), "\xff\x7f");
  EXPECT_EQ(DecimalToMinimalBytes(1420), "\x05\x8c");
}

TEST(TransformTest, ParsesSpecAndSparkSpellings) {
  EXPECT_EQ(Transform::FromString("bucket[16]"), Transform::Bucket(16));
  EXPECT_EQ(Transform::FromString("truncate[4]"), Transform::Truncate(4));
  EXPECT_EQ(Transform::FromString("day"), Transform::Day());
  EXPECT_EQ(Transform::FromString("identity"), Transform::Identity());
  EXPECT_EQ(Transform::FromString("void"), Transform::Void());
  EXPECT_THROW(Transform::FromString("bucket[0]"), InvalidInputError);
  EXPECT_THROW(Transform::FromString("bucket[x]"), InvalidInputError);
  EXPECT_THROW(Transform::FromString("weeks"), InvalidInputError);
  for (const char* name : {"days", "day"}) {
    EXPECT_EQ(Transform::FromSparkFunction(name, std::nullopt), Transform::Day());
  }
  EXPECT_EQ(Transform::FromSparkFunction("years", std::nullopt), Transform::Year());
  EXPECT_EQ(Transform::FromSparkFunction("month", std::nullopt), Transform::Month());
  EXPECT_EQ(Transform::FromSparkFunction("HOURS", std::nullopt), Transform::Hour());
  EXPECT_THROW(Transform::FromSparkFunction("bucket", std::nullopt), InvalidInputError);
  std::string column;
  EXPECT_EQ(Transform::ParseSparkExpression("bucket(16, id)", &column), Transform::Bucket(16));
  EXPECT_EQ(column, "id");
  EXPECT_EQ(Transform::ParseSparkExpression("truncate(4, `name`)", &column), Transform::Truncate(4));
  EXPECT_EQ(column, "name");
  EXPECT_EQ(Transform::ParseSparkExpression(" days(event_time) ", &column), Transform::Day());
  EXPECT_EQ(column, "event_time");
  EXPECT_EQ(Transform::ParseSparkExpression("region", &column), Transform::Identity());
  EXPECT_EQ(column, "region");
  EXPECT_THROW(Transform::ParseSparkExpression("fortnights(ts)", &column), InvalidInputError);
  EXPECT_EQ(Transform::Bucket(16).ToString(), "bucket[16]");
}

TEST(TransformTest, CanTransformAndResultTypes) {
  auto boolean = Type::Primitive(TypeKind::kBoolean);
  auto ts = Type::Primitive(TypeKind::kTimestampTz);
  auto date = Type::Primitive(TypeKind::kDate);
  EXPECT_FALSE(Transform::Bucket(4).CanTransform(*boolean));
  try {
    Transform::Bucket(4).CheckCanTransform(*boolean, "flag");
    FAIL() << "bucket on boolean must be rejected";
  } catch (const InvalidInputError& e) {
    EXPECT_NE(std::string(e.what()).find("flag"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("bucket[4]"), std::string::npos);
  }
  EXPECT_FALSE(Transform::Bucket(4).CanTransform(*Type::Primitive(TypeKind::kDouble)));
  EXPECT_FALSE(Transform::Hour().CanTransform(*date));
  EXPECT_TRUE(Transform::Day().CanTransform(*date));
  EXPECT_FALSE(Transform::Day().CanTransform(*Type::Primitive(TypeKind::kString)));
  EXPECT_TRUE(Transform::Truncate(3).CanTransform(*Type::Primitive(TypeKind::kString)));
  EXPECT_FALSE(Transform::Truncate(3).CanTransform(*date));
  EXPECT_EQ(Transform::Day().ResultType(ts)->kind(), TypeKind::kDate);
  EXPECT_EQ(Transform::Hour().ResultType(ts)->kind(), TypeKind::kInt);
  EXPECT_EQ(Transform::Bucket(8).ResultType(date)->kind(), TypeKind::kInt);
  EXPECT_EQ(Transform::Identity().ResultType(ts)->kind(), TypeKind::kTimestampTz);
}

TEST(TransformTest, TimeTransformsFloorBeforeEpoch) {
  int64_t ts = Ts("2026-01-15 10:20:30");
  EXPECT_EQ(Transform::Year().Apply(Value::Timestamp(ts)), Value::Int32(56));
  EXPECT_EQ(Transform::Month().Apply(Value::Timestamp(ts)), Value::Int32(56 * 12));
  EXPECT_EQ(Transform::Day().Apply(Value::Timestamp(ts)), Value::Date(Day("2026-01-15")));
  EXPECT_EQ(Transform::Hour().Apply(Value::Timestamp(ts)).int32(), Day("2026-01-15") * 24 + 10);
  // One microsecond before the epoch is in 1969-12-31 23:00.
  EXPECT_EQ(Transform::Year().Apply(Value::Timestamp(-1)), Value::Int32(-1));
  EXPECT_EQ(Transform::Month().Apply(Value::Timestamp(-1)), Value::Int32(-1));
  EXPECT_EQ(Transform::Day().Apply(Value::Timestamp(-1)), Value::Date(-1));
  EXPECT_EQ(Transform::Hour().Apply(Value::Timestamp(-1)), Value::Int32(-1));
  EXPECT_EQ(Transform::Year().Apply(Value::Date(Day("1969-01-01"))), Value::Int32(-1));
  EXPECT_EQ(Transform::Month().Apply(Value::Date(Day("1968-12-31"))), Value::Int32(-13));
  EXPECT_TRUE(Transform::Day().Apply(Value::Null(TypeId::kTimestamp)).is_null());
  EXPECT_TRUE(Transform::Void().Apply(Value::Int32(5)).is_null());
}

// TestTimestamps.testTimestampNanoTransform; TestDateTimeUtil.convertNanos and
// convertNanosNegative.
TEST(TransformTest, TimeTransformsOfNanos) {
  Value v = Value::TimestampNtzNs(Nanos("2017-12-01T10:12:55.038194789"));
  EXPECT_EQ(Transform::Year().Apply(v), Value::Int32(47));
  EXPECT_EQ(Transform::Month().Apply(v), Value::Int32(575));
  EXPECT_EQ(Transform::Day().Apply(v), Value::Date(17501));
  EXPECT_EQ(Transform::Hour().Apply(v), Value::Int32(420034));
  for (const Value& x : {Value::TimestampNtzNs(Nanos("1970-01-01T00:00:01.000000001")), Value::TimestampNs(0)}) {
    EXPECT_EQ(Transform::Year().Apply(x), Value::Int32(0));
    EXPECT_EQ(Transform::Day().Apply(x), Value::Date(0));
    EXPECT_EQ(Transform::Hour().Apply(x), Value::Int32(0));
  }
  Value before = Value::TimestampNtzNs(Nanos("1969-12-31T23:59:59.999999999"));
  EXPECT_EQ(before.int64(), -1);
  EXPECT_EQ(Transform::Year().Apply(before), Value::Int32(-1));
  EXPECT_EQ(Transform::Month().Apply(before), Value::Int32(-1));
  EXPECT_EQ(Transform::Day().Apply(before), Value::Date(-1));
  EXPECT_EQ(Transform::Hour().Apply(before), Value::Int32(-1));
  Value pos = Value::TimestampNs(1510871468000001001), neg = Value::TimestampNs(-1510871468000001001);
  EXPECT_EQ(Transform::Year().Apply(pos), Value::Int32(47));
  EXPECT_EQ(Transform::Month().Apply(pos), Value::Int32(574));
  EXPECT_EQ(Transform::Day().Apply(pos), Value::Date(17486));
  EXPECT_EQ(Transform::Hour().Apply(pos), Value::Int32(419686));
  EXPECT_EQ(Transform::Year().Apply(neg), Value::Int32(-48));
  EXPECT_EQ(Transform::Month().Apply(neg), Value::Int32(-575));
  EXPECT_EQ(Transform::Day().Apply(neg), Value::Date(-17487));
  EXPECT_EQ(Transform::Hour().Apply(neg), Value::Int32(-419687));
  // the vector path (the writer's routing) gives the same
  Vector in(TypeId::kTimestampNs, 2), out(TypeId::kInt32, 2);
  in.SetValue(0, pos);
  in.SetValue(1, neg);
  Transform::Hour().Apply(in, 2, &out);
  EXPECT_EQ(out.GetValue(0), Value::Int32(419686));
  EXPECT_EQ(out.GetValue(1), Value::Int32(-419687));
  Vector buckets(TypeId::kInt32, 2);
  Transform::Bucket(100).Apply(in, 2, &buckets);
  EXPECT_EQ(buckets.GetValue(0), Transform::Bucket(100).Apply(pos));
  EXPECT_EQ(buckets.GetValue(1), Transform::Bucket(100).Apply(neg));
  // the spec's transforms of timestamp_ns: no truncate
  for (TypeKind k : {TypeKind::kTimestampNs, TypeKind::kTimestampTzNs}) {
    auto t = Type::Primitive(k);
    EXPECT_TRUE(Transform::Hour().CanTransform(*t));
    EXPECT_TRUE(Transform::Year().CanTransform(*t));
    EXPECT_TRUE(Transform::Bucket(4).CanTransform(*t));
    EXPECT_TRUE(Transform::Identity().CanTransform(*t));
    EXPECT_FALSE(Transform::Truncate(4).CanTransform(*t));
    EXPECT_EQ(Transform::Day().ResultType(t)->kind(), TypeKind::kDate);  // testTimestampNanosReturnType
  }
}

// TestTimestamps.testTimestampNanoWithoutZoneToHumanString, ...WithZoneToHumanString,
// testNegativeTimestampNanoWithoutZoneToHumanString{LowerBound,UpperBound}; identity as
// TestDateTimeUtil.convertNanos (DateTimeUtil.nanosToIsoTimestamp[tz]).
TEST(TransformTest, HumanStringsOfNanos) {
  auto ntz = Type::Primitive(TypeKind::kTimestampNs), tz = Type::Primitive(TypeKind::kTimestampTzNs);
  auto human = [](const Transform& t, const TypePtr& type, const Value& v) { return t.ToHumanString(*type, t.Apply(v)); };
  Value v = Value::TimestampNtzNs(Nanos("2017-12-01T10:12:55.038194789"));
  EXPECT_EQ(human(Transform::Year(), ntz, v), "2017");
  EXPECT_EQ(human(Transform::Month(), ntz, v), "2017-12");
  EXPECT_EQ(human(Transform::Day(), ntz, v), "2017-12-01");
  EXPECT_EQ(human(Transform::Hour(), ntz, v), "2017-12-01-10");
  Value with_zone = Value::TimestampNs(Nanos("2017-12-01T10:12:55.038194789-08:00"));
  EXPECT_EQ(human(Transform::Hour(), tz, with_zone), "2017-12-01-18");
  Value lower = Value::TimestampNtzNs(Nanos("1969-12-30T00:00:00.000000000"));
  EXPECT_EQ(human(Transform::Day(), ntz, lower), "1969-12-30");
  EXPECT_EQ(human(Transform::Hour(), ntz, lower), "1969-12-30-00");
  Value upper = Value::TimestampNtzNs(Nanos("1969-12-31T23:59:59.999999999"));
  EXPECT_EQ(human(Transform::Month(), ntz, upper), "1969-12");
  EXPECT_EQ(human(Transform::Hour(), ntz, upper), "1969-12-31-23");
  EXPECT_EQ(Transform::Hour().ToHumanString(*tz, Value::Null(TypeId::kInt32)), "null");
  EXPECT_EQ(Transform::Identity().ToHumanString(*ntz, Value::TimestampNtzNs(1510871468000001001)),
            "2017-11-16T22:31:08.000001001");
  EXPECT_EQ(Transform::Identity().ToHumanString(*tz, Value::TimestampNs(-1510871468000001001)),
            "1922-02-15T01:28:51.999998999+00:00");
  EXPECT_EQ(Transform::Identity().ToHumanString(*ntz, Value::TimestampNtzNs(Nanos("2017-11-16T22:31:00"))),
            "2017-11-16T22:31:00");
}

TEST(TransformTest, TruncateSpecExamples) {
  Transform t10 = Transform::Truncate(10);
  EXPECT_EQ(t10.Apply(Value::Int32(1)), Value::Int32(0));
  EXPECT_EQ(t10.Apply(Value::Int32(-1)), Value::Int32(-10));
  EXPECT_EQ(t10.Apply(Value::Int64(1)), Value::Int64(0));
  EXPECT_EQ(t10.Apply(Value::Int64(-1)), Value::Int64(-10));
  EXPECT_EQ(Transform::Truncate(50).Apply(Value::Decimal(1065, 4, 2)).decimal(), 1050);
  EXPECT_EQ(Transform::Truncate(3).Apply(Value::String("iceberg")), Value::String("ice"));
  // Code points, not bytes: "é" is two bytes.
  EXPECT_EQ(Transform::Truncate(2).Apply(Value::String("\xc3\xa9t\xc3\xa9")), Value::String("\xc3\xa9t"));
  EXPECT_EQ(Transform::Truncate(2).Apply(Value::Binary("abc")), Value::Binary("ab"));
}

TEST(TransformTest, BucketAppliesModulo) {
  // (2017239379 & INT_MAX) % 16
  EXPECT_EQ(Transform::Bucket(16).Apply(Value::Int32(34)), Value::Int32(2017239379 % 16));
  int32_t h = -188683207;
  EXPECT_EQ(Transform::Bucket(100).Apply(Value::Binary(Hex("00010203"))),
            Value::Int32((h & 0x7fffffff) % 100));
}

TEST(TransformTest, VectorApplyMatchesValueApply) {
  std::vector<Transform> transforms = {Transform::Year(), Transform::Month(), Transform::Day(),
                                       Transform::Hour(), Transform::Bucket(7), Transform::Identity(),
                                       Transform::Void()};
  Vector input(TypeId::kTimestamp, 64);
  for (size_t i = 0; i < 64; ++i) {
    if (i % 9 == 0) {
      input.SetNull(i, true);
    } else {
      input.SetValue(i, Value::Timestamp((static_cast<int64_t>(i) - 32) * 3 * kMicrosPerDay + 12345));
    }
  }
  auto source = Type::Primitive(TypeKind::kTimestampTz);
  for (const auto& t : transforms) {
    Vector out(t.ResultType(source)->ToLogicalType(), 64);
    t.Apply(input, 64, &out);
    for (size_t i = 0; i < 64; ++i) {
      Value expected = t.Apply(input.GetValue(i));
      Value got = out.GetValue(i);
      ASSERT_EQ(got.is_null(), expected.is_null()) << t.ToString() << " row " << i;
      if (!got.is_null()) {
        EXPECT_EQ(got, expected) << t.ToString() << " row " << i;
      }
    }
  }
  Vector strings(TypeId::kString, 3);
  strings.SetValue(0, Value::String("iceberg"));
  strings.SetNull(1, true);
  strings.SetValue(2, Value::String("ab"));
  Vector truncated(TypeId::kString, 3);
  Transform::Truncate(3).Apply(strings, 3, &truncated);
  EXPECT_EQ(truncated.GetValue(0), Value::String("ice"));
  EXPECT_TRUE(truncated.IsNull(1));
  EXPECT_EQ(truncated.GetValue(2), Value::String("ab"));
  Vector buckets(TypeId::kInt32, 3);
  Transform::Bucket(16).Apply(strings, 3, &buckets);
  EXPECT_EQ(buckets.GetValue(0), Transform::Bucket(16).Apply(Value::String("iceberg")));
  // A time column: bucket hashes its micros of the day as a long (the spec's 22:31:08).
  Vector times(TypeId::kTime, 2);
  times.SetValue(0, Value::Time((22 * 3600 + 31 * 60 + 8) * kMicrosPerSecond));
  times.SetNull(1, true);
  Vector time_buckets(TypeId::kInt32, 2);
  Transform::Bucket(100).Apply(times, 2, &time_buckets);
  EXPECT_EQ(time_buckets.GetValue(0), Value::Int32((-662762989 & 0x7fffffff) % 100));
  EXPECT_TRUE(time_buckets.IsNull(1));
  EXPECT_EQ(Transform::Identity().Apply(times.GetValue(0)), times.GetValue(0));
}

TEST(TransformTest, HumanStrings) {
  auto ts = Type::Primitive(TypeKind::kTimestampTz);
  auto ntz = Type::Primitive(TypeKind::kTimestamp);
  auto date = Type::Primitive(TypeKind::kDate);
  int64_t t = Ts("2026-01-15 10:20:30");
  EXPECT_EQ(Transform::Day().ToHumanString(*ts, Transform::Day().Apply(Value::Timestamp(t))), "2026-01-15");
  EXPECT_EQ(Transform::Hour().ToHumanString(*ts, Transform::Hour().Apply(Value::Timestamp(t))), "2026-01-15-10");
  EXPECT_EQ(Transform::Month().ToHumanString(*ts, Transform::Month().Apply(Value::Timestamp(t))), "2026-01");
  EXPECT_EQ(Transform::Year().ToHumanString(*ts, Transform::Year().Apply(Value::Timestamp(t))), "2026");
  EXPECT_EQ(Transform::Hour().ToHumanString(*ts, Value::Int32(-1)), "1969-12-31-23");
  EXPECT_EQ(Transform::Month().ToHumanString(*ts, Value::Int32(-1)), "1969-12");
  EXPECT_EQ(Transform::Year().ToHumanString(*date, Value::Int32(-1)), "1969");
  EXPECT_EQ(Transform::Day().ToHumanString(*date, Value::Null(TypeId::kDate)), "null");
  EXPECT_EQ(Transform::Identity().ToHumanString(*ts, Value::Timestamp(t)), "2026-01-15T10:20:30Z");
  EXPECT_EQ(Transform::Identity().ToHumanString(*ntz, Value::TimestampNtz(Ts("2026-01-15 10:20:00"))),
            "2026-01-15T10:20");
  EXPECT_EQ(Transform::Identity().ToHumanString(*ntz, Value::TimestampNtz(Ts("2026-01-15 10:20:00.5"))),
            "2026-01-15T10:20:00.500");
  EXPECT_EQ(Transform::Identity().ToHumanString(*Type::Primitive(TypeKind::kBinary), Value::Binary("abcd")),
            "YWJjZA==");
  EXPECT_EQ(Transform::Identity().ToHumanString(*Type::Decimal(9, 2), Value::Decimal(-5, 9, 2)), "-0.05");
  EXPECT_EQ(Transform::Bucket(4).ToHumanString(*date, Value::Int32(3)), "3");
}

}  // namespace
}  // namespace floe::iceberg
