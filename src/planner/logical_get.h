#pragma once

#include <memory>
#include <string>
#include <vector>

#include "common/field_selection.h"
#include "planner/logical_operator.h"
#include "planner/table_source.h"

namespace floe {

/// A runtime filter planned by dynamic partition pruning: the distinct build keys of a
/// join's key `key_index`, applied to `probe_key` (over a scan's output columns).
struct LogicalRuntimeFilter {
  int id = 0;
  size_t key_index = 0;
  BoundExpressionPtr probe_key;
};

/// Reads columns of a table source, optionally with filters it may push into the scan.
struct LogicalGet : LogicalOperator {
  LogicalGet() : LogicalOperator(LogicalOperatorType::kGet) {}
  std::shared_ptr<TableSource> source;
  std::vector<size_t> column_ids;  // into source->names(); output column i = column_ids[i]
  /// Per output column, the part of it the query reads (set by column pruning; empty or
  /// whole: all of it).
  std::vector<FieldSelection> column_fields;
  /// Conjuncts over this node's output columns that the scan may use to skip data; they
  /// are also kept in a Filter above unless `filters_exact`.
  std::vector<BoundExpressionPtr> filters;
  std::string alias;
  /// Runtime filters from joins above (dynamic partition pruning); applied at scan start.
  std::vector<LogicalRuntimeFilter> runtime_filters;
  /// Why dynamic partition pruning was considered for this scan but not applied.
  std::vector<std::string> dynamic_pruning_notes;
  /// The joins whose dynamic pruning Spark would plan on this scan and then switch off (no
  /// broadcast to reuse): shown as dynamicpruningexpression(true), as Spark shows them.
  size_t switched_off_runtime_filters = 0;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override;
};

}  // namespace floe
