#include "planner/binder.h"

#include "planner/logical_projection.h"

namespace floe {

// A SELECT is bound in the order its clauses see each other: FROM gives the columns, WHERE
// filters them, GROUP BY decides whether the SELECT aggregates, the SELECT list may use
// the groups, aggregates and windows, HAVING and QUALIFY its aliases, ORDER BY all of it.
// The plan is then assembled bottom up.
BoundQuery Binder::BindSelect(const SelectNode& node) {
  BindWindowClause(node);
  SelectBinding select;
  auto [whole_hint, whole_hint_text] = ReadHints(node);
  BindFrom(node, select);
  WarnUnmatchedHints();
  BindWhere(node, select);
  BindGroupBy(node, select);
  BindSelectList(node, select);
  BindHaving(node, select);
  BindQualify(node, select);
  BindOrderBy(node, select);

  ApplyPendingJoins(select.pending, &select.plan);
  PlanAggregate(select);
  PlanHaving(select);
  PlanWindow(select);
  PlanQualify(select);
  PlanProjection(node, select);
  BoundQuery query = PlanOrderBy(select);
  BindLimit(node, query);
  // Hidden ORDER BY columns are dropped once the rows are sorted (and limited).
  if (query.plan->types.size() > query.names.size()) {
    auto trim = std::make_unique<LogicalProjection>();
    for (size_t i = 0; i < query.names.size(); ++i) {
      trim->expressions.push_back(BoundExpression::ColumnRef(i, query.plan->types[i], query.names[i]));
      trim->types.push_back(query.plan->types[i]);
      trim->names.push_back(query.names[i]);
    }
    trim->children.push_back(std::move(query.plan));
    query.plan = std::move(trim);
  }
  // a join strategy hint without relations marks the SELECT's result (Spark's ResolvedHint
  // over the whole query), which a join of it then sees
  if (!whole_hint.empty()) {
    query.plan->join_hint = whole_hint;
    query.plan->join_hint_text = whole_hint_text;
  }
  return query;
}

}  // namespace floe
