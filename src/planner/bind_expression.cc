#include <algorithm>
#include <cctype>

#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/decimal.h"
#include "common/exception.h"
#include "function/cast.h"
#include "function/function_registry.h"
#include "function/type_coercion.h"
#include "planner/binder.h"
#include "planner/interval_literal.h"

namespace floe {

namespace {

BoundExpressionPtr MakeNode(BoundExpressionKind kind, LogicalType type, std::string text) {
  auto e = std::make_unique<BoundExpression>();
  e->kind = kind;
  e->type = type;
  e->text = std::move(text);
  return e;
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + ("`" + n + "`");
  return out;
}

}  // namespace

BoundExpressionPtr Binder::BindExpression(const ParsedExpression& expr, const BindScope& scope,
                                          const char* clause) {
  ExpressionBinding binding;
  binding.scope = &scope;
  binding.clause = clause;
  return Bind(expr, binding);
}

BoundExpressionPtr Binder::Bind(const ParsedExpression& expr, ExpressionBinding& binding) {
  if (binding.aggregation) {
    AggregationState& agg = *binding.aggregation;
    if (expr.kind == ExpressionKind::kFunction) {
      const auto& fn = expr.As<FunctionExpression>();
      if (fn.window) {
        if (!binding.windows) {
          throw BinderError("window functions are not allowed in " + std::string(binding.clause) +
                            ": " + expr.ToString());
        }
        return BindWindowCall(fn, binding);
      }
      if (IsAggregateFunction(fn)) return BindAggregateCall(fn, binding);
      if (IsGroupingFunction(ToLower(fn.name))) return BindGroupingCall(fn, binding);
    }
    if (expr.kind == ExpressionKind::kColumnRef && !agg.grouping_sets.empty()) {
      // Spark's (Hive's) virtual column grouping__id is grouping_id().
      const auto& ref = expr.As<ColumnRefExpression>();
      bool ambiguous = false;
      if (ref.names.size() == 1 && ToLower(ref.names[0]) == "grouping__id" &&
          !agg.input_scope->Find({}, ref.names[0], &ambiguous)) {
        return BoundExpression::ColumnRef(kGroupingIdIndex, TypeId::kInt64, ref.names[0]);
      }
    }
    if (!ContainsAggregate(expr) && !ContainsWindow(expr)) {
      ExpressionBinding plain;
      plain.scope = agg.input_scope;
      plain.clause = binding.clause;
      plain.outer = binding.outer;
      BoundExpressionPtr bound;
      std::string error;
      try {
        bound = Bind(expr, plain);
      } catch (const BinderError& e) {
        error = e.what();
      }
      if (bound) {
        std::string key = ExpressionKey(*bound);
        for (size_t i = 0; i < agg.group_keys.size(); ++i) {
          if (agg.group_keys[i] == key) {
            return BoundExpression::ColumnRef(i, bound->type, bound->text);
          }
        }
        if (bound->IsConstant()) return bound;
      }
      if (expr.kind == ExpressionKind::kColumnRef) {
        const auto& ref = expr.As<ColumnRefExpression>();
        if (binding.aliases && ref.names.size() == 1) {
          for (const auto& [alias, target] : *binding.aliases) {
            if (ToLower(alias) == ToLower(ref.names[0])) return target->Copy();
          }
        }
        if (!bound) throw BinderError(error);
        throw BinderError("[MISSING_AGGREGATION] expression '" + expr.ToString() +
                          "' is neither present in the GROUP BY, nor is it an aggregate function. "
                          "Add to group by or wrap in first() (or first_value) if you don't care "
                          "which value you get.");
      }
    }
  } else if (expr.kind == ExpressionKind::kFunction && expr.As<FunctionExpression>().window) {
    if (!binding.windows) {
      throw BinderError("window functions are not allowed in " + std::string(binding.clause) + ": " +
                        expr.ToString());
    }
    return BindWindowCall(expr.As<FunctionExpression>(), binding);
  }

  if (!binding.aggregation && binding.aliases && expr.kind == ExpressionKind::kColumnRef) {
    // A select alias, where the clause allows them (QUALIFY), when no input column has the name.
    const auto& ref = expr.As<ColumnRefExpression>();
    bool ambiguous = false;
    if (ref.names.size() == 1 && !binding.scope->Find({}, ref.names[0], &ambiguous)) {
      for (const auto& [alias, target] : *binding.aliases) {
        if (ToLower(alias) == ToLower(ref.names[0])) return target->Copy();
      }
    }
  }
  switch (expr.kind) {
    case ExpressionKind::kColumnRef: return BindColumnRef(expr.As<ColumnRefExpression>(), binding);
    case ExpressionKind::kStar:
      throw BinderError("Invalid usage of '*' in " + std::string(binding.clause));
    case ExpressionKind::kConstant: return BindConstant(expr.As<ConstantExpression>());
    case ExpressionKind::kFunction: {
      const auto& fn = expr.As<FunctionExpression>();
      if (IsAggregateFunction(fn)) {
        throw BinderError("aggregate functions are not allowed in " + std::string(binding.clause) +
                          ": " + expr.ToString());
      }
      if (IsGroupingFunction(ToLower(fn.name))) return BindGroupingCall(fn, binding);
      return BindFunction(fn, binding);
    }
    case ExpressionKind::kUnary: {
      const auto& u = expr.As<UnaryExpression>();
      auto child = Bind(*u.child, binding);
      switch (u.op) {
        case UnaryOp::kPlus: return child;
        case UnaryOp::kNegate: {
          std::vector<BoundExpressionPtr> args;
          args.push_back(std::move(child));
          return MakeFunction("negative", std::move(args), expr.ToString());
        }
        case UnaryOp::kNot: {
          auto node = MakeNode(BoundExpressionKind::kNot, TypeId::kBoolean, expr.ToString());
          node->children.push_back(AddCast(std::move(child), TypeId::kBoolean));
          return node;
        }
        case UnaryOp::kBitwiseNot: {
          std::vector<BoundExpressionPtr> args;
          args.push_back(std::move(child));
          return MakeFunction("~", std::move(args), expr.ToString());
        }
      }
      break;
    }
    case ExpressionKind::kBinary: return BindBinary(expr.As<BinaryExpression>(), binding);
    case ExpressionKind::kIs: {
      const auto& is = expr.As<IsExpression>();
      auto child = Bind(*is.child, binding);
      BoundExpressionPtr node;
      if (is.is_kind == IsKind::kNull || is.is_kind == IsKind::kUnknown) {
        node = MakeNode(is.negated ? BoundExpressionKind::kIsNotNull : BoundExpressionKind::kIsNull,
                        TypeId::kBoolean, expr.ToString());
        node->children.push_back(std::move(child));
        return node;
      }
      // x IS TRUE is (x <=> true); IS NOT TRUE its negation.
      auto constant = BoundExpression::MakeConstant(Value::Boolean(is.is_kind == IsKind::kTrue));
      node = MakeComparison("<=>", AddCast(std::move(child), TypeId::kBoolean), std::move(constant),
                            expr.ToString());
      if (!is.negated) return node;
      auto negation = MakeNode(BoundExpressionKind::kNot, TypeId::kBoolean, expr.ToString());
      negation->children.push_back(std::move(node));
      return negation;
    }
    case ExpressionKind::kBetween: {
      const auto& b = expr.As<BetweenExpression>();
      auto input = Bind(*b.input, binding);
      auto lower = Bind(*b.lower, binding);
      auto upper = Bind(*b.upper, binding);
      auto ge = MakeComparison(">=", input->Copy(), std::move(lower), "");
      auto le = MakeComparison("<=", std::move(input), std::move(upper), "");
      auto both = MakeNode(BoundExpressionKind::kAnd, TypeId::kBoolean, expr.ToString());
      both->children.push_back(std::move(ge));
      both->children.push_back(std::move(le));
      if (!b.negated) return both;
      auto negation = MakeNode(BoundExpressionKind::kNot, TypeId::kBoolean, expr.ToString());
      negation->children.push_back(std::move(both));
      return negation;
    }
    case ExpressionKind::kInList: {
      const auto& in = expr.As<InListExpression>();
      auto input = Bind(*in.input, binding);
      std::vector<BoundExpressionPtr> items;
      LogicalType common = input->type;
      for (const auto& item : in.list) {
        items.push_back(Bind(*item, binding));
        auto wider = CommonSuperType(common, items.back()->type);
        if (!wider) {
          throw BinderError("IN list item " + item->ToString() + " of type " +
                            items.back()->type.ToString() + " does not match " +
                            input->type.ToString() + " in " + expr.ToString());
        }
        common = *wider;
      }
      if (common.Contains([](const LogicalType& t) { return t.id() == TypeId::kVariant; })) {
        throw BinderError("[DATATYPE_MISMATCH.INVALID_ORDERING_TYPE] IN does not support comparing type " +
                          common.ToString() + " (variants cannot be compared): " + expr.ToString());
      }
      auto node = MakeNode(BoundExpressionKind::kIn, TypeId::kBoolean, expr.ToString());
      node->negated = in.negated;
      node->children.push_back(AddCast(std::move(input), common));
      for (auto& item : items) node->children.push_back(AddCast(std::move(item), common));
      return node;
    }
    case ExpressionKind::kLike: {
      const auto& like = expr.As<LikeExpression>();
      const char* name = like.like_kind == LikeKind::kLike    ? "like"
                         : like.like_kind == LikeKind::kILike ? "ilike"
                                                              : "rlike";
      auto negated = [&](BoundExpressionPtr match) -> BoundExpressionPtr {
        if (!like.negated) return match;
        auto negation = MakeNode(BoundExpressionKind::kNot, TypeId::kBoolean, expr.ToString());
        negation->children.push_back(std::move(match));
        return negation;
      };
      if (like.quantifier != LikeExpression::Quantifier::kNone) {
        // x LIKE ANY (p1, p2) is x LIKE p1 OR x LIKE p2; NOT LIKE ANY is NOT .. OR NOT ..;
        // ALL joins them by AND: Spark's three-valued LikeAny / LikeAll / NotLikeAny / NotLikeAll
        bool any = like.quantifier == LikeExpression::Quantifier::kAny;
        auto node = MakeNode(any ? BoundExpressionKind::kOr : BoundExpressionKind::kAnd, TypeId::kBoolean,
                             expr.ToString());
        BoundExpressionPtr input = AddCast(Bind(*like.input, binding), TypeId::kString);
        for (const auto& p : like.patterns) {
          std::vector<BoundExpressionPtr> args;
          args.push_back(input->Copy());
          args.push_back(AddCast(Bind(*p, binding), TypeId::kString));
          node->children.push_back(negated(MakeFunction(name, std::move(args), expr.ToString())));
        }
        return node;
      }
      std::vector<BoundExpressionPtr> args;
      args.push_back(AddCast(Bind(*like.input, binding), TypeId::kString));
      args.push_back(AddCast(Bind(*like.pattern, binding), TypeId::kString));
      if (like.escape) args.push_back(AddCast(Bind(*like.escape, binding), TypeId::kString));
      return negated(MakeFunction(name, std::move(args), expr.ToString()));
    }
    case ExpressionKind::kSubquery: return BindSubquery(expr.As<SubqueryExpression>(), binding);
    case ExpressionKind::kCase: return BindCase(expr.As<CaseExpression>(), binding);
    case ExpressionKind::kCast: {
      const auto& cast = expr.As<CastExpression>();
      auto child = Bind(*cast.child, binding);
      LogicalType target;
      if (!cast.type.ToType(&target)) {
        throw BinderError("unsupported data type " + cast.type.ToString() + " in " + expr.ToString());
      }
      if (!CanCast(child->type, target)) {
        throw BinderError("[DATATYPE_MISMATCH] cannot cast " + child->type.ToString() + " to " +
                          target.ToString() + ": " + expr.ToString());
      }
      auto node = MakeNode(BoundExpressionKind::kCast, target, expr.ToString());
      node->try_cast = cast.try_cast;
      if (child->type == target && !cast.try_cast) {
        child->text = expr.ToString();
        return child;
      }
      node->children.push_back(std::move(child));
      return node;
    }
    case ExpressionKind::kSubscript: {
      // a[i] (from 0), m[k], s['f'] and x.f: Spark's ExtractValue
      const auto& sub = expr.As<SubscriptExpression>();
      auto base = Bind(*sub.base, binding);
      if (!sub.index) return BindStructField(std::move(base), sub.field, expr.ToString());
      std::vector<BoundExpressionPtr> args;
      args.push_back(std::move(base));
      args.push_back(Bind(*sub.index, binding));
      if (args[0]->type.id() == TypeId::kStruct) {
        const Value* name = args[1]->kind == BoundExpressionKind::kConstant ? &args[1]->constant : nullptr;
        if (!name || name->is_null() || name->type().id() != TypeId::kString) {
          throw BinderError("[INVALID_EXTRACT_FIELD_TYPE] a struct field is named by a string literal, not " +
                            sub.index->ToString() + ": " + expr.ToString());
        }
        return BindStructField(std::move(args[0]), name->str(), expr.ToString());
      }
      return MakeFunction("subscript", std::move(args), expr.ToString());
    }
    case ExpressionKind::kLambda:
      throw BinderError("[INVALID_LAMBDA_FUNCTION_CALL] a lambda function may only be an argument of a "
                        "higher-order function (transform, filter, ...): " + expr.ToString());
  }
  throw InternalError("unknown expression kind in " + expr.ToString());
}

BoundExpressionPtr Binder::BindColumnRef(const ColumnRefExpression& expr, ExpressionBinding& binding) {
  // a lambda's parameter (x, or x.f of a struct one) hides a column of its name
  for (auto it = binding.lambdas.rbegin(); it != binding.lambdas.rend(); ++it) {
    if (!EqualsIgnoreCase(it->name, expr.names[0])) continue;
    auto param = MakeNode(BoundExpressionKind::kLambdaParameter, it->type, it->name);
    param->index = it->slot;
    BoundExpressionPtr e = std::move(param);
    std::string text = it->name;
    for (size_t f = 1; f < expr.names.size(); ++f) {
      text += "." + expr.names[f];
      e = BindStructField(std::move(e), expr.names[f], text);
    }
    return e;
  }
  std::vector<std::string> qualifier(expr.names.begin(), expr.names.end() - 1);
  const std::string& name = expr.names.back();
  bool ambiguous = false;
  const ScopeColumn* column = binding.scope->Find(qualifier, name, &ambiguous);
  if (ambiguous) {
    std::vector<std::string> candidates;
    for (const auto& c : binding.scope->columns) {
      if (ToLower(c.name) == ToLower(name)) candidates.push_back(c.table + "." + c.name);
    }
    throw BinderError("[AMBIGUOUS_REFERENCE] Reference `" + expr.FullName() +
                      "` is ambiguous, could be: [" + JoinNames(candidates) + "]");
  }
  if (column) return BoundExpression::ColumnRef(column->index, column->type, column->name);
  if (binding.outer) {
    const ScopeColumn* outer = binding.outer->Find(qualifier, name, &ambiguous);
    if (outer) {
      auto param = MakeNode(BoundExpressionKind::kParameter, outer->type, outer->name);
      param->index = outer->index;
      correlated_ = true;
      return param;
    }
  }
  // a.b.c as a column and fields of its struct: the longest table qualifier first, as
  // Spark's resolution tries `t.s.f` as table t's column s before column t's field s.f
  for (size_t k = expr.names.size() - 1; k-- > 0;) {
    std::vector<std::string> q(expr.names.begin(), expr.names.begin() + static_cast<std::ptrdiff_t>(k));
    const ScopeColumn* base = binding.scope->Find(q, expr.names[k], &ambiguous);
    if (!base || ambiguous) continue;
    BoundExpressionPtr e = BoundExpression::ColumnRef(base->index, base->type, base->name);
    std::string text = base->name;
    for (size_t f = k + 1; f < expr.names.size(); ++f) {
      text += "." + expr.names[f];
      e = BindStructField(std::move(e), expr.names[f], text);
    }
    return e;
  }
  for (const auto& u : binding.scope->unreadable) {
    if (ToLower(u.name) != ToLower(name) || (!qualifier.empty() && ToLower(qualifier.back()) != u.table)) continue;
    throw NotImplementedError("column `" + u.name + "` of " + u.source + " has the nested type " + u.type +
                              ", which floe cannot read yet");
  }
  std::string message = "[UNRESOLVED_COLUMN] column `" + expr.FullName() + "` not found";
  std::string suggestion = ClosestName(expr.FullName(), binding.scope->Names());
  if (!suggestion.empty()) {
    message += "; did you mean `" + suggestion + "`?";
  } else if (!binding.scope->columns.empty()) {
    message += "; input columns: [" + JoinNames(binding.scope->Names()) + "]";
  }
  throw BinderError(message);
}

BoundExpressionPtr Binder::BindLambda(const ParsedExpression& expr, const std::vector<LogicalType>& types,
                                      ExpressionBinding& binding, size_t* slot) {
  if (expr.kind != ExpressionKind::kLambda) {
    throw BinderError("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] a lambda function was expected, not " + expr.ToString());
  }
  const auto& lambda = expr.As<LambdaExpression>();
  if (lambda.params.size() > types.size()) {
    throw BinderError("[INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH] the lambda " + lambda.ToString() + " takes " +
                      std::to_string(lambda.params.size()) + " arguments, the function gives at most " +
                      std::to_string(types.size()));
  }
  for (size_t i = 0; i < lambda.params.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (EqualsIgnoreCase(lambda.params[i], lambda.params[j])) {
        throw BinderError("[INVALID_LAMBDA_FUNCTION_CALL.DUPLICATE_ARG_NAMES] the lambda " + lambda.ToString() +
                          " names `" + lambda.params[i] + "` twice");
      }
    }
  }
  *slot = 0;
  for (const auto& v : binding.lambdas) *slot = std::max(*slot, v.slot + 1);
  ExpressionBinding inner = binding;
  for (size_t i = 0; i < lambda.params.size(); ++i) inner.lambdas.push_back({lambda.params[i], *slot + i, types[i]});
  return Bind(*lambda.body, inner);
}

