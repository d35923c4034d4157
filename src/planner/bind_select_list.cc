#include "common/ascii_case.h"
#include "common/exception.h"
#include "planner/binder.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_projection.h"

namespace floe {

// Binds a SELECT item or an ORDER BY key: aggregates and window functions allowed, the
// select aliases in `aliases` visible (input columns win over them), and without
// aggregation correlated scalar subqueries as left joins.
BoundExpressionPtr Binder::BindSelectItem(const ParsedExpression& item, const char* clause, SelectBinding& select,
                                          const std::vector<std::pair<std::string, const BoundExpression*>>* aliases) {
  ExpressionBinding binding;
  binding.scope = &select.scope;
  binding.aggregation = select.aggregate ? &select.aggregation : nullptr;
  binding.windows = &select.windows;
  binding.clause = clause;
  binding.outer = select.scope.outer;
  binding.aliases = aliases;
  if (!select.aggregate) {
    binding.pending_joins = &select.pending;
    binding.pending_base = select.pending_base;
  }
  return Bind(item, binding);
}

void Binder::BindSelectList(const SelectNode& node, SelectBinding& select) {
  // A generator among the items (SELECT id, explode(tags) AS tag): its rows are made under
  // the projection, and the item becomes the generated columns.
  const ParsedExpression* generator_item = nullptr;
  size_t generated_base = 0;
  for (const auto& item : node.select_list) {
    if (item->kind != ExpressionKind::kFunction) continue;
    ExpressionBinding binding;
    binding.scope = &select.scope;
    binding.outer = select.scope.outer;
    binding.clause = "SELECT";
    size_t base = select.plan->types.size();
    auto generate = MakeGenerate(item->As<FunctionExpression>(), false, binding, select.plan);
    if (!generate) continue;
    if (generator_item) {
      throw BinderError("[UNSUPPORTED_GENERATOR.MULTI_GENERATOR] Only one generator is allowed per SELECT clause, "
                        "but found 2: " + generator_item->ToString() + ", " + item->ToString());
    }
    if (select.aggregate) {
      throw NotImplementedError("a generator (" + item->ToString() + ") in a SELECT that aggregates is not supported "
                                "yet; aggregate in a subquery and explode outside it");
    }
    generator_item = item.get();
    generated_base = base;
    select.plan = std::move(generate);
  }
  select.pending_base = select.plan->types.size();
  // The earlier items' aliases are visible to an item (Spark's lateral column aliases).
  std::vector<std::pair<std::string, const BoundExpression*>> lateral_aliases;
  for (const auto& item : node.select_list) {
    if (item->kind == ExpressionKind::kStar) {
      ExpandStar(item->As<StarExpression>(), select);
      continue;
    }
    if (item.get() == generator_item) {
      // `AS x` names a single generated column; Spark's `AS (a, b)` is not parsed yet
      size_t generated = select.plan->types.size() - generated_base;
      if (!item->alias.empty() && generated != 1) {
        throw BinderError("[UDTF_ALIAS_NUMBER_MISMATCH] The number of aliases supplied in the AS clause does not match "
                          "the number of columns output by the UDTF. Expected " + std::to_string(generated) +
                          " aliases but got 1.");
      }
      for (size_t j = generated_base; j < select.plan->types.size(); ++j) {
        std::string name = item->alias.empty() ? select.plan->names[j] : item->alias;
        select.select_exprs.push_back(BoundExpression::ColumnRef(j, select.plan->types[j], name));
        select.select_names.push_back(name);
      }
      continue;
    }
    auto bound = BindSelectItem(*item, "SELECT", select, &lateral_aliases);
    std::string name = item->alias;
    if (name.empty()) {
      name = item->kind == ExpressionKind::kColumnRef ? item->As<ColumnRefExpression>().column_name()
                                                      : item->ToString();
    }
    if (!item->alias.empty()) lateral_aliases.emplace_back(item->alias, bound.get());
    select.select_exprs.push_back(std::move(bound));
    select.select_names.push_back(name);
  }
  for (size_t i = 0; i < select.select_exprs.size(); ++i) {
    select.aliases.emplace_back(select.select_names[i], select.select_exprs[i].get());
  }
}

// `*` and `t.*`: every visible column (of t), in order.
void Binder::ExpandStar(const StarExpression& star, SelectBinding& select) {
  std::string qualifier = star.qualifier.empty() ? "" : ToLower(star.qualifier.back());
  // why: a column left out in silence would be a wrong answer; the user names the others
  for (const auto& u : select.scope.unreadable) {
    if (!qualifier.empty() && u.table != qualifier) continue;
    throw NotImplementedError("'" + star.ToString() + "' would read column `" + u.name + "` of " + u.source +
                              ", of the nested type " + u.type +
                              ", which floe cannot read yet; select the other columns by name");
  }
  bool any = false;
  for (const auto& column : select.scope.columns) {
    if (column.hidden || column.metadata) continue;
    if (!qualifier.empty() && column.table != qualifier && column.star_table != qualifier) continue;
    ColumnRefExpression ref;
    if (!column.table.empty()) ref.names.push_back(column.table);
    ref.names.push_back(column.name);
    ref.position = star.position;
    // Qualified lookups find the column even when another table has the same name.
    ExpressionBinding binding;
    binding.scope = &select.scope;
    binding.aggregation = select.aggregate ? &select.aggregation : nullptr;
    binding.clause = "SELECT";
    BoundExpressionPtr bound;
    if (column.table.empty()) {
      bound = BoundExpression::ColumnRef(column.index, column.type, column.name);
      if (select.aggregate) bound = Bind(ref, binding);
    } else {
      bound = Bind(ref, binding);
    }
    bound->text = column.name;
    select.select_exprs.push_back(std::move(bound));
    select.select_names.push_back(column.name);
    any = true;
  }
  if (!any && !qualifier.empty()) {
    std::string names;
    for (const auto& n : select.scope.Names()) names += (names.empty() ? "" : ", ") + n;
    throw BinderError("cannot resolve '" + star.ToString() + "' given input columns: [" + names + "]");
  }
}

// Project: the select items, then the hidden ORDER BY keys; SELECT DISTINCT groups by all.
void Binder::PlanProjection(const SelectNode& node, SelectBinding& select) {
  auto projection = std::make_unique<LogicalProjection>();
  for (size_t i = 0; i < select.select_exprs.size(); ++i) {
    RenumberWindowColumns(*select.select_exprs[i], select.window_base);
    projection->types.push_back(select.select_exprs[i]->type);
    projection->names.push_back(select.select_names[i]);
    projection->expressions.push_back(std::move(select.select_exprs[i]));
  }
  for (auto& h : select.hidden) {
    RenumberWindowColumns(*h, select.window_base);
    projection->types.push_back(h->type);
    projection->names.push_back(h->text);
    projection->expressions.push_back(std::move(h));
  }
  projection->children.push_back(std::move(select.plan));
  select.plan = std::move(projection);
  if (!node.distinct) return;
  for (size_t i = 0; i < select.plan->types.size(); ++i) {
    RejectUnorderable(select.plan->types[i], "SELECT DISTINCT", select.plan->names[i]);
  }
  auto distinct = std::make_unique<LogicalAggregate>();
  for (size_t i = 0; i < select.plan->types.size(); ++i) {
    distinct->groups.push_back(BoundExpression::ColumnRef(i, select.plan->types[i], select.plan->names[i]));
  }
  distinct->types = select.plan->types;
  distinct->names = select.plan->names;
  distinct->children.push_back(std::move(select.plan));
  select.plan = std::move(distinct);
}

}  // namespace floe
