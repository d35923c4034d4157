#include "execution/operators/physical_filter.h"

#include "execution/expression_executor.h"

namespace floe {

PhysicalFilter::PhysicalFilter(std::vector<LogicalType> types, BoundExpressionPtr condition)
    : PhysicalOperator(std::move(types)), condition_(std::move(condition)) {
  if (condition_->kind == BoundExpressionKind::kAnd) {
    for (const auto& c : condition_->children) conjuncts_.push_back(c.get());
  } else {
    conjuncts_.push_back(condition_.get());
  }
}

void PhysicalFilter::SetScanFilters(std::vector<int> scan_filter_of_conjunct) {
  scan_filter_of_conjunct_ = std::move(scan_filter_of_conjunct);
  if (scan_filter_of_conjunct_.size() != conjuncts_.size()) scan_filter_of_conjunct_.clear();
}

std::vector<std::string> PhysicalFilter::AnalyzeLines() const {
  if (scan_filter_of_conjunct_.empty()) return {};
  return {"rows passed without evaluating the filter: " + std::to_string(rows_unchecked_.load()) +
              " (the scan proved every conjunct for their files)",
          "rows checked on part of the filter: " + std::to_string(rows_partly_checked_.load()) +
              " (the scan proved the other conjuncts)"};
}

OperatorResult PhysicalFilter::Execute(ExecutionContext& context, DataChunk& input,
                                       DataChunk& output, OperatorState& state) const {
  ExpressionExecutor executor(context.function_context);
  if (input.proven_filters != 0 && !scan_filter_of_conjunct_.empty()) {
    // A batch of the scan below, with filters it proved for every row: evaluate only
    // the conjuncts that are not among them.
    std::vector<const BoundExpression*> rest;
    for (size_t i = 0; i < conjuncts_.size(); ++i) {
      int f = scan_filter_of_conjunct_[i];
      bool proven = f >= 0 && f < 64 && ((input.proven_filters >> f) & 1);
      if (!proven) rest.push_back(conjuncts_[i]);
    }
    if (rest.size() < conjuncts_.size()) {
      (rest.empty() ? rows_unchecked_ : rows_partly_checked_) += static_cast<int64_t>(input.size());
      output = input;
      for (const BoundExpression* c : rest) {
        SelectionVector sel;
        executor.Select(*c, output, sel);
        if (sel.size() != output.size()) output.Slice(sel);
        if (output.size() == 0) break;
      }
      return OperatorResult::kNeedMoreInput;
    }
  }
  SelectionVector sel;
  executor.Select(*condition_, input, sel);
  if (sel.size() == input.size()) {
    output = input;
    return OperatorResult::kNeedMoreInput;
  }
  output = input;
  output.Slice(sel);
  return OperatorResult::kNeedMoreInput;
}

std::string PhysicalProjection::Details() const {
  std::string out = "[";
  for (size_t i = 0; i < expressions_.size(); ++i) {
    if (i) out += ", ";
    out += expressions_[i]->text;
  }
  return out + "]";
}

OperatorResult PhysicalProjection::Execute(ExecutionContext& context, DataChunk& input,
                                           DataChunk& output, OperatorState& state) const {
  ExpressionExecutor executor(context.function_context);
  for (size_t i = 0; i < expressions_.size(); ++i) {
    output.column(i) = executor.Evaluate(*expressions_[i], input);
  }
  output.SetSize(input.size());
  return OperatorResult::kNeedMoreInput;
}

}  // namespace floe