BoundExpressionPtr Binder::BindHigherOrder(const FunctionExpression& fn, ExpressionBinding& binding) {
  std::string name = ToLower(fn.name);
  static const struct {
    const char* name;
    HigherOrderFunction function;
    size_t arrays;  // leading array (and start) arguments
    size_t min_args, max_args;
  } kFunctions[] = {
      {"transform", HigherOrderFunction::kTransform, 1, 2, 2}, {"filter", HigherOrderFunction::kFilter, 1, 2, 2},
      {"exists", HigherOrderFunction::kExists, 1, 2, 2},       {"forall", HigherOrderFunction::kForall, 1, 2, 2},
      {"aggregate", HigherOrderFunction::kAggregate, 2, 3, 4}, {"reduce", HigherOrderFunction::kAggregate, 2, 3, 4},
      {"zip_with", HigherOrderFunction::kZipWith, 2, 3, 3},
  };
  const auto* f = std::find_if(std::begin(kFunctions), std::end(kFunctions), [&](const auto& x) { return name == x.name; });
  if (fn.args.size() < f->min_args || fn.args.size() > f->max_args) {
    throw BinderError("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] " + name + " takes " + std::to_string(f->min_args) +
                      (f->max_args > f->min_args ? " or " + std::to_string(f->max_args) : std::string()) +
                      " arguments: " + fn.ToString());
  }
  auto node = MakeNode(BoundExpressionKind::kHigherOrder, TypeId::kNull, fn.ToString());
  node->higher_order = f->function;
  std::vector<BoundExpressionPtr> args;
  for (size_t i = 0; i < f->arrays; ++i) args.push_back(Bind(*fn.args[i], binding));
  size_t lists = f->function == HigherOrderFunction::kAggregate ? 1 : f->arrays;
  for (size_t i = 0; i < lists; ++i) {
    if (args[i]->type.id() == TypeId::kNull) args[i] = AddCast(std::move(args[i]), LogicalType::List(TypeId::kNull));
    if (args[i]->type.id() != TypeId::kList) {
      throw BinderError("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] " + name + " takes an array, not " +
                        args[i]->type.ToString() + ": " + fn.ToString());
    }
  }
  const LogicalType element = args[0]->type.element();
  size_t slot = 0;
  BoundExpressionPtr body;
  switch (f->function) {
    case HigherOrderFunction::kTransform:
      body = BindLambda(*fn.args[1], {element, TypeId::kInt32}, binding, &slot);
      node->type = LogicalType::List(body->type);
      break;
    case HigherOrderFunction::kFilter:
    case HigherOrderFunction::kExists:
    case HigherOrderFunction::kForall: {
      std::vector<LogicalType> params = {element};
      if (f->function == HigherOrderFunction::kFilter) params.push_back(TypeId::kInt32);
      body = BindLambda(*fn.args[1], params, binding, &slot);
      if (body->type.id() != TypeId::kBoolean && body->type.id() != TypeId::kNull) {
        throw BinderError("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] the lambda of " + name +
                          " must return a boolean, not " + body->type.ToString() + ": " + fn.ToString());
      }
      body = AddCast(std::move(body), TypeId::kBoolean);
      node->type = f->function == HigherOrderFunction::kFilter ? args[0]->type : LogicalType(TypeId::kBoolean);
      break;
    }
    case HigherOrderFunction::kZipWith:
      body = BindLambda(*fn.args[2], {element, args[1]->type.element()}, binding, &slot);
      node->type = LogicalType::List(body->type);
      break;
    case HigherOrderFunction::kAggregate: {
      // the accumulator keeps the start's type, which merge must return (Spark's ArrayAggregate:
      // aggregate(array(1L), 0, (acc, x) -> acc + x) is refused; 0L is needed)
      LogicalType acc = args[1]->type;
      body = BindLambda(*fn.args[2], {acc, element}, binding, &slot);
      if (body->type != acc) {
        if (body->type.id() != TypeId::kNull) {
          throw BinderError("[DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE] the merge function of " + name + " returns " +
                            body->type.ToString() + ", not the start's type " + acc.ToString() + ": " + fn.ToString());
        }
        body = AddCast(std::move(body), acc);
      }
      node->type = acc;
      if (fn.args.size() == 4) {
        size_t finish_slot = 0;
        auto finish = BindLambda(*fn.args[3], {acc}, binding, &finish_slot);
        node->type = finish->type;
        args.push_back(std::move(body));
        body = std::move(finish);
      }
      break;
    }
  }
  node->index = slot;
  for (auto& a : args) node->children.push_back(std::move(a));
  node->children.push_back(std::move(body));
  return node;
}

