#include "function/aggregates/distinct_aggregate.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <unordered_set>

#include "common/string_ref.h"
#include "function/aggregates/update_loop.h"

namespace floe {

namespace {

using DistinctSet = std::unordered_set<std::string>;

template <typename T>
void AppendBytes(std::string& key, const T& v) {
  key.append(reinterpret_cast<const char*>(&v), sizeof(T));
}

/// Appends row i of `arg` to `key`: a NULL marker byte, then the value's bytes.
void AppendValue(std::string& key, const Vector& arg, size_t i) {
  if (arg.type().id() == TypeId::kNull || arg.IsNull(i)) {
    key.push_back('\0');
    return;
  }
  key.push_back('\1');
  switch (arg.type().id()) {
    case TypeId::kFloat: {
      float v = arg.Data<float>()[i];
      if (v == 0.0f) v = 0.0f;  // -0.0 and 0.0 are one value
      if (std::isnan(v)) v = std::numeric_limits<float>::quiet_NaN();
      AppendBytes(key, v);
      break;
    }
    case TypeId::kDouble: {
      double v = arg.Data<double>()[i];
      if (v == 0.0) v = 0.0;
      if (std::isnan(v)) v = std::numeric_limits<double>::quiet_NaN();
      AppendBytes(key, v);
      break;
    }
    case TypeId::kString:
    case TypeId::kBinary: {
      StringRef s = arg.Data<StringRef>()[i];
      AppendBytes(key, s.size);
      key.append(s.data, s.size);
      break;
    }
    default: {
      size_t width = PhysicalSize(arg.type().id());
      key.append(reinterpret_cast<const char*>(arg.Data<uint8_t>() + i * width), width);
    }
  }
}

/// Reads one value of `arg`'s type from key at *pos into row `row` of arg.
/// Strings point into the key, which outlives the inner update.
void ReadValue(const std::string& key, size_t* pos, Vector& arg, size_t row) {
  bool is_null = key[(*pos)++] == '\0';
  arg.SetNull(row, is_null);
  if (is_null) return;
  if (arg.type().IsStringLike()) {
    uint32_t size;
    std::memcpy(&size, key.data() + *pos, sizeof(size));
    *pos += sizeof(size);
    arg.Data<StringRef>()[row] = StringRef(key.data() + *pos, size);
    *pos += size;
    return;
  }
  size_t width = PhysicalSize(arg.type().id());
  std::memcpy(arg.RawData() + row * width, key.data() + *pos, width);
  *pos += width;
}

/// Inner states for finalize, in one 16-byte aligned block, destroyed on every exit.
class InnerStates {
 public:
  InnerStates(const BoundAggregateFunction& inner, size_t count)
      : inner_(inner), stride_((inner.state_size + 15) / 16 * 16) {
    memory_ = static_cast<uint8_t*>(
        ::operator new(stride_ * (count == 0 ? 1 : count), std::align_val_t{16}));
    pointers_.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      pointers_.push_back(memory_ + i * stride_);
      inner_.initialize(pointers_.back());
    }
  }
  ~InnerStates() {
    if (inner_.destroy) {
      for (uint8_t* state : pointers_) inner_.destroy(state);
    }
    ::operator delete(memory_, std::align_val_t{16});
  }
  InnerStates(const InnerStates&) = delete;
  InnerStates& operator=(const InnerStates&) = delete;

  uint8_t** data() { return pointers_.data(); }

 private:
  const BoundAggregateFunction& inner_;
  size_t stride_;
  uint8_t* memory_;
  std::vector<uint8_t*> pointers_;
};

}  // namespace

BoundAggregateFunction MakeDistinctAggregate(BoundAggregateFunction inner) {
  auto shared_inner = std::make_shared<const BoundAggregateFunction>(std::move(inner));
  BoundAggregateFunction f;
  f.name = shared_inner->name;
  f.arg_types = shared_inner->arg_types;
  f.return_type = shared_inner->return_type;
  f.state_size = sizeof(DistinctSet);
  f.initialize = [](uint8_t* state) { new (state) DistinctSet(); };
  f.destroy = [](uint8_t* state) { StateAt<DistinctSet>(&state, 0).~DistinctSet(); };
  f.update = [](const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                const FunctionContext&) {
    std::string key;
    for (size_t i = 0; i < count; ++i) {
      key.clear();
      for (const Vector* arg : args) AppendValue(key, *arg, i);
      StateAt<DistinctSet>(states, i).insert(key);
    }
  };
  f.combine = [](uint8_t* source, uint8_t* target) {
    const auto& src = StateAt<DistinctSet>(&source, 0);
    StateAt<DistinctSet>(&target, 0).insert(src.begin(), src.end());
  };
  f.finalize = [shared_inner](uint8_t** states, size_t count, Vector& result,
                              const FunctionContext& context) {
    const BoundAggregateFunction& inner = *shared_inner;
    InnerStates inner_states(inner, count);
    std::vector<Vector> columns;
    for (const auto& type : inner.arg_types) columns.emplace_back(type, kBatchSize);
    std::vector<const Vector*> column_pointers;
    for (const auto& column : columns) column_pointers.push_back(&column);
    std::vector<uint8_t*> targets(kBatchSize);
    for (size_t i = 0; i < count; ++i) {
      std::fill(targets.begin(), targets.end(), inner_states.data()[i]);
      size_t rows = 0;
      auto flush = [&] {
        if (rows > 0) inner.update(column_pointers, rows, targets.data(), context);
        for (auto& column : columns) column.Reset();
        rows = 0;
      };
      for (const std::string& key : StateAt<DistinctSet>(states, i)) {
        size_t pos = 0;
        for (auto& column : columns) ReadValue(key, &pos, column, rows);
        if (++rows == kBatchSize) flush();
      }
      flush();
    }
    inner.finalize(inner_states.data(), count, result, context);
  };
  return f;
}

}  // namespace floe
