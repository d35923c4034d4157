#include "common/exception.h"
#include "function/type_coercion.h"
#include "planner/binder.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_filter.h"
#include "planner/logical_join.h"
#include "planner/logical_operator.h"
#include "planner/logical_projection.h"

namespace floe {

namespace {

// A SELECT simple enough to be joined directly: FROM, WHERE and one select item.
bool IsSimpleSelect(const QueryNode& node) {
  if (node.kind != QueryNodeKind::kSelect) return false;
  const auto& s = node.As<SelectNode>();
  return s.ctes.empty() && s.from && s.group_by.empty() && !s.having && !s.distinct && !s.limit &&
         !s.offset && s.order_by.empty() && s.windows.empty() && !s.qualify;
}

bool SelectsStar(const QueryNode& node) {
  if (node.kind != QueryNodeKind::kSelect) return false;
  for (const auto& item : node.As<SelectNode>().select_list) {
    if (item->kind == ExpressionKind::kStar) return true;
  }
  return false;
}

// Returns what a subquery's plan computes, for BoundSubquery::key: the plan as printed, with
// the keys of the subqueries it reads (not their ids, which differ between bindings).
std::string PlanKey(const LogicalOperator& op) {
  std::string key = op.Describe() + "\n";
  for (const auto& subquery : op.Subqueries()) key += "[" + subquery->key + "]\n";
  for (const auto& child : op.children) key += PlanKey(*child);
  return key;
}

bool HasParameter(const BoundExpression& e) {
  if (e.kind == BoundExpressionKind::kParameter) return true;
  for (const auto& c : e.children) {
    if (HasParameter(*c)) return true;
  }
  return false;
}

// Rewrites a correlated condition over (outer ++ inner) columns.
void ToJoinCondition(BoundExpression& e, size_t outer_width) {
  if (e.kind == BoundExpressionKind::kParameter) {
    e.kind = BoundExpressionKind::kColumnRef;
  } else if (e.kind == BoundExpressionKind::kColumnRef) {
    e.index += outer_width;
  }
  for (auto& c : e.children) ToJoinCondition(*c, outer_width);
}

}  // namespace

// An uncorrelated subquery in an expression becomes a BoundSubquery node: the plan runs it
// once before the operators that read it, and nothing runs it now. A correlated scalar
// subquery where joins may go (WHERE, SELECT) becomes a left join.
BoundExpressionPtr Binder::BindSubquery(const SubqueryExpression& expr, ExpressionBinding& binding) {
  Binder inner(context_, this);
  inner.outer_scope_ = binding.scope;
  BoundQuery query = inner.BindQuery(*expr.query);
  if (inner.correlated_ && expr.subquery_kind == SubqueryKind::kScalar && binding.pending_joins) {
    return BindCorrelatedScalar(expr, binding);
  }
  if (inner.correlated_ && expr.subquery_kind == SubqueryKind::kExists && binding.pending_joins) {
    // [NOT] EXISTS inside an expression (under an OR): the count of the correlated rows,
    // by the same left join as a correlated scalar subquery, compared with 0 (Spark's
    // existence join gives the same truth values: EXISTS is never NULL)
    auto count = BindCorrelatedScalar(expr, binding, /*exists=*/true);
    auto result = MakeComparison(expr.negated ? "=" : ">", std::move(count),
                                 BoundExpression::MakeConstant(Value::Int64(0), "0"), expr.ToString());
    return result;
  }
  if (inner.correlated_) {
    throw NotImplementedError(
        "correlated subqueries are supported in WHERE as [NOT] EXISTS / [NOT] IN conjuncts only: " +
        expr.ToString());
  }
  auto subquery = std::make_shared<BoundSubquery>();
  subquery->id = NextSubqueryId();
  subquery->kind = expr.subquery_kind == SubqueryKind::kScalar   ? BoundSubquery::Kind::kScalar
                   : expr.subquery_kind == SubqueryKind::kExists ? BoundSubquery::Kind::kExists
                                                                 : BoundSubquery::Kind::kIn;
  subquery->text = expr.ToString();
  subquery->key = expr.ToString() + "\n" + PlanKey(*query.plan);
  auto node = std::make_unique<BoundExpression>();
  node->kind = BoundExpressionKind::kSubquery;
  node->text = expr.ToString();
  node->subquery = subquery;
  if (expr.subquery_kind == SubqueryKind::kExists) {
    subquery->type = TypeId::kBoolean;
    subquery->plan = std::move(query.plan);
    node->type = TypeId::kBoolean;
    return node;
  }
  if (query.plan->types.size() != 1) {
    throw BinderError("[INVALID_SUBQUERY_EXPRESSION] subquery must return only one column, got " +
                      std::to_string(query.plan->types.size()) + ": " + expr.ToString());
  }
  LogicalType type = query.plan->types[0];
  subquery->plan = std::move(query.plan);
  if (expr.subquery_kind == SubqueryKind::kScalar) {
    subquery->type = type;
    node->type = type;
    return node;
  }
  // x [NOT] IN (SELECT ...) outside a WHERE conjunct: x against the subquery's rows.
  auto input = Bind(*expr.input, binding);
  auto common = CommonSuperType(input->type, type);
  if (!common) {
    throw BinderError("[DATATYPE_MISMATCH] IN subquery column type " + type.ToString() +
                      " does not match " + input->type.ToString());
  }
  subquery->type = *common;
  node->type = TypeId::kBoolean;
  node->negated = expr.negated;
  node->children.push_back(AddCast(std::move(input), *common));
  return node;
}

void Binder::ApplyPendingJoins(std::vector<PendingJoin>& pending, LogicalOperatorPtr* plan) {
  for (auto& p : pending) {
    auto join = std::make_unique<LogicalJoin>();
    join->join_type = JoinType::kLeft;
    join->left_keys = std::move(p.left_keys);
    join->right_keys = std::move(p.right_keys);
    join->types = (*plan)->types;
    join->names = (*plan)->names;
    join->types.insert(join->types.end(), p.right->types.begin(), p.right->types.end());
    join->names.insert(join->names.end(), p.right->names.begin(), p.right->names.end());
    join->children.push_back(std::move(*plan));
    join->children.push_back(std::move(p.right));
    *plan = std::move(join);
  }
  pending.clear();
}

BoundExpressionPtr Binder::BindCorrelatedScalar(const SubqueryExpression& expr, ExpressionBinding& binding,
                                                bool exists) {
  auto unsupported = [&](const std::string& why) {
    return NotImplementedError(std::string("correlated ") + (exists ? "EXISTS" : "scalar") +
                               " subquery not supported (" + why + "): " + expr.ToString());
  };
  if (expr.query->kind != QueryNodeKind::kSelect) throw unsupported("set operation");
  const auto& select = expr.query->As<SelectNode>();
  if (exists) {
    // EXISTS (SELECT <anything> FROM ... WHERE ...): its rows are counted
    bool aggregates = false;
    for (const auto& item : select.select_list) aggregates = aggregates || ContainsAggregate(*item);
    // (an aggregate without GROUP BY returns a row even when no row matches: not a count)
    if (!select.from || !select.group_by.empty() || select.having || select.distinct || select.limit ||
        select.offset || !select.order_by.empty() || !select.ctes.empty() || aggregates) {
      throw unsupported("under an OR it must be EXISTS (SELECT ... FROM ... WHERE ...) without aggregates");
    }
  } else if (!select.from || !select.group_by.empty() || select.having || select.distinct || select.limit ||
             select.offset || !select.order_by.empty() || !select.ctes.empty() || select.select_list.size() != 1 ||
             !ContainsAggregate(*select.select_list[0])) {
    throw unsupported("it must be SELECT <aggregate> FROM ... WHERE ...");
  }
  Binder inner(context_, this);
  BindScope inner_scope;
  LogicalOperatorPtr right = inner.BindTableRef(*select.from, &inner_scope);
  AggregationState agg;
  agg.input_scope = &inner_scope;
  std::vector<BoundExpressionPtr> outer_keys;
  auto filter = std::make_unique<LogicalFilter>();
  if (select.where) {
    std::vector<const ParsedExpression*> conjuncts;
    SplitConjuncts(*select.where, &conjuncts);
    for (const auto* c : conjuncts) {
      ExpressionBinding b;
      b.scope = &inner_scope;
      b.outer = binding.scope;
      b.clause = "WHERE";
      auto bound = AddCast(inner.Bind(*c, b), TypeId::kBoolean);
      if (!HasParameter(*bound)) {
        filter->conjuncts.push_back(std::move(bound));
        continue;
      }
      bool ok = bound->kind == BoundExpressionKind::kFunction && bound->function->name == "=" &&
                bound->children.size() == 2;
      if (ok) {
        auto& a = bound->children[0];
        auto& b2 = bound->children[1];
        bool a_outer = HasParameter(*a) && a->ReferencedColumns().empty();
        bool b_outer = HasParameter(*b2) && b2->ReferencedColumns().empty();
        bool a_inner = !HasParameter(*a);
        bool b_inner = !HasParameter(*b2);
        if ((a_outer && b_inner) || (b_outer && a_inner)) {
          auto outer_side = std::move(a_outer ? a : b2);
          auto inner_side = std::move(a_outer ? b2 : a);
          ToJoinCondition(*outer_side, 0);
          agg.group_keys.push_back(ExpressionKey(*inner_side));
          agg.groups.push_back(std::move(inner_side));
          outer_keys.push_back(std::move(outer_side));
          continue;
        }
      }
      throw unsupported("only equality conditions may reference the outer query, not " + c->ToString() +
                        " at line " + std::to_string(c->position.line) + ", column " +
                        std::to_string(c->position.column));
    }
  }
  if (!filter->conjuncts.empty()) {
    filter->types = right->types;
    filter->names = right->names;
    filter->children.push_back(std::move(right));
    right = std::move(filter);
  }
  ExpressionBinding item_binding;
  item_binding.scope = &inner_scope;
  item_binding.aggregation = &agg;
  item_binding.clause = "SELECT";
  FunctionExpression count_star;
  count_star.name = "count";
  count_star.is_star = true;
  const ParsedExpression& item = exists ? static_cast<const ParsedExpression&>(count_star) : *select.select_list[0];
  auto value = inner.Bind(item, item_binding);
  size_t keys = agg.groups.size();
  bool is_count = value->kind == BoundExpressionKind::kColumnRef && value->index >= keys &&
                  agg.aggregates[value->index - keys].function->name == "count";
  auto aggregate = std::make_unique<LogicalAggregate>();
  aggregate->groups = std::move(agg.groups);
  aggregate->aggregates = std::move(agg.aggregates);
  aggregate->AddGroupAndAggregateColumns();
  aggregate->children.push_back(std::move(right));
  auto projection = std::make_unique<LogicalProjection>();
  for (size_t k = 0; k < keys; ++k) {
    projection->expressions.push_back(BoundExpression::ColumnRef(k, aggregate->types[k], aggregate->names[k]));
    projection->types.push_back(aggregate->types[k]);
    projection->names.push_back(aggregate->names[k]);
  }
  LogicalType type = value->type;
  projection->types.push_back(type);
  projection->names.push_back(expr.ToString());
  projection->expressions.push_back(std::move(value));
  projection->children.push_back(std::move(aggregate));

  size_t column = binding.pending_base;
  for (const auto& p : *binding.pending_joins) column += p.right->types.size();
  column += keys;
  PendingJoin pending;
  pending.right = std::move(projection);
  for (size_t k = 0; k < keys; ++k) {
    auto common = CommonSuperType(outer_keys[k]->type, pending.right->types[k]);
    if (!common) throw unsupported("correlation keys of incompatible types");
    pending.left_keys.push_back(AddCast(std::move(outer_keys[k]), *common));
    pending.right_keys.push_back(
        AddCast(BoundExpression::ColumnRef(k, pending.right->types[k], pending.right->names[k]), *common));
  }
  binding.pending_joins->push_back(std::move(pending));
  auto result = BoundExpression::ColumnRef(column, type, expr.ToString());
  if (!is_count) return result;
  // No matching rows: count is 0, not NULL.
  auto coalesce = std::make_unique<BoundExpression>();
  coalesce->kind = BoundExpressionKind::kCoalesce;
  coalesce->type = type;
  coalesce->text = expr.ToString();
  coalesce->children.push_back(std::move(result));
  coalesce->children.push_back(BoundExpression::MakeConstant(Value::Int64(0)));
  return coalesce;
}

// Pairs the values left of `[NOT] IN (SELECT ...)` (one, or a row `(a, b)`) with the
// subquery's columns. The keys of IN and of a one-column NOT IN (a null-aware anti join)
// are hash keys. A NOT IN over several columns is Spark's anti join on
//   (a = x OR (a = x) IS NULL) AND (b = y OR (b = y) IS NULL)
// since a NULL in one column makes only that column's comparison unknown.
void Binder::BindInKeys(const SubqueryExpression& sub, const BindScope& scope,
                        std::vector<BoundExpressionPtr>& right_keys, size_t left_width, LogicalJoin& join,
                        std::vector<BoundExpressionPtr>& residuals) {
  std::vector<const ParsedExpression*> inputs;
  if (sub.input->kind == ExpressionKind::kFunction && sub.input->As<FunctionExpression>().name == "struct" &&
      !sub.input->As<FunctionExpression>().window) {
    for (const auto& a : sub.input->As<FunctionExpression>().args) inputs.push_back(a.get());
  } else {
    inputs.push_back(sub.input.get());
  }
  if (inputs.size() != right_keys.size()) {
    throw BinderError("[INVALID_SUBQUERY_EXPRESSION] IN subquery returns " + std::to_string(right_keys.size()) +
                      " column(s) but the left side has " + std::to_string(inputs.size()) +
                      " value(s): " + sub.ToString());
  }
  bool multi_not_in = join.null_aware && inputs.size() > 1;
  if (multi_not_in) join.null_aware = false;
  for (size_t i = 0; i < inputs.size(); ++i) {
    ExpressionBinding outer_binding;
    outer_binding.scope = &scope;
    outer_binding.clause = "WHERE";
    auto left_key = Bind(*inputs[i], outer_binding);
    auto& right_key = right_keys[i];
    auto common = CommonSuperType(left_key->type, right_key->type);
    if (!common) {
      throw BinderError("[DATATYPE_MISMATCH] IN subquery column " + std::to_string(i + 1) + " type " +
                        right_key->type.ToString() + " does not match " + left_key->type.ToString());
    }
    left_key = AddCast(std::move(left_key), *common);
    right_key = AddCast(std::move(right_key), *common);
    if (!multi_not_in) {
      join.left_keys.push_back(std::move(left_key));
      join.right_keys.push_back(std::move(right_key));
      continue;
    }
    right_key->VisitColumnRefs([&](BoundExpression& c) { c.index += left_width; });
    std::string text = left_key->text + " = " + right_key->text;
    auto equal = MakeComparison("=", std::move(left_key), std::move(right_key), text);
    auto unknown = std::make_unique<BoundExpression>();
    unknown->kind = BoundExpressionKind::kIsNull;
    unknown->type = TypeId::kBoolean;
    unknown->text = "(" + text + ") IS NULL";
    unknown->children.push_back(equal->Copy());
    auto either = std::make_unique<BoundExpression>();
    either->kind = BoundExpressionKind::kOr;
    either->type = TypeId::kBoolean;
    either->text = text + " OR (" + text + ") IS NULL";
    either->children.push_back(std::move(equal));
    either->children.push_back(std::move(unknown));
    residuals.push_back(std::move(either));
  }
}

bool Binder::TryBindSubqueryConjunct(const ParsedExpression& conjunct, LogicalOperatorPtr* plan,
                                     const BindScope& scope) {
  const ParsedExpression* e = &conjunct;
  bool negated = false;
  if (e->kind == ExpressionKind::kUnary && e->As<UnaryExpression>().op == UnaryOp::kNot) {
    negated = true;
    e = e->As<UnaryExpression>().child.get();
  }
  if (e->kind != ExpressionKind::kSubquery) return false;
  const auto& sub = e->As<SubqueryExpression>();
  if (sub.subquery_kind == SubqueryKind::kScalar) return false;
  if (sub.subquery_kind == SubqueryKind::kIn) negated = negated != sub.negated;
  size_t left_width = (*plan)->types.size();

  auto join = std::make_unique<LogicalJoin>();
  join->join_type = negated ? JoinType::kAnti : JoinType::kSemi;
  join->null_aware = negated && sub.subquery_kind == SubqueryKind::kIn;
  std::vector<BoundExpressionPtr> residuals;
  std::vector<BoundExpressionPtr> in_right;  // the IN subquery's columns, over right's output
  LogicalOperatorPtr right;

  // IN (SELECT * ...) takes the full binder, which expands the star into its columns.
  bool in_star = sub.subquery_kind == SubqueryKind::kIn && SelectsStar(*sub.query);
  if (IsSimpleSelect(*sub.query) && !in_star) {
    const auto& select = sub.query->As<SelectNode>();
    Binder inner(context_, this);
    BindScope inner_scope;
    inner_scope.outer = &scope;
    inner.outer_scope_ = &scope;
    right = inner.BindTableRef(*select.from, &inner_scope);
    inner_scope.outer = &scope;
    auto filter = std::make_unique<LogicalFilter>();
    if (select.where) {
      std::vector<const ParsedExpression*> conjuncts;
      SplitConjuncts(*select.where, &conjuncts);
      for (const auto* c : conjuncts) {
        if (inner.TryBindSubqueryConjunct(*c, &right, inner_scope)) continue;
        ExpressionBinding binding;
        binding.scope = &inner_scope;
        binding.outer = &scope;
        binding.clause = "WHERE";
        auto bound = AddCast(inner.Bind(*c, binding), TypeId::kBoolean);
        if (HasParameter(*bound)) {
          ToJoinCondition(*bound, left_width);
          residuals.push_back(std::move(bound));
        } else {
          filter->conjuncts.push_back(std::move(bound));
        }
      }
    }
    if (!filter->conjuncts.empty()) {
      filter->types = right->types;
      filter->names = right->names;
      filter->children.push_back(std::move(right));
      right = std::move(filter);
    }
    if (sub.subquery_kind == SubqueryKind::kIn) {
      for (const auto& item : select.select_list) {
        ExpressionBinding binding;
        binding.scope = &inner_scope;
        binding.outer = &scope;
        binding.clause = "SELECT";
        auto right_key = inner.Bind(*item, binding);
        if (HasParameter(*right_key)) {
          throw NotImplementedError("an IN subquery may not select a column of the outer query: " +
                                    sub.ToString());
        }
        in_right.push_back(std::move(right_key));
      }
    }
  } else {
    int ids = *subquery_ids_;
    Binder inner(context_, this);
    inner.outer_scope_ = &scope;
    BoundQuery query = inner.BindQuery(*sub.query);
    if (inner.correlated_) {
      throw NotImplementedError("correlated subqueries with aggregation, DISTINCT, LIMIT or set "
                                "operations are not supported yet: " + sub.ToString());
    }
    if (sub.subquery_kind == SubqueryKind::kExists) {
      // An uncorrelated EXISTS is one value for every row: a BoundSubquery in the filter,
      // which reaches the scans (false prunes every file), rather than a join. It is bound
      // again there; the ids this binding took are given again.
      *subquery_ids_ = ids;
      return false;
    }
    for (size_t i = 0; i < query.plan->types.size(); ++i) {
      in_right.push_back(BoundExpression::ColumnRef(i, query.plan->types[i], query.names[i]));
    }
    right = std::move(query.plan);
  }
  if (sub.subquery_kind == SubqueryKind::kIn) BindInKeys(sub, scope, in_right, left_width, *join, residuals);
  // Correlated equalities become hash keys; the rest a residual over outer ++ inner.
  for (auto& r : residuals) {
    bool is_equi = r->kind == BoundExpressionKind::kFunction && r->function->name == "=" &&
                   r->children.size() == 2 && !join->null_aware;
    if (is_equi) {
      int a = JoinSides(*r->children[0], left_width), b = JoinSides(*r->children[1], left_width);
      if ((a == 1 && b == 2) || (a == 2 && b == 1)) {
        auto lk = std::move(r->children[a == 1 ? 0 : 1]);
        auto rk = std::move(r->children[a == 1 ? 1 : 0]);
        rk->VisitColumnRefs([&](BoundExpression& c) { c.index -= left_width; });
        AlignJoinKeys(lk, rk);
        join->left_keys.push_back(std::move(lk));
        join->right_keys.push_back(std::move(rk));
        r.reset();
        continue;
      }
    }
  }
  std::vector<BoundExpressionPtr> rest;
  for (auto& r : residuals) {
    if (r) rest.push_back(std::move(r));
  }
  if (rest.size() == 1) {
    join->residual = std::move(rest[0]);
  } else if (rest.size() > 1) {
    auto conj = std::make_unique<BoundExpression>();
    conj->kind = BoundExpressionKind::kAnd;
    conj->type = TypeId::kBoolean;
    for (auto& r : rest) conj->children.push_back(std::move(r));
    join->residual = std::move(conj);
  }
  join->types = (*plan)->types;
  join->names = (*plan)->names;
  join->children.push_back(std::move(*plan));
  join->children.push_back(std::move(right));
  *plan = std::move(join);
  return true;
}

}  // namespace floe
