#include "function/aggregates/variance.h"

#include <cmath>

#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

/// Count, mean and sum of squared deviations from the mean (Spark's CentralMomentAgg).
struct VarianceState {
  double n;
  double mean;
  double m2;
};

inline void Add(VarianceState& s, double v) {
  double n = s.n + 1.0;
  double delta = v - s.mean;
  double delta_n = delta / n;
  s.mean += delta_n;
  s.m2 += delta * (delta - delta_n);
  s.n = n;
}

/// Merges b into a with Chan et al.'s parallel formula (Spark's merge expressions).
inline void Merge(VarianceState& a, const VarianceState& b) {
  double n = a.n + b.n;
  double delta = b.mean - a.mean;
  double delta_n = n == 0.0 ? 0.0 : delta / n;
  a = VarianceState{n, a.mean + delta_n * b.n, a.m2 + b.m2 + delta * delta_n * a.n * b.n};
}

void VarianceUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                    const FunctionContext&) {
  const Vector& input = *args[0];
  const double* data = input.Data<double>();
  if (AllSameState(states, count)) {
    // One state: Welford's per-row division is a serial chain, so take the batch's
    // two-pass moments instead (mean, then squared deviations; as stable, and
    // pipelined) and merge them in.
    double n = 0;
    double sum = 0;
    ForEachValidRow(input.validity(), count, [&](size_t i) {
      sum += data[i];
      n += 1.0;
    });
    if (n == 0) return;
    double mean = sum / n;
    double m2 = 0;
    ForEachValidRow(input.validity(), count, [&](size_t i) {
      double d = data[i] - mean;
      m2 += d * d;
    });
    Merge(StateAt<VarianceState>(states, 0), VarianceState{n, mean, m2});
    return;
  }
  ForEachValidRow(input.validity(), count,
                  [&](size_t i) { Add(StateAt<VarianceState>(states, i), data[i]); });
}

void VarianceCombine(uint8_t* source, uint8_t* target) {
  Merge(StateAt<VarianceState>(&target, 0), StateAt<VarianceState>(&source, 0));
}

}  // namespace

BoundAggregateFunction BindVariance(VarianceKind kind, const std::vector<LogicalType>& arg_types,
                                    bool distinct) {
  static const char* const kNames[] = {"var_pop", "var_samp", "stddev_pop", "stddev_samp"};
  const char* name = kNames[static_cast<int>(kind)];
  if (arg_types.size() != 1 ||
      !(arg_types[0].IsNumeric() || arg_types[0].id() == TypeId::kNull)) {
    ThrowUnsupportedArguments(name, arg_types, "one numeric argument");
  }
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {TypeId::kDouble};
  f.return_type = TypeId::kDouble;
  f.state_size = sizeof(VarianceState);
  f.initialize = [](uint8_t* state) { new (state) VarianceState{0, 0, 0}; };
  f.update = VarianceUpdate;
  f.combine = VarianceCombine;
  // No remove(): undoing Welford steps drifts in floating point; frames recompute.
  bool sample = kind == VarianceKind::kVarSamp || kind == VarianceKind::kStddevSamp;
  bool root = kind == VarianceKind::kStddevPop || kind == VarianceKind::kStddevSamp;
  f.finalize = [sample, root](uint8_t** states, size_t count, Vector& result,
                              const FunctionContext&) {
    double* out = result.Data<double>();
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<VarianceState>(states, i);
      // Spark 3 (legacy.statisticalAggregate=false): NULL for n = 0, and for n = 1 in samples.
      if (state.n == 0.0 || (sample && state.n == 1.0)) {
        result.SetNull(i, true);
        continue;
      }
      double variance = state.m2 / (sample ? state.n - 1.0 : state.n);
      out[i] = root ? std::sqrt(variance) : variance;
      result.SetNull(i, false);
    }
  };
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace floe
