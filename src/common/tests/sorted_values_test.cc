// SortedValues: a long IN list's values, integer-like ones kept as 64-bit keys, answer as
// a list of Values does (the same order, the same binary searches).
#include <gtest/gtest.h>

#include <random>

#include "common/exception.h"
#include "common/sorted_values.h"
#include "common/vector.h"

namespace floe {
namespace {

TEST(SortedValuesTest, IntegerLikeValuesAreKeptAsKeysAndReadBackAsTheirType) {
  struct Case {
    Value a, b, c;  // ascending
  };
  std::vector<Case> cases = {
      {Value::Int8(-3), Value::Int8(0), Value::Int8(127)},
      {Value::Int16(-300), Value::Int16(1), Value::Int16(2)},
      {Value::Int32(-2), Value::Int32(3), Value::Int32(7)},
      {Value::Int64(INT64_MIN), Value::Int64(0), Value::Int64(INT64_MAX)},
      {Value::Date(-1), Value::Date(0), Value::Date(20000)},
      {Value::Timestamp(-5), Value::Timestamp(0), Value::Timestamp(1700000000000000)},
      {Value::TimestampNtz(1), Value::TimestampNtz(2), Value::TimestampNtz(3)},
      {Value::TimestampNs(-1), Value::TimestampNs(1), Value::TimestampNs(INT64_MAX)},
      {Value::TimestampNtzNs(7), Value::TimestampNtzNs(8), Value::TimestampNtzNs(9)},
      {Value::Time(0), Value::Time(1), Value::Time(86399999999)},
  };
  for (const auto& c : cases) {
    // given out of order and repeated: sorted and made distinct
    auto list = SortedValues::Of({c.c, c.a, c.b, c.a});
    SCOPED_TRACE(c.a.type().ToString());
    ASSERT_NE(list->integers(), nullptr);
    ASSERT_EQ(list->size(), 3u);
    EXPECT_EQ(list->type(), c.a.type());
    EXPECT_EQ((*list)[0], c.a);
    EXPECT_EQ((*list)[1], c.b);
    EXPECT_EQ((*list)[2], c.c);
    EXPECT_EQ((*list)[0].type(), c.a.type());
    EXPECT_EQ(list->ToValues(), (std::vector<Value>{c.a, c.b, c.c}));
    EXPECT_TRUE(list->Contains(c.b));
    EXPECT_EQ(list->LowerBound(c.b), 1u);
  }
}

TEST(SortedValuesTest, StringsAndBinariesArePackedAsBytes) {
  auto strings = SortedValues::Of({Value::String("b"), Value::String("a"), Value::String("b"), Value::String("")});
  EXPECT_EQ(strings->integers(), nullptr);
  ASSERT_EQ(strings->size(), 3u);
  EXPECT_EQ(strings->bytes(0), "");
  EXPECT_EQ(strings->bytes(2), "b");
  EXPECT_EQ(strings->ToValues(), (std::vector<Value>{Value::String(""), Value::String("a"), Value::String("b")}));
  EXPECT_EQ((*strings)[1].type(), LogicalType(TypeId::kString));
  EXPECT_TRUE(strings->Contains(Value::String("a")));
  EXPECT_TRUE(strings->Contains(Value::String("")));
  EXPECT_FALSE(strings->Contains(Value::String("ab")));
  EXPECT_EQ(strings->LowerBound(Value::String("ab")), 2u);
  // bytes compare as unsigned, as Value::Compare orders them: 0xff after 'z', "\0" after ""
  auto binaries = SortedValues::Of({Value::Binary(std::string("\xff", 1)), Value::Binary("z"),
                                    Value::Binary(std::string("\0", 1)), Value::Binary("")});
  ASSERT_EQ(binaries->size(), 4u);
  EXPECT_EQ((*binaries)[0], Value::Binary(""));
  EXPECT_EQ((*binaries)[1], Value::Binary(std::string("\0", 1)));
  EXPECT_EQ((*binaries)[3], Value::Binary(std::string("\xff", 1)));
  EXPECT_EQ((*binaries)[3].type(), LogicalType(TypeId::kBinary));
  EXPECT_TRUE(binaries->Contains(Value::Binary(std::string("\0", 1))));
  EXPECT_FALSE(binaries->Contains(Value::Binary(std::string("\0\0", 2))));
}

TEST(SortedValuesTest, OtherTypesAreKeptAsValues) {
  auto doubles = SortedValues::Of({Value::Double(2.5), Value::Double(-0.5)});
  EXPECT_EQ(doubles->integers(), nullptr);
  EXPECT_EQ(doubles->front(), Value::Double(-0.5));
  auto decimals = SortedValues::Of({Value::Decimal(150, 10, 2), Value::Decimal(-1, 10, 2)});
  EXPECT_EQ(decimals->integers(), nullptr);
  EXPECT_TRUE(decimals->Contains(Value::Decimal(150, 10, 2)));
  EXPECT_FALSE(decimals->Contains(Value::Decimal(151, 10, 2)));
}

// Binary searches over the keys agree with those over the same Values (ValueLess), for
// probes below, between, on and above the keys, and of a narrower integer type (an INT
// probe of a BIGINT list, as a runtime filter is asked).
TEST(SortedValuesTest, SearchesAgreeWithTheSameValuesSearchedAsValues) {
  std::mt19937_64 rng(7);
  std::vector<Value> values;
  for (int i = 0; i < 500; ++i) values.push_back(Value::Int64(static_cast<int64_t>(rng() % 2000) - 1000));
  auto list = SortedValues::Of(values);
  std::vector<Value> sorted = values;
  SortDistinct(&sorted);
  ASSERT_EQ(list->size(), sorted.size());
  for (int64_t probe = -1100; probe <= 1100; ++probe) {
    for (const Value& v : {Value::Int64(probe), Value::Int32(static_cast<int32_t>(probe))}) {
      size_t expected = std::lower_bound(sorted.begin(), sorted.end(), v, ValueLess()) - sorted.begin();
      ASSERT_EQ(list->LowerBound(v), expected) << v.ToString();
      ASSERT_EQ(list->Contains(v), std::binary_search(sorted.begin(), sorted.end(), v, ValueLess())) << probe;
    }
  }
  EXPECT_FALSE(list->Contains(Value::Null(TypeId::kInt64)));
}

// The same over random strings of a small alphabet with high bytes, probed by every string
// of up to three of its letters.
TEST(SortedValuesTest, StringSearchesAgreeWithTheSameValuesSearchedAsValues) {
  const std::string alphabet = std::string("a\x80z\0", 4);
  std::mt19937_64 rng(11);
  std::vector<Value> values;
  for (int i = 0; i < 60; ++i) {
    std::string s;
    for (size_t n = rng() % 4; n > 0; --n) s += alphabet[rng() % alphabet.size()];
    values.push_back(Value::String(s));
  }
  auto list = SortedValues::Of(values);
  std::vector<Value> sorted = values;
  SortDistinct(&sorted);
  ASSERT_EQ(list->ToValues(), sorted);
  std::vector<std::string> probes = {""};
  for (size_t len = 1; len <= 3; ++len) {
    size_t start = probes.size();
    for (size_t p = 0; p < start; ++p) {
      if (probes[p].size() != len - 1) continue;
      for (char c : alphabet) probes.push_back(probes[p] + c);
    }
  }
  for (const std::string& probe : probes) {
    Value v = Value::String(probe);
    size_t expected = std::lower_bound(sorted.begin(), sorted.end(), v, ValueLess()) - sorted.begin();
    ASSERT_EQ(list->LowerBound(v), expected);
    ASSERT_EQ(list->Contains(v), std::binary_search(sorted.begin(), sorted.end(), v, ValueLess()));
  }
}

TEST(SortedValuesTest, RowsOfAColumnMakeTheSameList) {
  for (LogicalType type : {LogicalType(TypeId::kInt32), LogicalType(TypeId::kDate), LogicalType(TypeId::kInt16),
                           LogicalType(TypeId::kTimestamp), LogicalType(TypeId::kString)}) {
    SCOPED_TRACE(type.ToString());
    Vector column(type, 8);
    // rows 5, 1, 3 hold the ascending values 10, 20, 30
    auto value_of = [&](int64_t k) {
      switch (type.id()) {
        case TypeId::kInt32: return Value::Int32(static_cast<int32_t>(k));
        case TypeId::kDate: return Value::Date(static_cast<int32_t>(k));
        case TypeId::kInt16: return Value::Int16(static_cast<int16_t>(k));
        case TypeId::kTimestamp: return Value::Timestamp(k);
        default: return Value::String(std::to_string(k));
      }
    };
    for (size_t i = 0; i < 8; ++i) column.SetValue(i, value_of(99));
    column.SetValue(5, value_of(10));
    column.SetValue(1, value_of(20));
    column.SetValue(3, value_of(30));
    uint32_t rows[] = {5, 1, 3};
    auto list = SortedValues::OfRows(column, rows, 3);
    EXPECT_EQ(*list, *SortedValues::Of({value_of(30), value_of(10), value_of(20)}));
    EXPECT_EQ(list->integers() != nullptr, type.id() != TypeId::kString);
    if (type.id() == TypeId::kString) EXPECT_EQ(list->bytes(0), "10");
    // no rows: the first n
    EXPECT_EQ(SortedValues::OfRows(column, nullptr, 1)->front(), value_of(99));
  }
}

TEST(SortedValuesTest, RefusesWhatItCannotKeep) {
  EXPECT_THROW(SortedValues::OfIntegers(TypeId::kString, {1, 2}), InternalError);
  EXPECT_THROW(SortedValues::Of({Value::Int64(1), Value::Null(TypeId::kInt64)}), InternalError);
  EXPECT_THROW(SortedValues::Of({Value::Int64(1), Value::Int32(2)}), InternalError);
  auto empty = SortedValues::Of({});
  EXPECT_TRUE(empty->empty());
  EXPECT_FALSE(empty->Contains(Value::Int64(1)));
  EXPECT_EQ(empty->LowerBound(Value::Int64(1)), 0u);
}

}  // namespace
}  // namespace floe
