#include "function/aggregates/central_moments.h"

#include <cmath>

#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

/// Count, mean and sums of 2nd, 3rd and 4th powers of deviations from the mean,
/// updated online and merged with Pebay's formulas ("Formulas for robust, one-pass
/// parallel computation of covariances and arbitrary-order statistical moments", 2008).
struct MomentState {
  double n;
  double mean;
  double m2;
  double m3;
  double m4;
};

inline void Add(MomentState& s, double x) {
  double n1 = s.n;
  double n = n1 + 1.0;
  double delta = x - s.mean;
  double delta_n = delta / n;
  double delta_n2 = delta_n * delta_n;
  double term = delta * delta_n * n1;
  s.mean += delta_n;
  s.m4 += term * delta_n2 * (n * n - 3.0 * n + 3.0) + 6.0 * delta_n2 * s.m2 -
          4.0 * delta_n * s.m3;
  s.m3 += term * delta_n * (n - 2.0) - 3.0 * delta_n * s.m2;
  s.m2 += term;
  s.n = n;
}

inline void Merge(MomentState& a, const MomentState& b) {
  if (b.n == 0.0) return;
  if (a.n == 0.0) {
    a = b;
    return;
  }
  double n = a.n + b.n;
  double delta = b.mean - a.mean;
  double delta2 = delta * delta;
  double delta3 = delta2 * delta;
  double delta4 = delta2 * delta2;
  MomentState merged;
  merged.n = n;
  merged.mean = a.mean + delta * b.n / n;
  merged.m2 = a.m2 + b.m2 + delta2 * a.n * b.n / n;
  merged.m3 = a.m3 + b.m3 + delta3 * a.n * b.n * (a.n - b.n) / (n * n) +
              3.0 * delta * (a.n * b.m2 - b.n * a.m2) / n;
  merged.m4 = a.m4 + b.m4 +
              delta4 * a.n * b.n * (a.n * a.n - a.n * b.n + b.n * b.n) / (n * n * n) +
              6.0 * delta2 * (a.n * a.n * b.m2 + b.n * b.n * a.m2) / (n * n) +
              4.0 * delta * (a.n * b.m3 - b.n * a.m3) / n;
  a = merged;
}

template <bool kKurtosis>
BoundAggregateFunction BindMoment(const char* name, const std::vector<LogicalType>& arg_types,
                                  bool distinct) {
  if (arg_types.size() != 1 ||
      !(arg_types[0].IsNumeric() || arg_types[0].id() == TypeId::kNull)) {
    ThrowUnsupportedArguments(name, arg_types, "one numeric argument");
  }
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {TypeId::kDouble};
  f.return_type = TypeId::kDouble;
  f.state_size = sizeof(MomentState);
  f.initialize = [](uint8_t* state) { new (state) MomentState{0, 0, 0, 0, 0}; };
  f.update = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                const FunctionContext&) {
    const double* data = args[0]->Data<double>();
    ForEachValidRow(args[0]->validity(), count,
                    [&](size_t i) { Add(StateAt<MomentState>(states, i), data[i]); });
  };
  f.combine = [](uint8_t* source, uint8_t* target) {
    Merge(StateAt<MomentState>(&target, 0), StateAt<MomentState>(&source, 0));
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    double* out = result.Data<double>();
    for (size_t i = 0; i < count; ++i) {
      const auto& s = StateAt<MomentState>(states, i);
      // Spark 3 (legacy.statisticalAggregate=false): NULL for n = 0 and for m2 = 0.
      bool is_null = s.n == 0.0 || s.m2 == 0.0;
      result.SetNull(i, is_null);
      if (is_null) continue;
      out[i] = kKurtosis ? s.n * s.m4 / (s.m2 * s.m2) - 3.0
                         : std::sqrt(s.n) * s.m3 / std::sqrt(s.m2 * s.m2 * s.m2);
    }
  };
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace

BoundAggregateFunction BindSkewness(const std::vector<LogicalType>& arg_types, bool distinct) {
  return BindMoment<false>("skewness", arg_types, distinct);
}

BoundAggregateFunction BindKurtosis(const std::vector<LogicalType>& arg_types, bool distinct) {
  return BindMoment<true>("kurtosis", arg_types, distinct);
}

}  // namespace floe
