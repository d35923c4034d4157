// INSERT INTO / INSERT OVERWRITE: which query column (or PARTITION constant) fills each
// column of the target, the casts Spark's store assignment allows, and a LogicalInsert
// over the query.
#include <algorithm>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "function/type_coercion.h"
#include "planner/binder.h"
#include "planner/logical_insert.h"
#include "planner/logical_projection.h"

namespace floe {

namespace {

std::string ColumnList(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "`" : ", `") + n + "`";
  return out;
}

int FindColumn(const std::vector<std::string>& names, const std::string& name) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (EqualsIgnoreCase(names[i], name)) return static_cast<int>(i);
  }
  return -1;
}

// Spark's ANSI store assignment (Cast.canANSIStoreAssign): numbers to numbers, any value of
// an atomic type to a string, date-times to date-times; arrays, maps and structs (of as many
// fields) when their elements, keys and values or fields may be.
bool CanStoreAssign(const LogicalType& from, const LogicalType& to) {
  if (from == to || from.id() == TypeId::kNull) return true;
  if (from.IsNested() || to.IsNested()) {
    if (from.id() != to.id() || from.fields().size() != to.fields().size()) return false;
    for (size_t i = 0; i < from.fields().size(); ++i) {
      if (!CanStoreAssign(from.fields()[i].second, to.fields()[i].second)) return false;
    }
    return true;
  }
  // not a string into a number or a date: Spark's "Cannot safely cast 'c': string to int"
  return (from.IsNumeric() && to.IsNumeric()) || to.IsStringLike() || (from.IsTemporal() && to.IsTemporal());
}

}  // namespace

BoundExpressionPtr Binder::StoreAssign(BoundExpressionPtr expr, const LogicalType& type, const std::string& column,
                                       const std::string& table) {
  if (!CanStoreAssign(expr->type, type)) {
    throw BinderError("[INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_SAFELY_CAST] Cannot write incompatible data for table " +
                      table + ": cannot safely cast `" + column + "`: " + expr->type.ToString() + " to " +
                      type.ToString());
  }
  auto cast = AddCast(std::move(expr), type);
  if (cast->kind == BoundExpressionKind::kCast) cast->insert_column = column;
  return cast;
}

