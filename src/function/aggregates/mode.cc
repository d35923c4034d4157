#include "function/aggregates/mode.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <unordered_map>

#include "function/aggregates/distinct_aggregate.h"
#include "function/aggregates/physical_type.h"
#include "function/aggregates/stored_value.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"
#include "function/value_order.h"

namespace floe {

namespace {

/// The map key of a value: the value itself, or the bytes of a string.
template <typename T>
using ModeKey = std::conditional_t<std::is_same_v<T, StringRef>, std::string, T>;

struct ModeHash {
  size_t operator()(const std::string& s) const { return std::hash<std::string>()(s); }
  size_t operator()(int128_t v) const {
    uint64_t lo = static_cast<uint64_t>(v);
    uint64_t hi = static_cast<uint64_t>(static_cast<uint128_t>(v) >> 64);
    return std::hash<uint64_t>()(lo ^ (hi * 0x9E3779B97F4A7C15ULL));
  }
  template <typename T>
  size_t operator()(T v) const {
    return std::hash<T>()(v);
  }
};

/// Compares keys; NaN equals NaN, as Spark groups them.
struct ModeEqual {
  template <typename K>
  bool operator()(const K& a, const K& b) const {
    if constexpr (std::is_floating_point_v<K>) {
      return a == b || (std::isnan(a) && std::isnan(b));
    } else {
      return a == b;
    }
  }
};

template <typename T>
using ModeMap = std::unordered_map<ModeKey<T>, int64_t, ModeHash, ModeEqual>;

/// Returns the key of a value; -0.0 and NaNs normalized, as Spark groups them.
template <typename T>
inline ModeKey<T> KeyOf(const T& v) {
  if constexpr (std::is_same_v<T, StringRef>) {
    return v.str();
  } else if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(v)) return std::numeric_limits<T>::quiet_NaN();
    return v == 0 ? T{0} : v;
  } else {
    return v;
  }
}

/// Returns the key as the value it was made from.
template <typename T>
inline T ValueOf(const ModeKey<T>& key) {
  if constexpr (std::is_same_v<T, StringRef>) {
    return StringRef(key.data(), static_cast<uint32_t>(key.size()));
  } else {
    return key;
  }
}

template <typename T>
BoundAggregateFunction MakeMode(const LogicalType& type) {
  BoundAggregateFunction f;
  f.name = "mode";
  f.arg_types = {type};
  f.return_type = type;
  f.state_size = sizeof(ModeMap<T>);
  f.initialize = [](uint8_t* state) { new (state) ModeMap<T>(); };
  f.destroy = [](uint8_t* state) { StateAt<ModeMap<T>>(&state, 0).~ModeMap<T>(); };
  f.update = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                const FunctionContext&) {
    const T* data = args[0]->Data<T>();
    ForEachValidRow(args[0]->validity(), count,
                    [&](size_t i) { ++StateAt<ModeMap<T>>(states, i)[KeyOf(data[i])]; });
  };
  f.combine = [](uint8_t* source, uint8_t* target) {
    auto& dst = StateAt<ModeMap<T>>(&target, 0);
    for (const auto& [key, n] : StateAt<ModeMap<T>>(&source, 0)) dst[key] += n;
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& map = StateAt<ModeMap<T>>(states, i);
      result.SetNull(i, map.empty());
      const ModeKey<T>* best = nullptr;
      int64_t best_count = 0;
      for (const auto& [key, n] : map) {
        if (best == nullptr || n > best_count ||
            (n == best_count && OrderLess(ValueOf<T>(key), ValueOf<T>(*best)))) {
          best = &key;
          best_count = n;
        }
      }
      if (best != nullptr) WriteResult(result, i, ValueOf<T>(*best));
    }
  };
  return f;
}

}  // namespace

BoundAggregateFunction BindMode(const std::vector<LogicalType>& arg_types, bool distinct) {
  if (arg_types.size() != 1 || arg_types[0].id() == TypeId::kNull ||
      arg_types[0].id() == TypeId::kInterval || arg_types[0].id() == TypeId::kVariant) {
    ThrowUnsupportedArguments("mode", arg_types, "one argument of an ordered type");
  }
  BoundAggregateFunction f =
      VisitPhysicalType(arg_types[0].id(), [&](auto tag) -> BoundAggregateFunction {
    using T = typename decltype(tag)::type;
    if constexpr (kIsOrdered<T>) {
      return MakeMode<T>(arg_types[0]);
    } else {
      ThrowUnsupportedArguments("mode", arg_types, "one argument of an ordered type");
    }
  });
  // With DISTINCT every count is 1, so the least value wins.
  return distinct ? MakeDistinctAggregate(std::move(f)) : f;
}

}  // namespace floe
