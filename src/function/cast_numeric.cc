#include <charconv>
#include <cmath>
#include <limits>
#include <type_traits>

#include "common/decimal.h"
#include "function/cast_kernels.h"

// Casts among boolean, tinyint, smallint, int, bigint, float, double and decimal, with
// Spark's ANSI rules: fractions truncate toward zero when going to integers, decimals round
// HALF_UP, and a value out of the target's range is an overflow error.

namespace floe {
namespace {

template <typename D>
constexpr bool kIsInteger = std::is_same_v<D, int8_t> || std::is_same_v<D, int16_t> ||
                            std::is_same_v<D, int32_t> || std::is_same_v<D, int64_t>;

template <typename D>
CastStatus FromInt64(int64_t v, D* out, const LogicalType& to) {
  if constexpr (std::is_same_v<D, uint8_t>) {
    *out = v != 0;
  } else if constexpr (kIsInteger<D>) {
    if (v < std::numeric_limits<D>::min() || v > std::numeric_limits<D>::max()) {
      return CastStatus::kOverflow;
    }
    *out = static_cast<D>(v);
  } else if constexpr (std::is_same_v<D, int128_t>) {
    // |v| < 2^63 and 10^scale <= 10^38 < 2^127: the product may pass 2^127, so the digits
    // are checked first (CAST(3 AS DECIMAL(38,38)) must not wrap around).
    if (!RescaleDecimal(v, 0, to.scale(), to.precision(), out)) return CastStatus::kOverflow;
  } else {
    *out = static_cast<D>(v);
  }
  return CastStatus::kOk;
}

}  // namespace

bool DoubleToDecimalExact(double v, int precision, int scale, int128_t* out) {
  if (!std::isfinite(v)) return false;
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), v);
  return ParseDecimal(std::string_view(buf, res.ptr - buf), precision, scale, out);
}

namespace {

template <typename D>
CastStatus FromDouble(double v, D* out, const LogicalType& to) {
  if constexpr (std::is_same_v<D, uint8_t>) {
    *out = v != 0;
  } else if constexpr (kIsInteger<D>) {
    // Spark: floor(v) <= MaxValue && ceil(v) >= MinValue, then truncate.
    if (std::isnan(v) || std::floor(v) > static_cast<double>(std::numeric_limits<D>::max()) ||
        std::ceil(v) < static_cast<double>(std::numeric_limits<D>::min())) {
      return CastStatus::kOverflow;
    }
    double t = std::trunc(v);
    *out = t >= static_cast<double>(std::numeric_limits<D>::max()) ? std::numeric_limits<D>::max()
                                                                   : static_cast<D>(t);
  } else if constexpr (std::is_same_v<D, int128_t>) {
    if (!DoubleToDecimalExact(v, to.precision(), to.scale(), out)) return CastStatus::kOverflow;
  } else {
    *out = static_cast<D>(v);
  }
  return CastStatus::kOk;
}

}  // namespace

double DecimalToDoubleExact(int128_t unscaled, int scale) {
  // Both operands exact in a double: one correctly rounded division.
  if (unscaled < (int128_t{1} << 53) && unscaled > -(int128_t{1} << 53) && scale <= 22) {
    return static_cast<double>(static_cast<int64_t>(unscaled)) /
           static_cast<double>(static_cast<int64_t>(Pow10(scale)));
  }
  std::string text = DecimalToString(unscaled, scale);
  double v = 0;
  std::from_chars(text.data(), text.data() + text.size(), v);
  return v;
}

namespace {

template <typename D>
CastStatus FromDecimal(int128_t v, int scale, D* out, const LogicalType& to) {
  if constexpr (std::is_same_v<D, uint8_t>) {
    *out = v != 0;
  } else if constexpr (kIsInteger<D>) {
    int128_t whole = v / Pow10(scale);
    if (whole < std::numeric_limits<D>::min() || whole > std::numeric_limits<D>::max()) {
      return CastStatus::kOverflow;
    }
    *out = static_cast<D>(whole);
  } else if constexpr (std::is_same_v<D, int128_t>) {
    if (!RescaleDecimal(v, scale, to.scale(), to.precision(), out)) return CastStatus::kOverflow;
  } else {
    *out = static_cast<D>(DecimalToDoubleExact(v, scale));
  }
  return CastStatus::kOk;
}

template <typename D>
void CastNumericTo(const Vector& source, size_t count, Vector& result,
                   const FunctionContext& context) {
  const LogicalType& to = result.type();
  switch (source.type().id()) {
    case TypeId::kBoolean:
      return CastRows<uint8_t, D>(source, count, result, context,
                                  [&](uint8_t v, D* out) { return FromInt64<D>(v, out, to); });
    case TypeId::kInt8:
      return CastRows<int8_t, D>(source, count, result, context,
                                 [&](int8_t v, D* out) { return FromInt64<D>(v, out, to); });
    case TypeId::kInt16:
      return CastRows<int16_t, D>(source, count, result, context,
                                  [&](int16_t v, D* out) { return FromInt64<D>(v, out, to); });
    case TypeId::kInt32:
      return CastRows<int32_t, D>(source, count, result, context,
                                  [&](int32_t v, D* out) { return FromInt64<D>(v, out, to); });
    case TypeId::kInt64:
      return CastRows<int64_t, D>(source, count, result, context,
                                  [&](int64_t v, D* out) { return FromInt64<D>(v, out, to); });
    case TypeId::kFloat:
      return CastRows<float, D>(source, count, result, context,
                                [&](float v, D* out) { return FromDouble<D>(v, out, to); });
    case TypeId::kDouble:
      return CastRows<double, D>(source, count, result, context,
                                 [&](double v, D* out) { return FromDouble<D>(v, out, to); });
    case TypeId::kDecimal: {
      int scale = source.type().scale();
      return CastRows<int128_t, D>(source, count, result, context, [&](int128_t v, D* out) {
        return FromDecimal<D>(v, scale, out, to);
      });
    }
    default: throw InternalError("CastNumeric: unexpected source type " + source.type().ToString());
  }
}

}  // namespace

void CastNumeric(const Vector& source, size_t count, Vector& result,
                 const FunctionContext& context) {
  switch (result.type().id()) {
    case TypeId::kBoolean: return CastNumericTo<uint8_t>(source, count, result, context);
    case TypeId::kInt8: return CastNumericTo<int8_t>(source, count, result, context);
    case TypeId::kInt16: return CastNumericTo<int16_t>(source, count, result, context);
    case TypeId::kInt32: return CastNumericTo<int32_t>(source, count, result, context);
    case TypeId::kInt64: return CastNumericTo<int64_t>(source, count, result, context);
    case TypeId::kFloat: return CastNumericTo<float>(source, count, result, context);
    case TypeId::kDouble: return CastNumericTo<double>(source, count, result, context);
    case TypeId::kDecimal: return CastNumericTo<int128_t>(source, count, result, context);
    default: throw InternalError("CastNumeric: unexpected target type " + result.type().ToString());
  }
}

}  // namespace floe
