// UPDATE, MERGE INTO, and DELETE with subqueries: a query over the target (and the
// source) producing one RowChangeLayout row per change, written into the target's
// RowChangeTarget, as Spark's RewriteUpdateTable / RewriteMergeIntoTable plan them.
#include <algorithm>
#include <functional>
#include <optional>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "planner/binder.h"
#include "planner/logical_filter.h"
#include "planner/logical_insert.h"
#include "planner/logical_projection.h"

namespace floe {

namespace {

// The target's metadata columns in a scope: where its rows come from.
struct TargetColumns {
  size_t width = 0;  // the table's own columns: 0 .. width - 1
  const ScopeColumn* file = nullptr;
  const ScopeColumn* pos = nullptr;
  const ScopeColumn* row_id = nullptr;
};

TargetColumns FindTargetColumns(const RowChangeTarget& target, const BindScope& scope) {
  TargetColumns out;
  out.width = target.column_names().size();
  for (const auto& c : scope.columns) {
    if (!c.metadata) continue;
    if (c.name == "_file") out.file = &c;
    if (c.name == "_pos") out.pos = &c;
    if (c.name == "_row_id") out.row_id = &c;
  }
  if (!out.file || !out.pos) throw InternalError("the target of a row change has no _file or _pos column");
  return out;
}

BoundExpressionPtr Ref(const ScopeColumn& c) { return BoundExpression::ColumnRef(c.index, c.type, c.name); }

BoundExpressionPtr TypedNull(const LogicalType& type) {
  auto null = BoundExpression::MakeConstant(Value::Null(type), "NULL");
  null->type = type;
  return null;
}

BoundExpressionPtr Int32(int32_t v) { return BoundExpression::MakeConstant(Value::Int32(v), std::to_string(v)); }

BoundExpressionPtr IsNotNull(BoundExpressionPtr e) {
  auto out = std::make_unique<BoundExpression>();
  out->kind = BoundExpressionKind::kIsNotNull;
  out->type = TypeId::kBoolean;
  out->text = "(" + e->text + " IS NOT NULL)";
  out->children.push_back(std::move(e));
  return out;
}

// CASE WHEN w0 THEN t0 ... [ELSE e] END, of type `type`.
BoundExpressionPtr Case(std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> branches,
                        BoundExpressionPtr otherwise, const LogicalType& type) {
  auto out = std::make_unique<BoundExpression>();
  out->kind = BoundExpressionKind::kCase;
  out->type = type;
  out->text = "CASE";
  for (auto& [when, then] : branches) {
    out->text += " WHEN " + when->text + " THEN " + then->text;
    out->children.push_back(std::move(when));
    out->children.push_back(std::move(then));
  }
  if (otherwise) {
    out->text += " ELSE " + otherwise->text;
    out->children.push_back(std::move(otherwise));
    out->has_else = true;
  }
  out->text += " END";
  return out;
}

BoundExpressionPtr True() { return BoundExpression::MakeConstant(Value::Boolean(true), "true"); }

// Returns the target column a SET or INSERT names (`c`, or `t.c` with the target's alias
// or name), and in `fields` the struct fields after it (`s.a.b`: a, b), which only a SET
// may name.
size_t FindTargetColumn(const RowChangeTarget& target, const std::string& alias, const std::vector<std::string>& parts,
                        const char* clause, std::vector<std::string>* fields = nullptr) {
  std::string text;
  for (const auto& p : parts) text += (text.empty() ? "" : ".") + p;
  auto column_named = [&](const std::string& name) -> std::optional<size_t> {
    for (size_t i = 0; i < target.column_names().size(); ++i) {
      if (EqualsIgnoreCase(target.column_names()[i], name)) return i;
    }
    return std::nullopt;
  };
  size_t first = 0;
  // `t.c` is the target's column c when t names the target and c is a column (Spark tries
  // the qualifier first), else t's field c
  if (parts.size() >= 2 && (EqualsIgnoreCase(parts[0], alias) || EqualsIgnoreCase(parts[0], target.TableName())) &&
      column_named(parts[1])) {
    first = 1;
  }
  std::optional<size_t> column = column_named(parts[first]);
  if (!column || (parts.size() > first + 1 && !fields)) {
    throw BinderError(std::string("[UNRESOLVED_COLUMN] ") + clause + ": column `" + text + "` not found in " +
                      target.DisplayName());
  }
  if (fields) fields->assign(parts.begin() + static_cast<std::ptrdiff_t>(first) + 1, parts.end());
  return *column;
}

// Throws when `e` gives different values for the same row (rand()): Spark refuses such
// conditions in a row-level command, whose rows are read more than once.
void RejectNonDeterministic(const BoundExpression& e, const char* clause, const std::string& text) {
  bool volatile_call = e.kind == BoundExpressionKind::kFunction && e.function && !e.function->foldable;
  if (volatile_call) {
    throw BinderError(std::string("[INVALID_NON_DETERMINISTIC_EXPRESSIONS] The operator expects a deterministic "
                                  "expression, but the ") + clause + " is non-deterministic: " + text);
  }
  for (const auto& c : e.children) RejectNonDeterministic(*c, clause, text);
}

// The scope's columns of `table` (its non-metadata, visible ones), by name.
const ScopeColumn* FindByName(const BindScope& scope, const std::string& name) {
  for (const auto& c : scope.columns) {
    if (!c.hidden && !c.metadata && EqualsIgnoreCase(c.name, name)) return &c;
  }
  return nullptr;
}

std::shared_ptr<RowChangeTarget> FindTarget(BinderContext& context, const QualifiedName& name,
                                            const std::string& statement) {
  std::shared_ptr<RowChangeTarget> target = context.FindRowChangeTarget(name, statement);
  if (!target) throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + name.ToString());
  return target;
}

// The rows of `input` as the target takes them: op, _file, _pos, _row_id, then `values`.
LogicalOperatorPtr ChangeRows(std::shared_ptr<RowChangeTarget> target, LogicalOperatorPtr input, BoundExpressionPtr op,
                              const TargetColumns& columns, std::vector<BoundExpressionPtr> values) {
  auto projection = std::make_unique<LogicalProjection>();
  projection->expressions.push_back(std::move(op));
  projection->expressions.push_back(Ref(*columns.file));
  projection->expressions.push_back(Ref(*columns.pos));
  projection->expressions.push_back(columns.row_id ? Ref(*columns.row_id) : TypedNull(TypeId::kInt64));
  for (auto& v : values) projection->expressions.push_back(std::move(v));
  for (size_t i = 0; i < projection->expressions.size(); ++i) {
    projection->types.push_back(projection->expressions[i]->type);
    projection->names.push_back(target->names()[i]);
  }
  if (projection->types != target->types()) throw InternalError("row change columns do not match the target's");
  projection->children.push_back(std::move(input));
  auto insert = std::make_unique<LogicalInsert>();
  insert->sink = std::move(target);
  insert->children.push_back(std::move(projection));
  return insert;
}

// AND of `conjuncts` (null when there are none).
BoundExpressionPtr AndAll(std::vector<BoundExpressionPtr> conjuncts) {
  if (conjuncts.empty()) return nullptr;
  if (conjuncts.size() == 1) return std::move(conjuncts[0]);
  auto out = std::make_unique<BoundExpression>();
  out->kind = BoundExpressionKind::kAnd;
  out->type = TypeId::kBoolean;
  for (auto& c : conjuncts) {
    out->text += (out->text.empty() ? "" : " AND ") + c->text;
    out->children.push_back(std::move(c));
  }
  return out;
}

// Returns true when `e` reads only the table's own columns (not _file, _pos, ...).
bool OnlyTableColumns(const BoundExpression& e, size_t width) {
  for (size_t c : e.ReferencedColumns()) {
    if (c >= width) return false;
  }
  return !e.HasSubquery();
}

// Returns true when a value of type `from` is stored into `to` otherwise by the names of the
// fields of some struct, at any depth, than by their positions.
bool FieldNamesDiffer(const LogicalType& from, const LogicalType& to) {
  if (from.id() != to.id() || !from.IsNested()) return false;
  if (from.fields().size() != to.fields().size()) return from.id() == TypeId::kStruct;
  for (size_t i = 0; i < from.fields().size(); ++i) {
    if (from.id() == TypeId::kStruct && !EqualsIgnoreCase(from.fields()[i].first, to.fields()[i].first)) return true;
    if (FieldNamesDiffer(from.fields()[i].second, to.fields()[i].second)) return true;
  }
  return false;
}

}  // namespace