BoundExpressionPtr Binder::BindStructField(BoundExpressionPtr base, const std::string& field,
                                           const std::string& text) {
  if (base->type.id() != TypeId::kStruct) {
    throw BinderError("[INVALID_EXTRACT_BASE_FIELD_TYPE] can't extract field " + field + " from " + base->text +
                      ": it is a " + base->type.ToString() + ", not a struct");
  }
  std::vector<BoundExpressionPtr> args;
  args.push_back(std::move(base));
  args.push_back(BoundExpression::MakeConstant(Value::String(field), "'" + field + "'"));
  return MakeFunction("get_struct_field", std::move(args), text);
}

BoundExpressionPtr Binder::BindConstant(const ConstantExpression& expr) {
  const std::string& t = expr.text;
  std::string name = expr.ToString();
  auto bad = [&](const char* what) {
    return ConversionError(std::string("[INVALID_TYPED_LITERAL] The value of the typed literal ") +
                           what + " is invalid: '" + t + "'");
  };
  switch (expr.literal_kind) {
    case LiteralKind::kNull: return BoundExpression::MakeConstant(Value::Null(), "NULL");
    case LiteralKind::kBoolean:
      return BoundExpression::MakeConstant(Value::Boolean(ToLower(t) == "true"), name);
    case LiteralKind::kInteger:
    case LiteralKind::kBigint:
    case LiteralKind::kSmallint:
    case LiteralKind::kTinyint: {
      int128_t v;
      if (!ParseDecimal(t, 38, 0, &v)) throw ParserError("invalid number " + t);
      // The parser has checked 1Y, 1S and 1L against their ranges.
      if (expr.literal_kind == LiteralKind::kTinyint) {
        return BoundExpression::MakeConstant(Value::Int8(static_cast<int8_t>(v)), name);
      }
      if (expr.literal_kind == LiteralKind::kSmallint) {
        return BoundExpression::MakeConstant(Value::Int16(static_cast<int16_t>(v)), name);
      }
      if (expr.literal_kind != LiteralKind::kBigint && v >= INT32_MIN && v <= INT32_MAX) {
        return BoundExpression::MakeConstant(Value::Int32(static_cast<int32_t>(v)), name);
      }
      if (v >= INT64_MIN && v <= INT64_MAX) {
        return BoundExpression::MakeConstant(Value::Int64(static_cast<int64_t>(v)), name);
      }
      std::string digits = Int128ToString(v < 0 ? -v : v);
      return BoundExpression::MakeConstant(
          Value::Decimal(v, static_cast<int>(digits.size()), 0), name);
    }
    case LiteralKind::kDecimal: {
      std::string s = t;
      bool negative = !s.empty() && s[0] == '-';
      if (negative || (!s.empty() && s[0] == '+')) s = s.substr(1);
      size_t point = s.find('.');
      std::string int_part = point == std::string::npos ? s : s.substr(0, point);
      std::string frac_part = point == std::string::npos ? "" : s.substr(point + 1);
      size_t first = int_part.find_first_not_of('0');
      int_part = first == std::string::npos ? "" : int_part.substr(first);
      int scale = static_cast<int>(frac_part.size());
      int precision = std::max<int>(static_cast<int>(int_part.size()) + scale, 1);
      precision = std::max(precision, scale);
      if (precision > 38) {
        return BoundExpression::MakeConstant(Value::Double(std::stod(t)), name);
      }
      int128_t v;
      if (!ParseDecimal(t, precision, scale, &v)) throw ParserError("invalid number " + t);
      return BoundExpression::MakeConstant(Value::Decimal(v, precision, scale), name);
    }
    case LiteralKind::kDouble:
      return BoundExpression::MakeConstant(Value::Double(std::strtod(t.c_str(), nullptr)), name);
    case LiteralKind::kFloat:
      return BoundExpression::MakeConstant(Value::Float(std::strtof(t.c_str(), nullptr)), name);
    case LiteralKind::kString: return BoundExpression::MakeConstant(Value::String(t), name);
    case LiteralKind::kBinary: {
      std::string bytes;
      if (t.size() % 2 != 0) throw ParserError("invalid binary literal X'" + t + "'");
      for (size_t i = 0; i < t.size(); i += 2) {
        bytes.push_back(static_cast<char>(std::stoi(t.substr(i, 2), nullptr, 16)));
      }
      return BoundExpression::MakeConstant(Value::Binary(bytes), name);
    }
    case LiteralKind::kDate: {
      int32_t days;
      if (!ParseDate(t, &days)) throw bad("DATE");
      return BoundExpression::MakeConstant(Value::Date(days), name);
    }
    case LiteralKind::kTimestamp: {
      int64_t micros;
      if (!ParseTimestamp(t, *context_.function_context().time_zone, &micros)) throw bad("TIMESTAMP");
      return BoundExpression::MakeConstant(Value::Timestamp(micros), name);
    }
    case LiteralKind::kTimestampNtz: {
      int64_t micros;
      if (!ParseTimestampNtz(t, &micros)) throw bad("TIMESTAMP_NTZ");
      return BoundExpression::MakeConstant(Value::TimestampNtz(micros), name);
    }
    case LiteralKind::kInterval: {
      Interval iv;
      for (const auto& field : expr.interval_fields) {
        if (!field.to_unit.empty()) {
          std::string error;
          if (!ParseIntervalRange(field.value, field.unit, field.to_unit, &iv, &error)) {
            throw ParserError("[INVALID_INTERVAL_FORMAT] " + error + ": " + name);
          }
          continue;
        }
        if (!ParseIntervalText(field.value, field.unit, &iv)) throw bad("INTERVAL");
      }
      return BoundExpression::MakeConstant(Value::IntervalValue(iv), name);
    }
  }
  throw InternalError("unknown literal kind");
}

