// The runtime filter a hash join publishes for dynamic partition pruning, and the slot
// it goes through: publish / read, the key list, the range and the Bloom filter, with no
// false negatives for any key type and NULL never matching.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <set>

#include "common/vector_operations.h"
#include "execution/runtime_filter/runtime_filter.h"
#include "execution/runtime_filter/runtime_filter_slot.h"

namespace floe {
namespace {

Vector Column(LogicalType type, const std::vector<Value>& values) {
  Vector v(type, std::max<size_t>(values.size(), 1));
  for (size_t i = 0; i < values.size(); ++i) v.SetValue(i, values[i]);
  return v;
}

std::shared_ptr<const RuntimeFilter> Filter(LogicalType type, const std::vector<Value>& values, size_t max_values) {
  Vector v = Column(type, values);
  return RuntimeFilter::FromBuildKeys(v, values.size(), max_values);
}

BoundExpressionPtr ProbeKey(LogicalType type) { return BoundExpression::ColumnRef(0, type, "k"); }

TEST(RuntimeFilterSlotTest, ReadsNothingUntilTheBuildSidePublishes) {
  RuntimeFilterSlot slot(3);
  EXPECT_EQ(slot.Name(), "dynamicpruning#3");
  EXPECT_EQ(slot.Read(), nullptr);
  auto first = Filter(TypeId::kInt32, {Value::Int32(1)}, 10);
  slot.Publish(first);
  EXPECT_EQ(slot.Read(), first);
  // a second run of the plan publishes again: the newest filter is read
  auto second = Filter(TypeId::kInt32, {Value::Int32(2)}, 10);
  slot.Publish(second);
  EXPECT_EQ(slot.Read(), second);
}

TEST(RuntimeFilterTest, ListsTheDistinctNonNullKeysInOrder) {
  auto f = Filter(TypeId::kInt32,
                  {Value::Int32(7), Value::Null(TypeId::kInt32), Value::Int32(3), Value::Int32(7), Value::Int32(-2)}, 3);
  ASSERT_TRUE(f->exact());
  EXPECT_EQ(f->bloom(), nullptr);
  ASSERT_EQ(f->values().size(), 3u);
  // (more rows than max_values: listed by the hash pass) kept as 8-byte keys, not Values
  EXPECT_NE(f->values().integers(), nullptr);
  EXPECT_EQ(f->values().type(), LogicalType(TypeId::kInt32));
  EXPECT_EQ(f->values()[0].int32(), -2);
  EXPECT_EQ(f->values()[1].int32(), 3);
  EXPECT_EQ(f->values()[2].int32(), 7);
  EXPECT_EQ(f->min().int32(), -2);
  EXPECT_EQ(f->max().int32(), 7);
  EXPECT_EQ(f->build_rows(), 5u);
  EXPECT_EQ(f->Describe(), "3 distinct keys");
  auto e = f->ToExpression(*ProbeKey(TypeId::kInt32));
  EXPECT_EQ(e->kind, BoundExpressionKind::kIn);
  EXPECT_EQ(e->text, "k IN (3 values)");
  ASSERT_EQ(e->children.size(), 1u);  // the keys are shared, not copied into children
  ASSERT_NE(e->in_list, nullptr);
  EXPECT_EQ(e->in_list.get(), &f->values());
  EXPECT_TRUE(f->MayContain(Value::Int32(3)));
  EXPECT_FALSE(f->MayContain(Value::Int32(4)));
  EXPECT_FALSE(f->MayContain(Value::Null(TypeId::kInt32)));
}

TEST(RuntimeFilterTest, AboveMaxValuesIsARangeAndABloomFilter) {
  std::vector<Value> keys;
  for (int i = 0; i < 100; ++i) keys.push_back(Value::Int64(i * 10));
  keys.push_back(Value::Null(TypeId::kInt64));
  auto f = Filter(TypeId::kInt64, keys, 99);
  ASSERT_FALSE(f->exact());
  ASSERT_NE(f->bloom(), nullptr);
  EXPECT_TRUE(f->values().empty());
  EXPECT_EQ(f->min().int64(), 0);
  EXPECT_EQ(f->max().int64(), 990);
  EXPECT_EQ(f->Describe(), "min/max range and Bloom filter (more than 99 distinct keys)");
  auto e = f->ToExpression(*ProbeKey(TypeId::kInt64));
  EXPECT_EQ(e->kind, BoundExpressionKind::kAnd);
  EXPECT_EQ(e->text, "(k >= 0) AND (k <= 990)");
  for (int i = 0; i < 100; ++i) EXPECT_TRUE(f->MayContain(Value::Int64(i * 10))) << i;
  EXPECT_FALSE(f->MayContain(Value::Int64(-1)));    // below the range
  EXPECT_FALSE(f->MayContain(Value::Int64(1000)));  // above it
  EXPECT_FALSE(f->MayContain(Value::Null(TypeId::kInt64)));
  // inside the range, most of the values between the keys are ruled out
  int passed = 0;
  for (int i = 0; i < 990; ++i) passed += i % 10 != 0 && f->MayContain(Value::Int64(i));
  EXPECT_LT(passed, 9);  // 891 non-keys at a rate of about 0.1%
  // int keys promote: an INT partition value of a column now BIGINT hashes alike
  EXPECT_TRUE(f->MayContain(Value::Int32(500)));
}

TEST(RuntimeFilterTest, NoKeyButNullMatchesNothing) {
  auto f = Filter(TypeId::kString, {Value::Null(TypeId::kString), Value::Null(TypeId::kString)}, 10);
  EXPECT_TRUE(f->exact());
  EXPECT_TRUE(f->values().empty());
  EXPECT_EQ(f->Describe(), "0 distinct keys");
  auto e = f->ToExpression(*ProbeKey(TypeId::kString));
  EXPECT_EQ(e->kind, BoundExpressionKind::kConstant);
  EXPECT_EQ(e->text, "false");
  EXPECT_FALSE(f->MayContain(Value::String("")));
  // above max_values with NULLs among the keys: still only the non-NULL ones count
  auto g = Filter(TypeId::kString, {Value::Null(TypeId::kString), Value::String("a"), Value::String("b")}, 1);
  EXPECT_FALSE(g->exact());
  EXPECT_EQ(g->min().str(), "a");
  EXPECT_EQ(g->max().str(), "b");
}

// Every build key of every type passes its own Bloom filter, and NULL never does.
TEST(RuntimeFilterTest, BloomFilterHasNoFalseNegativesForAnyType) {
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<int64_t> any(-1000000000, 1000000000);
  const std::vector<LogicalType> types = {TypeId::kBoolean,   TypeId::kInt32,  TypeId::kInt64,
                                          TypeId::kDate,      TypeId::kTimestamp, TypeId::kTimestampNtz,
                                          TypeId::kFloat,     TypeId::kDouble, LogicalType::Decimal(10, 2),
                                          LogicalType::Decimal(38, 6), TypeId::kString, TypeId::kBinary};
  for (const LogicalType& type : types) {
    std::vector<Value> keys;
    for (int i = 0; i < 3000; ++i) {
      int64_t r = any(rng);
      switch (type.id()) {
        case TypeId::kBoolean: keys.push_back(Value::Boolean(r % 2)); break;
        case TypeId::kInt32: keys.push_back(Value::Int32(static_cast<int32_t>(r))); break;
        case TypeId::kInt64: keys.push_back(Value::Int64(r * 1000003)); break;
        case TypeId::kDate: keys.push_back(Value::Date(static_cast<int32_t>(r % 100000))); break;
        case TypeId::kTimestamp: keys.push_back(Value::Timestamp(r * 1000)); break;
        case TypeId::kTimestampNtz: keys.push_back(Value::TimestampNtz(r * 1000)); break;
        case TypeId::kFloat: keys.push_back(Value::Float(static_cast<float>(r) / 7)); break;
        case TypeId::kDouble: keys.push_back(Value::Double(static_cast<double>(r) / 7)); break;
        case TypeId::kDecimal:
          keys.push_back(Value::Decimal((static_cast<int128_t>(r) << (type.precision() > 18 ? 40 : 0)) % 10000000000,
                                        type.precision(), type.scale()));
          break;
        case TypeId::kString: keys.push_back(Value::String("key-" + std::to_string(r))); break;
        case TypeId::kBinary: keys.push_back(Value::Binary(std::string("\0\xff", 2) + std::to_string(r))); break;
        default: break;
      }
      if (i % 97 == 0) keys.push_back(Value::Null(type));
    }
    auto f = Filter(type, keys, 100);
    if (type.id() == TypeId::kBoolean) {
      EXPECT_TRUE(f->exact());  // two keys only
    } else {
      ASSERT_FALSE(f->exact()) << type.ToString();
    }
    for (const Value& k : keys) {
      if (k.is_null()) {
        EXPECT_FALSE(f->MayContain(k)) << type.ToString();
      } else {
        EXPECT_TRUE(f->MayContain(k)) << type.ToString() << " " << k.ToString();
      }
    }
  }
}

// Keys are compared as Spark's normalized join keys compare them: -0.0 joins 0.0 and
// every NaN joins every other NaN, so a filter of one must keep the other.
TEST(RuntimeFilterTest, NaNAndSignedZerosMatchTheirNormalizedForms) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (size_t max_values : {size_t{10}, size_t{1}}) {
    auto f = Filter(TypeId::kDouble, {Value::Double(-0.0), Value::Double(nan), Value::Double(2.5)}, max_values);
    EXPECT_EQ(f->exact(), max_values == 10);
    EXPECT_TRUE(f->MayContain(Value::Double(0.0))) << max_values;
    EXPECT_TRUE(f->MayContain(Value::Double(-0.0))) << max_values;
    EXPECT_TRUE(f->MayContain(Value::Double(-nan))) << max_values;
    EXPECT_TRUE(f->MayContain(Value::Double(std::nan("7")))) << max_values;
    EXPECT_TRUE(f->MayContain(Value::Double(2.5))) << max_values;
    EXPECT_FALSE(f->MayContain(Value::Double(1.0))) << max_values;
    EXPECT_FALSE(f->MayContain(Value::Null(TypeId::kDouble))) << max_values;
    EXPECT_EQ(f->min().float64(), 0.0);
    EXPECT_TRUE(std::isnan(f->max().float64()));  // NaN orders above every number
  }
  // the first of equal keys represents them, as the set of keys did
  auto zeros = Filter(TypeId::kDouble, {Value::Double(0.0), Value::Double(-0.0)}, 10);
  ASSERT_EQ(zeros->values().size(), 1u);
  EXPECT_FALSE(std::signbit(zeros->values()[0].float64()));
  // FLOAT keys: a DOUBLE value of the same number (a float column promoted) hashes alike
  auto floats = Filter(TypeId::kFloat, {Value::Float(1.5f), Value::Float(-0.0f), Value::Float(3.0f)}, 1);
  EXPECT_TRUE(floats->MayContain(Value::Double(1.5)));
  EXPECT_TRUE(floats->MayContain(Value::Float(0.0f)));
}

TEST(RuntimeFilterTest, DecimalsOfAnotherScaleAreNeverRuledOutByTheBloomFilter) {
  std::vector<Value> keys;
  for (int i = 0; i < 50; ++i) keys.push_back(Value::Decimal(i * 100, 10, 2));  // 0.00 .. 49.00
  auto f = Filter(LogicalType::Decimal(10, 2), keys, 10);
  ASSERT_FALSE(f->exact());
  EXPECT_TRUE(f->MayContain(Value::Decimal(700, 10, 2)));
  EXPECT_TRUE(f->MayContain(Value::Decimal(7000, 12, 3)));  // 7.000: unscaled digits differ
  EXPECT_FALSE(f->MayContain(Value::Decimal(-100, 10, 2)));  // outside the range
}

// The key pass works on the column: its list equals the ordered set of keys a Value at a
// time gives, for many rows and many duplicates.
TEST(RuntimeFilterTest, KeyListMatchesAnOrderedSetOfValues) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> small(0, 700);
  const size_t rows = 20000;
  for (LogicalType type : {LogicalType(TypeId::kInt32), LogicalType(TypeId::kString), LogicalType(TypeId::kDouble)}) {
    Vector v(type, rows);
    for (size_t i = 0; i < rows; ++i) {
      int r = small(rng);
      if (r == 0) {
        v.SetNull(i, true);
      } else if (type.id() == TypeId::kInt32) {
        v.SetValue(i, Value::Int32(r * 31 - 5000));
      } else if (type.id() == TypeId::kString) {
        v.SetValue(i, Value::String("s" + std::to_string(r)));
      } else {
        v.SetValue(i, Value::Double(r == 1 ? std::nan("") : r / 3.0));
      }
    }
    auto less = [](const Value& a, const Value& b) { return a.Compare(b) < 0; };
    std::set<Value, decltype(less)> expected(less);
    for (size_t i = 0; i < rows; ++i) {
      if (!v.IsNull(i)) expected.insert(v.GetValue(i));
    }
    auto listed = RuntimeFilter::FromBuildKeys(v, rows, 1000);
    ASSERT_TRUE(listed->exact()) << type.ToString();
    ASSERT_EQ(listed->values().size(), expected.size()) << type.ToString();
    size_t i = 0;
    for (const Value& e : expected) EXPECT_EQ(listed->values()[i++].Compare(e), 0) << type.ToString();
    EXPECT_EQ(listed->min().Compare(*expected.begin()), 0);
    EXPECT_EQ(listed->max().Compare(*expected.rbegin()), 0);
    auto ranged = RuntimeFilter::FromBuildKeys(v, rows, expected.size() - 1);
    ASSERT_FALSE(ranged->exact()) << type.ToString();
    for (const Value& e : expected) EXPECT_TRUE(ranged->MayContain(e)) << type.ToString();
  }
}

