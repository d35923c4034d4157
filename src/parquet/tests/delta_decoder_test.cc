#include "parquet/delta_decoder.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/exception.h"

namespace floe::parquet {
namespace {

void PutVarint(std::vector<uint8_t>* out, uint64_t v) {
  while (v >= 0x80) {
    out->push_back(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<uint8_t>(v));
}

// DELTA_BINARY_PACKED of `count` equal values: blocks of 128 in 4 miniblocks, every
// delta 0 (bit width 0), so each block of 128 values costs 5 bytes.
std::vector<uint8_t> EqualValues(uint64_t count) {
  std::vector<uint8_t> out;
  PutVarint(&out, 128);
  PutVarint(&out, 4);
  PutVarint(&out, count);
  PutVarint(&out, 14);  // zigzag 7, the first value
  for (uint64_t left = count - 1; left > 0; left -= std::min<uint64_t>(left, 128)) {
    PutVarint(&out, 0);  // min delta
    out.insert(out.end(), 4, 0);  // bit widths
  }
  return out;
}

TEST(DeltaDecoderTest, DecodesUpToThePagesValueCount) {
  std::vector<uint8_t> data = EqualValues(1000);
  std::vector<int64_t> values;
  DeltaDecoder::DecodeBinaryPacked(data.data(), data.size(), 1000, &values);
  ASSERT_EQ(values.size(), 1000u);
  EXPECT_EQ(values.front(), 7);
  EXPECT_EQ(values.back(), 7);
}

TEST(DeltaDecoderTest, AValueCountAboveThePagesIsCorrupt) {
  // Bit width 0 makes values nearly free in bytes: only the page's count bounds them.
  std::vector<uint8_t> data = EqualValues(1000);
  std::vector<int64_t> values;
  try {
    DeltaDecoder::DecodeBinaryPacked(data.data(), data.size(), 999, &values);
    FAIL() << "expected FormatError";
  } catch (const FormatError& e) {
    EXPECT_NE(std::string(e.what()).find("value count 1000 is more than the page's 999"), std::string::npos)
        << e.what();
  }
  std::vector<StringRef> strings;
  EXPECT_THROW(DeltaDecoder::DecodeLengthByteArray(data.data(), data.size(), 10, &strings), FormatError);
}

}  // namespace
}  // namespace floe::parquet
