#include "function/aggregates/percentile.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/decimal.h"
#include "common/exception.h"
#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"
#include "function/value_order.h"

namespace floe {

namespace {

/// The group's values as doubles, and the constant arguments seen by its first update.
struct PercentileState {
  std::vector<double>* values;
  double percentage;
  int64_t accuracy;
};

constexpr int64_t kDefaultAccuracy = 10000;  // Spark's percentile_approx default

/// Returns the constant percentage of a batch (row 0), checked as Spark checks it.
double ReadPercentage(const char* name, const Vector& p) {
  if (p.IsNull(0)) throw InvalidInputError(std::string(name) + ": the percentage is NULL");
  double percentage = p.Data<double>()[0];
  if (!(percentage >= 0.0 && percentage <= 1.0)) {
    throw InvalidInputError(std::string(name) + ": the percentage must be between 0.0 and 1.0, " +
                            "got " + std::to_string(percentage));
  }
  return percentage;
}

/// Reads x as a double: decimals are unscaled with `scale`, dates and timestamps are
/// their day or microsecond numbers (as Spark's percentile_approx sees them).
double ToDouble(const Vector& x, size_t i, int scale) {
  switch (x.type().id()) {
    case TypeId::kInt8: return x.Data<int8_t>()[i];
    case TypeId::kInt16: return x.Data<int16_t>()[i];
    case TypeId::kInt32:
    case TypeId::kDate: return x.Data<int32_t>()[i];
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz: return static_cast<double>(x.Data<int64_t>()[i]);
    case TypeId::kFloat: return x.Data<float>()[i];
    case TypeId::kDouble: return x.Data<double>()[i];
    case TypeId::kDecimal: return DecimalToDouble(x.Data<int128_t>()[i], scale);
    default: return 0;
  }
}

/// Writes a double back as `type` (Spark's percentile_approx result conversion).
void WriteAs(const LogicalType& type, double v, Vector& result, size_t i) {
  switch (type.id()) {
    case TypeId::kInt8: result.Data<int8_t>()[i] = static_cast<int8_t>(v); break;
    case TypeId::kInt16: result.Data<int16_t>()[i] = static_cast<int16_t>(v); break;
    case TypeId::kInt32:
    case TypeId::kDate: result.Data<int32_t>()[i] = static_cast<int32_t>(v); break;
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz: result.Data<int64_t>()[i] = static_cast<int64_t>(v); break;
    case TypeId::kFloat: result.Data<float>()[i] = static_cast<float>(v); break;
    case TypeId::kDecimal: {
      int128_t unscaled = 0;
      if (!DoubleToDecimal(v, type.precision(), type.scale(), &unscaled)) {
        throw OutOfRangeError("percentile_approx: " + std::to_string(v) + " does not fit " +
                              type.ToString());
      }
      result.Data<int128_t>()[i] = unscaled;
      break;
    }
    default: result.Data<double>()[i] = v;
  }
}

/// Returns the exact percentile of Spark's percentile: linear between adjacent ranks.
double InterpolatedPercentile(std::vector<double>& values, double percentage) {
  auto less = [](double a, double b) { return OrderLess(a, b); };
  double position = static_cast<double>(values.size() - 1) * percentage;
  size_t lower = static_cast<size_t>(std::floor(position));
  size_t higher = static_cast<size_t>(std::ceil(position));
  std::nth_element(values.begin(), values.begin() + lower, values.end(), less);
  double lower_value = values[lower];
  if (higher == lower) return lower_value;
  double higher_value = *std::min_element(values.begin() + lower + 1, values.end(), less);
  return (static_cast<double>(higher) - position) * lower_value +
         (position - static_cast<double>(lower)) * higher_value;
}

/// Returns the value of rank ceil(p n), as Spark's exact quantile summaries answer.
double RankPercentile(std::vector<double>& values, double percentage, int64_t accuracy) {
  auto less = [](double a, double b) { return OrderLess(a, b); };
  double relative_error = 1.0 / static_cast<double>(accuracy);
  if (percentage <= relative_error) return *std::min_element(values.begin(), values.end(), less);
  if (percentage >= 1.0 - relative_error) {
    return *std::max_element(values.begin(), values.end(), less);
  }
  double n = static_cast<double>(values.size());
  size_t rank = static_cast<size_t>(std::ceil(percentage * n));
  rank = std::clamp<size_t>(rank, 1, values.size());
  std::nth_element(values.begin(), values.begin() + (rank - 1), values.end(), less);
  return values[rank - 1];
}

enum class PercentileMode { kExact, kMedian, kApprox };

BoundAggregateFunction MakePercentile(const char* name, PercentileMode mode,
                                      std::vector<LogicalType> arg_types,
                                      LogicalType return_type, int scale) {
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = std::move(arg_types);
  f.return_type = return_type;
  f.state_size = sizeof(PercentileState);
  f.initialize = [](uint8_t* state) {
    new (state) PercentileState{nullptr, 0.5, kDefaultAccuracy};
  };
  f.destroy = [](uint8_t* state) { delete StateAt<PercentileState>(&state, 0).values; };
  f.update = [name, mode, scale](const std::vector<const Vector*>& args, size_t count,
                                 uint8_t** states, const FunctionContext&) {
    if (count == 0) return;
    const Vector& x = *args[0];
    double percentage = mode == PercentileMode::kMedian ? 0.5 : ReadPercentage(name, *args[1]);
    int64_t accuracy = kDefaultAccuracy;
    if (args.size() > 2) {
      accuracy = args[2]->IsNull(0) ? 0 : args[2]->Data<int64_t>()[0];
      if (accuracy <= 0) {
        throw InvalidInputError(std::string(name) + ": the accuracy must be a positive integer");
      }
    }
    ForEachValidRow(x.validity(), count, [&](size_t i) {
      auto& state = StateAt<PercentileState>(states, i);
      if (state.values == nullptr) {
        state.values = new std::vector<double>();
        state.percentage = percentage;
        state.accuracy = accuracy;
      }
      state.values->push_back(ToDouble(x, i, scale));
    });
  };
  f.combine = [](uint8_t* source, uint8_t* target) {
    const auto& src = StateAt<PercentileState>(&source, 0);
    auto& dst = StateAt<PercentileState>(&target, 0);
    if (src.values == nullptr) return;
    if (dst.values == nullptr) {
      dst.values = new std::vector<double>();
      dst.percentage = src.percentage;
      dst.accuracy = src.accuracy;
    }
    dst.values->insert(dst.values->end(), src.values->begin(), src.values->end());
  };
  f.finalize = [mode, return_type](uint8_t** states, size_t count, Vector& result,
                                   const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      auto& state = StateAt<PercentileState>(states, i);
      bool is_null = state.values == nullptr || state.values->empty();
      result.SetNull(i, is_null);
      if (is_null) continue;
      if (mode == PercentileMode::kApprox) {
        WriteAs(return_type, RankPercentile(*state.values, state.percentage, state.accuracy),
                result, i);
      } else {
        result.Data<double>()[i] = InterpolatedPercentile(*state.values, state.percentage);
      }
    }
  };
  return f;
}

bool IsNumericOrNull(const LogicalType& t) { return t.IsNumeric() || t.id() == TypeId::kNull; }

}  // namespace

