#include <optional>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "common/spark_bloom_filter.h"
#include "function/function_registry.h"
#include "planner/binder.h"

namespace floe {

namespace {

template <typename F>
bool AnyNode(const ParsedExpression& e, const F& pred) {
  if (pred(e)) return true;
  auto any = [&](const ExpressionPtr& c) { return c && AnyNode(*c, pred); };
  switch (e.kind) {
    case ExpressionKind::kFunction: {
      const auto& f = e.As<FunctionExpression>();
      for (const auto& a : f.args) {
        if (any(a)) return true;
      }
      return any(f.filter);
    }
    case ExpressionKind::kUnary: return any(e.As<UnaryExpression>().child);
    case ExpressionKind::kBinary:
      return any(e.As<BinaryExpression>().left) || any(e.As<BinaryExpression>().right);
    case ExpressionKind::kIs: return any(e.As<IsExpression>().child);
    case ExpressionKind::kBetween: {
      const auto& b = e.As<BetweenExpression>();
      return any(b.input) || any(b.lower) || any(b.upper);
    }
    case ExpressionKind::kInList: {
      const auto& in = e.As<InListExpression>();
      if (any(in.input)) return true;
      for (const auto& i : in.list) {
        if (any(i)) return true;
      }
      return false;
    }
    case ExpressionKind::kLike: {
      const auto& l = e.As<LikeExpression>();
      for (const auto& p : l.patterns) {
        if (any(p)) return true;
      }
      return any(l.input) || any(l.pattern) || any(l.escape);
    }
    case ExpressionKind::kSubquery: return any(e.As<SubqueryExpression>().input);
    case ExpressionKind::kCase: {
      const auto& c = e.As<CaseExpression>();
      if (any(c.operand) || any(c.else_expr)) return true;
      for (const auto& check : c.checks) {
        if (any(check.when) || any(check.then)) return true;
      }
      return false;
    }
    case ExpressionKind::kCast: return any(e.As<CastExpression>().child);
    case ExpressionKind::kSubscript:
      return any(e.As<SubscriptExpression>().base) || any(e.As<SubscriptExpression>().index);
    default: return false;
  }
}

}  // namespace

void RejectUnorderable(const LogicalType& type, const std::string& where, const std::string& text) {
  if (type.IsOrderable()) return;
  // (Spark names the variant cases apart: grouping, and DISTINCT or a set operation)
  if (type.Contains([](const LogicalType& t) { return t.id() == TypeId::kVariant; })) {
    if (where == "GROUP BY") {
      throw BinderError("[GROUP_EXPRESSION_TYPE_IS_NOT_ORDERABLE] The expression " + text +
                        " cannot be used as a grouping expression because its data type " + type.ToString() +
                        " is not an orderable data type.");
    }
    if (where == "SELECT DISTINCT" || where == "a set operation") {
      throw BinderError("[UNSUPPORTED_FEATURE.SET_OPERATION_ON_VARIANT_TYPE] The feature is not supported: cannot "
                        "have variant columns in " + where + ", but the type of column " + text + " is " +
                        type.ToString() + ".");
    }
  }
  throw BinderError("[DATATYPE_MISMATCH.INVALID_ORDERING_TYPE] " + where + " does not support ordering or "
                    "comparing type " + type.ToString() + " (maps and variants cannot be compared): " + text);
}

void RejectNestedArguments(const std::string& name, const std::vector<LogicalType>& types, bool distinct) {
  if (name == "count" && !distinct) return;  // counts non-NULL values of any type
  if (name == "count") {
    // count(DISTINCT) of structs and arrays, compared as values (Spark's ordering); not of
    // maps, which cannot be compared
    for (const auto& t : types) {
      if (!t.IsOrderable()) {
        throw BinderError("[DATATYPE_MISMATCH.INVALID_ORDERING_TYPE] count(DISTINCT) does not support comparing "
                          "type " + t.ToString() + " (maps and variants cannot be compared)");
      }
    }
    return;
  }
  // keep whole values (their own binders refuse what they cannot take)
  if (name == "collect_list" || name == "array_agg" || name == "collect_set") return;
  if (name == "min" || name == "max") return;  // in the order of nested values (DISTINCT changes neither)
  for (const auto& t : types) {
    if (t.IsNested()) {
      throw NotImplementedError("aggregate function " + name + (distinct ? " (DISTINCT)" : "") + " over a " +
                                t.ToString() + " value is not supported yet");
    }
  }
}

void Binder::ApplyIgnoreNulls(const FunctionExpression& fn, const std::string& name,
                              std::vector<BoundExpressionPtr>& args, std::vector<LogicalType>& types) {
  if (!fn.ignore_nulls) return;
  bool first_last = name == "first" || name == "last" || name == "first_value" ||
                    name == "last_value" || name == "any_value";
  if (!first_last) {
    throw BinderError("[INVALID_SQL_SYNTAX] The function " + name + " does not support IGNORE NULLS: " +
                      fn.ToString());
  }
  if (args.size() != 1) {
    throw BinderError("[INVALID_SQL_SYNTAX] " + name + " takes IGNORE NULLS or a second argument, not "
                      "both: " + fn.ToString());
  }
  args.push_back(BoundExpression::MakeConstant(Value::Boolean(true)));
  types.push_back(TypeId::kBoolean);
}

bool IsGroupingFunction(const std::string& lower_name) {
  return lower_name == "grouping" || lower_name == "grouping_id";
}

// Spark's rewrite: grouping(c) = (gid >> (n - 1 - index of c)) & 1 and grouping_id() = gid,
// where gid has one bit per GROUP BY expression, the first the most significant, set
// when the expression is aggregated away in the row's grouping set.
BoundExpressionPtr Binder::BindGroupingCall(const FunctionExpression& fn, ExpressionBinding& binding) {
  std::string name = ToLower(fn.name);
  AggregationState* agg = binding.aggregation;
  if (!agg || agg->grouping_sets.empty()) {
    throw BinderError("[UNSUPPORTED_GROUPING_EXPRESSION] grouping()/grouping_id() can only be used "
                      "with GroupingSets/Cube/Rollup: " + fn.ToString() + " in " + binding.clause);
  }
  if (fn.distinct || fn.filter || fn.is_star || !fn.within_group.empty()) {
    throw BinderError("[INVALID_USAGE] " + name + "() takes plain grouping expressions: " + fn.ToString());
  }
  ExpressionBinding plain;
  plain.scope = agg->input_scope;
  plain.clause = binding.clause;
  plain.outer = binding.outer;
  auto group_list = [&]() {
    std::string s;
    for (const auto& g : agg->groups) s += (s.empty() ? "" : ", ") + g->text;
    return s;
  };
  std::vector<size_t> indexes;
  for (const auto& a : fn.args) {
    auto bound = Bind(*a, plain);
    std::string key = ExpressionKey(*bound);
    size_t index = agg->group_keys.size();
    for (size_t i = 0; i < agg->group_keys.size() && index == agg->group_keys.size(); ++i) {
      if (agg->group_keys[i] == key) index = i;
    }
    if (index == agg->group_keys.size()) {
      if (name == "grouping") {
        throw BinderError("[GROUPING_COLUMN_MISMATCH] Column of grouping (" + a->ToString() +
                          ") can't be found in grouping columns " + group_list());
      }
      throw BinderError("[GROUPING_ID_COLUMN_MISMATCH] Columns of grouping_id (" + a->ToString() +
                        ") does not match grouping columns (" + group_list() + ")");
    }
    indexes.push_back(index);
  }
  auto gid = BoundExpression::ColumnRef(kGroupingIdIndex, TypeId::kInt64, "spark_grouping_id");
  if (name == "grouping_id") {
    bool all_in_order = indexes.empty() || indexes.size() == agg->groups.size();
    for (size_t i = 0; i < indexes.size() && all_in_order; ++i) all_in_order = indexes[i] == i;
    if (!all_in_order) {
      std::string args;
      for (const auto& a : fn.args) args += (args.empty() ? "" : ", ") + a->ToString();
      throw BinderError("[GROUPING_ID_COLUMN_MISMATCH] Columns of grouping_id (" + args +
                        ") does not match grouping columns (" + group_list() + ")");
    }
    gid->text = fn.ToString();
    return gid;
  }
  if (indexes.size() != 1) {
    throw BinderError("[WRONG_NUM_ARGS] grouping() takes exactly one argument, got " +
                      std::to_string(indexes.size()) + ": " + fn.ToString());
  }
  std::vector<BoundExpressionPtr> shift_args;
  shift_args.push_back(std::move(gid));
  shift_args.push_back(BoundExpression::MakeConstant(
      Value::Int32(static_cast<int32_t>(agg->groups.size() - 1 - indexes[0]))));
  auto shifted = MakeFunction("shiftright", std::move(shift_args), fn.ToString());
  std::vector<BoundExpressionPtr> and_args;
  and_args.push_back(std::move(shifted));
  and_args.push_back(BoundExpression::MakeConstant(Value::Int64(1)));
  auto bit = MakeFunction("&", std::move(and_args), fn.ToString());
  // Spark's grouping() is a tinyint.
  auto result = AddCast(std::move(bit), TypeId::kInt8);
  result->text = fn.ToString();
  return result;
}

bool Binder::IsAggregateFunction(const FunctionExpression& fn) const {
  if (fn.window) return false;
  return FunctionRegistry::BuiltIn().FindAggregate(ToLower(fn.name)) != nullptr;
}

bool ContainsSubquery(const ParsedExpression& expr) {
  return AnyNode(expr, [](const ParsedExpression& e) { return e.kind == ExpressionKind::kSubquery; });
}

bool Binder::ContainsAggregate(const ParsedExpression& expr) const {
  return AnyNode(expr, [&](const ParsedExpression& e) {
    return e.kind == ExpressionKind::kFunction && IsAggregateFunction(e.As<FunctionExpression>());
  });
}

bool Binder::ContainsWindow(const ParsedExpression& expr) const {
  return AnyNode(expr, [&](const ParsedExpression& e) {
    return e.kind == ExpressionKind::kFunction && e.As<FunctionExpression>().window != nullptr;
  });
}

// WITHIN GROUP (ORDER BY ...) orders the input of listagg / string_agg in Spark 4.0 (and of
// percentile_cont, percentile_disc, mode, which floe lacks). floe does not order them yet,
// so it refuses rather than ignore the ordering; other functions refuse it as Spark does.
void Binder::RejectWithinGroup(const FunctionExpression& fn) {
  if (fn.within_group.empty()) return;
  std::string name = ToLower(fn.name);
  if (name == "listagg" || name == "string_agg") {
    throw NotImplementedError(name + "(...) WITHIN GROUP (ORDER BY ...) is not supported yet: floe cannot order "
                              "its input; without WITHIN GROUP the order of the pieces is not defined: " +
                              fn.ToString());
  }
  throw BinderError("[INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX] Invalid SQL syntax: The function `" + name +
                    "` does not support WITHIN GROUP: " + fn.ToString());
}

// bloom_filter_agg(x [, estimatedNumItems [, numBits]]), as Spark's BloomFilterAggregate:
// without sizes, spark.sql.optimizer.runtime.bloomFilter.expectedNumItems and .numBits; with
// one, 8 bits an item. x is a bigint, int, smallint, tinyint or string and both sizes bigints
// (DATATYPE_MISMATCH.BLOOM_FILTER_WRONG_TYPE), constant (NON_FOLDABLE_INPUT), not NULL
// (UNEXPECTED_NULL) and positive (VALUE_OUT_OF_RANGE); each is then capped at .maxNumItems and
// .maxNumBits. The function reads the sizes as constants.
void Binder::BindBloomFilterAggSizes(const FunctionExpression& fn, std::vector<BoundExpressionPtr>& args,
                                     std::vector<LogicalType>& types) {
  // Spark's defaults where the context has no settings
  auto setting = [&](const std::string& key, int64_t spark_default) {
    std::string v = context_.SettingValue("spark.sql.optimizer.runtime.bloomFilter." + key);
    return v.empty() ? spark_default : int64_t{std::stoll(v)};
  };
  if (args.empty() || args.size() > 3) {
    throw BinderError("[WRONG_NUM_ARGS] bloom_filter_agg takes 1 to 3 arguments, got " + std::to_string(args.size()) +
                      ": " + fn.ToString());
  }
  auto constant = [](int64_t v) { return BoundExpression::MakeConstant(Value::Int64(v), std::to_string(v)); };
  if (args.size() == 1) {
    args.push_back(constant(setting("expectedNumItems", SparkBloomFilter::kDefaultExpectedItems)));
    args.push_back(constant(setting("numBits", SparkBloomFilter::kDefaultNumBits)));
  } else if (args.size() == 2) {
    // Spark's third argument is Multiply(estimatedNumItems, 8L): 1 byte per item
    std::optional<Value> items = types[1].id() == TypeId::kInt64 ? FoldableValue(*args[1]) : std::nullopt;
    if (items && !items->is_null() && items->int64() > 0 && items->int64() <= INT64_MAX / 8) {
      args.push_back(constant(items->int64() * 8));
    } else {
      args.push_back(constant(8));  // why: only its type matters where the second argument is refused below
    }
  }
  types.resize(1);
  for (size_t i = 1; i < args.size(); ++i) types.push_back(args[i]->type);
  std::string call = "bloom_filter_agg(" + args[0]->text + ", " + args[1]->text + ", " + args[2]->text + ")";
  if (types[1].id() == TypeId::kNull || types[2].id() == TypeId::kNull) {
    throw BinderError("[DATATYPE_MISMATCH.UNEXPECTED_NULL] Cannot resolve \"" + call +
                      "\" due to data type mismatch: The estimatedNumItems or numBits must not be null.");
  }
  TypeId x = types[0].id();
  bool x_fits = x == TypeId::kInt64 || x == TypeId::kInt32 || x == TypeId::kInt16 || x == TypeId::kInt8 ||
                x == TypeId::kString;
  if (!x_fits || types[1].id() != TypeId::kInt64 || types[2].id() != TypeId::kInt64) {
    throw BinderError("[DATATYPE_MISMATCH.BLOOM_FILTER_WRONG_TYPE] Cannot resolve \"" + call +
                      "\" due to data type mismatch: Input to function `bloom_filter_agg` should have been \"BINARY\" "
                      "followed by value with \"BIGINT\", but it's [\"" + ToUpper(types[0].ToString()) + "\", \"" +
                      ToUpper(types[1].ToString()) + "\", \"" + ToUpper(types[2].ToString()) + "\"].");
  }
  const char* names[] = {"", "estimatedNumItems", "numBits"};
  const char* caps[] = {"", "maxNumItems", "maxNumBits"};
  const int64_t cap_defaults[] = {0, SparkBloomFilter::kDefaultMaxItems, SparkBloomFilter::kDefaultMaxBits};
  for (size_t i = 1; i <= 2; ++i) {
    std::optional<Value> v = FoldableValue(*args[i]);
    if (!v) {
      throw BinderError(std::string("[DATATYPE_MISMATCH.NON_FOLDABLE_INPUT] Cannot resolve \"") + call +
                        "\" due to data type mismatch: the input " + names[i] +
                        " should be a foldable \"BIGINT\" expression; however, got \"" + args[i]->text + "\".");
    }
    if (v->is_null() || v->int64() <= 0) {
      throw BinderError(std::string("[DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE] Cannot resolve \"") + call +
                        "\" due to data type mismatch: The " + names[i] +
                        " must be between [0, positive] (current value = " +
                        (v->is_null() ? std::string("NULL") : std::to_string(v->int64())) + "L).");
    }
    args[i] = constant(std::min<int64_t>(v->int64(), setting(caps[i], cap_defaults[i])));
  }
}

BoundExpressionPtr Binder::BindAggregateCall(const FunctionExpression& fn, ExpressionBinding& binding) {
  RejectWithinGroup(fn);
  AggregationState& agg = *binding.aggregation;
  std::string name = ToLower(fn.name);
  const AggregateBinder* binder = FunctionRegistry::BuiltIn().FindAggregate(name);
  ExpressionBinding plain;
  plain.scope = agg.input_scope;
  plain.clause = "aggregate function argument";
  plain.outer = binding.outer;
  BoundAggregate aggregate;
  std::vector<LogicalType> arg_types;
  bool count_star = name == "count" && (fn.is_star || fn.args.empty());
  if (!count_star) {
    for (const auto& a : fn.args) {
      if (ContainsAggregate(*a)) {
        throw BinderError("[NESTED_AGGREGATE_FUNCTION] It is not allowed to use an aggregate function "
                          "in the argument of another aggregate function: " + fn.ToString());
      }
      auto bound = Bind(*a, plain);
      arg_types.push_back(bound->type);
      aggregate.args.push_back(std::move(bound));
    }
  }
  ApplyIgnoreNulls(fn, name, aggregate.args, arg_types);
  if (name == "bloom_filter_agg") BindBloomFilterAggSizes(fn, aggregate.args, arg_types);
  RejectNestedArguments(name, arg_types, fn.distinct);
  // count(1) and count(*) are the same thing, as is count of any non-NULL constant.
  if (name == "count" && !fn.distinct && aggregate.args.size() == 1) {
    std::optional<Value> constant = FoldableValue(*aggregate.args[0]);
    if (constant && !constant->is_null()) {
      aggregate.args.clear();
      arg_types.clear();
    }
  }
  aggregate.function = std::make_shared<BoundAggregateFunction>((*binder)(arg_types, fn.distinct));
  for (size_t i = 0; i < aggregate.args.size() && i < aggregate.function->arg_types.size(); ++i) {
    aggregate.args[i] = AddCast(std::move(aggregate.args[i]), aggregate.function->arg_types[i]);
  }
  aggregate.distinct = fn.distinct;
  if (fn.filter) {
    aggregate.filter = AddCast(Bind(*fn.filter, plain), TypeId::kBoolean);
  }
  aggregate.text = fn.ToString();
  std::string key = name + (fn.distinct ? "D(" : "(");
  for (const auto& a : aggregate.args) key += ExpressionKey(*a) + ",";
  key += ")";
  if (aggregate.filter) key += "F" + ExpressionKey(*aggregate.filter);
  size_t index = agg.aggregates.size();
  for (size_t i = 0; i < agg.aggregate_keys.size(); ++i) {
    if (agg.aggregate_keys[i] == key) index = i;
  }
  LogicalType type = aggregate.function->return_type;
  std::string text = aggregate.text;
  if (index == agg.aggregates.size()) {
    agg.aggregates.push_back(std::move(aggregate));
    agg.aggregate_keys.push_back(key);
  }
  return BoundExpression::ColumnRef(agg.groups.size() + index, type, text);
}

}  // namespace floe
