#include <gtest/gtest.h>

#include <limits>

#include "function/tests/call_function.h"

namespace floe {
namespace {

using testing::Call;
using testing::F64;
using testing::I32;
using testing::I64;
using testing::Str;

// Expected values from Spark's documentation (pyspark.sql.functions.hash and the brief).
TEST(HashFunctionTest, MatchesSpark) {
  EXPECT_EQ(Call("hash", {I32(1)}).int32(), -559580957);
  EXPECT_EQ(Call("hash", {Str("ABC")}).int32(), -757602832);
  EXPECT_EQ(Call("hash", {Str("ABC"), Str("DEF")}).int32(), 599895104);
}

TEST(HashFunctionTest, NullsKeepTheSeed) {
  EXPECT_EQ(Call("hash", {Value::Null(TypeId::kInt32)}).int32(), 42);
  EXPECT_EQ(Call("hash", {Str("ABC"), Value::Null(TypeId::kString)}).int32(), -757602832);
  // -0.0 hashes as 0.0, as in Spark.
  EXPECT_EQ(Call("hash", {Value::Double(-0.0)}).int32(),
            Call("hash", {Value::Double(0.0)}).int32());
  // A date hashes as its day number (an int), a timestamp as its micros (a long).
  EXPECT_EQ(Call("hash", {Value::Date(1)}).int32(), -559580957);
}

// xxhash64: values Velox's Spark function tests took from spark-sql (velox/functions/sparksql/
// tests/XxHash64Test.cpp: varchar, int64, int32, int16, int8, bool, varcharInt32, double,
// float), and the example of Spark's own documentation of xxhash64.
TEST(XxHash64FunctionTest, MatchesSpark) {
  auto xx = [](const std::vector<Value>& args) { return Call("xxhash64", args).int64(); };
  EXPECT_EQ(xx({Str("Spark")}), -4294468057691064905);
  EXPECT_EQ(xx({Str("")}), -7444071767201028348);
  EXPECT_EQ(xx({Str("abcdefghijklmnopqrstuvwxyz")}), -3265757659154784300);
  EXPECT_EQ(xx({Str("12345678")}), 6863040065134489090);
  EXPECT_EQ(xx({Str("12345678djdejidecjjeijcneknceincne")}), -633855189410948723);
  EXPECT_EQ(xx({I64(static_cast<int64_t>(0xcafecafedeadbeefull))}), -6259772178006417012);
  EXPECT_EQ(xx({I64(static_cast<int64_t>(0xdeadbeefcafecafeull))}), -1700188678616701932);
  EXPECT_EQ(xx({I64(INT64_MAX)}), -3246596055638297850);
  EXPECT_EQ(xx({I64(INT64_MIN)}), -8619748838626508300);
  EXPECT_EQ(xx({I64(1)}), -7001672635703045582);
  EXPECT_EQ(xx({I64(0)}), -5252525462095825812);
  EXPECT_EQ(xx({I64(-1)}), 3858142552250413010);
  EXPECT_EQ(xx({I32(static_cast<int32_t>(0xdeadbeefu))}), -8041005359684616715);
  EXPECT_EQ(xx({I32(static_cast<int32_t>(0xcafecafeu))}), 3599843564351570672);
  EXPECT_EQ(xx({I32(1)}), -6698625589789238999);
  EXPECT_EQ(xx({I32(0)}), 3614696996920510707);
  EXPECT_EQ(xx({I32(-1)}), 2017008487422258757);
  EXPECT_EQ(xx({Value::Int16(-1)}), 2017008487422258757);
  EXPECT_EQ(xx({Value::Int8(1)}), -6698625589789238999);
  EXPECT_EQ(xx({Value::Boolean(false)}), 3614696996920510707);
  EXPECT_EQ(xx({Value::Boolean(true)}), -6698625589789238999);
  EXPECT_EQ(xx({Str(""), I32(0)}), 5333022629466737987);
  EXPECT_EQ(xx({Value::Null(TypeId::kString), I32(0)}), 3614696996920510707);
  EXPECT_EQ(xx({Value::Null(TypeId::kString), Value::Null(TypeId::kInt32)}), 42);
  EXPECT_EQ(xx({F64(-0.0)}), -5252525462095825812);
  EXPECT_EQ(xx({F64(1)}), -2162451265447482029);
  EXPECT_EQ(xx({F64(std::numeric_limits<double>::quiet_NaN())}), -3127944061524951246);
  EXPECT_EQ(xx({F64(std::numeric_limits<double>::infinity())}), 5810986238603807492);
  EXPECT_EQ(xx({F64(-std::numeric_limits<double>::infinity())}), 5326262080505358431);
  EXPECT_EQ(xx({Value::Float(-0.0f)}), 3614696996920510707);
  EXPECT_EQ(xx({Value::Float(1)}), 700633588856507837);
  EXPECT_EQ(xx({Value::Float(std::numeric_limits<float>::quiet_NaN())}), 2692338816207849720);
  EXPECT_EQ(xx({Value::Float(std::numeric_limits<float>::infinity())}), -5940311692336719973);
  EXPECT_EQ(xx({Value::Float(-std::numeric_limits<float>::infinity())}), -7580553461823983095);
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

// Expected values from Spark's documentation of md5, sha1, sha2 and crc32.
TEST(DigestFunctionsTest, MatchesSparkDocs) {
  using testing::Call;
  using testing::Str;
  EXPECT_EQ(Call("md5", {Str("Spark")}).str(), "8cde774d6f7333752ed72cacddb05126");
  EXPECT_EQ(Call("sha1", {Str("Spark")}).str(), "85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c");
  EXPECT_EQ(Call("sha", {Str("Spark")}).str(), "85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c");
  EXPECT_EQ(Call("sha2", {Str("Spark"), testing::I32(256)}).str(),
            "529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b");
  EXPECT_EQ(Call("crc32", {Str("Spark")}).int64(), 1557323817);
  // FIPS 180 examples for "abc".
  EXPECT_EQ(Call("sha2", {Str("abc"), testing::I32(224)}).str(),
            "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7");
  EXPECT_EQ(Call("sha2", {Str("abc"), testing::I32(384)}).str(),
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
            "8086072ba1e7cc2358baeca134c825a7");
  EXPECT_EQ(Call("sha2", {Str("abc"), testing::I32(512)}).str(),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
            "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
  EXPECT_TRUE(Call("sha2", {Str("abc"), testing::I32(100)}).is_null());
}

}  // namespace
}  // namespace floe
