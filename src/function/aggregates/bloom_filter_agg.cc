#include "function/aggregates/bloom_filter_agg.h"

#include <memory>
#include <type_traits>

#include "common/exception.h"
#include "common/spark_bloom_filter.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

struct BloomState {
  SparkBloomFilter* filter;  // created by the first non-NULL value
};

template <typename T>
void BloomUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states, const FunctionContext&) {
  const Vector& input = *args[0];
  if (count == 0 || input.type().id() == TypeId::kNull) return;
  // the sizes are constants (checked by the binder): row 0 holds them
  auto filter_of = [&](BloomState& state) -> SparkBloomFilter& {
    if (!state.filter) {
      state.filter = new SparkBloomFilter(args[1]->Data<int64_t>()[0], args[2]->Data<int64_t>()[0]);
    }
    return *state.filter;
  };
  const T* data = input.Data<T>();
  ForEachValidRow(input.validity(), count, [&](size_t i) {
    SparkBloomFilter& filter = filter_of(StateAt<BloomState>(states, i));
    if constexpr (std::is_same_v<T, StringRef>) {
      filter.PutBinary(data[i].view());
    } else {
      filter.PutLong(static_cast<int64_t>(data[i]));
    }
  });
}

}  // namespace

BoundAggregateFunction BindBloomFilterAgg(const std::vector<LogicalType>& arg_types, bool) {
  if (arg_types.size() != 3) throw InternalError("bloom_filter_agg is bound with its three arguments");
  BoundAggregateFunction f;
  f.name = "bloom_filter_agg";
  f.arg_types = arg_types;
  f.return_type = TypeId::kBinary;
  f.state_size = sizeof(BloomState);
  f.state_alignment = alignof(BloomState);
  f.initialize = [](uint8_t* state) { new (state) BloomState{nullptr}; };
  f.destroy = [](uint8_t* state) { delete StateAt<BloomState>(&state, 0).filter; };
  switch (arg_types[0].id()) {
    case TypeId::kInt8: f.update = BloomUpdate<int8_t>; break;
    case TypeId::kInt16: f.update = BloomUpdate<int16_t>; break;
    case TypeId::kInt32: f.update = BloomUpdate<int32_t>; break;
    case TypeId::kInt64: f.update = BloomUpdate<int64_t>; break;
    case TypeId::kString: f.update = BloomUpdate<StringRef>; break;
    default: throw InternalError("bloom_filter_agg of " + arg_types[0].ToString());
  }
  f.combine = [](uint8_t* source, uint8_t* target) {
    auto& src = StateAt<BloomState>(&source, 0);
    auto& dst = StateAt<BloomState>(&target, 0);
    if (!src.filter) return;
    if (!dst.filter) {
      dst.filter = src.filter;
      src.filter = nullptr;
      return;
    }
    dst.filter->Merge(*src.filter);
  };
  f.finalize = [](uint8_t** states, size_t count, Vector& result, const FunctionContext&) {
    for (size_t i = 0; i < count; ++i) {
      const auto& state = StateAt<BloomState>(states, i);
      // Spark: no set bit (no non-NULL value) gives NULL
      if (!state.filter || state.filter->Cardinality() == 0) {
        result.SetNull(i, true);
        continue;
      }
      result.SetNull(i, false);
      result.SetString(i, state.filter->Serialize());
    }
  };
  return f;
}

}  // namespace floe
