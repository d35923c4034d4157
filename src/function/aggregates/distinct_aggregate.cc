#include "function/aggregates/distinct_aggregate.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <unordered_set>

#include "common/string_ref.h"
#include "common/vector_operations.h"
#include "function/aggregates/physical_type.h"
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
    case TypeId::kStruct:
      for (size_t c = 0; c < arg.ChildCount(); ++c) AppendValue(key, arg.child(c), i);
      break;
    case TypeId::kList: {  // (maps are refused by the binder: they cannot be compared)
      ListEntry entry = arg.Data<ListEntry>()[i];
      AppendBytes(key, entry.length);
      for (uint64_t e = 0; e < entry.length; ++e) AppendValue(key, arg.child(0), entry.offset + e);
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
  if (arg.type().id() == TypeId::kStruct) {  // (a NULL struct's fields are NULL too)
    for (size_t c = 0; c < arg.ChildCount(); ++c) {
      if (is_null) {
        arg.child(c).SetValue(row, Value());
      } else {
        ReadValue(key, pos, arg.child(c), row);
      }
    }
    return;
  }
  if (is_null) return;
  if (arg.type().id() == TypeId::kList) {
    uint64_t length;
    std::memcpy(&length, key.data() + *pos, sizeof(length));
    *pos += sizeof(length);
    size_t first = arg.ReserveElements(length);
    for (uint64_t e = 0; e < length; ++e) ReadValue(key, pos, arg.child(0), first + e);
    arg.SetChildSize(first + length);
    arg.Data<ListEntry>()[row] = ListEntry{first, length};
    return;
  }
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

/// An open-addressing set of 64-bit keys (linear probing, power-of-two capacity, at
/// most half full); key 0 is kept in a flag, since 0 marks an empty slot.
class FlatSet64 {
 public:
  void Insert(uint64_t key) {
    if (key == 0) {
      has_zero_ = true;
      return;
    }
    if ((size_ + 1) * 2 > slots_.size()) Grow();
    size_t mask = slots_.size() - 1;
    for (size_t i = MixHash(key) & mask;; i = (i + 1) & mask) {
      if (slots_[i] == key) return;
      if (slots_[i] == 0) {
        slots_[i] = key;
        ++size_;
        return;
      }
    }
  }
  void InsertAll(const FlatSet64& other) {
    if (other.has_zero_) has_zero_ = true;
    for (uint64_t key : other.slots_) {
      if (key != 0) Insert(key);
    }
  }
  template <typename F>
  void ForEach(F&& f) const {
    if (has_zero_) f(uint64_t{0});
    for (uint64_t key : slots_) {
      if (key != 0) f(key);
    }
  }

 private:
  void Grow() {
    std::vector<uint64_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 16 : old.size() * 2, 0);
    size_ = 0;
    for (uint64_t key : old) {
      if (key != 0) Insert(key);
    }
  }

  std::vector<uint64_t> slots_;
  size_t size_ = 0;
  bool has_zero_ = false;
};

/// The distinct values of one argument of at most 8 bytes, and whether NULL was seen.
struct FixedDistinctState {
  FlatSet64 values;
  bool has_null = false;
};

/// Returns the value's bytes as a key, zero-extended; -0.0 and NaNs normalized.
template <typename T>
inline uint64_t KeyOf(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    if (v == 0) v = 0;
    if (std::isnan(v)) v = std::numeric_limits<T>::quiet_NaN();
  }
  uint64_t key = 0;
  std::memcpy(&key, &v, sizeof(T));
  return key;
}

template <typename T>
void FixedDistinctUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                         const FunctionContext&) {
  const Vector& arg = *args[0];
  const T* data = arg.Data<T>();
  if (!arg.validity().AllValid()) {
    for (size_t i = 0; i < count; ++i) {
      if (arg.IsNull(i)) StateAt<FixedDistinctState>(states, i).has_null = true;
    }
  }
  if (AllSameState(states, count)) {
    FlatSet64& values = StateAt<FixedDistinctState>(states, 0).values;
    ForEachValidRow(arg.validity(), count, [&](size_t i) { values.Insert(KeyOf(data[i])); });
    return;
  }
  ForEachValidRow(arg.validity(), count, [&](size_t i) {
    StateAt<FixedDistinctState>(states, i).values.Insert(KeyOf(data[i]));
  });
}

/// Feeds rows to one inner state at a time, a batch at a time, in column vectors.
class InnerFeeder {
 public:
  InnerFeeder(const BoundAggregateFunction& inner, const FunctionContext& context)
      : inner_(inner), context_(context), targets_(kBatchSize) {
    for (const auto& type : inner.arg_types) columns_.emplace_back(type, kBatchSize);
    for (const auto& column : columns_) column_pointers_.push_back(&column);
  }
  /// Starts feeding `state` (flushes the rows of the previous one).
  void Start(uint8_t* state) {
    Flush();
    std::fill(targets_.begin(), targets_.end(), state);
  }
  Vector& column(size_t j) { return columns_[j]; }
  size_t row() const { return rows_; }
  /// Ends the current row.
  void NextRow() {
    if (++rows_ == kBatchSize) Flush();
  }
  /// Passes the pending rows to the inner update.
  void Flush() {
    if (rows_ > 0) inner_.update(column_pointers_, rows_, targets_.data(), context_);
    for (auto& column : columns_) column.Reset();
    rows_ = 0;
  }

