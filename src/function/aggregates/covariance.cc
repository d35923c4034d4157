#include "function/aggregates/covariance.h"

#include <cmath>
#include <optional>

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

/// Adds rows to the states; kSwapped for regr_*(y, x), whose first argument is y.
template <bool kSwapped>
void CovarianceUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                      const FunctionContext&) {
  const Vector& x = *args[kSwapped ? 1 : 0];
  const Vector& y = *args[kSwapped ? 0 : 1];
  const double* xs = x.Data<double>();
  const double* ys = y.Data<double>();
  bool all_valid = y.validity().AllValid() && x.validity().AllValid();
  for (size_t i = 0; i < count; ++i) {
    if (!all_valid && (x.IsNull(i) || y.IsNull(i))) continue;
    Add(StateAt<CovarianceState>(states, i), xs[i], ys[i]);
  }
}

/// Returns the statistic of a state, or nothing for NULL. Spark 3 divides by zero to NULL.
std::optional<double> Evaluate(CovarianceKind kind, const CovarianceState& s) {
  if (s.n == 0.0) return std::nullopt;
  switch (kind) {
    case CovarianceKind::kCovarPop: return s.ck / s.n;
    case CovarianceKind::kCovarSamp:
      if (s.n == 1.0) return std::nullopt;
      return s.ck / (s.n - 1.0);
    case CovarianceKind::kCorr: {
      double denominator = std::sqrt(s.x_m2 * s.y_m2);
      if (s.n == 1.0 || denominator == 0.0) return std::nullopt;
      return s.ck / denominator;
    }
    case CovarianceKind::kRegrSlope:
      if (s.x_m2 == 0.0) return std::nullopt;
      return s.ck / s.x_m2;
    case CovarianceKind::kRegrIntercept:
      if (s.x_m2 == 0.0) return std::nullopt;
      return s.y_mean - s.ck / s.x_m2 * s.x_mean;
    case CovarianceKind::kRegrR2:
      if (s.x_m2 == 0.0) return std::nullopt;
      if (s.y_m2 == 0.0) return 1.0;
      return s.ck * s.ck / s.x_m2 / s.y_m2;
    case CovarianceKind::kRegrSxx: return s.x_m2;
    case CovarianceKind::kRegrSyy: return s.y_m2;
    case CovarianceKind::kRegrSxy: return s.ck;
  }
  return std::nullopt;
}

}  // namespace

BoundAggregateFunction BindCovariance(CovarianceKind kind,
                                      const std::vector<LogicalType>& arg_types, bool distinct) {
  static const char* const kNames[] = {"covar_pop",  "covar_samp", "corr",
                                       "regr_slope", "regr_intercept", "regr_r2",
                                       "regr_sxx",   "regr_syy",   "regr_sxy"};
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
  bool regression = kind >= CovarianceKind::kRegrSlope;
  f.update = regression ? CovarianceUpdate<true> : CovarianceUpdate<false>;
  f.combine = [](uint8_t* source, uint8_t* target) {
    Merge(StateAt<CovarianceState>(&target, 0), StateAt<CovarianceState>(&source, 0));
  };
  f.finalize = [kind](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    double* out = result.Data<double>();
    for (size_t i = 0; i < count; ++i) {
      std::optional<double> value = Evaluate(kind, StateAt<CovarianceState>(states, i));
      result.SetNull(i, !value.has_value());
      out[i] = value.value_or(0);
    }
  };
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace floe
