#include <optional>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "planner/binder.h"
#include "planner/logical_sort.h"

namespace floe {

// ORDER BY keys: a select item (by ordinal, by alias, or the same expression) or else a
// hidden column, projected after the select items and dropped after the sort.
void Binder::BindOrderBy(const SelectNode& node, SelectBinding& select) {
  for (const auto& item : node.order_by) {
    const ParsedExpression& e = *item.expression;
    std::optional<size_t> target;
    int64_t ordinal;
    if (IsIntegerLiteral(e, &ordinal)) {
      if (ordinal < 1 || ordinal > static_cast<int64_t>(select.select_exprs.size())) {
        throw BinderError("ORDER BY position " + std::to_string(ordinal) +
                          " is not in select list (valid range is [1, " +
                          std::to_string(select.select_exprs.size()) + "])");
      }
      target = static_cast<size_t>(ordinal - 1);
    } else if (e.kind == ExpressionKind::kColumnRef && e.As<ColumnRefExpression>().names.size() == 1) {
      const std::string& name = e.As<ColumnRefExpression>().names[0];
      for (size_t i = 0; i < select.select_names.size() && !target; ++i) {
        if (ToLower(select.select_names[i]) == ToLower(name)) {
          // An alias that shadows an input column of another meaning still wins, as in Spark.
          target = i;
        }
      }
    }
    if (!target) {
      auto bound = BindSelectItem(e, "ORDER BY", select, &select.aliases);
      std::string key = ExpressionKey(*bound);
      for (size_t i = 0; i < select.select_exprs.size() && !target; ++i) {
        if (ExpressionKey(*select.select_exprs[i]) == key) target = i;
      }
      if (!target) {
        if (node.distinct) {
          throw BinderError("ORDER BY expression " + e.ToString() +
                            " must appear in the select list of a SELECT DISTINCT");
        }
        target = select.select_exprs.size() + select.hidden.size();
        select.hidden.push_back(std::move(bound));
      }
    }
    size_t width = select.select_exprs.size();
    const BoundExpression& source = *target < width ? *select.select_exprs[*target] : *select.hidden[*target - width];
    RejectUnorderable(source.type, "ORDER BY", e.ToString());
    BoundOrder order;
    order.expression = BoundExpression::ColumnRef(
        *target, source.type, *target < select.select_names.size() ? select.select_names[*target] : source.text);
    order.ascending = !item.descending();
    order.nulls_first = item.nulls_first();
    select.orders.push_back(std::move(order));
  }
}

// Sort over the projection (select items and hidden keys).
BoundQuery Binder::PlanOrderBy(SelectBinding& select) {
  BoundQuery query;
  query.names = select.select_names;
  query.plan = std::move(select.plan);
  if (select.orders.empty()) return query;
  auto sort = std::make_unique<LogicalSort>();
  sort->orders = std::move(select.orders);
  sort->types = query.plan->types;
  sort->names = query.plan->names;
  sort->children.push_back(std::move(query.plan));
  query.plan = std::move(sort);
  return query;
}

}  // namespace floe
