#include <cmath>

#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/scalar_executor.h"
#include "function/scalar/signature.h"

// Math functions over doubles (sqrt, ln, power, ...) as Spark evaluates them: logarithms of
// non-positive numbers are NULL, sqrt of a negative number is NaN.

namespace floe {
namespace {

using DoubleFn = double (*)(double);

ScalarKernel UnaryDouble(DoubleFn fn) {
  return [fn](const std::vector<const Vector*>& args, size_t count, Vector& result,
              const FunctionContext&) {
    ExecuteUnary<double, double>(*args[0], count, result, [fn](double x) { return fn(x); });
  };
}

// A logarithm: NULL for x <= 0 (Spark).
ScalarKernel Logarithm(DoubleFn fn) {
  return [fn](const std::vector<const Vector*>& args, size_t count, Vector& result,
              const FunctionContext&) {
    ExecuteUnaryNullable<double, double>(*args[0], count, result, [fn](double x, double* out) {
      if (x <= 0) return false;
      *out = fn(x);
      return true;
    });
  };
}

void AddUnary(FunctionRegistry& registry, const char* name, ScalarKernel kernel) {
  registry.AddScalar(
      name, SignatureBinder(name, {{{TypeId::kDouble}, TypeId::kDouble, std::move(kernel)}}));
}

double Signum(double x) { return std::isnan(x) ? x : (x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0)); }
double Degrees(double x) { return x * 180.0 / M_PI; }
double Radians(double x) { return x * M_PI / 180.0; }
double Cot(double x) { return 1.0 / std::tan(x); }

ScalarKernel BinaryDouble(double (*fn)(double, double)) {
  return [fn](const std::vector<const Vector*>& args, size_t count, Vector& result,
              const FunctionContext&) {
    ExecuteBinary<double, double, double>(*args[0], *args[1], count, result,
                                          [fn](double x, double y) { return fn(x, y); });
  };
}

ScalarKernel Constant(double value) {
  return [value](const std::vector<const Vector*>&, size_t count, Vector& result,
                 const FunctionContext&) {
    result.validity().Reset();
    for (size_t i = 0; i < count; ++i) result.Data<double>()[i] = value;
  };
}

}  // namespace

void RegisterMathFunctions(FunctionRegistry& registry) {
  AddUnary(registry, "sqrt", UnaryDouble([](double x) { return std::sqrt(x); }));
  AddUnary(registry, "cbrt", UnaryDouble([](double x) { return std::cbrt(x); }));
  AddUnary(registry, "exp", UnaryDouble([](double x) { return std::exp(x); }));
  AddUnary(registry, "expm1", UnaryDouble([](double x) { return std::expm1(x); }));
  AddUnary(registry, "ln", Logarithm([](double x) { return std::log(x); }));
  AddUnary(registry, "log10", Logarithm([](double x) { return std::log10(x); }));
  AddUnary(registry, "log2", Logarithm([](double x) { return std::log2(x); }));
  AddUnary(registry, "log1p", UnaryDouble([](double x) { return std::log1p(x); }));
  AddUnary(registry, "sin", UnaryDouble([](double x) { return std::sin(x); }));
  AddUnary(registry, "cos", UnaryDouble([](double x) { return std::cos(x); }));
  AddUnary(registry, "tan", UnaryDouble([](double x) { return std::tan(x); }));
  AddUnary(registry, "cot", UnaryDouble(Cot));
  AddUnary(registry, "asin", UnaryDouble([](double x) { return std::asin(x); }));
  AddUnary(registry, "acos", UnaryDouble([](double x) { return std::acos(x); }));
  AddUnary(registry, "atan", UnaryDouble([](double x) { return std::atan(x); }));
  AddUnary(registry, "sinh", UnaryDouble([](double x) { return std::sinh(x); }));
  AddUnary(registry, "cosh", UnaryDouble([](double x) { return std::cosh(x); }));
  AddUnary(registry, "tanh", UnaryDouble([](double x) { return std::tanh(x); }));
  AddUnary(registry, "degrees", UnaryDouble(Degrees));
  AddUnary(registry, "radians", UnaryDouble(Radians));
  AddUnary(registry, "sign", UnaryDouble(Signum));
  AddUnary(registry, "signum", UnaryDouble(Signum));

  Signature power{{TypeId::kDouble, TypeId::kDouble},
                  TypeId::kDouble,
                  BinaryDouble([](double x, double y) { return std::pow(x, y); })};
  registry.AddScalar("power", SignatureBinder("power", {power}));
  registry.AddScalar("pow", SignatureBinder("pow", {power}));
  registry.AddScalar(
      "atan2", SignatureBinder(
                   "atan2", {{{TypeId::kDouble, TypeId::kDouble},
                              TypeId::kDouble,
                              BinaryDouble([](double y, double x) { return std::atan2(y, x); })}}));
  registry.AddScalar(
      "hypot", SignatureBinder(
                   "hypot", {{{TypeId::kDouble, TypeId::kDouble},
                              TypeId::kDouble,
                              BinaryDouble([](double x, double y) { return std::hypot(x, y); })}}));

  // log(x) is ln; log(base, x) is NULL for a non-positive base or x.
  ScalarKernel log_base = [](const std::vector<const Vector*>& args, size_t count, Vector& result,
                             const FunctionContext&) {
    ExecuteBinaryNullable<double, double, double>(*args[0], *args[1], count, result,
                                                  [](double base, double x, double* out) {
                                                    if (base <= 0 || x <= 0) return false;
                                                    *out = std::log(x) / std::log(base);
                                                    return true;
                                                  });
  };
  registry.AddScalar(
      "log",
      SignatureBinder(
          "log",
          {{{TypeId::kDouble}, TypeId::kDouble, Logarithm([](double x) { return std::log(x); })},
           {{TypeId::kDouble, TypeId::kDouble}, TypeId::kDouble, log_base}}));

  ScalarKernel isnan = [](const std::vector<const Vector*>& args, size_t count, Vector& result,
                          const FunctionContext&) {
    const Vector& a = *args[0];
    uint8_t* out = result.Data<uint8_t>();
    for (size_t i = 0; i < count; ++i) out[i] = !a.IsNull(i) && std::isnan(a.Data<double>()[i]);
    result.validity().Reset();  // isnan(NULL) is false
  };
  registry.AddScalar("isnan",
                     SignatureBinder("isnan", {{{TypeId::kDouble}, TypeId::kBoolean, isnan}}));
  ScalarKernel nanvl = [](const std::vector<const Vector*>& args, size_t count, Vector& result,
                          const FunctionContext&) {
    const Vector& a = *args[0];
    const Vector& b = *args[1];
    double* out = result.Data<double>();
    result.validity().Reset();
    for (size_t i = 0; i < count; ++i) {
      bool use_b = !a.IsNull(i) && std::isnan(a.Data<double>()[i]);
      const Vector& src = use_b ? b : a;
      if (src.IsNull(i))
        result.SetNull(i, true);
      else
        out[i] = src.Data<double>()[i];
    }
  };
  registry.AddScalar(
      "nanvl",
      SignatureBinder("nanvl", {{{TypeId::kDouble, TypeId::kDouble}, TypeId::kDouble, nanvl}}));

  registry.AddScalar("pi", SignatureBinder("pi", {{{}, TypeId::kDouble, Constant(M_PI)}}));
  registry.AddScalar("e", SignatureBinder("e", {{{}, TypeId::kDouble, Constant(M_E)}}));
}

}  // namespace floe
