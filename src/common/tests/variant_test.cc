#include "common/variant.h"

#include <gtest/gtest.h>

#include "common/date_time.h"
#include "common/exception.h"
#include "common/utf8.h"
#include "common/variant_builder.h"

namespace floe {
namespace {

std::string Json(const std::string& packed, const TimeZone& zone = TimeZone::Utc()) {
  return VariantRef::Unpack(packed).ToJson(zone);
}

// The metadata of an empty dictionary: version 1, 1-byte offsets, no keys.
const std::string kEmptyMetadata("\x01\x00\x00", 3);

TEST(VariantTest, BuilderPicksTheNarrowestEncodings) {
  // Spark's VariantBuilder: INT1..INT8 by range, short strings under 64 bytes
  VariantBuilder b;
  b.AppendLong(-128);
  std::string packed = b.Finish();
  VariantRef v = VariantRef::Unpack(packed);
  EXPECT_EQ(v.ValueBytes(), std::string("\x0c\x80", 2));  // INT1 (3 << 2), -128
  VariantBuilder wide;
  wide.AppendLong(int64_t{1} << 40);
  EXPECT_EQ(VariantRef::Unpack(wide.Finish()).ValueBytes().size(), 9u);  // INT8
  VariantBuilder s;
  s.AppendString(std::string(63, 'x'));
  EXPECT_EQ(VariantRef::Unpack(s.Finish()).ValueBytes()[0], static_cast<char>(63 << 2 | 1));  // short string
  VariantBuilder l;
  l.AppendString(std::string(64, 'x'));
  EXPECT_EQ(VariantRef::Unpack(l.Finish()).ValueBytes()[0], static_cast<char>(16 << 2));  // long string
}

TEST(VariantTest, ObjectsAreSortedAndKeysShared) {
  VariantBuilder b;
  size_t start = b.Position();
  std::vector<VariantBuilder::Field> fields;
  for (const char* key : {"b", "a", "c"}) {
    fields.push_back(b.AddKey(key, b.Position()));
    b.AppendLong(key[0]);
  }
  b.FinishObject(start, fields);
  std::string packed = b.Finish();
  EXPECT_EQ(Json(packed), R"({"a":97,"b":98,"c":99})");
  VariantRef v = VariantRef::Unpack(packed);
  ASSERT_TRUE(v.FieldByKey("c"));
  EXPECT_EQ(v.FieldByKey("c")->GetLong(), 99);
  EXPECT_FALSE(v.FieldByKey("d"));
  // the dictionary keeps the keys in order of first use: b, a, c
  EXPECT_EQ(v.metadata(), std::string("\x01\x03\x00\x01\x02\x03" "bac", 9));
}

TEST(VariantTest, DuplicateKeysAreRefused) {
  VariantBuilder b;
  std::vector<VariantBuilder::Field> fields;
  fields.push_back(b.AddKey("a", b.Position()));
  b.AppendNull();
  fields.push_back(b.AddKey("a", b.Position()));
  b.AppendNull();
  EXPECT_THROW(b.FinishObject(0, fields), VariantDuplicateKeyError);
}

TEST(VariantTest, LargeObjectsAndBinarySearch) {
  // 300 fields: is_large, 2-byte ids; lookups go through the binary search
  VariantBuilder b;
  std::vector<VariantBuilder::Field> fields;
  for (int i = 0; i < 300; ++i) {
    fields.push_back(b.AddKey("k" + std::to_string(i), b.Position()));
    b.AppendLong(i);
  }
  b.FinishObject(0, fields);
  std::string packed = b.Finish();
  VariantRef v = VariantRef::Unpack(packed);
  EXPECT_EQ(v.ObjectSize(), 300u);
  for (int i = 0; i < 300; i += 7) EXPECT_EQ(v.FieldByKey("k" + std::to_string(i))->GetLong(), i);
  EXPECT_FALSE(v.FieldByKey("k300"));
  EXPECT_NO_THROW(v.Validate());
}

TEST(VariantTest, Utf16OrderAsJava) {
  // Java's String.compareTo: U+1F600 (a surrogate pair) sorts before U+FF61
  EXPECT_LT(CompareUtf16Order("\xF0\x9F\x98\x80", "\xEF\xBD\xA1"), 0);
  EXPECT_LT(CompareUtf16Order("\xC3\xA9", "\xF0\x9F\x98\x80"), 0);
  EXPECT_LT(CompareUtf16Order("a", "ab"), 0);
  EXPECT_EQ(CompareUtf16Order("ab", "ab"), 0);
  EXPECT_GT(CompareUtf16Order("b", "a"), 0);
}

TEST(VariantTest, JsonOfEveryScalar) {
  auto one = [](auto append) {
    VariantBuilder b;
    append(b);
    return Json(b.Finish());
  };
  EXPECT_EQ(one([](VariantBuilder& b) { b.AppendDecimal(12500, 3); }), "12.5");
  EXPECT_EQ(one([](VariantBuilder& b) { b.AppendDecimal(-1000, 1); }), "-100");
  EXPECT_EQ(one([](VariantBuilder& b) { b.AppendDouble(1e10); }), "1.0E10");
  EXPECT_EQ(one([](VariantBuilder& b) { b.AppendFloat(2.5f); }), "2.5");
  EXPECT_EQ(one([](VariantBuilder& b) { b.AppendDate(-1); }), "\"1969-12-31\"");
  EXPECT_EQ(one([](VariantBuilder& b) { b.AppendTimestampNtz(1500000); }), "\"1970-01-01 00:00:01.5\"");
  EXPECT_EQ(one([](VariantBuilder& b) { b.AppendBinary(std::string("\x0a\x0b\x0c\x0d", 4)); }), "\"CgsMDQ==\"");
  EXPECT_EQ(one([](VariantBuilder& b) { b.AppendString("a\"\\\n\x01"); }), R"("a\"\\\n\u0001")");
  VariantBuilder ts;
  ts.AppendTimestamp(0);
  std::string packed = ts.Finish();
  TimeZone la;
  ASSERT_TRUE(TimeZone::Load("America/Los_Angeles", &la));
  EXPECT_EQ(Json(packed), "\"1970-01-01 00:00:00+00:00\"");
  EXPECT_EQ(Json(packed, la), "\"1969-12-31 16:00:00-08:00\"");
}

TEST(VariantTest, SpecTypesSparkCannotBuild) {
  // time (17), timestamp nanos (18, 19) and uuid (20), as other writers store them
  auto packed = [](std::string value) { return PackVariant(kEmptyMetadata, value); };
  std::string time("\x44", 1);
  int64_t t = 45234123456;
  for (int i = 0; i < 8; ++i) time.push_back(static_cast<char>((t >> (8 * i)) & 0xFF));
  EXPECT_EQ(Json(packed(time)), "\"12:33:54.123456\"");
  std::string ntz_nanos("\x4c", 1);
  int64_t n = -383397965876543211;  // 1957-11-07 12:33:54.123456789
  for (int i = 0; i < 8; ++i) ntz_nanos.push_back(static_cast<char>((n >> (8 * i)) & 0xFF));
  EXPECT_EQ(Json(packed(ntz_nanos)), "\"1957-11-07 12:33:54.123456789\"");
  std::string uuid("\x50\xf2\x4f\x9b\x64\x81\xfa\x49\xd1\xb7\x4e\x8c\x09\xa6\xe3\x1c\x56", 17);
  EXPECT_EQ(Json(packed(uuid)), "\"f24f9b64-81fa-49d1-b74e-8c09a6e31c56\"");
}

TEST(VariantTest, MalformedBytesThrowFormatError) {
  auto fails = [](const std::string& metadata, const std::string& value) {
    try {
      VariantRef v(metadata, value);
      v.Validate();
      v.ToJson(TimeZone::Utc());
    } catch (const FormatError&) {
      return true;
    }
    return false;
  };
  EXPECT_TRUE(fails(std::string("\x02\x00\x00", 3), std::string("\x00", 1)));  // version 2
  EXPECT_TRUE(fails(kEmptyMetadata, ""));                                       // no value
  EXPECT_TRUE(fails(kEmptyMetadata, std::string("\x18\x01", 2)));               // INT8 cut short
  EXPECT_TRUE(fails(kEmptyMetadata, std::string("\x40\x03\x00\x00\x00" "ab", 7)));  // long string past the end
  EXPECT_TRUE(fails(kEmptyMetadata, std::string("\x02\x01\x00\x00\x01\x00", 6)));  // object key id 0 of none
  EXPECT_TRUE(fails(kEmptyMetadata, std::string("\x03\x01\x05\x06", 4)));  // array offset past the end
  // an element whose bytes run past its array's last offset (into the next value)
  EXPECT_TRUE(fails(kEmptyMetadata, std::string("\x03\x02\x00\x01\x01\x00\x0c\x2a", 8)));
  EXPECT_TRUE(fails(kEmptyMetadata, std::string("\x54", 1)));              // primitive type id 21
  EXPECT_TRUE(fails(std::string("\x01\x01\x00\x01\xff", 5), std::string("\x00", 1)));  // a key not UTF-8
  EXPECT_TRUE(fails(kEmptyMetadata, std::string("\x20\x27\xff\xff\xff\xff", 6)));  // decimal4 scale 39
  // an array nested 2000 deep: refused at the depth limit, not by the stack
  std::string deep;
  for (int i = 0; i < 2000; ++i) {
    uint32_t inner = 10 * (1999 - i) + 1;  // each level: header, count, two 4-byte offsets
    deep += std::string("\x0f\x01\x00\x00\x00\x00", 6);
    for (int k = 0; k < 4; ++k) deep.push_back(static_cast<char>((inner >> (8 * k)) & 0xFF));
  }
  deep += std::string("\x00", 1);
  EXPECT_TRUE(fails(kEmptyMetadata, deep));
  EXPECT_THROW(VariantRef::Unpack(std::string("\x09\x00\x00\x00\x01", 5)), FormatError);  // metadata size past the end
  // 30 levels of two-element arrays whose elements share one child: 2^30 values in 151 bytes
  std::string shared("\x00", 1);
  for (int i = 0; i < 30; ++i) {
    shared = std::string("\x03\x02\x00\x00", 4) + static_cast<char>(shared.size()) + shared;
  }
  EXPECT_TRUE(fails(kEmptyMetadata, shared));
}

}  // namespace
}  // namespace floe
