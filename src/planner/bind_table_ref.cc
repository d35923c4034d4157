#include <algorithm>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "function/type_coercion.h"
#include "planner/binder.h"
#include "planner/logical_get.h"
#include "planner/logical_join.h"
#include "planner/logical_operator.h"
#include "planner/logical_projection.h"
#include "planner/logical_values.h"
#include "sql/parser.h"

namespace floe {

void Binder::BindFrom(const SelectNode& node, SelectBinding& select) {
  select.scope.outer = outer_scope_;
  if (node.from) {
    select.plan = BindTableRef(*node.from, &select.scope);
    return;
  }
  // SELECT without FROM reads one row of no columns.
  auto values = std::make_unique<LogicalValues>();
  values->rows.push_back({});
  select.plan = std::move(values);
}

LogicalOperatorPtr Binder::BindTableRef(const TableRef& ref, BindScope* scope) {
  // a relation a join strategy hint of this SELECT may name: by its alias, else its name
  auto hinted = [&](LogicalOperatorPtr plan, const std::string& name) {
    if (!join_hints_.empty() && !name.empty()) MarkHintedRelation(name, *plan);
    return plan;
  };
  switch (ref.kind) {
    case TableRefKind::kBaseTable: {
      const auto& table = ref.As<BaseTableRef>();
      return hinted(BindBaseTable(table, scope), table.alias.empty() ? table.name.parts.back() : table.alias);
    }
    case TableRefKind::kSubquery: {
      const auto& sub = ref.As<SubqueryRef>();
      Binder inner(context_, this);
      BoundQuery query = inner.BindQuery(*sub.query);
      return hinted(BindDerived(std::move(query), sub.alias, sub.column_aliases, scope), sub.alias);
    }
    case TableRefKind::kTableFunction: return hinted(BindTableFunction(ref.As<TableFunctionRef>(), scope), ref.alias);
    case TableRefKind::kValues: return BindValues(ref.As<ValuesRef>(), scope);
    case TableRefKind::kJoin: {
      size_t first = scope->columns.size();
      LogicalOperatorPtr plan = BindJoin(ref.As<JoinRef>(), scope);
      if (ref.alias.empty()) return plan;
      // `(a JOIN b) j`: the join's columns are j's alone (Spark's aliased relation)
      size_t count = scope->columns.size() - first;
      if (!ref.column_aliases.empty() && ref.column_aliases.size() != count) {
        throw BinderError("Number of column aliases (" + std::to_string(ref.column_aliases.size()) +
                          ") does not match number of columns (" + std::to_string(count) + ") of " + ref.alias);
      }
      for (size_t i = first; i < scope->columns.size(); ++i) {
        scope->columns[i].table = ToLower(ref.alias);
        if (!ref.column_aliases.empty()) scope->columns[i].name = ref.column_aliases[i - first];
      }
      return hinted(std::move(plan), ref.alias);
    }
    case TableRefKind::kLateralView: return BindLateralView(ref.As<LateralViewRef>(), scope);
  }
  throw InternalError("unknown table reference");
}

LogicalOperatorPtr Binder::BindDerived(BoundQuery query, const std::string& alias,
                                       const std::vector<std::string>& column_aliases,
                                       BindScope* scope) {
  if (!column_aliases.empty() && column_aliases.size() != query.names.size()) {
    throw BinderError("Number of column aliases (" + std::to_string(column_aliases.size()) +
                      ") does not match number of columns (" + std::to_string(query.names.size()) +
                      ") of " + (alias.empty() ? std::string("subquery") : alias));
  }
  for (size_t i = 0; i < query.names.size(); ++i) {
    ScopeColumn column;
    column.table = ToLower(alias);
    column.name = column_aliases.empty() ? query.names[i] : column_aliases[i];
    column.type = query.plan->types[i];
    column.index = i;
    scope->columns.push_back(column);
  }
  if (!column_aliases.empty()) query.plan->names = column_aliases;
  return std::move(query.plan);
}

LogicalOperatorPtr Binder::BindBaseTable(const BaseTableRef& ref, BindScope* scope) {
  const auto& parts = ref.name.parts;
  std::string alias = ref.alias.empty() ? parts.back() : ref.alias;
  if (parts.size() == 1 && ref.time_travel == TimeTravelKind::kNone) {
    if (const CommonTableExpression* cte = FindCte(parts[0])) {
      std::string key = "cte:" + ToLower(parts[0]);
      if (std::find(binding_views_.begin(), binding_views_.end(), key) != binding_views_.end()) {
        throw BinderError("recursive reference to CTE " + parts[0] + " is not supported");
      }
      Binder inner(context_, this);
      inner.binding_views_.push_back(key);
      BoundQuery query = inner.BindQuery(*cte->query);
      return BindDerived(std::move(query), alias,
                         ref.column_aliases.empty() ? cte->column_names : ref.column_aliases, scope);
    }
  }
  if (ref.time_travel == TimeTravelKind::kNone) {
    if (auto view = context_.FindView(ref.name)) {
      std::string key = "view:" + ToLower(view->name);
      if (std::find(binding_views_.begin(), binding_views_.end(), key) != binding_views_.end()) {
        throw BinderError("recursive view " + view->name + " detected");
      }
      StatementPtr statement = Parser::ParseStatement(view->sql);
      if (statement->kind != StatementKind::kSelect) {
        throw InternalError("view " + view->name + " does not hold a query");
      }
      Binder inner(context_, nullptr);
      inner.binding_views_ = binding_views_;
      inner.subquery_ids_ = subquery_ids_;
      inner.binding_views_.push_back(key);
      BoundQuery query = inner.BindQuery(*statement->As<SelectStatement>().query);
      return BindDerived(std::move(query), alias,
                         ref.column_aliases.empty() ? view->column_names : ref.column_aliases, scope);
    }
  }
  TimeTravelSpec travel;
  const TimeTravelSpec* travel_ptr = nullptr;
  if (ref.time_travel != TimeTravelKind::kNone) {
    BindScope empty;
    ExpressionBinding binding;
    binding.scope = &empty;
    binding.clause = "AS OF";
    auto bound = Bind(*ref.time_travel_value, binding);
    travel.by_timestamp = ref.time_travel == TimeTravelKind::kTimestamp;
    travel.value = context_.EvaluateConstant(*bound);
    travel_ptr = &travel;
  }
  auto source = context_.FindTable(ref.name, travel_ptr);
  if (!source) {
    std::string message = "[TABLE_OR_VIEW_NOT_FOUND] Table or view not found: " + ref.name.ToString();
    std::string suggestion = ClosestName(ref.name.ToString(), context_.TableNames());
    if (!suggestion.empty()) message += ". Did you mean " + suggestion + "?";
    throw CatalogError(message);
  }
  return BindSource(std::move(source), alias, ref.column_aliases, ref.name.ToString(), scope);
}

LogicalOperatorPtr Binder::BindSource(std::shared_ptr<TableSource> source, const std::string& alias,
                                      const std::vector<std::string>& column_aliases,
                                      const std::string& display_name, BindScope* scope) {
  auto get = std::make_unique<LogicalGet>();
  get->alias = alias;
  size_t first_column = scope->columns.size();
  size_t data_columns = source->names().size() - std::min(source->MetadataColumnCount(), source->names().size());
  for (size_t i = 0; i < source->names().size(); ++i) {
    get->column_ids.push_back(i);
    get->names.push_back(source->names()[i]);
    get->types.push_back(source->types()[i]);
    ScopeColumn column;
    column.table = ToLower(alias);
    column.name = column_aliases.empty() || i >= data_columns ? source->names()[i] : "";
    column.type = source->types()[i];
    column.index = i;
    column.metadata = i >= data_columns;
    scope->columns.push_back(column);
  }
  for (const auto& u : source->UnreadableColumns()) {
    scope->unreadable.push_back({ToLower(alias), u.name, u.type, display_name});
  }
  if (!column_aliases.empty()) {
    if (column_aliases.size() != data_columns) {
      throw BinderError("Number of column aliases does not match number of columns of " + display_name);
    }
    for (size_t i = 0; i < column_aliases.size(); ++i) {
      scope->columns[first_column + i].name = column_aliases[i];
    }
  }
  get->source = std::move(source);
  return get;
}

LogicalOperatorPtr Binder::BindTableFunction(const TableFunctionRef& ref, BindScope* scope) {
  const auto& fn = *ref.function;
  std::vector<Value> args;
  BindScope empty;
  for (const auto& arg : fn.args) {
    ExpressionBinding binding;
    binding.scope = &empty;
    binding.clause = "table function argument";
    auto bound = Bind(*arg, binding);
    if (!bound->IsConstant()) {
      throw BinderError("arguments of table function " + fn.name + " must be constants");
    }
    args.push_back(context_.EvaluateConstant(*bound));
  }
  auto source = context_.FindTableFunction(ToLower(fn.name), args, fn.arg_names);
  if (!source) throw BinderError("could not find table function " + fn.name);
  std::string alias = ref.alias.empty() ? ToLower(fn.name) : ref.alias;
  auto get = std::make_unique<LogicalGet>();
  get->alias = alias;
  for (size_t i = 0; i < source->names().size(); ++i) {
    get->column_ids.push_back(i);
    get->names.push_back(source->names()[i]);
    get->types.push_back(source->types()[i]);
    ScopeColumn column;
    column.table = ToLower(alias);
    column.name = i < ref.column_aliases.size() ? ref.column_aliases[i] : source->names()[i];
    column.type = source->types()[i];
    column.index = i;
    scope->columns.push_back(column);
  }
  get->source = std::move(source);
  return get;
}

LogicalOperatorPtr Binder::BindValues(const ValuesRef& ref, BindScope* scope) {
  if (ref.rows.empty()) throw BinderError("VALUES needs at least one row");
  size_t width = ref.rows[0].size();
  std::vector<std::vector<BoundExpressionPtr>> bound_rows;
  std::vector<LogicalType> types(width, TypeId::kNull);
  BindScope empty;
  for (const auto& row : ref.rows) {
    if (row.size() != width) {
      throw BinderError("VALUES rows must all have the same number of values; expected " +
                        std::to_string(width) + ", got " + std::to_string(row.size()));
    }
    std::vector<BoundExpressionPtr> bound;
    for (size_t c = 0; c < width; ++c) {
      ExpressionBinding binding;
      binding.scope = &empty;
      binding.clause = "VALUES";
      auto e = Bind(*row[c], binding);
      if (!e->IsConstant()) throw BinderError("VALUES may only hold constant expressions");
      auto common = WiderType(types[c], e->type);
      if (!common) {
        throw BinderError("VALUES column " + std::to_string(c + 1) + " has incompatible types " +
                          types[c].ToString() + " and " + e->type.ToString());
      }
      types[c] = *common;
      bound.push_back(std::move(e));
    }
    bound_rows.push_back(std::move(bound));
  }
  auto values = std::make_unique<LogicalValues>();
  for (auto& row : bound_rows) {
    std::vector<Value> out;
    for (size_t c = 0; c < width; ++c) {
      out.push_back(context_.EvaluateConstant(*AddCast(std::move(row[c]), types[c])));
    }
    values->rows.push_back(std::move(out));
  }
  if (!ref.column_aliases.empty() && ref.column_aliases.size() != width) {
    throw BinderError("Number of column aliases (" + std::to_string(ref.column_aliases.size()) +
                      ") does not match number of VALUES columns (" + std::to_string(width) + ")");
  }
  std::string alias = ToLower(ref.alias);
  for (size_t c = 0; c < width; ++c) {
    std::string name = ref.column_aliases.empty() ? "col" + std::to_string(c + 1) : ref.column_aliases[c];
    values->names.push_back(name);
    // A column of NULLs only is of the NULL type (Spark's void), which casts to any type:
    // inserted, it fits a struct or array column too.
    LogicalType type = types[c];
    values->types.push_back(type);
    scope->columns.push_back({alias, name, type, c, false});
  }
  return values;
}

std::unique_ptr<LogicalGenerate> Binder::MakeGenerate(const FunctionExpression& fn, bool outer,
                                                      ExpressionBinding& binding, LogicalOperatorPtr& input) {
  std::string name = ToLower(fn.name);
  static const struct {
    const char* name;
    GeneratorKind kind;
    bool outer;
  } kGenerators[] = {
      {"explode", GeneratorKind::kExplode, false},       {"explode_outer", GeneratorKind::kExplode, true},
      {"posexplode", GeneratorKind::kPosExplode, false}, {"posexplode_outer", GeneratorKind::kPosExplode, true},
      {"inline", GeneratorKind::kInline, false},         {"inline_outer", GeneratorKind::kInline, true},
  };
  const auto* found = std::find_if(std::begin(kGenerators), std::end(kGenerators),
                                   [&](const auto& g) { return name == g.name; });
  if (found == std::end(kGenerators)) return nullptr;
  if (fn.args.size() != 1) {
    throw BinderError("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] " + name + " takes one argument: " + fn.ToString());
  }
  auto generate = std::make_unique<LogicalGenerate>();
  generate->kind = found->kind;
  generate->outer = outer || found->outer;
  generate->text = fn.ToString();
  generate->argument = Bind(*fn.args[0], binding);
  const LogicalType& type = generate->argument->type;
  bool fits = found->kind == GeneratorKind::kInline
                  ? type.id() == TypeId::kList && type.element().id() == TypeId::kStruct
                  : type.id() == TypeId::kList || type.id() == TypeId::kMap;
  if (!fits) {
    throw BinderError("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] " + name + " takes " +
                      (found->kind == GeneratorKind::kInline ? "an array of structs" : "an array or a map") +
                      ", not " + type.ToString() + ": " + fn.ToString());
  }
  generate->types = input->types;
  generate->names = input->names;
  LogicalGenerate::GeneratedColumns(generate->kind, type, &generate->types, &generate->names);
  generate->children.push_back(std::move(input));
  return generate;
}

LogicalOperatorPtr Binder::BindLateralView(const LateralViewRef& ref, BindScope* scope) {
  LogicalOperatorPtr input = BindTableRef(*ref.input, scope);
  size_t base = input->types.size();
  ExpressionBinding binding;
  binding.scope = scope;
  binding.outer = scope->outer;
  binding.clause = "LATERAL VIEW";
  auto generate = MakeGenerate(*ref.generator, ref.outer, binding, input);
  if (!generate) {
    throw BinderError("[UNSUPPORTED_GENERATOR.NOT_GENERATOR] " + ref.generator->name +
                      " is not a generator (explode, posexplode, inline and their _outer forms): LATERAL VIEW " +
                      ref.generator->ToString());
  }
  size_t generated = generate->types.size() - base;
  if (!ref.column_aliases.empty() && ref.column_aliases.size() != generated) {
    throw BinderError("[UDTF_ALIAS_NUMBER_MISMATCH] The number of aliases supplied in the AS clause does not match "
                      "the number of columns output by the UDTF. Expected " + std::to_string(generated) +
                      " aliases but got " + std::to_string(ref.column_aliases.size()) + ".");
  }
  for (size_t j = 0; j < generated; ++j) {
    if (!ref.column_aliases.empty()) generate->names[base + j] = ref.column_aliases[j];
    scope->columns.push_back({ToLower(ref.alias), generate->names[base + j], generate->types[base + j], base + j, false});
  }
  return generate;
}

void Binder::BindJoinCondition(const ParsedExpression& condition, const BindScope& combined, size_t left_width,
                               LogicalJoin& join) {
  // equalities between the sides become keys, the rest one residual condition
  std::vector<BoundExpressionPtr> residuals;
  std::vector<const ParsedExpression*> conjuncts;
  SplitConjuncts(condition, &conjuncts);
  for (const auto* c : conjuncts) {
    ExpressionBinding binding;
    binding.scope = &combined;
    binding.clause = "ON";
    binding.outer = combined.outer;
    auto bound = AddCast(Bind(*c, binding), TypeId::kBoolean);
    bool is_equi = bound->kind == BoundExpressionKind::kFunction && bound->function->name == "=" &&
                   bound->children.size() == 2;
    if (is_equi) {
      int a = JoinSides(*bound->children[0], left_width);
      int b = JoinSides(*bound->children[1], left_width);
      if ((a == 1 && b == 2) || (a == 2 && b == 1)) {
        auto lk = std::move(bound->children[a == 1 ? 0 : 1]);
        auto rk = std::move(bound->children[a == 1 ? 1 : 0]);
        rk->VisitColumnRefs([&](BoundExpression& e) { e.index -= left_width; });
        AlignJoinKeys(lk, rk);
        join.left_keys.push_back(std::move(lk));
        join.right_keys.push_back(std::move(rk));
        continue;
      }
    }
    residuals.push_back(std::move(bound));
  }
  if (!residuals.empty()) {
    if (residuals.size() == 1) {
      join.residual = std::move(residuals[0]);
    } else {
      auto conj = std::make_unique<BoundExpression>();
      conj->kind = BoundExpressionKind::kAnd;
      conj->type = TypeId::kBoolean;
      for (auto& r : residuals) {
        conj->text += (conj->text.empty() ? "" : " AND ") + r->text;
        conj->children.push_back(std::move(r));
      }
      join.residual = std::move(conj);
    }
  }
}

LogicalOperatorPtr Binder::BindJoin(const JoinRef& ref, BindScope* scope) {
  BindScope left_scope, right_scope;
  auto left = BindTableRef(*ref.left, &left_scope);
  auto right = BindTableRef(*ref.right, &right_scope);
  size_t left_width = left->types.size();
  auto join = std::make_unique<LogicalJoin>();
  join->join_type = ref.join_type;
  BindScope combined = left_scope;
  combined.Append(right_scope, left_width);
  combined.outer = scope->outer;

  std::vector<std::string> using_columns = ref.using_columns;
  if (ref.natural) {
    for (const auto& l : left_scope.columns) {
      bool ambiguous;
      if (l.hidden || l.metadata) continue;
      const ScopeColumn* r = right_scope.Find({}, l.name, &ambiguous);
      if (r && !r->metadata) using_columns.push_back(l.name);
    }
  }
  std::vector<std::pair<size_t, size_t>> using_pairs;  // (left index, right index) in combined
  for (const auto& name : using_columns) {
    bool ambiguous;
    const ScopeColumn* l = left_scope.Find({}, name, &ambiguous);
    const ScopeColumn* r = right_scope.Find({}, name, &ambiguous);
    if (!l || !r) {
      throw BinderError("USING column `" + name + "` cannot be resolved on the " +
                        (!l ? "left" : "right") + " side of the join");
    }
    auto common = CommonSuperType(l->type, r->type);
    if (!common) throw BinderError("USING column " + name + " has incompatible types");
    join->left_keys.push_back(AddCast(BoundExpression::ColumnRef(l->index, l->type, l->name), *common));
    join->right_keys.push_back(AddCast(BoundExpression::ColumnRef(r->index, r->type, r->name), *common));
    using_pairs.emplace_back(l->index, r->index + left_width);
  }

  if (ref.condition) BindJoinCondition(*ref.condition, combined, left_width, *join);
  if (join->join_type == JoinType::kCross && (join->residual || !join->left_keys.empty())) {
    join->join_type = JoinType::kInner;
  }
  bool semi_like = join->join_type == JoinType::kSemi || join->join_type == JoinType::kAnti;
  join->types = left->types;
  join->names = left->names;
  if (!semi_like) {
    join->types.insert(join->types.end(), right->types.begin(), right->types.end());
    join->names.insert(join->names.end(), right->names.begin(), right->names.end());
  }
  join->children.push_back(std::move(left));
  join->children.push_back(std::move(right));
  if (semi_like) {
    scope->Append(left_scope, 0);
    return join;
  }
  // USING: the merged columns come first (the left's, the right's for RIGHT joins, both
  // coalesced for FULL), then every column of both sides; the originals of the merged
  // columns stay reachable by qualified name only.
  LogicalOperatorPtr plan = std::move(join);
  if (!using_pairs.empty()) {
    auto projection = std::make_unique<LogicalProjection>();
    BindScope merged;
    for (auto [l, r] : using_pairs) {
      const ScopeColumn* source = nullptr;
      for (const auto& c : combined.columns) {
        if (c.index == l) source = &c;
      }
      std::string name = source ? source->name : plan->names[l];
      BoundExpressionPtr e;
      if (ref.join_type == JoinType::kFull) {
        auto common = *CommonSuperType(plan->types[l], plan->types[r]);
        e = std::make_unique<BoundExpression>();
        e->kind = BoundExpressionKind::kCoalesce;
        e->type = common;
        e->children.push_back(AddCast(BoundExpression::ColumnRef(l, plan->types[l], name), common));
        e->children.push_back(AddCast(BoundExpression::ColumnRef(r, plan->types[r], name), common));
      } else {
        size_t from = ref.join_type == JoinType::kRight ? r : l;
        e = BoundExpression::ColumnRef(from, plan->types[from], name);
      }
      e->text = name;
      std::string star_table;
      if (ref.join_type != JoinType::kFull) {
        size_t from = ref.join_type == JoinType::kRight ? r : l;
        for (const auto& c : combined.columns) {
          if (c.index == from) star_table = c.table;
        }
      }
      merged.columns.push_back({"", name, e->type, projection->expressions.size(), false, star_table});
      projection->types.push_back(e->type);
      projection->names.push_back(name);
      projection->expressions.push_back(std::move(e));
    }
    size_t offset = projection->expressions.size();
    for (size_t i = 0; i < plan->types.size(); ++i) {
      projection->expressions.push_back(BoundExpression::ColumnRef(i, plan->types[i], plan->names[i]));
      projection->types.push_back(plan->types[i]);
      projection->names.push_back(plan->names[i]);
    }
    for (auto& c : combined.columns) {
      for (auto [l, r] : using_pairs) {
        if (c.index == l || c.index == r) c.hidden = true;
      }
    }
    merged.Append(combined, offset);
    merged.outer = combined.outer;
    combined = merged;
    projection->children.push_back(std::move(plan));
    plan = std::move(projection);
  }
  const BindScope* outer = scope->outer;
  *scope = combined;
  scope->outer = outer;
  return plan;
}

}  // namespace floe
