#include <cstdio>
#include <random>

#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"

// Functions whose value changes from row to row: the binder must not fold them.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

std::mt19937_64& ThreadEngine() {
  static thread_local std::mt19937_64 engine{std::random_device{}()};
  return engine;
}

// rand([seed]) / random([seed]): uniform in [0, 1). With a seed, each batch restarts the
// same sequence (Spark seeds per partition).
void Rand(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  std::mt19937_64 seeded;
  std::mt19937_64* engine = &ThreadEngine();
  if (!args.empty() && count > 0 && !args[0]->IsNull(0)) {
    seeded.seed(static_cast<uint64_t>(args[0]->Data<int64_t>()[0]));
    engine = &seeded;
  }
  std::uniform_real_distribution<double> dist(0.0, 1.0);
  result.validity().Reset();
  for (size_t i = 0; i < count; ++i) result.Data<double>()[i] = dist(*engine);
}

// uuid(): a random (version 4) UUID in canonical text form.
void Uuid(const Args&, size_t count, Vector& result, const FunctionContext&) {
  std::mt19937_64& engine = ThreadEngine();
  result.validity().Reset();
  char buf[40];
  for (size_t i = 0; i < count; ++i) {
    uint64_t hi = engine(), lo = engine();
    hi = (hi & ~uint64_t{0xF000}) | 0x4000;                      // version 4
    lo = (lo & ~(uint64_t{0xC} << 60)) | (uint64_t{0x8} << 60);  // IETF variant
    std::snprintf(buf, sizeof(buf), "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
                  static_cast<unsigned>((hi >> 16) & 0xFFFF), static_cast<unsigned>(hi & 0xFFFF),
                  static_cast<unsigned>(lo >> 48),
                  static_cast<unsigned long long>(lo & 0xFFFFFFFFFFFFULL));
    result.SetString(i, buf);
  }
}

}  // namespace

void RegisterRandomFunctions(FunctionRegistry& registry) {
  for (const char* name : {"rand", "random"}) {
    registry.AddScalar(
        name, SignatureBinder(
                  name, {{{}, TypeId::kDouble, Rand}, {{TypeId::kInt64}, TypeId::kDouble, Rand}},
                  /*foldable=*/false));
  }
  registry.AddScalar("uuid",
                     SignatureBinder("uuid", {{{}, TypeId::kString, Uuid}}, /*foldable=*/false));
}

}  // namespace floe
