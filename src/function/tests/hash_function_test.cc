#include <gtest/gtest.h>

#include "function/tests/call_function.h"

namespace floe {
namespace {

using testing::Call;
using testing::I32;
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