BoundExpressionPtr Binder::AssignByName(BoundExpressionPtr value, const LogicalType& type, const std::string& text,
                                        const std::string& table, size_t lambda_depth) {
  // Spark's TableOutputResolver.resolveArrayType / resolveMapType: the structs inside an
  // array or a map are matched by name too, through transform(arr, element -> ...) and
  // map_from_arrays(transform(map_keys(m), key -> ...), transform(map_values(m), value -> ...))
  auto transform = [&](BoundExpressionPtr list, const LogicalType& element, const std::string& name) {
    auto param = std::make_unique<BoundExpression>();
    param->kind = BoundExpressionKind::kLambdaParameter;
    param->type = list->type.element();
    param->text = name;
    param->index = lambda_depth;
    auto node = std::make_unique<BoundExpression>();
    node->kind = BoundExpressionKind::kHigherOrder;
    node->higher_order = HigherOrderFunction::kTransform;
    node->index = lambda_depth;
    node->text = "transform(" + list->text + ", " + name + " -> ...)";
    auto body = AssignByName(std::move(param), element, text + "." + name, table, lambda_depth + 1);
    node->type = LogicalType::List(body->type);
    node->children.push_back(std::move(list));
    node->children.push_back(std::move(body));
    return node;
  };
  if (type.id() == TypeId::kList && value->type.id() == TypeId::kList && FieldNamesDiffer(value->type, type)) {
    return AddCast(transform(std::move(value), type.element(), "element"), type);
  }
  if (type.id() == TypeId::kMap && value->type.id() == TypeId::kMap && FieldNamesDiffer(value->type, type)) {
    std::vector<BoundExpressionPtr> keys, values;
    keys.push_back(value->Copy());
    values.push_back(std::move(value));
    std::vector<BoundExpressionPtr> args;
    args.push_back(transform(MakeFunction("map_keys", std::move(keys), "map_keys"), type.key(), "key"));
    args.push_back(transform(MakeFunction("map_values", std::move(values), "map_values"), type.value(), "value"));
    return AddCast(MakeFunction("map_from_arrays", std::move(args), "map_from_arrays"), type);
  }
  if (type.id() != TypeId::kStruct || value->type.id() != TypeId::kStruct || value->type == type) {
    return StoreAssign(std::move(value), type, text, table);
  }
  // Spark's TableOutputResolver for an assignment: a struct's fields by name, at any depth
  auto quoted = [](const std::string& path) {
    std::string out = "`";
    for (char c : path) out += c == '.' ? std::string("`.`") : std::string(1, c);
    return out + "`";
  };
  // (as reorderColumnsByName: a missing field is reported before an extra one)
  const auto& from = value->type.fields();
  std::vector<BoundExpressionPtr> args;
  for (const auto& [name, field_type] : type.fields()) {
    auto it = std::find_if(from.begin(), from.end(), [&](const auto& f) { return EqualsIgnoreCase(f.first, name); });
    if (it == from.end()) {
      throw BinderError("[INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_FIND_DATA] Cannot write incompatible data for table " +
                        table + ": Cannot find data for the output column " + quoted(text + "." + name));
    }
    args.push_back(BoundExpression::MakeConstant(Value::String(name), "'" + name + "'"));
    args.push_back(AssignByName(BindStructField(value->Copy(), it->first, text + "." + name), field_type,
                                text + "." + name, table, lambda_depth));
  }
  for (const auto& [name, field_type] : from) {
    bool known = false;
    for (const auto& f : type.fields()) known = known || EqualsIgnoreCase(f.first, name);
    if (!known) {
      throw BinderError("[INCOMPATIBLE_DATA_FOR_TABLE.EXTRA_STRUCT_FIELDS] Cannot write incompatible data for table " +
                        table + ": cannot write extra fields `" + name + "` to the struct " + quoted(text));
    }
  }
  BoundExpressionPtr rebuilt = AddCast(MakeFunction("named_struct", std::move(args), value->text), type);
  // a NULL struct stays NULL, not a struct of NULLs
  std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> branch;
  branch.emplace_back(IsNotNull(std::move(value)), std::move(rebuilt));
  return Case(std::move(branch), TypedNull(type), type);
}

