#include <optional>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "function/function_registry.h"
#include "planner/binder.h"
#include "planner/bound_window_function.h"
#include "planner/logical_window.h"

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

}  // namespace

void Binder::BindWindowClause(const SelectNode& node) {
  named_windows_ = &node.windows;
  for (const auto& w : node.windows) ResolveWindowSpec(*w.spec);
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

// A window call is its window (partitions, orders, frame), then the function over it: a
// ranking / offset function or an aggregate. It becomes a column of the window operator.
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
  for (const auto& p : *spec.partitions) {
    w.partitions.push_back(Bind(*p, inner));
    RejectUnorderable(w.partitions.back()->type, "PARTITION BY", p->ToString());
  }
  for (const auto& o : *spec.order_by) {
    BoundOrder order;
    order.expression = Bind(*o.expression, inner);
    RejectUnorderable(order.expression->type, "ORDER BY", o.expression->ToString());
    order.ascending = !o.descending();
    order.nulls_first = o.nulls_first();
    w.orders.push_back(std::move(order));
  }
  if (spec.frame) BindWindowFrame(*spec.frame, w);
  w.ignore_nulls = fn.ignore_nulls;
  if (IsRankingFunction(name)) {
    BindRankingCall(fn, name, inner, w);
  } else if (const AggregateBinder* binder = FunctionRegistry::BuiltIn().FindAggregate(name)) {
    BindWindowAggregate(fn, name, *binder, inner, w);
  } else {
    throw BinderError("[UNRESOLVED_ROUTINE] window function `" + fn.name + "` not found");
  }
  size_t index = windows.functions.size();
  LogicalType type = w.type;
  std::string text = w.text;
  windows.functions.push_back(std::move(w));
  return BoundExpression::ColumnRef(kWindowIndexBase + index, type, text);
}

// A frame bound is part of the plan: its offset is evaluated now, as Spark's analyzer
// requires a foldable one.
BoundFrameBound Binder::BindFrameBound(const FrameBound& b, const BoundWindowFunction& w) {
  BoundFrameBound out;
  out.kind = b.kind;
  if (!b.offset) return out;
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
  return out;
}

// Bounds that cannot hold (the start after the end) are refused, as are RANGE offsets the
// ORDER BY key cannot move by.
void Binder::BindWindowFrame(const WindowFrame& frame, BoundWindowFunction& w) {
  w.has_frame = true;
  w.rows_frame = frame.unit == FrameUnit::kRows;
  w.start = BindFrameBound(frame.start, w);
  w.end = BindFrameBound(frame.end, w);
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
  bool value_offsets = w.start.kind == FrameBoundKind::kPreceding || w.start.kind == FrameBoundKind::kFollowing ||
                       w.end.kind == FrameBoundKind::kPreceding || w.end.kind == FrameBoundKind::kFollowing;
  // why: a ROWS frame counts rows; only a RANGE frame compares the ORDER BY key
  if (w.rows_frame || !value_offsets) return;
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

void Binder::BindRankingCall(const FunctionExpression& fn, const std::string& name, ExpressionBinding& inner,
                             BoundWindowFunction& w) {
  for (const auto& a : fn.args) w.args.push_back(Bind(*a, inner));
  auto require_order = [&]() {
    if (w.orders.empty()) {
      throw BinderError("Window function " + name + "() requires the window to be ordered: " + w.text);
    }
  };
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
      std::optional<Value> ignore = FoldableValue(*w.args[1]);
      w.ignore_nulls = ignore && !ignore->is_null() && ignore->boolean();
    }
    if (w.kind == WindowFunctionKind::kNthValue) {
      if (w.args.size() < 2) throw BinderError("nth_value takes two arguments");
      w.args[1] = AddCast(std::move(w.args[1]), TypeId::kInt64);
    }
    w.type = w.args[0]->type;
  }
}

void Binder::BindWindowAggregate(const FunctionExpression& fn, const std::string& name,
                                 const AggregateBinder& binder, ExpressionBinding& inner, BoundWindowFunction& w) {
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
  RejectNestedArguments(name, types, fn.distinct);
  if (name == "count" && w.aggregate.args.size() == 1 && FoldableValue(*w.aggregate.args[0])) {
    w.aggregate.args.clear();
    types.clear();
  }
  w.aggregate.function = std::make_shared<BoundAggregateFunction>(binder(types, fn.distinct));
  for (size_t i = 0; i < w.aggregate.args.size() && i < w.aggregate.function->arg_types.size(); ++i) {
    w.aggregate.args[i] = AddCast(std::move(w.aggregate.args[i]), w.aggregate.function->arg_types[i]);
  }
  if (fn.filter) w.aggregate.filter = AddCast(Bind(*fn.filter, inner), TypeId::kBoolean);
  w.aggregate.text = w.text;
  w.type = w.aggregate.function->return_type;
}

void Binder::RenumberWindowColumns(BoundExpression& expr, size_t window_base) {
  expr.VisitColumnRefs([&](BoundExpression& ref) {
    if (ref.index >= kWindowIndexBase) ref.index = window_base + (ref.index - kWindowIndexBase);
  });
}

// Window: the columns below it, then one per window function; the expressions bound with
// window columns numbered from kWindowIndexBase are renumbered from its input's width.
void Binder::PlanWindow(SelectBinding& select) {
  select.window_base = select.plan->types.size();
  if (select.windows.functions.empty()) return;
  auto window = std::make_unique<LogicalWindow>();
  window->types = select.plan->types;
  window->names = select.plan->names;
  for (auto& f : select.windows.functions) {
    window->types.push_back(f.type);
    window->names.push_back(f.text);
  }
  window->functions = std::move(select.windows.functions);
  window->children.push_back(std::move(select.plan));
  select.plan = std::move(window);
}

}  // namespace floe