BoundExpressionPtr Binder::MakeFunction(const std::string& name, std::vector<BoundExpressionPtr> args,
                                        const std::string& text) {
  const ScalarBinder* binder = FunctionRegistry::BuiltIn().FindScalar(name);
  if (!binder) {
    std::string message = "[UNRESOLVED_ROUTINE] function `" + name + "` not found";
    std::string suggestion = ClosestName(name, FunctionRegistry::BuiltIn().Names());
    if (!suggestion.empty()) message += "; did you mean `" + suggestion + "`?";
    throw BinderError(message);
  }
  ScalarBindInput input;
  for (const auto& a : args) {
    input.arg_types.push_back(a->type);
    input.constant_args.push_back(a->kind == BoundExpressionKind::kConstant
                                      ? std::optional<Value>(a->constant)
                                      : std::nullopt);
  }
  // A constant argument other than a literal is evaluated only if the function's binder
  // reads it (a scale, a pattern, an integer's digits next to a decimal); a subquery never.
  std::vector<std::optional<Value>> evaluated(args.size());
  std::vector<bool> tried(args.size(), false);
  input.constant_arg = [&](size_t i) -> const Value* {
    if (i >= args.size()) return nullptr;
    if (!tried[i]) {
      tried[i] = true;
      evaluated[i] = FoldableValue(*args[i]);
    }
    return evaluated[i] ? &*evaluated[i] : nullptr;
  };
  auto bound = std::make_shared<BoundScalarFunction>((*binder)(input));
  // Spark's BloomFilterMightContain reads its filter once: a constant or an uncorrelated scalar subquery
  if (name == "might_contain" && !args.empty() && !args[0]->IsFoldable() &&
      !(args[0]->kind == BoundExpressionKind::kSubquery && args[0]->subquery->kind == BoundSubquery::Kind::kScalar)) {
    throw BinderError("[DATATYPE_MISMATCH.BLOOM_FILTER_BINARY_OP_WRONG_TYPE] Cannot resolve \"" + text +
                      "\" due to data type mismatch: The Bloom filter binary input to `might_contain` should be "
                      "either a constant value or a scalar subquery expression, but it's \"" + args[0]->text + "\".");
  }
  auto node = MakeNode(BoundExpressionKind::kFunction, bound->return_type, text);
  for (size_t i = 0; i < args.size(); ++i) {
    // A literal cast to the other side's type is folded by the optimizer's constant
    // folding, so scans see `col = 5`.
    LogicalType target = i < bound->arg_types.size() ? bound->arg_types[i] : args[i]->type;
    node->children.push_back(AddCast(std::move(args[i]), target));
  }
  node->function = std::move(bound);
  return node;
}

