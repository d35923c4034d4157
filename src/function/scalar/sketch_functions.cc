#include <cmath>

#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"
#include "common/theta_sketch.h"

// theta_sketch_estimate(sketch): the distinct count a compact theta sketch estimates, as
// Spark 4.1's function of that name (the sketches of Iceberg's table statistics, of
// iceberg_theta_sketch, of DataSketches' compact serialization).

namespace floe {
namespace {

void ThetaEstimate(const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
  ExecuteUnary<StringRef, int64_t>(*args[0], count, result, [](StringRef s) {
    return static_cast<int64_t>(std::llround(ThetaSketch::Deserialize(s.view()).Estimate()));
  });
}

}  // namespace

void RegisterSketchFunctions(FunctionRegistry& registry) {
  registry.AddScalar("theta_sketch_estimate",
                     SignatureBinder("theta_sketch_estimate", {{{TypeId::kBinary}, TypeId::kInt64, ThetaEstimate}}));
}

}  // namespace floe
