#include "function/aggregates/hyperloglog.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "common/exception.h"
#include "function/aggregates/physical_type.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

constexpr uint64_t kSeed = 42;  // Spark's HyperLogLogPlusPlus seed

/// Returns Ertl's sigma(x) = x + sum_k x^(2^k) 2^(k-1).
double Sigma(double x) {
  if (x == 1.0) return std::numeric_limits<double>::infinity();
  double y = 1.0;
  double z = x;
  double previous;
  do {
    x *= x;
    previous = z;
    z += x * y;
    y += y;
  } while (previous != z);
  return z;
}

/// Returns Ertl's tau(x) = (1 - x - sum_k (1 - x^(2^-k))^2 2^-k) / 3.
double Tau(double x) {
  if (x == 0.0 || x == 1.0) return 0.0;
  double y = 1.0;
  double z = 1.0 - x;
  double previous;
  do {
    x = std::sqrt(x);
    previous = z;
    y *= 0.5;
    z -= (1.0 - x) * (1.0 - x) * y;
  } while (previous != z);
  return z / 3.0;
}

/// Returns the hash of a value; -0.0 and NaNs are normalized as count(DISTINCT) groups them.
template <typename T>
inline uint64_t HashValue(const T& v) {
  if constexpr (std::is_same_v<T, StringRef>) {
    return XxHash64(v.data, v.size, kSeed);
  } else if constexpr (std::is_floating_point_v<T>) {
    T normalized = v == 0 ? T{0} : (std::isnan(v) ? std::numeric_limits<T>::quiet_NaN() : v);
    return XxHash64(&normalized, sizeof(T), kSeed);
  } else if constexpr (std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t>) {
    int32_t widened = v;  // Spark hashes bytes and shorts as ints
    return XxHash64(&widened, sizeof(widened), kSeed);
  } else {
    return XxHash64(&v, sizeof(T), kSeed);
  }
}

struct ApproxDistinctState {
  HyperLogLog* sketch;  // created by the first update, which knows rsd
};

/// Returns the sketch of a state, creating it with rsd from args[1] (constant).
HyperLogLog& SketchOf(ApproxDistinctState& state, const std::vector<const Vector*>& args) {
  if (state.sketch == nullptr) {
    double rsd = HyperLogLog::kDefaultRelativeSD;
    if (args.size() > 1) {
      if (args[1]->IsNull(0)) {
        throw InvalidInputError("approx_count_distinct: the relative standard deviation is NULL");
      }
      rsd = args[1]->Data<double>()[0];
    }
    state.sketch = new HyperLogLog(HyperLogLog::PrecisionFor(rsd));
  }
  return *state.sketch;
}

template <typename T>
void ApproxDistinctUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                          const FunctionContext&) {
  const Vector& input = *args[0];
  if (count == 0 || input.type().id() == TypeId::kNull) return;
  const T* data = input.Data<T>();
  if (AllSameState(states, count)) {
    HyperLogLog& sketch = SketchOf(StateAt<ApproxDistinctState>(states, 0), args);
    ForEachValidRow(input.validity(), count, [&](size_t i) { sketch.Add(HashValue(data[i])); });
    return;
  }
  ForEachValidRow(input.validity(), count, [&](size_t i) {
    SketchOf(StateAt<ApproxDistinctState>(states, i), args).Add(HashValue(data[i]));
  });
}

}  // namespace

uint64_t XxHash64(const void* data, size_t size, uint64_t seed) { return XXH64(data, size, seed); }

int HyperLogLog::PrecisionFor(double relative_sd) {
  double p = std::ceil(2.0 * std::log(1.106 / relative_sd) / std::log(2.0));
  if (!(relative_sd > 0) || !(p >= kMinPrecision)) {
    throw InvalidInputError(
        "approx_count_distinct: HLL++ requires at least 4 bits for addressing. Use a lower "
        "error, at most 39%.");
  }
  if (p > kMaxPrecision) {
    throw InvalidInputError("approx_count_distinct: a relative standard deviation of " +
                            std::to_string(relative_sd) +
                            " needs more than 2^18 registers; use 0.0022 or more");
  }
  return static_cast<int>(p);
}

HyperLogLog::HyperLogLog(int precision)
    : precision_(precision), registers_(size_t{1} << precision, 0) {}

void HyperLogLog::Merge(const HyperLogLog& other) {
  if (other.precision_ != precision_) {
    throw InternalError("HyperLogLog::Merge of precisions " + std::to_string(other.precision_) +
                        " and " + std::to_string(precision_));
  }
  for (size_t i = 0; i < registers_.size(); ++i) {
    registers_[i] = std::max(registers_[i], other.registers_[i]);
  }
}

int64_t HyperLogLog::Estimate() const {
  const int q = 64 - precision_;
  std::vector<int64_t> histogram(q + 2, 0);
  for (uint8_t r : registers_) ++histogram[r];
  const double m = static_cast<double>(registers_.size());
  if (histogram[0] == static_cast<int64_t>(registers_.size())) return 0;
  double z = m * Tau(1.0 - static_cast<double>(histogram[q + 1]) / m);
  for (int k = q; k >= 1; --k) z = 0.5 * (z + static_cast<double>(histogram[k]));
  z += m * Sigma(static_cast<double>(histogram[0]) / m);
  const double alpha_infinity = 0.5 / std::log(2.0);
  return static_cast<int64_t>(std::llround(alpha_infinity * m * m / z));
}

BoundAggregateFunction BindApproxCountDistinct(const std::vector<LogicalType>& arg_types, bool) {
  // DISTINCT changes no distinct count, so it is ignored.
  if (arg_types.empty() || arg_types.size() > 2 ||
      (arg_types.size() == 2 && !arg_types[1].IsNumeric())) {
    ThrowUnsupportedArguments("approx_count_distinct", arg_types, "(x) or (x, rsd double)");
  }
  BoundAggregateFunction f;
  f.name = "approx_count_distinct";
  f.arg_types = arg_types;
  if (arg_types.size() == 2) f.arg_types[1] = TypeId::kDouble;
  f.return_type = TypeId::kInt64;
  f.state_size = sizeof(ApproxDistinctState);
  f.initialize = [](uint8_t* state) { new (state) ApproxDistinctState{nullptr}; };
  f.destroy = [](uint8_t* state) { delete StateAt<ApproxDistinctState>(&state, 0).sketch; };
  TypeId physical = arg_types[0].id() == TypeId::kNull ? TypeId::kBoolean : arg_types[0].id();
  f.update = VisitPhysicalType(physical, [](auto tag) -> decltype(f.update) {
    return ApproxDistinctUpdate<typename decltype(tag)::type>;
  });
  f.combine = [](uint8_t* source, uint8_t* target) {
    const auto& src = StateAt<ApproxDistinctState>(&source, 0);
    auto& dst = StateAt<ApproxDistinctState>(&target, 0);
    if (src.sketch == nullptr) return;
    if (dst.sketch == nullptr) {
      dst.sketch = new HyperLogLog(*src.sketch);
    } else {
      dst.sketch->Merge(*src.sketch);
    }
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<ApproxDistinctState>(states, i);
      result.Data<int64_t>()[i] = state.sketch == nullptr ? 0 : state.sketch->Estimate();
      result.SetNull(i, false);
    }
  };
  return f;
}

}  // namespace floe