std::optional<Value> Binder::FoldableValue(const BoundExpression& expr) {
  if (expr.kind == BoundExpressionKind::kConstant) return expr.constant;
  if (!expr.IsFoldable()) return std::nullopt;
  try {
    return context_.EvaluateConstant(expr);
  } catch (const Exception&) {
    // why: an expression that fails is not known; it raises where it is evaluated
    return std::nullopt;
  }
}

BoundExpressionPtr Binder::MakeComparison(const std::string& op, BoundExpressionPtr left,
                                          BoundExpressionPtr right, const std::string& text) {
  std::string name = text.empty() ? "(" + left->text + " " + op + " " + right->text + ")" : text;
  std::vector<BoundExpressionPtr> args;
  args.push_back(std::move(left));
  args.push_back(std::move(right));
  return MakeFunction(op, std::move(args), name);
}

BoundExpressionPtr Binder::BindBinary(const BinaryExpression& expr, ExpressionBinding& binding) {
  if (expr.op == BinaryOp::kAnd || expr.op == BinaryOp::kOr) {
    auto node = MakeNode(expr.op == BinaryOp::kAnd ? BoundExpressionKind::kAnd : BoundExpressionKind::kOr,
                         TypeId::kBoolean, expr.ToString());
    auto left = Bind(*expr.left, binding);
    auto right = Bind(*expr.right, binding);
    for (auto* side : {&left, &right}) {
      if ((*side)->type.id() != TypeId::kBoolean && (*side)->type.id() != TypeId::kNull) {
        throw BinderError("[DATATYPE_MISMATCH] " + std::string(BinaryOpToString(expr.op)) +
                          " requires boolean operands, got " + (*side)->type.ToString() + " in " +
                          expr.ToString());
      }
    }
    node->children.push_back(AddCast(std::move(left), TypeId::kBoolean));
    node->children.push_back(AddCast(std::move(right), TypeId::kBoolean));
    return node;
  }
  std::vector<BoundExpressionPtr> args;
  args.push_back(Bind(*expr.left, binding));
  args.push_back(Bind(*expr.right, binding));
  const char* name = nullptr;
  switch (expr.op) {
    case BinaryOp::kAdd: name = "+"; break;
    case BinaryOp::kSubtract: name = "-"; break;
    case BinaryOp::kMultiply: name = "*"; break;
    case BinaryOp::kDivide: name = "/"; break;
    case BinaryOp::kModulo: name = "%"; break;
    case BinaryOp::kIntegerDivide: name = "div"; break;
    case BinaryOp::kConcat: name = "||"; break;
    case BinaryOp::kEqual: name = "="; break;
    case BinaryOp::kNotEqual: name = "<>"; break;
    case BinaryOp::kLess: name = "<"; break;
    case BinaryOp::kLessEqual: name = "<="; break;
    case BinaryOp::kGreater: name = ">"; break;
    case BinaryOp::kGreaterEqual: name = ">="; break;
    case BinaryOp::kNullSafeEqual: name = "<=>"; break;
    case BinaryOp::kBitwiseAnd: name = "&"; break;
    case BinaryOp::kBitwiseOr: name = "|"; break;
    case BinaryOp::kBitwiseXor: name = "^"; break;
    case BinaryOp::kShiftLeft: name = "shiftleft"; break;
    case BinaryOp::kShiftRight: name = "shiftright"; break;
    case BinaryOp::kShiftRightUnsigned: name = "shiftrightunsigned"; break;
    default: throw InternalError("unexpected operator");
  }
  return MakeFunction(name, std::move(args), expr.ToString());
}