 private:
  const BoundAggregateFunction& inner_;
  const FunctionContext& context_;
  std::vector<Vector> columns_;
  std::vector<const Vector*> column_pointers_;
  std::vector<uint8_t*> targets_;
  size_t rows_ = 0;
};

/// Returns the wrapper's fields shared by both state layouts.
BoundAggregateFunction DistinctShell(const BoundAggregateFunction& inner) {
  BoundAggregateFunction f;
  f.name = inner.name;
  f.arg_types = inner.arg_types;
  f.return_type = inner.return_type;
  return f;
}

/// Binds the wrapper for one argument of at most 8 bytes: a flat set of the values.
BoundAggregateFunction MakeFixedDistinct(std::shared_ptr<const BoundAggregateFunction> inner) {
  BoundAggregateFunction f = DistinctShell(*inner);
  f.state_size = sizeof(FixedDistinctState);
  f.initialize = [](uint8_t* state) { new (state) FixedDistinctState(); };
  f.destroy = [](uint8_t* state) {
    StateAt<FixedDistinctState>(&state, 0).~FixedDistinctState();
  };
  f.update = VisitPhysicalType(inner->arg_types[0].id(), [](auto tag) -> decltype(f.update) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_arithmetic_v<T> && sizeof(T) <= sizeof(uint64_t)) {
      return FixedDistinctUpdate<T>;
    } else {
      throw InternalError("MakeFixedDistinct called for a type wider than 8 bytes");
    }
  });
  f.combine = [](uint8_t* source, uint8_t* target) {
    const auto& src = StateAt<FixedDistinctState>(&source, 0);
    auto& dst = StateAt<FixedDistinctState>(&target, 0);
    dst.values.InsertAll(src.values);
    dst.has_null |= src.has_null;
  };
  size_t width = PhysicalSize(inner->arg_types[0].id());
  f.finalize = [inner, width](uint8_t** states, size_t count, Vector& result,
                              const FunctionContext& context) {
    InnerStates inner_states(*inner, count);
    InnerFeeder feeder(*inner, context);
    for (size_t i = 0; i < count; ++i) {
      feeder.Start(inner_states.data()[i]);
      const auto& state = StateAt<FixedDistinctState>(states, i);
      if (state.has_null) {
        feeder.column(0).SetNull(feeder.row(), true);
        feeder.NextRow();
      }
      state.values.ForEach([&](uint64_t key) {
        std::memcpy(feeder.column(0).RawData() + feeder.row() * width, &key, width);
        feeder.NextRow();
      });
    }
    feeder.Flush();
    inner->finalize(inner_states.data(), count, result, context);
  };
  return f;
}

/// Binds the wrapper for any arguments: a set of the tuples encoded as bytes.
BoundAggregateFunction MakeEncodedDistinct(std::shared_ptr<const BoundAggregateFunction> inner) {
  BoundAggregateFunction f = DistinctShell(*inner);
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
  f.finalize = [inner](uint8_t** states, size_t count, Vector& result,
                       const FunctionContext& context) {
    InnerStates inner_states(*inner, count);
    InnerFeeder feeder(*inner, context);
    for (size_t i = 0; i < count; ++i) {
      feeder.Start(inner_states.data()[i]);
      for (const std::string& key : StateAt<DistinctSet>(states, i)) {
        size_t pos = 0;
        for (size_t j = 0; j < inner->arg_types.size(); ++j) {
          ReadValue(key, &pos, feeder.column(j), feeder.row());
        }
        feeder.NextRow();
      }
      // Strings point into this state's keys: pass them on before the next state.
      feeder.Flush();
    }
    inner->finalize(inner_states.data(), count, result, context);
  };
  return f;
}

}  // namespace

BoundAggregateFunction MakeDistinctAggregate(BoundAggregateFunction inner) {
  // (variants have no equality in Spark: no DISTINCT over them, as no GROUP BY)
  for (const auto& t : inner.arg_types) {
    if (t.Contains([](const LogicalType& x) { return x.id() == TypeId::kVariant; })) {
      throw BinderError("[DATATYPE_MISMATCH.INVALID_ORDERING_TYPE] " + inner.name +
                        "(DISTINCT ...) cannot take a variant: variants cannot be compared");
    }
  }
  auto shared_inner = std::make_shared<const BoundAggregateFunction>(std::move(inner));
  const auto& types = shared_inner->arg_types;
  if (types.size() == 1 && types[0].id() != TypeId::kNull && !types[0].IsStringLike() && !types[0].IsNested() &&
      PhysicalSize(types[0].id()) <= 8) {
    return MakeFixedDistinct(std::move(shared_inner));
  }
  return MakeEncodedDistinct(std::move(shared_inner));
}

}  // namespace floe