// String keys are sorted by the 8 bytes after the prefix they all share, then by the whole
// strings within ties: the list is the ordered set of keys however they tie, for a shared
// prefix, runs that share the next 8 bytes and differ later, strings that end within those
// bytes, embedded zero bytes (which tie with an end) and high bytes (above every ASCII one).
TEST(RuntimeFilterTest, StringKeysAreListedInTheirByteOrder) {
  std::mt19937_64 rng(5);
  const std::string alphabet = std::string("\0az\x80\xff", 5);
  for (const std::string prefix : {"", "customer-", "a-long-shared-prefix-of-more-than-8-bytes/"}) {
    for (LogicalType type : {LogicalType(TypeId::kString), LogicalType(TypeId::kBinary)}) {
      const size_t rows = 6000;
      Vector v(type, rows);
      for (size_t i = 0; i < rows; ++i) {
        std::string s = prefix;
        size_t len = rng() % 14;  // across the 8 bytes the sort looks at first
        // half of them tie in their first 9 bytes more often (two letters there), so that
        // the whole strings order their runs
        bool ties = i % 2 == 0;
        for (size_t k = 0; k < len; ++k) s += alphabet[rng() % (ties && k < 9 ? 2 : alphabet.size())];
        if (i % 97 == 3) {
          v.SetNull(i, true);
          continue;
        }
        v.SetValue(i, type.id() == TypeId::kString ? Value::String(s) : Value::Binary(s));
      }
      auto less = [](const Value& a, const Value& b) { return a.Compare(b) < 0; };
      std::set<Value, decltype(less)> expected(less);
      for (size_t i = 0; i < rows; ++i) {
        if (!v.IsNull(i)) expected.insert(v.GetValue(i));
      }
      // the hash pass's rows (more rows than max_values), and no more rows than keys
      for (size_t max_values : {size_t{5000}, rows}) {
        auto listed = RuntimeFilter::FromBuildKeys(v, rows, max_values);
        ASSERT_TRUE(listed->exact()) << prefix;
        ASSERT_EQ(listed->values().size(), expected.size()) << prefix;
        size_t i = 0;
        for (const Value& e : expected) ASSERT_EQ(listed->values()[i++], e) << prefix << " " << i;
        for (const Value& e : expected) ASSERT_TRUE(listed->MayContain(e));
      }
    }
  }
}