BoundExpressionPtr Binder::BindCase(const CaseExpression& expr, ExpressionBinding& binding) {
  BoundExpressionPtr operand;
  if (expr.operand) operand = Bind(*expr.operand, binding);
  std::vector<BoundExpressionPtr> whens, thens;
  for (const auto& check : expr.checks) {
    auto when = Bind(*check.when, binding);
    if (operand) {
      when = MakeComparison("=", operand->Copy(), std::move(when), "");
    } else if (when->type.id() != TypeId::kBoolean && when->type.id() != TypeId::kNull) {
      throw BinderError("[DATATYPE_MISMATCH] WHEN expressions in CASE must be boolean, got " +
                        when->type.ToString() + ": " + check.when->ToString());
    }
    whens.push_back(AddCast(std::move(when), TypeId::kBoolean));
    thens.push_back(Bind(*check.then, binding));
  }
  BoundExpressionPtr otherwise;
  if (expr.else_expr) otherwise = Bind(*expr.else_expr, binding);
  LogicalType type = TypeId::kNull;
  auto widen = [&](const BoundExpressionPtr& e) {
    auto wider = WiderType(type, e->type);
    if (!wider) {
      throw BinderError("[DATATYPE_MISMATCH] CASE branches have incompatible types " +
                        type.ToString() + " and " + e->type.ToString() + " in " + expr.ToString());
    }
    type = *wider;
  };
  for (const auto& t : thens) widen(t);
  if (otherwise) widen(otherwise);
  auto node = MakeNode(BoundExpressionKind::kCase, type, expr.ToString());
  for (size_t i = 0; i < whens.size(); ++i) {
    node->children.push_back(std::move(whens[i]));
    node->children.push_back(AddCast(std::move(thens[i]), type));
  }
  if (otherwise) {
    node->has_else = true;
    node->children.push_back(AddCast(std::move(otherwise), type));
  }
  return node;
}

