#pragma once

#include "execution/physical_operator.h"
#include "planner/bound_expression.h"

namespace floe {

/// Keeps the rows for which the condition (an AND of conjuncts) is true.
///
/// Directly above a table scan, the filter may be that scan's residual: the scan tags
/// each batch with the scan filters every one of its rows is known to pass
/// (DataChunk::proven_filters, e.g. an Iceberg file whose partition values prove them),
/// and a conjunct that is one of those filters is not evaluated on such a batch. The
/// physical planner sets the mapping only when the scan is the filter's input, so the
/// batches are the scan's own; conjuncts that are no scan filter are always evaluated.
class PhysicalFilter : public PhysicalOperator {
 public:
  PhysicalFilter(std::vector<LogicalType> types, BoundExpressionPtr condition);
  std::string Name() const override { return "Filter"; }
  std::string Details() const override { return condition_->text; }
  bool IsStreamingOperator() const override { return true; }
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;
  /// Returns the rows whose batches skipped conjuncts (EXPLAIN ANALYZE), when mapped.
  std::vector<std::string> AnalyzeLines() const override;

  /// Returns the conjuncts of the condition, in order.
  const std::vector<const BoundExpression*>& conjuncts() const { return conjuncts_; }
  /// Maps each conjunct to the index of the equal filter of the scan below (-1: none).
  void SetScanFilters(std::vector<int> scan_filter_of_conjunct);

 private:
  BoundExpressionPtr condition_;
  std::vector<const BoundExpression*> conjuncts_;
  std::vector<int> scan_filter_of_conjunct_;  // empty: not a scan's residual
  mutable std::atomic<int64_t> rows_unchecked_{0};  // every conjunct proven by the scan
  mutable std::atomic<int64_t> rows_partly_checked_{0};  // some conjuncts proven
};

/// Computes one output column per expression.
class PhysicalProjection : public PhysicalOperator {
 public:
  PhysicalProjection(std::vector<LogicalType> types, std::vector<BoundExpressionPtr> expressions)
      : PhysicalOperator(std::move(types)), expressions_(std::move(expressions)) {}
  std::string Name() const override { return "Project"; }
  std::string Details() const override;
  bool IsStreamingOperator() const override { return true; }
  OperatorResult Execute(ExecutionContext& context, DataChunk& input, DataChunk& output,
                         OperatorState& state) const override;

 private:
  std::vector<BoundExpressionPtr> expressions_;
};

}  // namespace floe
