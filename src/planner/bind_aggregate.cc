#include "common/exception.h"
#include "function/function_registry.h"
#include "planner/binder.h"

namespace floe {

namespace {

const char* const kRankingFunctions[] = {"row_number", "rank", "dense_rank", "percent_rank",
                                         "cume_dist", "ntile", "lag", "lead", "first_value",
                                         "last_value", "nth_value"};

bool IsRankingFunction(const std::string& name) {
  for (const char* f : kRankingFunctions) {
    if (name == f) return true;
  }
  return false;
}

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

bool Binder::IsAggregateFunction(const FunctionExpression& fn) const {
  if (fn.window) return false;
  return FunctionRegistry::BuiltIn().FindAggregate(ToLower(fn.name)) != nullptr;
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

BoundExpressionPtr Binder::BindAggregateCall(const FunctionExpression& fn, ExpressionBinding& binding) {
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
  // count(1) and count(*) are the same thing.
  if (name == "count" && !fn.distinct && aggregate.args.size() == 1 &&
      aggregate.args[0]->kind == BoundExpressionKind::kConstant && !aggregate.args[0]->constant.is_null()) {
    aggregate.args.clear();
    arg_types.clear();
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

BoundExpressionPtr Binder::BindWindowCall(const FunctionExpression& fn, ExpressionBinding& binding) {
  WindowState& windows = *binding.windows;
  std::string name = ToLower(fn.name);
  // Arguments, partitions and orders are bound like the select list (without windows).
  ExpressionBinding inner = binding;
  inner.windows = nullptr;
  BoundWindowFunction w;
  w.text = fn.ToString();
  const WindowSpec& spec = *fn.window;
  if (!spec.base_name.empty()) {
    throw NotImplementedError("named windows (OVER " + spec.base_name + ") are not supported yet");
  }
  for (const auto& p : spec.partitions) w.partitions.push_back(Bind(*p, inner));
  for (const auto& o : spec.order_by) {
    BoundOrder order;
    order.expression = Bind(*o.expression, inner);
    order.ascending = !o.descending();
    order.nulls_first = o.nulls_first();
    w.orders.push_back(std::move(order));
  }
  if (spec.frame) {
    w.has_frame = true;
    w.rows_frame = spec.frame->unit == FrameUnit::kRows;
    auto bound_of = [&](const FrameBound& b) {
      BoundFrameBound out;
      out.kind = b.kind;
      if (b.offset) {
        BindScope empty;
        ExpressionBinding constant;
        constant.scope = &empty;
        constant.clause = "window frame";
        auto value = context_.EvaluateConstant(*Bind(*b.offset, constant));
        if (value.is_null() || !value.type().IsInteger()) {
          if (w.rows_frame) throw BinderError("ROWS frame offsets must be integer constants: " + w.text);
          out.range_offset = value;
        } else {
          out.offset = value.int64();
          out.range_offset = value;
        }
      }
      return out;
    };
    w.start = bound_of(spec.frame->start);
    w.end = bound_of(spec.frame->end);
    bool value_offsets = w.start.kind == FrameBoundKind::kPreceding ||
                         w.start.kind == FrameBoundKind::kFollowing ||
                         w.end.kind == FrameBoundKind::kPreceding ||
                         w.end.kind == FrameBoundKind::kFollowing;
    if (!w.rows_frame && value_offsets) {
      if (w.orders.size() != 1) {
        throw BinderError("A RANGE frame with value offsets needs exactly one ORDER BY key: " + w.text);
      }
      const LogicalType& key = w.orders[0].expression->type;
      if (!key.IsNumeric() && key.id() != TypeId::kDate) {
        throw BinderError("A RANGE frame with value offsets needs a numeric or date ORDER BY key, got " +
                          key.ToString() + ": " + w.text);
      }
    }
  }
  w.ignore_nulls = fn.ignore_nulls;
  auto bind_args = [&]() {
    for (const auto& a : fn.args) w.args.push_back(Bind(*a, inner));
  };
  auto require_order = [&]() {
    if (w.orders.empty()) {
      throw BinderError("Window function " + name + "() requires the window to be ordered: " + w.text);
    }
  };
  if (IsRankingFunction(name)) {
    bind_args();
    if (name == "row_number") {
      w.kind = WindowFunctionKind::kRowNumber;
      require_order();
      w.type = TypeId::kInt32;
    } else if (name == "rank") {
      w.kind = WindowFunctionKind::kRank;
      require_order();
      w.type = TypeId::kInt32;
    } else if (name == "dense_rank") {
      w.kind = WindowFunctionKind::kDenseRank;
      require_order();
      w.type = TypeId::kInt32;
    } else if (name == "percent_rank") {
      w.kind = WindowFunctionKind::kPercentRank;
      require_order();
      w.type = TypeId::kDouble;
    } else if (name == "cume_dist") {
      w.kind = WindowFunctionKind::kCumeDist;
      require_order();
      w.type = TypeId::kDouble;
    } else if (name == "ntile") {
      w.kind = WindowFunctionKind::kNtile;
      require_order();
      if (w.args.size() != 1) throw BinderError("ntile takes one argument");
      w.args[0] = AddCast(std::move(w.args[0]), TypeId::kInt64);
      w.type = TypeId::kInt32;
    } else if (name == "lag" || name == "lead") {
      w.kind = name == "lag" ? WindowFunctionKind::kLag : WindowFunctionKind::kLead;
      require_order();
      if (w.args.empty() || w.args.size() > 3) throw BinderError(name + " takes 1 to 3 arguments");
      w.type = w.args[0]->type;
      if (w.args.size() > 1) w.args[1] = AddCast(std::move(w.args[1]), TypeId::kInt64);
      if (w.args.size() > 2) w.args[2] = AddCast(std::move(w.args[2]), w.type);
    } else {
      w.kind = name == "first_value"  ? WindowFunctionKind::kFirstValue
               : name == "last_value" ? WindowFunctionKind::kLastValue
                                      : WindowFunctionKind::kNthValue;
      if (w.args.empty()) throw BinderError(name + " requires an argument");
      if (w.args.size() > 1 && w.kind != WindowFunctionKind::kNthValue) {
        // first_value(x, true): ignore NULLs.
        w.ignore_nulls = w.args[1]->kind == BoundExpressionKind::kConstant && w.args[1]->constant.boolean();
      }
      if (w.kind == WindowFunctionKind::kNthValue) {
        if (w.args.size() < 2) throw BinderError("nth_value takes two arguments");
        w.args[1] = AddCast(std::move(w.args[1]), TypeId::kInt64);
      }
      w.type = w.args[0]->type;
    }
  } else if (const AggregateBinder* binder = FunctionRegistry::BuiltIn().FindAggregate(name)) {
    w.kind = WindowFunctionKind::kAggregate;
    std::vector<LogicalType> types;
    bool count_star = name == "count" && (fn.is_star || fn.args.empty());
    if (!count_star) {
      for (const auto& a : fn.args) {
        w.aggregate.args.push_back(Bind(*a, inner));
        types.push_back(w.aggregate.args.back()->type);
      }
    }
    if (name == "count" && w.aggregate.args.size() == 1 &&
        w.aggregate.args[0]->kind == BoundExpressionKind::kConstant) {
      w.aggregate.args.clear();
      types.clear();
    }
    w.aggregate.function = std::make_shared<BoundAggregateFunction>((*binder)(types, fn.distinct));
    for (size_t i = 0; i < w.aggregate.args.size() && i < w.aggregate.function->arg_types.size(); ++i) {
      w.aggregate.args[i] = AddCast(std::move(w.aggregate.args[i]), w.aggregate.function->arg_types[i]);
    }
    if (fn.filter) w.aggregate.filter = AddCast(Bind(*fn.filter, inner), TypeId::kBoolean);
    w.aggregate.text = w.text;
    w.type = w.aggregate.function->return_type;
  } else {
    throw BinderError("[UNRESOLVED_ROUTINE] window function `" + fn.name + "` not found");
  }
  size_t index = windows.functions.size();
  LogicalType type = w.type;
  std::string text = w.text;
  windows.functions.push_back(std::move(w));
  return BoundExpression::ColumnRef(kWindowIndexBase + index, type, text);
}

}  // namespace floe