void Binder::BindSetClauses(const std::vector<SetClause>& sets, const RowChangeTarget& target, const std::string& alias,
                            const BindScope& scope, const char* clause, bool allow_subqueries,
                            std::vector<BoundExpressionPtr>* values) {
  // What each column is assigned: a whole value, or values for some of its struct's fields
  // (Spark aligns `SET s.a = 1, s.b.c = 2` into one struct: the fields not named keep theirs).
  struct Assignment {
    const ParsedExpression* value = nullptr;
    std::string text;
    std::vector<std::pair<std::string, Assignment>> fields;
  };
  std::vector<std::optional<Assignment>> by_column(target.column_names().size());
  auto duplicate = [&](const std::string& text) {
    return BinderError("[DUPLICATE_ASSIGNMENTS] The columns or variables `" + text +
                       "` appear more than once as assignment targets");
  };
  for (const auto& set : sets) {
    std::vector<std::string> path;
    size_t column = FindTargetColumn(target, alias, set.column, clause, &path);
    if (!allow_subqueries && ContainsSubquery(*set.value)) {
      throw NotImplementedError("[UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY] Subqueries are not supported in the "
                                "assignments of MERGE: " + set.value->ToString());
    }
    std::string text = target.column_names()[column];
    for (const auto& f : path) text += "." + f;
    if (!by_column[column]) by_column[column].emplace();
    Assignment* node = &*by_column[column];
    for (const auto& field : path) {
      if (node->value) throw duplicate(text);
      auto it = std::find_if(node->fields.begin(), node->fields.end(),
                             [&](const auto& f) { return EqualsIgnoreCase(f.first, field); });
      if (it == node->fields.end()) {
        node->fields.emplace_back(field, Assignment{});
        it = std::prev(node->fields.end());
      }
      node = &it->second;
    }
    if (node->value || !node->fields.empty()) throw duplicate(text);
    node->value = set.value.get();
    node->text = text;
  }
  // The value of an assignment to a column or field of type `type` whose old value is `old`.
  using Build = std::function<BoundExpressionPtr(const Assignment&, BoundExpressionPtr, const LogicalType&,
                                                 const std::string&)>;
  Build build =
      [&](const Assignment& node, BoundExpressionPtr old, const LogicalType& type, const std::string& text) {
        if (node.value) {
          ExpressionBinding binding;
          binding.scope = &scope;
          binding.clause = clause;
          return AssignByName(Bind(*node.value, binding), type, text, target.DisplayName());
        }
        if (type.id() != TypeId::kStruct) {
          throw BinderError("[INVALID_EXTRACT_BASE_FIELD_TYPE] " + std::string(clause) + ": can't assign a field of `" +
                            text + "`: it is a " + type.ToString() + ", not a struct");
        }
        for (const auto& [name, child] : node.fields) {
          bool known = false;
          for (const auto& f : type.fields()) known = known || EqualsIgnoreCase(f.first, name);
          if (!known) {
            throw BinderError("[FIELD_NOT_FOUND] " + std::string(clause) + ": no such struct field `" + name +
                              "` in `" + text + "` (" + type.ToString() + ")");
          }
        }
        // named_struct(each field: its new value, or the old one)
        std::vector<BoundExpressionPtr> args;
        for (const auto& [name, field_type] : type.fields()) {
          args.push_back(BoundExpression::MakeConstant(Value::String(name), "'" + name + "'"));
          BoundExpressionPtr old_field = BindStructField(old->Copy(), name, text + "." + name);
          auto it = std::find_if(node.fields.begin(), node.fields.end(),
                                 [&](const auto& f) { return EqualsIgnoreCase(f.first, name); });
          args.push_back(it == node.fields.end() ? std::move(old_field)
                                                 : build(it->second, std::move(old_field), field_type,
                                                         text + "." + name));
        }
        return AddCast(MakeFunction("named_struct", std::move(args), text), type);
      };
  for (size_t column = 0; column < by_column.size(); ++column) {
    if (!by_column[column]) continue;
    (*values)[column] = build(*by_column[column], (*values)[column]->Copy(), target.column_types()[column],
                              target.column_names()[column]);
  }
}