BoundExpressionPtr Binder::BindSpecialFunction(const FunctionExpression& fn, ExpressionBinding& binding,
                                               bool* handled) {
  *handled = true;
  std::string name = ToLower(fn.name);
  auto bind_args = [&]() {
    std::vector<BoundExpressionPtr> args;
    for (const auto& a : fn.args) args.push_back(Bind(*a, binding));
    return args;
  };
  auto arity = [&](size_t lo, size_t hi) {
    if (fn.args.size() < lo || fn.args.size() > hi) {
      throw BinderError("[WRONG_NUM_ARGS] function " + fn.name + " requires " +
                        (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) +
                        " arguments, but " + std::to_string(fn.args.size()) + " were given");
    }
  };
  auto common_type = [&](const std::vector<BoundExpressionPtr>& args) {
    LogicalType type = TypeId::kNull;
    for (const auto& a : args) {
      auto wider = WiderType(type, a->type);
      if (!wider) {
        throw BinderError("[DATATYPE_MISMATCH] arguments of " + fn.name + " have incompatible types " +
                          type.ToString() + " and " + a->type.ToString());
      }
      type = *wider;
    }
    return type;
  };
  if (name == "coalesce" || name == "nvl" || name == "ifnull") {
    if (name != "coalesce") arity(2, 2);
    if (fn.args.empty()) arity(1, 1000);
    auto args = bind_args();
    LogicalType type = common_type(args);
    auto node = MakeNode(BoundExpressionKind::kCoalesce, type, fn.ToString());
    for (auto& a : args) node->children.push_back(AddCast(std::move(a), type));
    return node;
  }
  if (name == "if" || name == "iff") {
    arity(3, 3);
    auto args = bind_args();
    std::vector<BoundExpressionPtr> branches;
    branches.push_back(std::move(args[1]));
    branches.push_back(std::move(args[2]));
    LogicalType type = common_type(branches);
    auto node = MakeNode(BoundExpressionKind::kCase, type, fn.ToString());
    node->has_else = true;
    node->children.push_back(AddCast(std::move(args[0]), TypeId::kBoolean));
    node->children.push_back(AddCast(std::move(branches[0]), type));
    node->children.push_back(AddCast(std::move(branches[1]), type));
    return node;
  }
  if (name == "nullif") {
    arity(2, 2);
    auto args = bind_args();
    LogicalType type = args[0]->type;
    auto eq = MakeComparison("=", args[0]->Copy(), std::move(args[1]), "");
    auto node = MakeNode(BoundExpressionKind::kCase, type, fn.ToString());
    node->has_else = true;
    node->children.push_back(std::move(eq));
    node->children.push_back(BoundExpression::MakeConstant(Value::Null(type)));
    node->children.push_back(std::move(args[0]));
    return node;
  }
  if (name == "nvl2") {
    arity(3, 3);
    auto args = bind_args();
    std::vector<BoundExpressionPtr> branches;
    branches.push_back(std::move(args[1]));
    branches.push_back(std::move(args[2]));
    LogicalType type = common_type(branches);
    auto test = MakeNode(BoundExpressionKind::kIsNotNull, TypeId::kBoolean, "");
    test->children.push_back(std::move(args[0]));
    auto node = MakeNode(BoundExpressionKind::kCase, type, fn.ToString());
    node->has_else = true;
    node->children.push_back(std::move(test));
    node->children.push_back(AddCast(std::move(branches[0]), type));
    node->children.push_back(AddCast(std::move(branches[1]), type));
    return node;
  }
  if (name == "struct") {
    // struct(a, s.b, x + 1): named_struct with each argument's name, Spark's CreateStruct:
    // a column's (or field's) own name, else col1, col2, ...
    std::vector<BoundExpressionPtr> args;
    for (size_t i = 0; i < fn.args.size(); ++i) {
      std::string field = "col" + std::to_string(i + 1);
      if (fn.args[i]->kind == ExpressionKind::kColumnRef) field = fn.args[i]->As<ColumnRefExpression>().column_name();
      if (fn.args[i]->kind == ExpressionKind::kSubscript && !fn.args[i]->As<SubscriptExpression>().index) {
        field = fn.args[i]->As<SubscriptExpression>().field;
      }
      args.push_back(BoundExpression::MakeConstant(Value::String(field), "'" + field + "'"));
      args.push_back(Bind(*fn.args[i], binding));
    }
    if (args.empty()) throw BinderError("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] struct expects at least one argument");
    return MakeFunction("named_struct", std::move(args), fn.ToString());
  }
  if (name == "transform" || name == "filter" || name == "exists" || name == "forall" || name == "aggregate" ||
      name == "reduce" || name == "zip_with") {
    return BindHigherOrder(fn, binding);
  }
  if (name == "arrays_zip") {
    // arrays_zip(a, b): structs named after the arrays' columns, else 0, 1, ... (Spark's
    // ArraysZip); the names go first, as literals, to the function that zips
    std::vector<BoundExpressionPtr> args;
    for (size_t i = 0; i < fn.args.size(); ++i) {
      std::string field = std::to_string(i);
      if (fn.args[i]->kind == ExpressionKind::kColumnRef) field = fn.args[i]->As<ColumnRefExpression>().column_name();
      args.push_back(BoundExpression::MakeConstant(Value::String(field), "'" + field + "'"));
    }
    for (const auto& a : fn.args) args.push_back(Bind(*a, binding));
    return MakeFunction("arrays_zip", std::move(args), fn.ToString());
  }
  if (name == "isnull" || name == "isnotnull") {
    arity(1, 1);
    auto args = bind_args();
    auto node = MakeNode(name == "isnull" ? BoundExpressionKind::kIsNull : BoundExpressionKind::kIsNotNull,
                         TypeId::kBoolean, fn.ToString());
    node->children.push_back(std::move(args[0]));
    return node;
  }
  static const char* const kWindowOnly[] = {"row_number", "rank", "dense_rank", "percent_rank",
                                            "cume_dist", "ntile", "lag", "lead", "first_value",
                                            "last_value", "nth_value"};
  for (const char* w : kWindowOnly) {
    if (name == w) {
      throw BinderError("[WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE] Window function " + name +
                        "() requires an OVER clause: " + fn.ToString());
    }
  }
  if (name == "current_date" || name == "curdate") {
    arity(0, 0);
    int64_t local = context_.function_context().time_zone->ToLocal(
        context_.function_context().query_start_micros);
    return BoundExpression::MakeConstant(Value::Date(static_cast<int32_t>(FloorDiv(local, kMicrosPerDay))),
                                         "current_date()");
  }
  if (name == "current_timestamp" || name == "now" || name == "localtimestamp") {
    arity(0, 0);
    return BoundExpression::MakeConstant(Value::Timestamp(context_.function_context().query_start_micros),
                                         "current_timestamp()");
  }
  if (name == "current_timezone") {
    arity(0, 0);
    return BoundExpression::MakeConstant(Value::String(context_.function_context().time_zone->name()),
                                         "current_timezone()");
  }
  *handled = false;
  return nullptr;
}

BoundExpressionPtr Binder::BindFunction(const FunctionExpression& fn, ExpressionBinding& binding) {
  RejectWithinGroup(fn);
  if (!fn.arg_names.empty()) {
    for (const auto& n : fn.arg_names) {
      if (!n.empty()) throw BinderError("function " + fn.name + " does not take named arguments");
    }
  }
  if (fn.distinct) throw BinderError("DISTINCT is only allowed in aggregate functions: " + fn.ToString());
  if (fn.filter) throw BinderError("FILTER is only allowed in aggregate functions: " + fn.ToString());
  bool handled;
  auto special = BindSpecialFunction(fn, binding, &handled);
  if (handled) return special;
  std::vector<BoundExpressionPtr> args;
  for (const auto& a : fn.args) args.push_back(Bind(*a, binding));
  return MakeFunction(ToLower(fn.name), std::move(args), fn.ToString());
}

}  // namespace floe