// Integer-like keys of no more rows than max_values are listed by sorting the keys (no hash
// pass): the same ordered set of values, for every integer-like type, both signs, the extremes,
// duplicates and NULLs, fewer than 256 keys (a comparison sort) and more (a radix sort).
TEST(RuntimeFilterTest, IntegerKeysListedBySortingAreAnOrderedSetOfValues) {
  std::mt19937_64 rng(11);
  for (TypeId id : {TypeId::kInt8, TypeId::kInt16, TypeId::kInt32, TypeId::kDate, TypeId::kInt64, TypeId::kTimestamp,
                    TypeId::kTimestampNtz, TypeId::kTime}) {
    for (size_t rows : {size_t{9}, size_t{100000}}) {
      LogicalType type(id);
      Vector v(type, rows);
      size_t width = PhysicalSize(id);
      for (size_t i = 0; i < rows; ++i) {
        auto r = static_cast<int64_t>(rng());
        if (i % 13 == 5) {
          v.SetNull(i, true);
          continue;
        }
        if (i == 0) r = std::numeric_limits<int64_t>::min();
        if (i == 1) r = std::numeric_limits<int64_t>::max();
        if (i % 3 == 2) r = static_cast<int64_t>(i % 50) - 25;  // small, repeated, both signs
        if (id == TypeId::kTime) r = r < 0 ? -(r + 1) : r;       // a time of day is not negative
        if (width == 1) v.Data<int8_t>()[i] = static_cast<int8_t>(r);
        if (width == 2) v.Data<int16_t>()[i] = static_cast<int16_t>(r);
        if (width == 4) v.Data<int32_t>()[i] = static_cast<int32_t>(r);
        if (width == 8) v.Data<int64_t>()[i] = r;
      }
      auto less = [](const Value& a, const Value& b) { return a.Compare(b) < 0; };
      std::set<Value, decltype(less)> expected(less);
      for (size_t i = 0; i < rows; ++i) {
        if (!v.IsNull(i)) expected.insert(v.GetValue(i));
      }
      auto f = RuntimeFilter::FromBuildKeys(v, rows, rows);
      ASSERT_TRUE(f->exact()) << type.ToString();
      ASSERT_EQ(f->values().size(), expected.size()) << type.ToString() << " " << rows;
      EXPECT_NE(f->values().integers(), nullptr) << type.ToString();  // 8 bytes a key
      size_t i = 0;
      for (const Value& e : expected) {
        ASSERT_EQ(f->values()[i].type(), type);
        ASSERT_EQ(f->values()[i++].Compare(e), 0) << type.ToString() << " " << rows;
      }
      EXPECT_EQ(f->min().Compare(*expected.begin()), 0) << type.ToString();
      EXPECT_EQ(f->max().Compare(*expected.rbegin()), 0) << type.ToString();
      EXPECT_EQ(f->build_rows(), rows);
      EXPECT_FALSE(f->MayContain(Value::Null(type)));
    }
  }
  // every key NULL: nothing matches
  Vector nulls(LogicalType(TypeId::kInt64), 4);
  for (size_t i = 0; i < 4; ++i) nulls.SetNull(i, true);
  auto none = RuntimeFilter::FromBuildKeys(nulls, 4, 10);
  EXPECT_TRUE(none->exact());
  EXPECT_TRUE(none->values().empty());
  EXPECT_TRUE(none->min().is_null());
  EXPECT_EQ(none->ToExpression(*ProbeKey(TypeId::kInt64))->text, "false");
}

