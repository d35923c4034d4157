#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"
#include "common/value.h"
#include "common/vector.h"
#include "function/aggregate_function.h"

namespace floe {

/// Owns `groups` states of a bound aggregate, as the hash aggregate operator would, for
/// the aggregate unit tests.
class Aggregation {
 public:
  explicit Aggregation(BoundAggregateFunction function, size_t groups = 1)
      : function_(std::move(function)), stride_((function_.state_size + 15) / 16 * 16) {
    memory_ = static_cast<uint8_t*>(::operator new(stride_ * groups, std::align_val_t{16}));
    for (size_t g = 0; g < groups; ++g) {
      states_.push_back(memory_ + g * stride_);
      function_.initialize(states_.back());
    }
  }
  ~Aggregation() {
    if (function_.destroy) {
      for (uint8_t* s : states_) function_.destroy(s);
    }
    ::operator delete(memory_, std::align_val_t{16});
  }

  /// Adds every row to group 0.
  void Update(const std::vector<const Vector*>& args, size_t count) {
    Update(args, count, std::vector<size_t>(count, 0));
  }
  /// Adds row i to group groups[i].
  void Update(const std::vector<const Vector*>& args, size_t count,
              const std::vector<size_t>& groups) {
    std::vector<uint8_t*> targets;
    for (size_t i = 0; i < count; ++i) targets.push_back(states_[groups[i]]);
    function_.update(args, count, targets.data(), context_);
  }
  void Remove(const std::vector<const Vector*>& args, size_t count) {
    std::vector<uint8_t*> targets(count, states_[0]);
    function_.remove(args, count, targets.data());
  }
  /// Merges group 0 of `other` into group g of this one.
  void CombineFrom(Aggregation& other, size_t g = 0) {
    function_.combine(other.states_[0], states_[g]);
  }
  /// Returns the result of every group.
  std::vector<Value> Finalize() {
    Vector result(function_.return_type, states_.size());
    function_.finalize(states_.data(), states_.size(), result, context_);
    std::vector<Value> values;
    for (size_t g = 0; g < states_.size(); ++g) values.push_back(result.GetValue(g));
    return values;
  }
  Value Result() { return Finalize()[0]; }

  const BoundAggregateFunction& function() const { return function_; }
  FunctionContext& context() { return context_; }

 private:
  BoundAggregateFunction function_;
  size_t stride_;
  uint8_t* memory_;
  std::vector<uint8_t*> states_;
  FunctionContext context_;
};

/// Returns a vector holding the values (NULLs included).
inline Vector MakeVector(LogicalType type, const std::vector<Value>& values) {
  Vector v(type, values.size() == 0 ? 1 : values.size());
  for (size_t i = 0; i < values.size(); ++i) v.SetValue(i, values[i]);
  return v;
}

/// Returns a bigint vector; nullopt is NULL (as in the builders below).
inline Vector Int64s(const std::vector<std::optional<int64_t>>& values) {
  std::vector<Value> vs;
  for (const auto& v : values) vs.push_back(v ? Value::Int64(*v) : Value::Null(TypeId::kInt64));
  return MakeVector(TypeId::kInt64, vs);
}

inline Vector Int32s(const std::vector<std::optional<int32_t>>& values) {
  std::vector<Value> vs;
  for (const auto& v : values) vs.push_back(v ? Value::Int32(*v) : Value::Null(TypeId::kInt32));
  return MakeVector(TypeId::kInt32, vs);
}

inline Vector Doubles(const std::vector<std::optional<double>>& values) {
  std::vector<Value> vs;
  for (const auto& v : values) {
    vs.push_back(v ? Value::Double(*v) : Value::Null(TypeId::kDouble));
  }
  return MakeVector(TypeId::kDouble, vs);
}

inline Vector Strings(const std::vector<std::optional<std::string>>& values) {
  std::vector<Value> vs;
  for (const auto& v : values) {
    vs.push_back(v ? Value::String(*v) : Value::Null(TypeId::kString));
  }
  return MakeVector(TypeId::kString, vs);
}

inline Vector Decimals(int precision, int scale, const std::vector<std::optional<int64_t>>& unscaled) {
  std::vector<Value> vs;
  for (const auto& v : unscaled) {
    vs.push_back(v ? Value::Decimal(*v, precision, scale)
                   : Value::Null(LogicalType::Decimal(precision, scale)));
  }
  return MakeVector(LogicalType::Decimal(precision, scale), vs);
}

/// Returns the result of one aggregation of every row into one state.
inline Value RunOnce(const BoundAggregateFunction& f, const std::vector<const Vector*>& args,
              size_t count) {
  Aggregation a(f);
  a.Update(args, count);
  return a.Result();
}

}  // namespace floe
