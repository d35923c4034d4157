#include "execution/operators/physical_subquery.h"

#include "common/exception.h"
#include "execution/expression_executor.h"
#include "execution/operators/physical_result_collector.h"
#include "execution/pipeline_executor.h"

namespace floe {

namespace {

// Returns the value of a row of an IN subquery as the type both sides compare as: a
// constant, or the cast when it fails (it fails again only if the IN is evaluated).
BoundExpressionPtr InItem(const Value& value, const LogicalType& column_type, const LogicalType& type,
                          const ExpressionExecutor& executor) {
  auto constant = BoundExpression::MakeConstant(value);
  constant->type = column_type;
  if (column_type == type) return constant;
  auto cast = std::make_unique<BoundExpression>();
  cast->kind = BoundExpressionKind::kCast;
  cast->type = type;
  cast->text = constant->text;
  cast->children.push_back(std::move(constant));
  try {
    auto folded = BoundExpression::MakeConstant(executor.EvaluateConstant(*cast), cast->text);
    folded->type = type;
    return folded;
  } catch (const Exception&) {
    return cast;
  }
}

}  // namespace

PhysicalSubquery::PhysicalSubquery(std::shared_ptr<BoundSubquery> subquery, std::unique_ptr<PhysicalOperator> plan)
    : PhysicalOperator(plan->types()), subquery_(std::move(subquery)) {
  AddChild(std::move(plan));
}

void PhysicalSubquery::Run(ExecutionContext& context) const {
  if (subquery_->result) return;
  const PhysicalOperator& plan = *children_[0];
  PhysicalResultCollector collector(plan.types());
  PipelineExecutor executor(context, plan, collector);
  executor.Execute();
  ChunkCollection& rows = collector.rows();
  profile.rows += rows.RowCount();
  auto result = std::make_shared<SubqueryResult>();
  switch (subquery_->kind) {
    case BoundSubquery::Kind::kExists: result->value = Value::Boolean(rows.RowCount() > 0); break;
    case BoundSubquery::Kind::kScalar:
      if (rows.RowCount() > 1) {
        throw InvalidInputError("[SCALAR_SUBQUERY_TOO_MANY_ROWS] more than one row returned by a subquery used "
                                "as an expression: " + subquery_->text);
      }
      result->value = rows.RowCount() == 0 ? Value::Null(subquery_->type) : rows.chunk(0).column(0).GetValue(0);
      break;
    case BoundSubquery::Kind::kIn: {
      ExpressionExecutor evaluator(context.function_context);
      for (const auto& chunk : rows.chunks()) {
        for (size_t r = 0; r < chunk->size(); ++r) {
          result->in_items.push_back(
              InItem(chunk->column(0).GetValue(r), plan.types()[0], subquery_->type, evaluator));
        }
      }
      break;
    }
  }
  subquery_->result = std::move(result);
}

}  // namespace floe
