#include <gtest/gtest.h>

#include "function/tests/function_test_util.h"

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
  EXPECT_EQ(Call("hash", {Value::Double(-0.0)}).int32(), Call("hash", {Value::Double(0.0)}).int32());
  // A date hashes as its day number (an int), a timestamp as its micros (a long).
  EXPECT_EQ(Call("hash", {Value::Date(1)}).int32(), -559580957);
}

}  // namespace
}  // namespace floe
