// Z-values against Iceberg 1.10's TestZOrderByteUtil (core/src/test/java/org/apache/iceberg/
// util/), ported: interleaving, and each type's bytes sorting as its values do.
#include "iceberg/write/zorder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace floe::iceberg {
namespace {

std::string Bytes(std::initializer_list<int> bits) {
  std::string out;
  for (int b : bits) out.push_back(static_cast<char>(b));
  return out;
}

TEST(ZOrderTest, InterleaveEmptyBits) {  // testInterleaveEmptyBits
  std::vector<std::string> inputs(4, std::string(10, '\0'));
  EXPECT_EQ(InterleaveBits(inputs, 40), std::string(40, '\0'));
}

TEST(ZOrderTest, InterleaveFullBits) {  // testInterleaveFullBits
  std::vector<std::string> inputs = {Bytes({0xff, 0xff}), Bytes({0xff}), "", Bytes({0xff, 0xff, 0xff})};
  EXPECT_EQ(InterleaveBits(inputs, 6), std::string(6, '\xff'));
}

TEST(ZOrderTest, InterleaveMixedBits) {  // testInterleaveMixedBits
  std::vector<std::string> inputs = {Bytes({0x01, 0xff, 0x00, 0x0f}), Bytes({0x01, 0x00, 0xff}), Bytes({0x01}),
                                     Bytes({0x01})};
  EXPECT_EQ(InterleaveBits(inputs, 9), Bytes({0x00, 0x00, 0x00, 0x0f, 0xaa, 0xaa, 0x55, 0x55, 0x0f}));
}

TEST(ZOrderTest, InterleaveOfTwoSingleBytes) {  // bits alternate, first column first
  EXPECT_EQ(InterleaveBits({Bytes({0xff}), Bytes({0x00})}, 2), Bytes({0xaa, 0xaa}));
  // asking for more than the inputs hold stops at what they hold (Java loops forever)
  EXPECT_EQ(InterleaveBits({Bytes({0xff})}, 3), Bytes({0xff, 0x00, 0x00}));
}

// The z-value of one value of `type` (one column): its ordered bytes.
template <typename T>
std::string OneValue(TypeId type, T value, bool null = false) {
  Vector v{LogicalType(type), 1};
  if (null) {
    v.SetNull(0, true);
  } else {
    v.template Data<T>()[0] = value;
  }
  std::vector<std::string> out;
  ZValues({&v}, 1, ZOrderOptions{{0}}, &out);
  return out[0];
}

template <typename T>
void ExpectOrdered(TypeId type, const std::vector<T>& values) {
  for (T a : values) {
    for (T b : values) {
      int by_value = a < b ? -1 : (b < a ? 1 : 0);
      int by_bytes = OneValue(type, a).compare(OneValue(type, b));
      EXPECT_EQ(by_value, by_bytes < 0 ? -1 : (by_bytes > 0 ? 1 : 0)) << a << " vs " << b;
    }
  }
}

TEST(ZOrderTest, WholeNumberOrdering) {  // testIntOrdering, testLongOrdering, short, tiny
  ExpectOrdered<int32_t>(TypeId::kInt32, {std::numeric_limits<int32_t>::min(), -100000, -1, 0, 1, 7, 123456,
                                          std::numeric_limits<int32_t>::max()});
  ExpectOrdered<int64_t>(TypeId::kInt64, {std::numeric_limits<int64_t>::min(), -(int64_t{1} << 40), -1, 0, 1,
                                          int64_t{1} << 40, std::numeric_limits<int64_t>::max()});
  ExpectOrdered<int16_t>(TypeId::kInt16, {-32768, -5, 0, 5, 32767});
  ExpectOrdered<int8_t>(TypeId::kInt8, {-128, -1, 0, 1, 127});
  EXPECT_EQ(OneValue<int32_t>(TypeId::kInt32, 0), Bytes({0x80, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(ZOrderTest, FloatingPointOrdering) {  // testFloatOrdering, testDoubleOrdering
  ExpectOrdered<double>(TypeId::kDouble, {-std::numeric_limits<double>::infinity(), -1e300, -2.5, -1.0, 0.0, 1e-300,
                                          1.0, 2.5, 1e300, std::numeric_limits<double>::infinity()});
  ExpectOrdered<float>(TypeId::kFloat, {-1e30f, -2.5f, 0.0f, 2.5f, 1e30f});
}

TEST(ZOrderTest, StringsAndNulls) {  // testStringOrdering, testByteTruncatedOrFillNullIsZeroArray
  LogicalType string_type(TypeId::kString);
  Vector v(string_type, 4);
  v.SetString(0, "apple");
  v.SetString(1, "apricot-and-more-than-eight-bytes");
  v.SetString(2, "b");
  v.SetNull(3, true);
  std::vector<std::string> z;
  ZValues({&v}, 4, ZOrderOptions{{0}, 8}, &z);
  EXPECT_LT(z[0], z[1]);
  EXPECT_LT(z[1], z[2]);
  EXPECT_EQ(z[3], std::string(8, '\0'));
  EXPECT_EQ(z[1], "apricot-");  // truncated to var-length-contribution
  EXPECT_EQ(OneValue<int64_t>(TypeId::kInt64, 0, true), std::string(8, '\0'));
}

TEST(ZOrderTest, TwoColumnsInterleaveAndCutAtMaxOutputSize) {
  Vector x{LogicalType(TypeId::kInt32), 1}, y{LogicalType(TypeId::kInt32), 1};
  x.Data<int32_t>()[0] = 0;
  y.Data<int32_t>()[0] = -1;
  std::vector<std::string> z;
  ZValues({&x, &y}, 1, ZOrderOptions{{0, 1}}, &z);
  ASSERT_EQ(z[0].size(), 16u);
  // x = 0x80 00.., y = 0x7f ff..: first bits 1 then 0, then 0 and 1 alternating
  EXPECT_EQ(static_cast<uint8_t>(z[0][0]), 0x95);
  z.clear();
  ZValues({&x, &y}, 1, ZOrderOptions{{0, 1}, 8, 3}, &z);
  EXPECT_EQ(z[0].size(), 3u);
}

TEST(ZOrderTest, SupportedTypes) {  // SparkZOrderUDF.sortedLexicographically
  EXPECT_TRUE(ZOrderSupports(LogicalType(TypeId::kDate)));
  EXPECT_TRUE(ZOrderSupports(LogicalType(TypeId::kTimestamp)));
  EXPECT_FALSE(ZOrderSupports(LogicalType::Decimal(10, 2)));
  EXPECT_FALSE(ZOrderSupports(LogicalType(TypeId::kStruct)));
}

}  // namespace
}  // namespace floe::iceberg
