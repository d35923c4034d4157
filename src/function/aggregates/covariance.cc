#include "function/aggregates/covariance.h"

#include <cmath>

#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

/// Count, means, co-moment and (for corr) each variable's second central moment.
struct CovarianceState {
  double n;
  double x_mean;
  double y_mean;
  double ck;
  double x_m2;
  double y_m2;
};

inline void Add(CovarianceState& s, double x, double y) {
  double n = s.n + 1.0;
  double dx = x - s.x_mean;
  double dy = y - s.y_mean;
  s.x_mean += dx / n;
  s.y_mean += dy / n;
  s.ck += dx * (y - s.y_mean);
  s.x_m2 += dx * (x - s.x_mean);
  s.y_m2 += dy * (y - s.y_mean);
  s.n = n;
}

inline void Merge(CovarianceState& a, const CovarianceState& b) {
  double n = a.n + b.n;
  double dx = b.x_mean - a.x_mean;
  double dy = b.y_mean - a.y_mean;
  double dx_n = n == 0.0 ? 0.0 : dx / n;
  double dy_n = n == 0.0 ? 0.0 : dy / n;
  a = CovarianceState{n,
                      a.x_mean + dx_n * b.n,
                      a.y_mean + dy_n * b.n,
                      a.ck + b.ck + dx * dy_n * a.n * b.n,
                      a.x_m2 + b.x_m2 + dx * dx_n * a.n * b.n,
                      a.y_m2 + b.y_m2 + dy * dy_n * a.n * b.n};
}

void CovarianceUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                      const FunctionContext&) {
  const Vector& x = *args[0];
  const Vector& y = *args[1];
  const double* xs = x.Data<double>();
  const double* ys = y.Data<double>();
  bool all_valid = y.validity().AllValid() && x.validity().AllValid();
  for (size_t i = 0; i < count; ++i) {
    if (!all_valid && (x.IsNull(i) || y.IsNull(i))) continue;
    Add(StateAt<CovarianceState>(states, i), xs[i], ys[i]);
  }
}

}  // namespace

BoundAggregateFunction BindCovariance(CovarianceKind kind,
                                      const std::vector<LogicalType>& arg_types, bool distinct) {
  static const char* const kNames[] = {"covar_pop", "covar_samp", "corr"};
  const char* name = kNames[static_cast<int>(kind)];
  auto numeric = [](const LogicalType& t) { return t.IsNumeric() || t.id() == TypeId::kNull; };
  if (arg_types.size() != 2 || !numeric(arg_types[0]) || !numeric(arg_types[1])) {
    ThrowUnsupportedArguments(name, arg_types, "two numeric arguments");
  }
  BoundAggregateFunction f;
  f.name = name;
  f.arg_types = {TypeId::kDouble, TypeId::kDouble};
  f.return_type = TypeId::kDouble;
  f.state_size = sizeof(CovarianceState);
  f.initialize = [](uint8_t* state) { new (state) CovarianceState{0, 0, 0, 0, 0, 0}; };
  f.update = CovarianceUpdate;
  f.combine = [](uint8_t* source, uint8_t* target) {
    Merge(StateAt<CovarianceState>(&target, 0), StateAt<CovarianceState>(&source, 0));
  };
  f.finalize = [kind](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    double* out = result.Data<double>();
    for (size_t i = 0; i < count; ++i) {
      const auto& s = StateAt<CovarianceState>(states, i);
      bool is_null = s.n == 0.0 || (kind != CovarianceKind::kCovarPop && s.n == 1.0);
      double value = 0;
      if (!is_null) {
        switch (kind) {
          case CovarianceKind::kCovarPop: value = s.ck / s.n; break;
          case CovarianceKind::kCovarSamp: value = s.ck / (s.n - 1.0); break;
          case CovarianceKind::kCorr: {
            double denominator = std::sqrt(s.x_m2 * s.y_m2);
            is_null = denominator == 0.0;  // a constant variable: Spark's x / 0 is NULL
            value = is_null ? 0 : s.ck / denominator;
            break;
          }
        }
      }
      result.SetNull(i, is_null);
      out[i] = value;
    }
  };
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace floe
