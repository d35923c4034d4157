#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "execution/runtime_filter/runtime_filter.h"

namespace floe {

/// Where the build side of a hash join publishes the runtime filter of one join key and
/// the probe-side scan reads it (dynamic partition pruning), as Velox's addDynamicFilter
/// and DuckDB's DynamicTableFilterSet hand a filter across operators: the join and the
/// scan each hold the slot, neither knows the other. The join's build pipeline finishes
/// before the probe pipeline starts, so the scan reads the slot when it starts, before it
/// plans its files.
class RuntimeFilterSlot {
 public:
  /// Makes the empty slot of runtime filter `id` (the `dynamicpruning#id` of the plan).
  explicit RuntimeFilterSlot(int id) : id_(id) {}

  int id() const { return id_; }
  /// Returns the name Spark gives the filter's subquery ("dynamicpruning#3").
  std::string Name() const { return "dynamicpruning#" + std::to_string(id_); }
  /// Publishes the filter of a finished build side, replacing an earlier one.
  void Publish(std::shared_ptr<const RuntimeFilter> filter);
  /// Returns the filter published last, or nullptr while the build side has not finished.
  std::shared_ptr<const RuntimeFilter> Read() const;

 private:
  int id_;
  mutable std::mutex mutex_;
  std::shared_ptr<const RuntimeFilter> filter_;
};

}  // namespace floe
