#include <cmath>
#include <cstdio>

#include "common/decimal.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/rounding.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"

// format_number(x, d): x rounded HALF_EVEN (Java's DecimalFormat) to d decimals, with ','
// between thousands: format_number(12332.123456, 4) = '12,332.1235'. NULL for d < 0.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

// Inserts ',' every three digits of the integer part of plain decimal text.
std::string GroupThousands(const std::string& plain) {
  size_t start = plain[0] == '-' ? 1 : 0;
  size_t point = plain.find('.');
  size_t int_end = point == std::string::npos ? plain.size() : point;
  std::string out = plain.substr(0, start);
  for (size_t i = start; i < int_end; ++i) {
    if (i > start && (int_end - i) % 3 == 0) out += ',';
    out += plain[i];
  }
  return out + plain.substr(int_end);
}

void FormatDecimalRows(const Args& args, size_t count, Vector& result, int scale) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    int32_t d = args[1]->Data<int32_t>()[i];
    if (d < 0) return false;
    int128_t v = args[0]->Data<int128_t>()[i];
    int128_t rounded = d >= scale ? v : RoundUnscaled(v, scale - d, /*half_even=*/true);
    std::string plain = DecimalToString(rounded, std::min(d, scale));
    if (d > scale) plain += std::string(scale == 0 ? 1 : 0, '.') + std::string(d - scale, '0');
    if (rounded == 0 && plain[0] == '-') plain.erase(0, 1);
    *out = GroupThousands(plain);
    return true;
  });
}

void FormatDoubleRows(const Args& args, size_t count, Vector& result) {
  ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
    int32_t d = args[1]->Data<int32_t>()[i];
    double v = args[0]->Data<double>()[i];
    if (d < 0) return false;
    if (!std::isfinite(v)) {
      *out = std::isnan(v)
                 ? "NaN"
                 : (v > 0 ? "\xe2\x88\x9e" : "-\xe2\x88\x9e");  // Java prints the infinity sign
      return true;
    }
    double rounded = RoundDouble(v, d, /*half_even=*/true);
    char buf[400];
    std::snprintf(buf, sizeof(buf), "%.*f", d, rounded);
    std::string plain = buf;
    if (plain[0] == '-' && plain.find_first_not_of("-0.") == std::string::npos) plain.erase(0, 1);
    *out = GroupThousands(plain);
    return true;
  });
}

BoundScalarFunction BindFormatNumber(const ScalarBindInput& input) {
  CheckArgumentCount("format_number", input, 2, 2);
  LogicalType t = input.arg_types[0];
  if (t.id() == TypeId::kNull || t.id() == TypeId::kString) t = TypeId::kDouble;
  if (!t.IsNumeric()) ThrowArgumentTypes("format_number", input, "(number, int)");
  BoundScalarFunction bound;
  bound.name = "format_number";
  bound.return_type = TypeId::kString;
  if (t.id() == TypeId::kDecimal || t.IsInteger()) {
    LogicalType decimal = t.id() == TypeId::kDecimal ? t : DecimalForInteger(t.id());
    int scale = decimal.scale();
    bound.arg_types = {decimal, TypeId::kInt32};
    bound.kernel = [scale](const Args& args, size_t count, Vector& result, const FunctionContext&) {
      FormatDecimalRows(args, count, result, scale);
    };
  } else {
    bound.arg_types = {TypeId::kDouble, TypeId::kInt32};
    bound.kernel = [](const Args& args, size_t count, Vector& result, const FunctionContext&) {
      FormatDoubleRows(args, count, result);
    };
  }
  return bound;
}

}  // namespace

void RegisterFormatNumberFunction(FunctionRegistry& registry) {
  registry.AddScalar("format_number", BindFormatNumber);
}

}  // namespace floe
