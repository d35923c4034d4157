#pragma once

#include <cstddef>
#include <string>

#include "planner/bound_expression.h"

namespace floe {

class PhysicalHashJoin;

/// What a resolved runtime filter holds, for plans and scan metrics.
struct RuntimeFilterSummary {
  bool resolved = false;   // the build side had finished when the scan started
  size_t build_rows = 0;   // rows of the build side
  size_t distinct = 0;     // distinct non-NULL build keys (0 when there are too many to list)
  bool range = false;      // more than the threshold: a min/max range instead of a list
};

/// The build keys of one hash join key, published to a scan below the join's probe side
/// (dynamic partition pruning). The join's build pipeline finishes before the probe
/// pipeline starts, so the scan resolves the filter when it starts and plans its files
/// with it.
class RuntimeFilter {
 public:
  RuntimeFilter(int id, size_t key_index) : id_(id), key_index_(key_index) {}

  /// Sets the join whose build side gives the keys.
  void SetJoin(const PhysicalHashJoin* join) { join_ = join; }
  int id() const { return id_; }
  /// Returns the name Spark gives the filter's subquery ("dynamicpruning#3").
  std::string Name() const { return "dynamicpruning#" + std::to_string(id_); }
  /// Returns `probe_key IN (distinct non-NULL build keys)` (no keys: `false`, as NULL
  /// never matches), or `probe_key >= min AND probe_key <= max` when there are more
  /// than `max_values`; nullptr when the build side has not run (no filter).
  BoundExpressionPtr Resolve(const BoundExpression& probe_key, size_t max_values, RuntimeFilterSummary* summary) const;

 private:
  int id_;
  size_t key_index_;
  const PhysicalHashJoin* join_ = nullptr;
};

}  // namespace floe
