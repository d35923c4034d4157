#include "iceberg/expressions/projections.h"

#include "common/exception.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/expressions/transform_projection.h"

namespace floe::iceberg {

namespace {

ExpressionPtr Project(const PartitionSpec& spec, const Schema& schema, const ExpressionPtr& e, bool inclusive) {
  switch (e->op()) {
    case Operation::kTrue:
    case Operation::kFalse: return e;
    case Operation::kAnd:
      return Expression::And(Project(spec, schema, e->left(), inclusive), Project(spec, schema, e->right(), inclusive));
    case Operation::kOr:
      return Expression::Or(Project(spec, schema, e->left(), inclusive), Project(spec, schema, e->right(), inclusive));
    case Operation::kNot:  // RewriteNot removed these; keep the contract if one slips through
      return inclusive ? Expression::AlwaysTrue() : Expression::AlwaysFalse();
    default: break;
  }
  const auto& predicate = static_cast<const Predicate&>(*e);
  ExpressionPtr result = inclusive ? Expression::AlwaysTrue() : Expression::AlwaysFalse();
  const NestedField* source = schema.FindFieldById(predicate.field_id());
  // a dropped source column: the spec cannot say anything about the predicate
  if (!source || !source->type()->IsPrimitive()) return result;
  for (const auto& field : spec.fields()) {
    if (field.source_id() != predicate.field_id()) continue;
    ExpressionPtr projected;
    try {
      projected = inclusive
                      ? TransformProjection::Inclusive(field.transform(), *source->type(), field.field_id(), predicate)
                      : TransformProjection::Strict(field.transform(), *source->type(), field.field_id(), predicate);
    } catch (const Exception&) {
      continue;  // a literal the transform cannot take: no projection, never a wrong one
    }
    if (!projected) continue;
    result = inclusive ? Expression::And(result, projected) : Expression::Or(result, projected);
  }
  return result;
}

}  // namespace

ExpressionPtr Projections::Inclusive(const PartitionSpec& spec, const Schema& schema, const ExpressionPtr& filter) {
  return Project(spec, schema, RewriteNot(filter), true);
}

ExpressionPtr Projections::Strict(const PartitionSpec& spec, const Schema& schema, const ExpressionPtr& filter) {
  return Project(spec, schema, RewriteNot(filter), false);
}

}  // namespace floe::iceberg