// A one-key join hands its own hashes over (HashVector's, as the filter makes them): the
// filter is the same, listed or a Bloom filter, and hashes nothing again.
TEST(RuntimeFilterTest, TheJoinsHashesGiveTheSameFilter) {
  std::vector<Value> keys;
  for (int i = 0; i < 5000; ++i) {
    keys.push_back(i % 97 == 0 ? Value::Null(TypeId::kInt64) : Value::Int64(i * 7919 % 3001));
  }
  Vector column = Column(TypeId::kInt64, keys);
  std::vector<uint64_t> hashes(keys.size());
  HashVector(column, keys.size(), hashes.data(), false);
  for (size_t max_values : {size_t{10}, size_t{100000}}) {
    auto own = RuntimeFilter::FromBuildKeys(column, keys.size(), max_values);
    auto given = RuntimeFilter::FromBuildKeys(column, keys.size(), max_values, hashes.data());
    EXPECT_EQ(own->Describe(), given->Describe());
    EXPECT_EQ(own->values(), given->values());
    for (int64_t v = -5; v < 3010; ++v) {
      EXPECT_EQ(own->MayContain(Value::Int64(v)), given->MayContain(Value::Int64(v))) << v;
    }
  }
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

// Asks SampleShowsMoreKeys about a column of BIGINT keys.
bool SampleShowsMore(const std::vector<int64_t>& keys, size_t max_values) {
  Vector column(LogicalType(TypeId::kInt64), keys.size());
  for (size_t i = 0; i < keys.size(); ++i) column.Data<int64_t>()[i] = keys[i];
  std::vector<uint64_t> hashes(keys.size());
  HashVector(column, keys.size(), hashes.data(), false);
  return RuntimeFilter::SampleShowsMoreKeys(column.validity(), keys.size(), keys.size(), hashes.data(), max_values);
}

// The sample that spares a futile listing: it finds more keys than max_values where there
// are many more, and never where there are at most max_values, however they are laid out
// (runs of one key in sorted order, which a sample by stride would take for distinct keys;
// a few heavy keys among single ones; exactly max_values keys, some twice).
TEST(RuntimeFilterTest, ASampleFindsMoreKeysOnlyWhereThereAre) {
  const size_t n = 1'000'000;
  std::vector<int64_t> keys(n);
  for (size_t i = 0; i < n; ++i) keys[i] = static_cast<int64_t>(i * 7919 % n);  // all distinct
  EXPECT_TRUE(SampleShowsMore(keys, 100'000));
  EXPECT_TRUE(SampleShowsMore(keys, 50'000));
  EXPECT_FALSE(SampleShowsMore(keys, n));  // no more keys than may be listed: nothing to spare
  for (size_t i = 0; i < n; ++i) keys[i] = static_cast<int64_t>(i / 10);  // 100,000 keys, sorted runs of 10
  EXPECT_FALSE(SampleShowsMore(keys, 100'000));
  EXPECT_FALSE(SampleShowsMore(keys, 200'000));
  for (size_t i = 0; i < n; ++i) keys[i] = static_cast<int64_t>(i % 100'000);  // the same, interleaved
  EXPECT_FALSE(SampleShowsMore(keys, 100'000));
  // 100,000 keys: 99,990 once, ten keys over the other 900,010 rows
  for (size_t i = 0; i < n; ++i) keys[i] = i < 99'990 ? static_cast<int64_t>(i) : -static_cast<int64_t>(i % 10) - 1;
  EXPECT_FALSE(SampleShowsMore(keys, 100'000));
  // exactly 800,000 keys among a million rows: 600,000 once, 200,000 twice
  for (size_t i = 0; i < n; ++i) keys[i] = i < 600'000 ? static_cast<int64_t>(i) : static_cast<int64_t>(i % 200'000);
  EXPECT_FALSE(SampleShowsMore(keys, 800'000));
  EXPECT_FALSE(SampleShowsMore(keys, 900'000));
  // and the filter built over such keys still lists them all
  Vector column(LogicalType(TypeId::kInt64), n);
  for (size_t i = 0; i < n; ++i) column.Data<int64_t>()[i] = static_cast<int64_t>(i / 10);
  auto listed = RuntimeFilter::FromBuildKeys(column, n, 100'000);
  ASSERT_TRUE(listed->exact());
  EXPECT_EQ(listed->values().size(), 100'000u);
  for (size_t i = 0; i < n; ++i) column.Data<int64_t>()[i] = static_cast<int64_t>(i * 7919 % n);
  auto ranged = RuntimeFilter::FromBuildKeys(column, n, 100'000);
  EXPECT_FALSE(ranged->exact());
  EXPECT_EQ(ranged->min().int64(), 0);
  EXPECT_EQ(ranged->max().int64(), static_cast<int64_t>(n - 1));
  for (int64_t k : {int64_t{0}, int64_t{1}, int64_t{999'999}, int64_t{123'456}}) {
    EXPECT_TRUE(ranged->MayContain(Value::Int64(k)));
  }
}

}  // namespace
}  // namespace floe