LogicalOperatorPtr Binder::BindRowChangeScan(const RowChangeTarget& target, const std::string& alias,
                                             const ParsedExpression* where, const char* statement, BindScope* scope,
                                             std::vector<BoundExpressionPtr>* conflict) {
  SelectBinding select;
  select.plan = BindSource(target.source(), alias, {}, target.DisplayName(), &select.scope);
  *scope = select.scope;
  if (!where) return std::move(select.plan);
  // The rows it decides on, what a concurrent commit is checked against: the WHERE's
  // conjuncts over the table's columns (Spark's pushed filters).
  std::vector<const ParsedExpression*> conjuncts;
  SplitConjuncts(*where, &conjuncts);
  for (const auto* c : conjuncts) {
    if (ContainsSubquery(*c)) continue;
    auto bound = AddCast(BindExpression(*c, *scope, "WHERE"), TypeId::kBoolean);
    RejectNonDeterministic(*bound, (std::string(statement) + " condition").c_str(), c->ToString());
    if (OnlyTableColumns(*bound, target.column_names().size())) conflict->push_back(std::move(bound));
  }
  BindWhereCondition(*where, select);
  return std::move(select.plan);
}

LogicalOperatorPtr Binder::BindUpdate(const UpdateStatement& statement) {
  std::shared_ptr<RowChangeTarget> target = FindTarget(context_, statement.table, "UPDATE");
  std::string alias = statement.alias.empty() ? target->TableName() : statement.alias;
  BindScope scope;
  std::vector<BoundExpressionPtr> conflict;
  LogicalOperatorPtr plan = BindRowChangeScan(*target, alias, statement.where.get(), "UPDATE", &scope, &conflict);
  TargetColumns columns = FindTargetColumns(*target, scope);
  std::vector<BoundExpressionPtr> values;
  for (size_t i = 0; i < columns.width; ++i) values.push_back(Ref(scope.columns[i]));
  BindSetClauses(statement.assignments, *target, alias, scope, "UPDATE SET", true, &values);
  target->Configure({RowChangeKind::kUpdate, AndAll(std::move(conflict)), false, false});
  return ChangeRows(target, std::move(plan), Int32(static_cast<int32_t>(RowChangeOp::kUpdate)), columns,
                    std::move(values));
}