BoundAggregateFunction BindPercentile(const std::vector<LogicalType>& arg_types, bool distinct) {
  if (arg_types.size() != 2 || !IsNumericOrNull(arg_types[0]) || !arg_types[1].IsNumeric()) {
    ThrowUnsupportedArguments("percentile", arg_types, "(numeric x, percentage double)");
  }
  LogicalType x = arg_types[0].id() == TypeId::kNull ? LogicalType(TypeId::kDouble) : arg_types[0];
  BoundAggregateFunction f = MakePercentile("percentile", PercentileMode::kExact,
                                            {x, TypeId::kDouble}, TypeId::kDouble, x.scale());
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

BoundAggregateFunction BindMedian(const std::vector<LogicalType>& arg_types, bool distinct) {
  if (arg_types.size() != 1 || !IsNumericOrNull(arg_types[0])) {
    ThrowUnsupportedArguments("median", arg_types, "one numeric argument");
  }
  LogicalType x = arg_types[0].id() == TypeId::kNull ? LogicalType(TypeId::kDouble) : arg_types[0];
  BoundAggregateFunction f =
      MakePercentile("median", PercentileMode::kMedian, {x}, TypeId::kDouble, x.scale());
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

BoundAggregateFunction BindPercentileApprox(const std::vector<LogicalType>& arg_types,
                                            bool distinct) {
  const char* name = "percentile_approx";
  if (arg_types.size() < 2 || arg_types.size() > 3 ||
      // (not the nanosecond timestamps: a double, as Spark computes in, holds 2^53 at most)
      !(arg_types[0].IsNumeric() || (arg_types[0].IsTemporal() && !arg_types[0].IsNanosTimestamp())) ||
      !arg_types[1].IsNumeric() ||
      (arg_types.size() == 3 && !arg_types[2].IsInteger())) {
    ThrowUnsupportedArguments(name, arg_types,
                              "(numeric, date or timestamp x, percentage double[, accuracy int])");
  }
  std::vector<LogicalType> bound = {arg_types[0], TypeId::kDouble};
  if (arg_types.size() == 3) bound.push_back(TypeId::kInt64);
  BoundAggregateFunction f = MakePercentile(name, PercentileMode::kApprox, std::move(bound),
                                            arg_types[0], arg_types[0].scale());
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace floe
