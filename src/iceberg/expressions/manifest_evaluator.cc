#include "iceberg/expressions/manifest_evaluator.h"

#include "common/exception.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/expressions/projections.h"
#include "iceberg/expressions/value_range.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {

namespace {

Value Decode(const TypePtr& type, const std::optional<std::string>& bytes) {
  if (!type || !bytes) return Value();
  try {
    return SingleValueSerialization::FromBytes(*type, *bytes);
  } catch (const Exception&) {
    return Value();  // an unreadable bound is an unknown bound
  }
}

}  // namespace

ManifestEvaluator::ManifestEvaluator(const ExpressionPtr& filter, const PartitionSpec& spec, const Schema& schema) {
  partition_filter_ = Projections::Inclusive(spec, schema, filter);
  const auto& fields = spec.fields();
  types_.resize(fields.size());
  for (size_t i = 0; i < fields.size(); ++i) {
    positions_[fields[i].field_id()] = i;
    if (const NestedField* source = schema.FindFieldById(fields[i].source_id())) {
      try {
        types_[i] = fields[i].transform().ResultType(source->type());
      } catch (const Exception&) {
        // a source the transform cannot take: the bounds stay unknown
      }
    }
  }
}

bool ManifestEvaluator::Eval(const ManifestFile& manifest) const { return Eval(*partition_filter_, manifest); }

bool ManifestEvaluator::Eval(const Expression& e, const ManifestFile& manifest) const {
  switch (e.op()) {
    case Operation::kTrue: return true;
    case Operation::kFalse: return false;
    case Operation::kAnd: return Eval(*e.left(), manifest) && Eval(*e.right(), manifest);
    case Operation::kOr: return Eval(*e.left(), manifest) || Eval(*e.right(), manifest);
    case Operation::kNot: return true;
    default: break;
  }
  const auto& p = static_cast<const Predicate&>(e);
  auto it = positions_.find(p.field_id());
  if (it == positions_.end() || it->second >= manifest.partitions.size()) return true;
  const PartitionFieldSummary& s = manifest.partitions[it->second];
  const TypePtr& type = types_[it->second];
  bool floating = type && (type->kind() == TypeKind::kFloat || type->kind() == TypeKind::kDouble);
  bool no_bounds = !s.lower_bound && !s.upper_bound;
  bool may_have_nan = floating && s.contains_nan.value_or(true);
  // without bounds, a field that has NULLs (or NaNs) holds nothing else
  bool all_null = no_bounds && s.contains_null && !may_have_nan;
  bool only_null_or_nan = no_bounds && (s.contains_null || s.contains_nan.value_or(false));
  switch (p.op()) {
    case Operation::kIsNull: return s.contains_null;
    case Operation::kNotNull: return !all_null;
    case Operation::kIsNan: return floating && !all_null && s.contains_nan.value_or(true);
    case Operation::kNotNan: return !(s.contains_nan.value_or(false) && !s.contains_null && no_bounds);
    default: break;
  }
  if (p.op() == Operation::kNotEq || p.op() == Operation::kNotIn) {
    // NULL satisfies neither; NaN satisfies both (Java's notEq / notIn never prune)
    if (all_null) return false;
  } else if (only_null_or_nan) {
    return false;
  }
  ValueRange range{Decode(type, s.lower_bound), Decode(type, s.upper_bound), s.contains_nan == false};
  return range.MayMatch(p);
}

}  // namespace floe::iceberg