LogicalOperatorPtr Binder::BindInsert(const InsertStatement& statement) {
  std::shared_ptr<TableSink> sink = context_.FindTableSink(statement.table);
  if (!sink) throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + statement.table.ToString());
  const std::string table = sink->DisplayName();
  const std::vector<std::string>& names = sink->names();
  const std::vector<LogicalType>& types = sink->types();
  const std::vector<bool>& required = sink->required();
  if (statement.by_name && !statement.columns.empty()) {
    throw BinderError("INSERT INTO " + table + " takes a column list or BY NAME, not both");
  }

  // PARTITION (c = v, d): c takes the constant v in every row; d (dynamic) comes from the
  // query like any column.
  std::vector<BoundExpressionPtr> static_value(names.size());
  std::vector<bool> is_static(names.size(), false);
  std::vector<Value> static_constant(names.size());
  std::vector<std::string> partition_columns = sink->IdentityPartitionColumns();
  std::vector<std::string> seen;
  for (const auto& [key, value] : statement.partition) {
    for (const auto& s : seen) {
      if (EqualsIgnoreCase(s, key)) throw BinderError("[DUPLICATE_KEY] Found duplicate keys `" + key + "`");
    }
    seen.push_back(key);
    int column = FindColumn(names, key);
    if (column < 0 || FindColumn(partition_columns, key) < 0) {
      throw BinderError("[NON_PARTITION_COLUMN] PARTITION clause cannot contain the non-partition column: `" + key +
                        "` (the identity partition columns of " + table + ": " + ColumnList(partition_columns) +
                        ")");
    }
    if (!value) continue;
    BindScope empty;
    static_value[column] = AddCast(BindExpression(*value, empty, "PARTITION"), types[column]);
    static_constant[column] = context_.EvaluateConstant(*static_value[column]);
    is_static[column] = true;
  }

  // The target columns the query fills, in the query's order.
  BoundQuery query = BindQuery(*statement.query);
  std::vector<int> data_columns;
  if (!statement.columns.empty()) {
    for (const auto& name : statement.columns) {
      int column = FindColumn(names, name);
      if (column < 0) throw BinderError("[UNRESOLVED_COLUMN] column `" + name + "` not found in " + table);
      if (std::find(data_columns.begin(), data_columns.end(), column) != data_columns.end()) {
        throw BinderError("[COLUMN_ALREADY_EXISTS] The column `" + name + "` already exists in the column list");
      }
      if (is_static[column]) {
        throw BinderError("[STATIC_PARTITION_COLUMN_IN_INSERT_COLUMN_LIST] Static partition column `" +
                          names[column] + "` is also specified in the column list");
      }
      data_columns.push_back(column);
    }
  } else {
    for (size_t i = 0; i < names.size(); ++i) {
      if (!is_static[i]) data_columns.push_back(static_cast<int>(i));
    }
  }
  std::vector<std::string> data_names;
  for (int c : data_columns) data_names.push_back(names[c]);
  if (query.plan->types.size() != data_columns.size()) {
    bool too_many = query.plan->types.size() > data_columns.size();
    throw BinderError(std::string("[INSERT_COLUMN_ARITY_MISMATCH.") +
                      (too_many ? "TOO_MANY_DATA_COLUMNS" : "NOT_ENOUGH_DATA_COLUMNS") + "] Cannot write to " +
                      table + ", the reason is " + (too_many ? "too many" : "not enough") +
                      " data columns: table columns " + ColumnList(data_names) + "; data columns " +
                      ColumnList(query.names));
  }
  // BY NAME: each target column takes the query column of its name (Spark's v2 rule: every
  // one must be there).
  std::vector<int> source_of(names.size(), -1);
  if (statement.by_name) {
    for (int c : data_columns) {
      int from = FindColumn(query.names, names[c]);
      if (from < 0) {
        throw BinderError("[INCOMPATIBLE_DATA_FOR_TABLE.CANNOT_FIND_DATA] Cannot write incompatible data for table " +
                          table + ": cannot find data for the output column `" + names[c] + "`");
      }
      source_of[c] = from;
    }
  } else {
    for (size_t k = 0; k < data_columns.size(); ++k) source_of[data_columns[k]] = static_cast<int>(k);
  }

  auto projection = std::make_unique<LogicalProjection>();
  for (size_t i = 0; i < names.size(); ++i) {
    const LogicalType& target = types[i];
    if (is_static[i]) {
      projection->expressions.push_back(std::move(static_value[i]));
    } else if (source_of[i] < 0) {
      if (std::optional<Value> value = sink->WriteDefault(i)) {
        // the column's write-default (Iceberg v3; Spark fills an omitted column with its DEFAULT)
        auto constant = BoundExpression::MakeConstant(*value);
        projection->expressions.push_back(AddCast(std::move(constant), target));
        projection->types.push_back(target);
        projection->names.push_back(names[i]);
        continue;
      }
      if (required[i]) {
        throw ConstraintError("[NOT_NULL_CONSTRAINT_VIOLATION] column `" + names[i] + "` of " + table +
                              " is NOT NULL and has no value in the INSERT");
      }
      auto null = BoundExpression::MakeConstant(Value::Null(target));
      null->type = target;
      projection->expressions.push_back(std::move(null));
    } else {
      const LogicalType& from = query.plan->types[source_of[i]];
      auto column = BoundExpression::ColumnRef(source_of[i], from, query.names[source_of[i]]);
      projection->expressions.push_back(StoreAssign(std::move(column), target, names[i], table));
    }
    projection->types.push_back(target);
    projection->names.push_back(names[i]);
  }
  projection->children.push_back(std::move(query.plan));
  auto insert = std::make_unique<LogicalInsert>();
  insert->sink = std::move(sink);
  if (statement.overwrite) {
    // Spark's partitionOverwriteMode: STATIC replaces what the static partition values
    // select (everything without them); DYNAMIC the partitions written to
    if (ToUpper(context_.SettingValue("spark.sql.sources.partitionOverwriteMode")) == "DYNAMIC") {
      insert->mode.kind = WriteMode::Kind::kOverwritePartitionsDynamic;
    } else {
      insert->mode.kind = WriteMode::Kind::kOverwriteByExpression;
      for (size_t i = 0; i < names.size(); ++i) {
        if (is_static[i]) insert->mode.static_values.emplace_back(i, static_constant[i]);
      }
    }
  }
  insert->children.push_back(std::move(projection));
  return insert;
}

std::string LogicalInsert::Describe() const {
  std::string out = sink->PlanName(mode) + " " + sink->DisplayName();
  if (mode.kind == WriteMode::Kind::kOverwriteByExpression) out += ", " + mode.Condition(sink->names());
  return out;
}

}  // namespace floe
