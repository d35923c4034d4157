#include <optional>

#include "common/ascii_case.h"
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

// first(x) IGNORE NULLS is first(x, true); other aggregates have no such option.
void ApplyIgnoreNulls(const FunctionExpression& fn, const std::string& name,
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

}  // namespace

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

// Resolves OVER w / OVER (w ...) and WINDOW w2 AS w1 / AS (w1 ...) through the WINDOW
// clause. A reference may add what its base lacks (standard SQL's rules; Spark itself
// accepts only the bare reference): an ORDER BY when the base has none, a frame.
ResolvedWindowSpec Binder::ResolveWindowSpec(const WindowSpec& spec, size_t depth) const {
  ResolvedWindowSpec own{&spec.partitions, &spec.order_by, spec.frame.get()};
  if (spec.base_name.empty()) return own;
  std::string where = " (line " + std::to_string(spec.position.line) + ", column " +
                      std::to_string(spec.position.column) + ")";
  const NamedWindow* named = nullptr;
  if (named_windows_) {
    for (const auto& w : *named_windows_) {
      if (EqualsIgnoreCase(w.name, spec.base_name)) named = &w;
    }
  }
  if (!named) {
    std::string defined;
    if (named_windows_) {
      for (const auto& w : *named_windows_) defined += (defined.empty() ? "" : ", ") + w.name;
    }
    throw BinderError("[MISSING_WINDOW_SPECIFICATION] Window specification " + spec.base_name +
                      " is not defined in the WINDOW clause" +
                      (defined.empty() ? std::string(" (the query has no WINDOW clause)")
                                       : " (defined: " + defined + ")") + where);
  }
  if (depth > named_windows_->size()) {
    throw BinderError("Window " + named->name + " is defined in terms of itself" + where);
  }
  ResolvedWindowSpec base = ResolveWindowSpec(*named->spec, depth + 1);
  if (!spec.partitions.empty()) {
    throw BinderError("Window specification (" + spec.ToString() + ") cannot override the PARTITION BY "
                      "of window " + named->name + where);
  }
  if (!spec.order_by.empty() && !base.order_by->empty()) {
    throw BinderError("Window specification (" + spec.ToString() + ") cannot override the ORDER BY "
                      "of window " + named->name + where);
  }
  if (base.frame && (spec.frame || !spec.order_by.empty())) {
    throw BinderError("Window specification (" + spec.ToString() + ") cannot refine window " +
                      named->name + " because it has a frame clause; refer to it as OVER " +
                      named->name + where);
  }
  if (!spec.order_by.empty()) base.order_by = &spec.order_by;
  if (spec.frame) base.frame = spec.frame.get();
  return base;
}

BoundExpressionPtr Binder::BindWindowCall(const FunctionExpression& fn, ExpressionBinding& binding) {
  RejectWithinGroup(fn);
  WindowState& windows = *binding.windows;
  std::string name = ToLower(fn.name);
  // Arguments, partitions and orders are bound like the select list (without windows).
  ExpressionBinding inner = binding;
  inner.windows = nullptr;
  BoundWindowFunction w;
  w.text = fn.ToString();
  ResolvedWindowSpec spec = ResolveWindowSpec(*fn.window);
  if (!fn.window->base_name.empty()) {
    // Name the call by the window in effect, as Spark does.
    fn.window->resolved_partitions = spec.partitions;
    fn.window->resolved_order_by = spec.order_by;
    fn.window->resolved_frame = spec.frame;
    w.text = fn.ToString();
  }
  for (const auto& p : *spec.partitions) w.partitions.push_back(Bind(*p, inner));
  for (const auto& o : *spec.order_by) {
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
    if (w.start.kind == FrameBoundKind::kUnboundedFollowing) {
      throw BinderError("[DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_INVALID_BOUND] A window frame "
                        "cannot start at UNBOUNDED FOLLOWING: " + w.text);
    }
    if (w.end.kind == FrameBoundKind::kUnboundedPreceding) {
      throw BinderError("[DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_INVALID_BOUND] A window frame "
                        "cannot end at UNBOUNDED PRECEDING: " + w.text);
    }
    // Where a bound lies relative to the current row, when that is known from the text.
    auto position = [](const BoundFrameBound& b, std::optional<int64_t>* out) {
      switch (b.kind) {
        case FrameBoundKind::kCurrentRow: *out = 0; break;
        case FrameBoundKind::kPreceding:
          if (b.range_offset.type().IsInteger()) *out = -b.offset;
          break;
        case FrameBoundKind::kFollowing:
          if (b.range_offset.type().IsInteger()) *out = b.offset;
          break;
        default: break;
      }
    };
    std::optional<int64_t> start_at, end_at;
    position(w.start, &start_at);
    position(w.end, &end_at);
    if (start_at && end_at && *start_at > *end_at) {
      throw BinderError("[DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_WRONG_COMPARISON] The lower bound "
                        "of a window frame must be less than or equal to the upper bound: " + w.text);
    }
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
      // A date key moves by days: INTERVAL n DAY is n; other intervals have no fixed length.
      for (BoundFrameBound* b : {&w.start, &w.end}) {
        if (b->range_offset.is_null() || b->range_offset.type().id() != TypeId::kInterval) continue;
        Interval interval = b->range_offset.interval();
        if (key.id() != TypeId::kDate || interval.months != 0 || interval.micros != 0) {
          throw BinderError("A RANGE frame offset of " + b->range_offset.ToString() + " needs a date ORDER "
                            "BY key and a whole number of days: " + w.text);
        }
        b->offset = interval.days;
        b->range_offset = Value::Int64(interval.days);
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
    if (fn.distinct) {
      // As Spark: a frame's distinct values are not maintained incrementally.
      throw BinderError("[DISTINCT_WINDOW_FUNCTION_UNSUPPORTED] Distinct window functions are "
                        "not supported: " + w.text);
    }
    w.kind = WindowFunctionKind::kAggregate;
    std::vector<LogicalType> types;
    bool count_star = name == "count" && (fn.is_star || fn.args.empty());
    if (!count_star) {
      for (const auto& a : fn.args) {
        w.aggregate.args.push_back(Bind(*a, inner));
        types.push_back(w.aggregate.args.back()->type);
      }
    }
    ApplyIgnoreNulls(fn, name, w.aggregate.args, types);
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
