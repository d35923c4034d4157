#include "iceberg/expressions/partition_evaluator.h"

#include "iceberg/expressions/predicate.h"
#include "iceberg/expressions/projections.h"

namespace floe::iceberg {

PartitionEvaluator::PartitionEvaluator(const ExpressionPtr& filter, const PartitionSpec& spec, const Schema& schema,
                                       bool strict)
    : partition_filter_(strict ? Projections::Strict(spec, schema, filter) : Projections::Inclusive(spec, schema, filter)),
      strict_(strict) {
  for (size_t i = 0; i < spec.fields().size(); ++i) positions_[spec.fields()[i].field_id()] = i;
}

PartitionEvaluator::PartitionEvaluator(ExpressionPtr projected, const PartitionSpec& spec)
    : partition_filter_(std::move(projected)), strict_(false) {
  for (size_t i = 0; i < spec.fields().size(); ++i) positions_[spec.fields()[i].field_id()] = i;
}

bool PartitionEvaluator::Eval(const std::vector<Value>& partition) const { return Eval(*partition_filter_, partition); }

bool PartitionEvaluator::Eval(const Expression& e, const std::vector<Value>& partition) const {
  switch (e.op()) {
    case Operation::kTrue: return true;
    case Operation::kFalse: return false;
    case Operation::kAnd: return Eval(*e.left(), partition) && Eval(*e.right(), partition);
    case Operation::kOr: return Eval(*e.left(), partition) || Eval(*e.right(), partition);
    case Operation::kNot: return true;
    default: break;
  }
  const auto& p = static_cast<const Predicate&>(e);
  auto it = positions_.find(p.field_id());
  if (it == positions_.end() || it->second >= partition.size()) return true;
  const Value& value = partition[it->second];
  // Test lets NULL pass not_nan, which only ever widens an inclusive answer
  if (strict_ && p.op() == Operation::kNotNan && value.is_null()) return false;
  return p.Test(value);
}

}  // namespace floe::iceberg
