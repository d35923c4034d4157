#include "planner/binder.h"

#include <algorithm>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "function/type_coercion.h"

namespace floe {

void SplitConjuncts(const ParsedExpression& expr, std::vector<const ParsedExpression*>* out) {
  if (expr.kind == ExpressionKind::kBinary) {
    const auto& b = expr.As<BinaryExpression>();
    if (b.op == BinaryOp::kAnd) {
      SplitConjuncts(*b.left, out);
      SplitConjuncts(*b.right, out);
      return;
    }
  }
  out->push_back(&expr);
}

Binder::Binder(BinderContext& context, const Binder* parent) : context_(context), parent_(parent) {
  if (parent) binding_views_ = parent->binding_views_;
}

const CommonTableExpression* Binder::FindCte(const std::string& name) const {
  auto it = ctes_.find(ToLower(name));
  if (it != ctes_.end()) return it->second;
  return parent_ ? parent_->FindCte(name) : nullptr;
}

BoundQuery Binder::BindQuery(const QueryNode& node) {
  // CTEs are visible to the query and to later CTEs; a nested binder keeps the scope.
  Binder inner(context_, this);
  inner.outer_scope_ = outer_scope_;
  for (const auto& cte : node.ctes) {
    std::string key = ToLower(cte.name);
    if (inner.ctes_.count(key)) {
      throw ParserError("CTE definition can't have duplicate names: " + cte.name,
                        cte.position.line, cte.position.column);
    }
    inner.ctes_[key] = &cte;
  }
  BoundQuery query = node.kind == QueryNodeKind::kSelect
                         ? inner.BindSelect(node.As<SelectNode>())
                         : inner.BindSetOperation(node.As<SetOperationNode>());
  correlated_ = correlated_ || inner.correlated_;
  return query;
}

BoundExpressionPtr Binder::AddCast(BoundExpressionPtr expr, const LogicalType& type, bool try_cast) {
  if (expr->type == type) return expr;
  auto cast = std::make_unique<BoundExpression>();
  cast->kind = BoundExpressionKind::kCast;
  cast->type = type;
  cast->try_cast = try_cast;
  cast->text = expr->text;
  cast->children.push_back(std::move(expr));
  return cast;
}

std::string Binder::ExpressionKey(const BoundExpression& e) {
  std::string key = std::to_string(static_cast<int>(e.kind)) + ":" + e.type.ToString();
  switch (e.kind) {
    case BoundExpressionKind::kColumnRef:
    case BoundExpressionKind::kParameter: key += "#" + std::to_string(e.index); break;
    case BoundExpressionKind::kConstant:
      key += "=" + (e.constant.is_null() ? std::string("NULL") : e.constant.ToString());
      break;
    case BoundExpressionKind::kFunction: key += "f" + e.function->name; break;
    default: break;
  }
  if (e.negated) key += "!";
  if (e.try_cast) key += "?";
  key += "(";
  for (const auto& c : e.children) key += ExpressionKey(*c) + ",";
  return key + ")";
}

int64_t Binder::BindLimitValue(const ParsedExpression& expr, const char* clause) {
  BindScope empty;
  ExpressionBinding binding;
  binding.scope = &empty;
  binding.clause = clause;
  auto bound = Bind(expr, binding);
  if (!bound->IsConstant() || !bound->type.IsInteger()) {
    throw BinderError(std::string("The ") + clause + " expression must be an integer constant, got " +
                      expr.ToString());
  }
  Value v = context_.EvaluateConstant(*bound);
  if (v.is_null() || v.int64() < 0) {
    throw BinderError(std::string("The ") + clause + " expression must be a non-negative integer, got " +
                      expr.ToString());
  }
  return v.int64();
}

static bool IsIntegerLiteral(const ParsedExpression& e, int64_t* value) {
  if (e.kind != ExpressionKind::kConstant) return false;
  const auto& c = e.As<ConstantExpression>();
  if (c.literal_kind != LiteralKind::kInteger) return false;
  try {
    *value = std::stoll(c.text);
  } catch (...) {
    return false;
  }
  return true;
}

BoundQuery Binder::BindSelect(const SelectNode& node) {
  // Every named window must resolve, used or not (as Spark checks them when parsing).
  named_windows_ = &node.windows;
  for (const auto& w : node.windows) ResolveWindowSpec(*w.spec);
  BindScope scope;
  scope.outer = outer_scope_;
  LogicalOperatorPtr plan;
  if (node.from) {
    plan = BindTableRef(*node.from, &scope);
  } else {
    auto values = std::make_unique<LogicalValues>();
    values->rows.push_back({});
    plan = std::move(values);
  }

  if (node.where) {
    if (ContainsAggregate(*node.where)) {
      throw BinderError("aggregate functions are not allowed in WHERE: " + node.where->ToString());
    }
    std::vector<const ParsedExpression*> conjuncts;
    SplitConjuncts(*node.where, &conjuncts);
    auto filter = std::make_unique<LogicalFilter>();
    std::vector<PendingJoin> pending;
    for (const auto* c : conjuncts) {
      if (TryBindSubqueryConjunct(*c, &plan, scope)) continue;
      ExpressionBinding binding;
      binding.scope = &scope;
      binding.clause = "WHERE";
      binding.outer = scope.outer;
      binding.pending_joins = &pending;
      binding.pending_base = plan->types.size();
      auto bound = Bind(*c, binding);
      if (bound->type.id() != TypeId::kBoolean && bound->type.id() != TypeId::kNull) {
        throw BinderError("WHERE condition must be boolean, got " + bound->type.ToString() + ": " +
                          c->ToString());
      }
      filter->conjuncts.push_back(AddCast(std::move(bound), TypeId::kBoolean));
    }
    ApplyPendingJoins(pending, &plan);
    if (!filter->conjuncts.empty()) {
      filter->types = plan->types;
      filter->names = plan->names;
      filter->children.push_back(std::move(plan));
      plan = std::move(filter);
    }
  }

  bool aggregate = !node.group_by.empty() || (node.having != nullptr);
  for (const auto& item : node.select_list) aggregate = aggregate || ContainsAggregate(*item);
  for (const auto& o : node.order_by) aggregate = aggregate || ContainsAggregate(*o.expression);

  AggregationState agg;
  agg.input_scope = &scope;
  // Aliases of the select list, for GROUP BY alias / ordinals.
  auto find_select_alias = [&](const std::string& name) -> const ParsedExpression* {
    for (const auto& item : node.select_list) {
      if (!item->alias.empty() && ToLower(item->alias) == ToLower(name)) return item.get();
    }
    return nullptr;
  };
  if (aggregate) {
    std::vector<const ParsedExpression*> group_exprs;
    if (node.group_by.all) {
      for (const auto& item : node.select_list) {
        if (!ContainsAggregate(*item) && item->kind != ExpressionKind::kStar) group_exprs.push_back(item.get());
      }
    }
    for (const auto& g : node.group_by.expressions) {
      const ParsedExpression* target = g.get();
      int64_t ordinal;
      if (IsIntegerLiteral(*g, &ordinal)) {
        if (ordinal < 1 || ordinal > static_cast<int64_t>(node.select_list.size())) {
          throw BinderError("GROUP BY position " + std::to_string(ordinal) +
                            " is not in select list (valid range is [1, " +
                            std::to_string(node.select_list.size()) + "])");
        }
        target = node.select_list[ordinal - 1].get();
        if (ContainsAggregate(*target)) {
          throw BinderError("GROUP BY position " + std::to_string(ordinal) +
                            " refers to an expression that contains an aggregate function: " +
                            target->ToString());
        }
      } else if (g->kind == ExpressionKind::kColumnRef &&
                 g->As<ColumnRefExpression>().names.size() == 1) {
        bool ambiguous;
        if (!scope.Find({}, g->As<ColumnRefExpression>().names[0], &ambiguous)) {
          if (const auto* aliased = find_select_alias(g->As<ColumnRefExpression>().names[0])) {
            target = aliased;
          }
        }
      }
      group_exprs.push_back(target);
    }
    for (const auto* g : group_exprs) {
      if (ContainsAggregate(*g)) {
        throw BinderError("aggregate functions are not allowed in GROUP BY: " + g->ToString());
      }
      ExpressionBinding binding;
      binding.scope = &scope;
      binding.clause = "GROUP BY";
      auto bound = Bind(*g, binding);
      std::string key = ExpressionKey(*bound);
      agg.group_keys.push_back(key);
      agg.groups.push_back(std::move(bound));
    }
    agg.grouping_sets = node.group_by.grouping_sets;
  }

  WindowState windows;
  std::vector<PendingJoin> pending;
  size_t pending_base = plan->types.size();
  std::vector<BoundExpressionPtr> select_exprs;
  std::vector<std::string> select_names;
  // Select aliases visible to the item being bound: the earlier items' (Spark's lateral
  // column aliases) in SELECT, all of them in ORDER BY; input columns win over them.
  std::vector<std::pair<std::string, const BoundExpression*>> visible_aliases;
  auto bind_item = [&](const ParsedExpression& item, const char* clause) {
    ExpressionBinding binding;
    binding.scope = &scope;
    binding.aggregation = aggregate ? &agg : nullptr;
    binding.windows = &windows;
    binding.clause = clause;
    binding.outer = scope.outer;
    binding.aliases = &visible_aliases;
    if (!aggregate) {
      binding.pending_joins = &pending;
      binding.pending_base = pending_base;
    }
    return Bind(item, binding);
  };
  for (const auto& item : node.select_list) {
    if (item->kind == ExpressionKind::kStar) {
      const auto& star = item->As<StarExpression>();
      std::string qualifier = star.qualifier.empty() ? "" : ToLower(star.qualifier.back());
      bool any = false;
      for (const auto& column : scope.columns) {
        if (column.hidden) continue;
        if (!qualifier.empty() && column.table != qualifier && column.star_table != qualifier) continue;
        ColumnRefExpression ref;
        if (!column.table.empty()) ref.names.push_back(column.table);
        ref.names.push_back(column.name);
        ref.position = item->position;
        // Qualified lookups find the column even when another table has the same name.
        ExpressionBinding binding;
        binding.scope = &scope;
        binding.aggregation = aggregate ? &agg : nullptr;
        binding.clause = "SELECT";
        BoundExpressionPtr bound;
        if (column.table.empty()) {
          bound = BoundExpression::ColumnRef(column.index, column.type, column.name);
          if (aggregate) bound = Bind(ref, binding);
        } else {
          bound = Bind(ref, binding);
        }
        bound->text = column.name;
        select_exprs.push_back(std::move(bound));
        select_names.push_back(column.name);
        any = true;
      }
      if (!any && !qualifier.empty()) {
        throw BinderError("cannot resolve '" + star.ToString() + "' given input columns: [" +
                          [&] {
                            std::string s;
                            for (const auto& n : scope.Names()) s += (s.empty() ? "" : ", ") + n;
                            return s;
                          }() + "]");
      }
      continue;
    }
    auto bound = bind_item(*item, "SELECT");
    std::string name = item->alias;
    if (name.empty()) {
      name = item->kind == ExpressionKind::kColumnRef
                 ? item->As<ColumnRefExpression>().column_name()
                 : item->ToString();
    }
    if (!item->alias.empty()) visible_aliases.emplace_back(item->alias, bound.get());
    select_exprs.push_back(std::move(bound));
    select_names.push_back(name);
  }

  // HAVING may use select aliases.
  std::vector<std::pair<std::string, const BoundExpression*>> aliases;
  for (size_t i = 0; i < select_exprs.size(); ++i) {
    aliases.emplace_back(select_names[i], select_exprs[i].get());
  }
  BoundExpressionPtr having;
  if (node.having) {
    ExpressionBinding binding;
    binding.scope = &scope;
    binding.aggregation = &agg;
    binding.clause = "HAVING";
    binding.aliases = &aliases;
    having = AddCast(Bind(*node.having, binding), TypeId::kBoolean);
  }

  // QUALIFY filters on window functions (Databricks' clause); it may use select aliases.
  BoundExpressionPtr qualify;
  if (node.qualify) {
    ExpressionBinding binding;
    binding.scope = &scope;
    binding.aggregation = aggregate ? &agg : nullptr;
    binding.windows = &windows;
    binding.clause = "QUALIFY";
    binding.outer = scope.outer;
    binding.aliases = &aliases;
    auto bound = Bind(*node.qualify, binding);
    if (bound->type.id() != TypeId::kBoolean && bound->type.id() != TypeId::kNull) {
      throw BinderError("QUALIFY condition must be boolean, got " + bound->type.ToString() + ": " +
                        node.qualify->ToString());
    }
    if (windows.functions.empty()) {
      throw BinderError("QUALIFY needs a window function in the SELECT list or in the QUALIFY "
                        "condition: " + node.qualify->ToString());
    }
    qualify = AddCast(std::move(bound), TypeId::kBoolean);
  }

  visible_aliases = aliases;
  // ORDER BY keys: a select item (ordinal, alias, same expression) or a hidden column.
  std::vector<BoundOrder> orders;
  std::vector<BoundExpressionPtr> hidden;
  for (const auto& item : node.order_by) {
    const ParsedExpression& e = *item.expression;
    std::optional<size_t> target;
    int64_t ordinal;
    if (IsIntegerLiteral(e, &ordinal)) {
      if (ordinal < 1 || ordinal > static_cast<int64_t>(select_exprs.size())) {
        throw BinderError("ORDER BY position " + std::to_string(ordinal) +
                          " is not in select list (valid range is [1, " +
                          std::to_string(select_exprs.size()) + "])");
      }
      target = static_cast<size_t>(ordinal - 1);
    } else if (e.kind == ExpressionKind::kColumnRef && e.As<ColumnRefExpression>().names.size() == 1) {
      const std::string& name = e.As<ColumnRefExpression>().names[0];
      for (size_t i = 0; i < select_names.size() && !target; ++i) {
        if (ToLower(select_names[i]) == ToLower(name)) {
          // An alias that shadows an input column of another meaning still wins, as in Spark.
          target = i;
        }
      }
    }
    if (!target) {
      auto bound = bind_item(e, "ORDER BY");
      std::string key = ExpressionKey(*bound);
      for (size_t i = 0; i < select_exprs.size() && !target; ++i) {
        if (ExpressionKey(*select_exprs[i]) == key) target = i;
      }
      if (!target) {
        if (node.distinct) {
          throw BinderError("ORDER BY expression " + e.ToString() +
                            " must appear in the select list of a SELECT DISTINCT");
        }
        target = select_exprs.size() + hidden.size();
        hidden.push_back(std::move(bound));
      }
    }
    BoundOrder order;
    const BoundExpression& source =
        *target < select_exprs.size() ? *select_exprs[*target] : *hidden[*target - select_exprs.size()];
    order.expression = BoundExpression::ColumnRef(*target, source.type,
                                                  *target < select_names.size() ? select_names[*target]
                                                                                : source.text);
    order.ascending = !item.descending();
    order.nulls_first = item.nulls_first();
    orders.push_back(std::move(order));
  }

  // Assemble: Aggregate -> Filter(HAVING) -> Window -> Project -> Distinct -> Sort -> Limit.
  ApplyPendingJoins(pending, &plan);
  if (aggregate) {
    auto aggregate_op = std::make_unique<LogicalAggregate>();
    for (const auto& g : agg.groups) {
      aggregate_op->types.push_back(g->type);
      aggregate_op->names.push_back(g->text);
    }
    for (const auto& a : agg.aggregates) {
      aggregate_op->types.push_back(a.function->return_type);
      aggregate_op->names.push_back(a.text);
    }
    if (!agg.grouping_sets.empty()) {
      aggregate_op->types.push_back(TypeId::kInt64);
      aggregate_op->names.push_back("spark_grouping_id");
      size_t gid_index = agg.groups.size() + agg.aggregates.size();
      auto renumber_gid = [&](BoundExpression& e) {
        e.VisitColumnRefs([&](BoundExpression& ref) {
          if (ref.index == kGroupingIdIndex) ref.index = gid_index;
        });
      };
      if (having) renumber_gid(*having);
      if (qualify) renumber_gid(*qualify);
      for (auto& e : select_exprs) renumber_gid(*e);
      for (auto& e : hidden) renumber_gid(*e);
      for (auto& f : windows.functions) f.VisitExpressions(renumber_gid);
    }
    aggregate_op->groups = std::move(agg.groups);
    aggregate_op->aggregates = std::move(agg.aggregates);
    aggregate_op->grouping_sets = std::move(agg.grouping_sets);
    aggregate_op->children.push_back(std::move(plan));
    plan = std::move(aggregate_op);
    if (having) {
      auto filter = std::make_unique<LogicalFilter>();
      filter->conjuncts.push_back(std::move(having));
      filter->types = plan->types;
      filter->names = plan->names;
      filter->children.push_back(std::move(plan));
      plan = std::move(filter);
    }
  }
  size_t base = plan->types.size();
  auto renumber = [&](BoundExpression& e) {
    e.VisitColumnRefs([&](BoundExpression& ref) {
      if (ref.index >= kWindowIndexBase) ref.index = base + (ref.index - kWindowIndexBase);
    });
  };
  if (!windows.functions.empty()) {
    auto window = std::make_unique<LogicalWindow>();
    window->types = plan->types;
    window->names = plan->names;
    for (auto& f : windows.functions) {
      window->types.push_back(f.type);
      window->names.push_back(f.text);
    }
    window->functions = std::move(windows.functions);
    window->children.push_back(std::move(plan));
    plan = std::move(window);
  }
  if (qualify) {
    renumber(*qualify);
    auto filter = std::make_unique<LogicalFilter>();
    filter->conjuncts.push_back(std::move(qualify));
    filter->types = plan->types;
    filter->names = plan->names;
    filter->children.push_back(std::move(plan));
    plan = std::move(filter);
  }
  auto projection = std::make_unique<LogicalProjection>();
  for (size_t i = 0; i < select_exprs.size(); ++i) {
    renumber(*select_exprs[i]);
    projection->types.push_back(select_exprs[i]->type);
    projection->names.push_back(select_names[i]);
    projection->expressions.push_back(std::move(select_exprs[i]));
  }
  for (auto& h : hidden) {
    renumber(*h);
    projection->types.push_back(h->type);
    projection->names.push_back(h->text);
    projection->expressions.push_back(std::move(h));
  }
  projection->children.push_back(std::move(plan));
  plan = std::move(projection);

  if (node.distinct) {
    auto distinct = std::make_unique<LogicalAggregate>();
    for (size_t i = 0; i < plan->types.size(); ++i) {
      distinct->groups.push_back(BoundExpression::ColumnRef(i, plan->types[i], plan->names[i]));
    }
    distinct->types = plan->types;
    distinct->names = plan->names;
    distinct->children.push_back(std::move(plan));
    plan = std::move(distinct);
  }
  BoundQuery query;
  query.names = select_names;
  query.plan = std::move(plan);
  if (!orders.empty()) {
    auto sort = std::make_unique<LogicalSort>();
    sort->orders = std::move(orders);
    sort->types = query.plan->types;
    sort->names = query.plan->names;
    sort->children.push_back(std::move(query.plan));
    query.plan = std::move(sort);
  }
  BindLimit(node, query);
  if (query.plan->types.size() > select_names.size()) {
    auto trim = std::make_unique<LogicalProjection>();
    for (size_t i = 0; i < select_names.size(); ++i) {
      trim->expressions.push_back(
          BoundExpression::ColumnRef(i, query.plan->types[i], select_names[i]));
      trim->types.push_back(query.plan->types[i]);
      trim->names.push_back(select_names[i]);
    }
    trim->children.push_back(std::move(query.plan));
    query.plan = std::move(trim);
  }
  return query;
}

void Binder::BindLimit(const QueryNode& node, BoundQuery& query) {
  if (!node.limit && !node.offset) return;
  auto limit = std::make_unique<LogicalLimit>();
  if (node.limit) limit->limit = BindLimitValue(*node.limit, "LIMIT");
  if (node.offset) limit->offset = BindLimitValue(*node.offset, "OFFSET");
  limit->types = query.plan->types;
  limit->names = query.plan->names;
  limit->children.push_back(std::move(query.plan));
  query.plan = std::move(limit);
}

BoundQuery Binder::BindSetOperation(const SetOperationNode& node) {
  BoundQuery left = BindQuery(*node.left);
  BoundQuery right = BindQuery(*node.right);
  if (left.plan->types.size() != right.plan->types.size()) {
    throw BinderError(std::string(node.set_type == SetOperationType::kUnion ? "UNION"
                                  : node.set_type == SetOperationType::kIntersect ? "INTERSECT"
                                                                                  : "EXCEPT") +
                      " can only be performed on inputs with the same number of columns, but the "
                      "first input has " + std::to_string(left.plan->types.size()) +
                      " columns and the second input has " + std::to_string(right.plan->types.size()) +
                      " columns");
  }
  // Widen both sides to common column types.
  std::vector<LogicalType> types;
  for (size_t i = 0; i < left.plan->types.size(); ++i) {
    auto common = WiderType(left.plan->types[i], right.plan->types[i]);
    if (!common) {
      throw BinderError("set operation column " + std::to_string(i + 1) + " has incompatible types " +
                        left.plan->types[i].ToString() + " and " + right.plan->types[i].ToString());
    }
    types.push_back(*common);
  }
  auto widen = [&](BoundQuery& q) {
    bool same = true;
    for (size_t i = 0; i < types.size(); ++i) same = same && q.plan->types[i] == types[i];
    if (same) return;
    auto projection = std::make_unique<LogicalProjection>();
    for (size_t i = 0; i < types.size(); ++i) {
      projection->expressions.push_back(
          AddCast(BoundExpression::ColumnRef(i, q.plan->types[i], q.plan->names[i]), types[i]));
      projection->types.push_back(types[i]);
      projection->names.push_back(q.plan->names[i]);
    }
    projection->children.push_back(std::move(q.plan));
    q.plan = std::move(projection);
  };
  widen(left);
  widen(right);
  auto set_op = std::make_unique<LogicalSetOperation>();
  set_op->set_type = node.set_type;
  set_op->all = node.all;
  set_op->types = types;
  set_op->names = left.names;
  set_op->children.push_back(std::move(left.plan));
  set_op->children.push_back(std::move(right.plan));
  BoundQuery query;
  query.names = left.names;
  query.plan = std::move(set_op);
  if (!node.order_by.empty()) {
    BindScope scope;
    for (size_t i = 0; i < types.size(); ++i) {
      scope.columns.push_back({"", query.names[i], types[i], i, false});
    }
    auto sort = std::make_unique<LogicalSort>();
    for (const auto& item : node.order_by) {
      BoundOrder order;
      int64_t ordinal;
      if (IsIntegerLiteral(*item.expression, &ordinal)) {
        if (ordinal < 1 || ordinal > static_cast<int64_t>(types.size())) {
          throw BinderError("ORDER BY position " + std::to_string(ordinal) + " is not in select list");
        }
        order.expression = BoundExpression::ColumnRef(ordinal - 1, types[ordinal - 1], query.names[ordinal - 1]);
      } else {
        ExpressionBinding binding;
        binding.scope = &scope;
        binding.clause = "ORDER BY";
        order.expression = Bind(*item.expression, binding);
      }
      order.ascending = !item.descending();
      order.nulls_first = item.nulls_first();
      sort->orders.push_back(std::move(order));
    }
    sort->types = query.plan->types;
    sort->names = query.plan->names;
    sort->children.push_back(std::move(query.plan));
    query.plan = std::move(sort);
  }
  BindLimit(node, query);
  return query;
}

}  // namespace floe
