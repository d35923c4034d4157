#include "execution/operators/physical_filter.h"

#include "execution/expression_executor.h"

namespace floe {

OperatorResult PhysicalFilter::Execute(ExecutionContext& context, DataChunk& input,
                                       DataChunk& output, OperatorState& state) const {
  ExpressionExecutor executor(context.function_context);
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
