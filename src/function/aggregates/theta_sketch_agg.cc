#include "function/aggregates/theta_sketch_agg.h"

#include <cstring>
#include <memory>
#include <type_traits>

#include "function/aggregates/physical_type.h"
#include "function/aggregates/unsupported_arguments.h"
#include "function/aggregates/update_loop.h"
#include "common/decimal.h"
#include "common/theta_sketch.h"

namespace floe {

namespace {


struct ThetaState {
  ThetaSketch* sketch;  // created by the first non-NULL value
};

// The hash of a value's Iceberg single-value serialization.
template <typename T>
uint64_t IcebergHash(const T& v) {
  auto hash_of = [](const auto& x) {
    return ThetaSketch::Hash(std::string_view(reinterpret_cast<const char*>(&x), sizeof(x)));
  };
  if constexpr (std::is_same_v<T, StringRef>) {
    return ThetaSketch::Hash(v.view());
  } else if constexpr (std::is_same_v<T, int8_t> || std::is_same_v<T, int16_t>) {
    return hash_of(static_cast<int32_t>(v));
  } else if constexpr (std::is_same_v<T, int128_t>) {
    return ThetaSketch::Hash(DecimalToMinimalBytes(v));
  } else {
    return hash_of(v);
  }
}

template <typename T>
void ThetaUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states, const FunctionContext&) {
  const Vector& input = *args[0];
  if (count == 0 || input.type().id() == TypeId::kNull) return;
  const T* data = input.Data<T>();
  auto sketch_of = [](ThetaState& state) -> ThetaSketch& {
    if (!state.sketch) state.sketch = new ThetaSketch();
    return *state.sketch;
  };
  if (AllSameState(states, count)) {
    ThetaSketch& sketch = sketch_of(StateAt<ThetaState>(states, 0));
    ForEachValidRow(input.validity(), count, [&](size_t i) { sketch.UpdateHash(IcebergHash(data[i])); });
    return;
  }
  ForEachValidRow(input.validity(), count, [&](size_t i) {
    sketch_of(StateAt<ThetaState>(states, i)).UpdateHash(IcebergHash(data[i]));
  });
}

}  // namespace

BoundAggregateFunction BindIcebergThetaSketch(const std::vector<LogicalType>& arg_types, bool) {
  // DISTINCT changes no sketch, so it is ignored.
  if (arg_types.size() != 1) ThrowUnsupportedArguments("iceberg_theta_sketch", arg_types, "(x of a primitive type)");
  TypeId id = arg_types[0].id();
  bool supported = id == TypeId::kNull || id == TypeId::kBoolean || arg_types[0].IsNumeric() || id == TypeId::kString ||
                   id == TypeId::kBinary || id == TypeId::kDate || id == TypeId::kTimestamp ||
                   id == TypeId::kTimestampNtz || id == TypeId::kTime || id == TypeId::kTimestampNs ||
                   id == TypeId::kTimestampNtzNs;
  if (!supported) ThrowUnsupportedArguments("iceberg_theta_sketch", arg_types, "(x of a primitive type)");
  BoundAggregateFunction f;
  f.name = "iceberg_theta_sketch";
  f.arg_types = arg_types;
  f.return_type = TypeId::kBinary;
  f.state_size = sizeof(ThetaState);
  f.initialize = [](uint8_t* state) { new (state) ThetaState{nullptr}; };
  f.destroy = [](uint8_t* state) { delete StateAt<ThetaState>(&state, 0).sketch; };
  TypeId physical = id == TypeId::kNull ? TypeId::kBoolean : id;
  f.update = VisitPhysicalType(physical, [](auto tag) -> decltype(f.update) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, Interval>) {
      return nullptr;  // (refused above)
    } else {
      return ThetaUpdate<T>;
    }
  });
  f.combine = [](uint8_t* source, uint8_t* target) {
    const auto& src = StateAt<ThetaState>(&source, 0);
    auto& dst = StateAt<ThetaState>(&target, 0);
    if (!src.sketch) return;
    if (!dst.sketch) dst.sketch = new ThetaSketch();
    dst.sketch->Merge(*src.sketch);
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<ThetaState>(states, i);
      result.SetNull(i, false);
      result.SetString(i, state.sketch ? state.sketch->Serialize() : ThetaSketch().Serialize());
    }
  };
  return f;
}

}  // namespace floe