LogicalOperatorPtr Binder::BindDeleteRows(const DeleteStatement& statement) {
  std::shared_ptr<RowChangeTarget> target = FindTarget(context_, statement.table, "DELETE");
  std::string alias = statement.alias.empty() ? target->TableName() : statement.alias;
  BindScope scope;
  std::vector<BoundExpressionPtr> conflict;
  LogicalOperatorPtr plan = BindRowChangeScan(*target, alias, statement.where.get(), "DELETE", &scope, &conflict);
  TargetColumns columns = FindTargetColumns(*target, scope);
  // a deleted row's values are not written: NULLs, so the scan reads only what WHERE needs
  std::vector<BoundExpressionPtr> values;
  for (const auto& type : target->column_types()) values.push_back(TypedNull(type));
  target->Configure({RowChangeKind::kDelete, AndAll(std::move(conflict)), false, false});
  return ChangeRows(target, std::move(plan), Int32(static_cast<int32_t>(RowChangeOp::kDelete)), columns,
                    std::move(values));
}

LogicalOperatorPtr Binder::BindMerge(const MergeStatement& statement) {
  // WITH .. MERGE: the CTEs are visible to the source
  for (const auto& cte : statement.ctes) {
    std::string key = ToLower(cte.name);
    if (ctes_.count(key)) {
      throw ParserError("CTE definition can't have duplicate names: " + cte.name, cte.position.line,
                        cte.position.column);
    }
    ctes_[key] = &cte;
  }
  if (ContainsSubquery(*statement.condition)) {
    throw NotImplementedError("[UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY] Subqueries are not supported in the ON "
                              "condition of MERGE: " + statement.condition->ToString());
  }
  std::shared_ptr<RowChangeTarget> target = FindTarget(context_, statement.target, "MERGE");
  const std::string table = target->DisplayName();
  std::string alias = statement.target_alias.empty() ? target->TableName() : statement.target_alias;
  BindScope target_scope, source_scope;
  LogicalOperatorPtr target_plan = BindSource(target->source(), alias, {}, table, &target_scope);
  TargetColumns columns = FindTargetColumns(*target, target_scope);
  const size_t target_width = target_plan->types.size();

  // The source with a column that is true in each of its rows (Spark's ROW_FROM_SOURCE):
  // NULL after the join marks a target row no source row matched.
  LogicalOperatorPtr source_plan = BindTableRef(*statement.source, &source_scope);
  const size_t source_width = source_plan->types.size();
  {
    auto marked = std::make_unique<LogicalProjection>();
    for (size_t i = 0; i < source_width; ++i) {
      marked->expressions.push_back(
          BoundExpression::ColumnRef(i, source_plan->types[i], source_plan->names[i]));
      marked->types.push_back(source_plan->types[i]);
      marked->names.push_back(source_plan->names[i]);
    }
    marked->expressions.push_back(True());
    marked->types.push_back(TypeId::kBoolean);
    marked->names.push_back("__row_from_source");
    marked->children.push_back(std::move(source_plan));
    source_plan = std::move(marked);
  }
  const size_t marker = target_width + source_width;

  bool matched = false, not_matched = false, by_source = false;
  std::vector<const MergeClause*> matched_clauses;
  for (const auto& clause : statement.clauses) {
    matched = matched || clause.match == MergeMatch::kMatched;
    not_matched = not_matched || clause.match == MergeMatch::kNotMatched;
    by_source = by_source || clause.match == MergeMatch::kNotMatchedBySource;
    if (clause.match == MergeMatch::kMatched) matched_clauses.push_back(&clause);
  }
  // Spark's join: target rows without a source row are kept when NOT MATCHED BY SOURCE
  // clauses need them, source rows without a target row when NOT MATCHED clauses do.
  auto join = std::make_unique<LogicalJoin>();
  join->join_type = by_source ? (not_matched ? JoinType::kFull : JoinType::kLeft)
                              : (not_matched ? JoinType::kRight : JoinType::kInner);
  BindScope combined = target_scope;
  combined.Append(source_scope, target_width);
  BindJoinCondition(*statement.condition, combined, target_width, *join);
  join->row_level_target = true;
  if (join->residual) RejectNonDeterministic(*join->residual, "MERGE ON condition", statement.condition->ToString());
  for (const auto* keys : {&join->left_keys, &join->right_keys}) {
    for (const auto& k : *keys) RejectNonDeterministic(*k, "MERGE ON condition", statement.condition->ToString());
  }
  join->types = target_plan->types;
  join->names = target_plan->names;
  join->types.insert(join->types.end(), source_plan->types.begin(), source_plan->types.end());
  join->names.insert(join->names.end(), source_plan->names.begin(), source_plan->names.end());
  join->children.push_back(std::move(target_plan));
  join->children.push_back(std::move(source_plan));

  // What a concurrent commit is checked against: the ON condition's conjuncts over the
  // target's columns alone (none when NOT MATCHED BY SOURCE reads every target row).
  std::vector<BoundExpressionPtr> conflict;
  if (!by_source) {
    std::vector<const ParsedExpression*> conjuncts;
    SplitConjuncts(*statement.condition, &conjuncts);
    for (const auto* c : conjuncts) {
      if (ContainsSubquery(*c)) continue;
      auto bound = AddCast(BindExpression(*c, combined, "ON"), TypeId::kBoolean);
      if (JoinSides(*bound, target_width) == 1 && OnlyTableColumns(*bound, columns.width)) {
        conflict.push_back(std::move(bound));
      }
    }
  }

  // Each clause's condition and values, bound where Spark resolves them: a MATCHED clause
  // over both sides, NOT MATCHED over the source, NOT MATCHED BY SOURCE over the target.
  BindScope source_only;
  source_only.Append(source_scope, target_width);
  const size_t n = columns.width;
  struct BoundClause {
    const MergeClause* clause;
    BoundExpressionPtr condition;
    std::vector<BoundExpressionPtr> values;  // update and insert: one per column
  };
  std::vector<BoundClause> bound_clauses;
  for (const auto& clause : statement.clauses) {
    const BindScope& scope = clause.match == MergeMatch::kMatched      ? combined
                             : clause.match == MergeMatch::kNotMatched ? source_only
                                                                       : target_scope;
    const char* where = clause.match == MergeMatch::kMatched      ? "WHEN MATCHED"
                        : clause.match == MergeMatch::kNotMatched ? "WHEN NOT MATCHED"
                                                                  : "WHEN NOT MATCHED BY SOURCE";
    BoundClause b{&clause, nullptr, {}};
    if (clause.condition) {
      if (ContainsSubquery(*clause.condition)) {
        throw NotImplementedError(std::string("[UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY] Subqueries are not "
                                              "supported in the conditions of MERGE: ") +
                                  clause.condition->ToString());
      }
      b.condition = AddCast(BindExpression(*clause.condition, scope, where), TypeId::kBoolean);
      RejectNonDeterministic(*b.condition, where, clause.condition->ToString());
    }
    auto assign = [&](const ParsedExpression& value, size_t column) {
      if (ContainsSubquery(value)) {
        throw NotImplementedError("[UNSUPPORTED_SUBQUERY_EXPRESSION_CATEGORY] Subqueries are not supported in the "
                                  "assignments of MERGE: " + value.ToString());
      }
      return AssignByName(BindExpression(value, scope, where), target->column_types()[column],
                          target->column_names()[column], table);
    };
    auto by_name = [&](size_t column, const char* action) {
      const ScopeColumn* from = FindByName(source_scope, target->column_names()[column]);
      if (!from) {
        throw BinderError(std::string("[UNRESOLVED_COLUMN] MERGE ") + action + ": the source has no column `" +
                          target->column_names()[column] + "` of " + table);
      }
      return AssignByName(BoundExpression::ColumnRef(from->index + target_width, from->type, from->name),
                          target->column_types()[column], target->column_names()[column], table);
    };
    switch (clause.action) {
      case MergeActionType::kDelete:
        break;
      case MergeActionType::kUpdate:
        for (size_t i = 0; i < n; ++i) b.values.push_back(Ref(target_scope.columns[i]));
        BindSetClauses(clause.assignments, *target, alias, scope, "MERGE UPDATE SET", false, &b.values);
        break;
      case MergeActionType::kUpdateStar:
        for (size_t i = 0; i < n; ++i) b.values.push_back(by_name(i, "UPDATE SET *"));
        break;
      case MergeActionType::kInsertStar:
        for (size_t i = 0; i < n; ++i) b.values.push_back(by_name(i, "INSERT *"));
        break;
      case MergeActionType::kInsert: {
        std::vector<size_t> listed;
        if (clause.insert_columns.empty()) {
          for (size_t i = 0; i < n; ++i) listed.push_back(i);
        } else {
          for (const auto& name : clause.insert_columns) {
            std::string text;
            for (const auto& p : name) text += (text.empty() ? "" : ".") + p;
            size_t column = FindTargetColumn(*target, alias, name, "MERGE INSERT");
            if (std::find(listed.begin(), listed.end(), column) != listed.end()) {
              throw BinderError("[COLUMN_ALREADY_EXISTS] The column `" + text + "` already exists in the column list");
            }
            listed.push_back(column);
          }
        }
        if (listed.size() != clause.insert_values.size()) {
          throw BinderError("[INSERT_COLUMN_ARITY_MISMATCH] MERGE INSERT into " + table + ": " +
                            std::to_string(listed.size()) + " columns but " +
                            std::to_string(clause.insert_values.size()) + " values");
        }
        b.values.resize(n);
        for (size_t k = 0; k < listed.size(); ++k) b.values[listed[k]] = assign(*clause.insert_values[k], listed[k]);
        for (size_t i = 0; i < n; ++i) {
          if (b.values[i]) continue;
          if (std::optional<Value> value = target->ColumnWriteDefault(i)) {
            b.values[i] = AddCast(BoundExpression::MakeConstant(*value), target->column_types()[i]);
          } else if (target->column_required()[i]) {
            throw ConstraintError("[NOT_NULL_CONSTRAINT_VIOLATION] column `" + target->column_names()[i] + "` of " +
                                  table + " is NOT NULL and has no value in the MERGE INSERT");
          } else {
            b.values[i] = TypedNull(target->column_types()[i]);
          }
        }
        break;
      }
    }
    bound_clauses.push_back(std::move(b));
  }

  // The clause each row takes: the first of its kind whose condition holds; a matched
  // row no clause takes is -1 when the cardinality is checked, else (as any row no clause
  // takes) NULL and dropped.
  const bool check_cardinality =
      !(matched_clauses.empty() ||
        (matched_clauses.size() == 1 && matched_clauses[0]->action == MergeActionType::kDelete &&
         !matched_clauses[0]->condition));
  auto clause_case = [&](MergeMatch match, bool minus_one) {
    std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> branches;
    for (size_t k = 0; k < bound_clauses.size(); ++k) {
      if (bound_clauses[k].clause->match != match) continue;
      BoundExpressionPtr when = bound_clauses[k].condition ? bound_clauses[k].condition->Copy() : True();
      branches.emplace_back(std::move(when), Int32(static_cast<int32_t>(k)));
    }
    BoundExpressionPtr otherwise = minus_one ? Int32(-1) : TypedNull(TypeId::kInt32);
    if (branches.empty()) return otherwise;
    return Case(std::move(branches), std::move(otherwise), TypeId::kInt32);
  };
  auto target_present = [&] { return IsNotNull(Ref(*columns.pos)); };
  auto source_present = [&] {
    return IsNotNull(BoundExpression::ColumnRef(marker, TypeId::kBoolean, "__row_from_source"));
  };
  std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> kinds;
  {
    std::vector<BoundExpressionPtr> both;
    both.push_back(target_present());
    both.push_back(source_present());
    kinds.emplace_back(AndAll(std::move(both)), clause_case(MergeMatch::kMatched, check_cardinality));
  }
  if (not_matched) kinds.emplace_back(source_present(), clause_case(MergeMatch::kNotMatched, false));
  BoundExpressionPtr clause_of = Case(std::move(kinds),
                                      by_source ? clause_case(MergeMatch::kNotMatchedBySource, false) : nullptr,
                                      TypeId::kInt32);
  // The joined rows with their clause, those no clause takes dropped.
  const size_t joined_width = join->types.size();
  auto with_clause = std::make_unique<LogicalProjection>();
  for (size_t i = 0; i < joined_width; ++i) {
    with_clause->expressions.push_back(BoundExpression::ColumnRef(i, join->types[i], join->names[i]));
    with_clause->types.push_back(join->types[i]);
    with_clause->names.push_back(join->names[i]);
  }
  with_clause->expressions.push_back(std::move(clause_of));
  with_clause->types.push_back(TypeId::kInt32);
  with_clause->names.push_back("__merge_clause");
  with_clause->children.push_back(std::move(join));
  auto taken = std::make_unique<LogicalFilter>();
  taken->conjuncts.push_back(IsNotNull(BoundExpression::ColumnRef(joined_width, TypeId::kInt32, "__merge_clause")));
  taken->types = with_clause->types;
  taken->names = with_clause->names;
  taken->children.push_back(std::move(with_clause));

  // What each clause does to the row, and the row's values.
  auto clause_is = [&](size_t k) {
    return MakeComparison("=", BoundExpression::ColumnRef(joined_width, TypeId::kInt32, "__merge_clause"),
                          Int32(static_cast<int32_t>(k)), "(__merge_clause = " + std::to_string(k) + ")");
  };
  std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> ops;
  for (size_t k = 0; k < bound_clauses.size(); ++k) {
    RowChangeOp op = RowChangeOp::kDelete;
    switch (bound_clauses[k].clause->action) {
      case MergeActionType::kDelete: op = RowChangeOp::kDelete; break;
      case MergeActionType::kUpdate:
      case MergeActionType::kUpdateStar: op = RowChangeOp::kUpdate; break;
      case MergeActionType::kInsert:
      case MergeActionType::kInsertStar: op = RowChangeOp::kInsert; break;
    }
    ops.emplace_back(clause_is(k), Int32(static_cast<int32_t>(op)));
  }
  BoundExpressionPtr op = Case(std::move(ops), Int32(static_cast<int32_t>(RowChangeOp::kMatched)), TypeId::kInt32);
  std::vector<BoundExpressionPtr> values;
  bool writes = false;
  for (const auto& b : bound_clauses) writes = writes || !b.values.empty();
  for (size_t i = 0; i < n; ++i) {
    const LogicalType& type = target->column_types()[i];
    if (!writes) {
      values.push_back(TypedNull(type));  // deletes only: no values are written
      continue;
    }
    std::vector<std::pair<BoundExpressionPtr, BoundExpressionPtr>> branches;
    for (size_t k = 0; k < bound_clauses.size(); ++k) {
      if (bound_clauses[k].values.empty()) continue;
      branches.emplace_back(clause_is(k), bound_clauses[k].values[i]->Copy());
    }
    // (rows no update or insert clause takes write no values: NULL, so that the target's
    // columns no clause keeps are not read)
    values.push_back(Case(std::move(branches), TypedNull(type), type));
  }
  target->Configure(
      {RowChangeKind::kMerge, AndAll(std::move(conflict)), check_cardinality, !matched && !by_source});
  return ChangeRows(target, std::move(taken), std::move(op), columns, std::move(values));
}

}  // namespace floe
