#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "common/vector.h"
#include "function/aggregates/update_loop.h"
#include "function/function_context.h"

namespace floe {

/// A running sum of the non-NULL inputs and their count, as sum and avg keep it;
/// `overflow` sticks once a partial sum left the accumulator's range.
template <typename Acc>
struct SumState {
  Acc sum;
  int64_t count;  // non-NULL inputs: NULL result when 0, and lets remove() reach 0
  bool overflow;
};

/// Adds v to sum; for integer accumulators, sets `overflow` when the sum leaves Acc.
template <typename Acc, typename In>
inline void AddChecked(Acc& sum, In v, bool& overflow) {
  if constexpr (std::is_floating_point_v<Acc>) {
    sum += v;
  } else {
    overflow |= __builtin_add_overflow(sum, static_cast<Acc>(v), &sum);
  }
}

/// Subtracts v from an integer sum, setting `overflow` when the sum leaves Acc.
template <typename Acc, typename In>
inline void SubChecked(Acc& sum, In v, bool& overflow) {
  overflow |= __builtin_sub_overflow(sum, static_cast<Acc>(v), &sum);
}

/// Adds each non-NULL row to its SumState. Ungrouped input (one state) keeps the running
/// sum in a register; the order of additions is the input order either way.
template <typename In, typename Acc>
void SumStateUpdate(const std::vector<const Vector*>& args, size_t count, uint8_t** states,
                    const FunctionContext&) {
  const Vector& input = *args[0];
  const In* data = input.Data<In>();
  if (AllSameState(states, count)) {
    auto& state = StateAt<SumState<Acc>>(states, 0);
    Acc sum = state.sum;
    bool overflow = false;
    int64_t added = 0;
    if (input.validity().AllValid()) {
      for (size_t i = 0; i < count; ++i) AddChecked(sum, data[i], overflow);
      added = static_cast<int64_t>(count);
    } else {
      ForEachValidRow(input.validity(), count, [&](size_t i) {
        AddChecked(sum, data[i], overflow);
        ++added;
      });
    }
    state.sum = sum;
    state.count += added;
    state.overflow |= overflow;
    return;
  }
  ForEachValidRow(input.validity(), count, [&](size_t i) {
    auto& state = StateAt<SumState<Acc>>(states, i);
    AddChecked(state.sum, data[i], state.overflow);
    ++state.count;
  });
}

/// Takes each non-NULL row back out of its SumState (window frames that slide); integer
/// accumulators only, since floating-point sums do not undo exactly.
template <typename In, typename Acc>
void SumStateRemove(const std::vector<const Vector*>& args, size_t count, uint8_t** states) {
  const Vector& input = *args[0];
  const In* data = input.Data<In>();
  ForEachValidRow(input.validity(), count, [&](size_t i) {
    auto& state = StateAt<SumState<Acc>>(states, i);
    SubChecked(state.sum, data[i], state.overflow);
    --state.count;
  });
}

/// Adds the SumState at `source` into the one at `target`.
template <typename Acc>
void SumStateCombine(uint8_t* source, uint8_t* target) {
  auto& src = StateAt<SumState<Acc>>(&source, 0);
  auto& dst = StateAt<SumState<Acc>>(&target, 0);
  AddChecked(dst.sum, src.sum, dst.overflow);
  dst.count += src.count;
  dst.overflow |= src.overflow;
}

}  // namespace floe
