#include <cmath>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"
#include "common/ascii_case.h"
#include "common/exception.h"
#include "common/spark_bloom_filter.h"
#include "common/theta_sketch.h"

// theta_sketch_estimate(sketch): the distinct count a compact theta sketch estimates, as
// Spark 4.1's function of that name (the sketches of Iceberg's table statistics, of
// iceberg_theta_sketch, of DataSketches' compact serialization). might_contain(bloom, x):
// Spark's BloomFilterMightContain, the test of its runtime Bloom filters.

namespace floe {
namespace {

void ThetaEstimate(const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<StringRef, int64_t>(*args[0], count, result, [](StringRef s) {
    return static_cast<int64_t>(std::llround(ThetaSketch::Deserialize(s.view()).Estimate()));
  });
}

// The filter might_contain's kernel last read, kept while its bytes are the same: the filter
// is a constant or a scalar subquery's value (as Spark requires), the same for every batch.
// A subquery's batches reference the one copy of its result (ExpressionExecutor), which lives
// as long as the query, so the same address and size are the same bytes; other bytes are
// compared.
struct BloomFilterCache {
  std::mutex mutex;
  const char* data = nullptr;
  std::string bytes;
  std::shared_ptr<const SparkBloomFilter> filter;

  std::shared_ptr<const SparkBloomFilter> Get(StringRef s) {
    std::lock_guard<std::mutex> lock(mutex);
    if (filter && s.data == data && s.size == bytes.size()) return filter;
    data = s.data;
    if (!filter || bytes.size() != s.size || std::memcmp(bytes.data(), s.data, s.size) != 0) {
      filter = std::make_shared<const SparkBloomFilter>(SparkBloomFilter::Deserialize(s.view()));
      bytes.assign(s.data, s.size);
    }
    return filter;
  }
};

// might_contain(bloom BINARY, x BIGINT): NULL when either is NULL (a NULL filter is what
// bloom_filter_agg gives for no rows), else whether the filter may hold x.
BoundScalarFunction BindMightContain(const ScalarBindInput& input) {
  const auto& types = input.arg_types;
  bool fits = types.size() == 2 && (types[0].id() == TypeId::kBinary || types[0].id() == TypeId::kNull) &&
              (types[1].id() == TypeId::kInt64 || types[1].id() == TypeId::kNull);
  if (!fits) {
    std::string actual;
    for (const auto& t : types) actual += (actual.empty() ? "\"" : ", \"") + ToUpper(t.ToString()) + "\"";
    throw BinderError("[DATATYPE_MISMATCH.BLOOM_FILTER_WRONG_TYPE] Input to function `might_contain` should have "
                      "been \"BINARY\" followed by a value with \"BIGINT\", but it's [" + actual + "].");
  }
  BoundScalarFunction bound;
  bound.name = "might_contain";
  bound.arg_types = {TypeId::kBinary, TypeId::kInt64};
  bound.return_type = TypeId::kBoolean;
  auto cache = std::make_shared<BloomFilterCache>();
  bound.kernel = [cache](const std::vector<const Vector*>& args, size_t count, Vector& result,
                         const FunctionContext&) {
    const Vector& blooms = *args[0];
    const Vector& values = *args[1];
    auto* out = result.Data<uint8_t>();
    std::shared_ptr<const SparkBloomFilter> filter;
    for (size_t i = 0; i < count; ++i) {
      if (blooms.IsNull(i) || values.IsNull(i)) {
        result.SetNull(i, true);
        continue;
      }
      StringRef bytes = blooms.Data<StringRef>()[i];
      // why: a constant's rows share one string; read it again only where a row's differs
      if (!filter || i == 0 || bytes.data != blooms.Data<StringRef>()[i - 1].data ||
          bytes.size != blooms.Data<StringRef>()[i - 1].size) {
        filter = cache->Get(bytes);
      }
      result.SetNull(i, false);
      out[i] = filter->MightContainLong(values.Data<int64_t>()[i]) ? 1 : 0;
    }
  };
  return bound;
}

}  // namespace

void RegisterSketchFunctions(FunctionRegistry& registry) {
  registry.AddScalar("theta_sketch_estimate",
                     SignatureBinder("theta_sketch_estimate", {{{TypeId::kBinary}, TypeId::kInt64, ThetaEstimate}}));
  registry.AddScalar("might_contain", BindMightContain);
}

}  // namespace floe
