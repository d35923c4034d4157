#include "execution/expression_executor.h"

#include <algorithm>

#include "common/exception.h"
#include "common/vector_operations.h"
#include "function/cast.h"

namespace floe {

namespace {

// A vector of `count` rows of `value`. A string's rows share one copy of its bytes or, given
// the owner of value's bytes, reference them where they are (a subquery's result).
Vector ConstantVector(const Value& value, const LogicalType& type, size_t count,
                      std::shared_ptr<const void> owner = nullptr) {
  Vector v(type, std::max<size_t>(count, 1));
  if (value.is_null()) {
    // SetValue: a NULL struct's fields are NULL too
    for (size_t i = 0; i < count; ++i) v.SetValue(i, Value::Null());
    return v;
  }
  if (type.IsNested()) {
    for (size_t i = 0; i < count; ++i) v.SetValue(i, value);
    return v;
  }
  if (type.HasStringStorage()) {
    StringRef ref = owner ? v.heap().AddBorrowed(value.str(), std::move(owner)) : v.heap().Add(value.str());
    auto* data = v.Data<StringRef>();
    for (size_t i = 0; i < count; ++i) data[i] = ref;
    return v;
  }
  v.SetValue(0, value);
  size_t width = PhysicalSize(type.id());
  uint8_t* raw = v.RawData();
  for (size_t i = 1; i < count; ++i) std::memcpy(raw + i * width, raw, width);
  return v;
}

// Sub-batch of the rows named by `rows`.
DataChunk SliceChunk(const DataChunk& input, const std::vector<uint32_t>& rows) {
  DataChunk sub;
  sub.Initialize(input.Types(), std::max<size_t>(rows.size(), 1));
  for (size_t c = 0; c < input.ColumnCount(); ++c) {
    sub.column(c).Gather(input.column(c), rows.data(), rows.size());
  }
  sub.SetSize(rows.size());
  return sub;
}

// Boolean state of row i: 1 true, 0 false, -1 NULL.
inline int Truth(const Vector& v, size_t i) {
  if (v.IsNull(i)) return -1;
  return v.Data<uint8_t>()[i] ? 1 : 0;
}

}  // namespace

Vector ExpressionExecutor::Evaluate(const BoundExpression& expr, const DataChunk& input) const {
  return Evaluate(expr, input, input.size());
}

Vector ExpressionExecutor::EvaluateOnRows(const BoundExpression& expr, const DataChunk& input,
                                          const std::vector<uint32_t>& rows, size_t total) const {
  Vector result(expr.type, std::max<size_t>(total, 1));
  for (size_t i = 0; i < total; ++i) result.SetNull(i, true);
  if (rows.empty()) return result;
  DataChunk sub = SliceChunk(input, rows);
  // why: a lambda's parameters are row for row with the input; they are sliced with it
  std::vector<const Vector*> saved = lambda_values_;
  std::vector<Vector> sliced;
  sliced.reserve(saved.size());
  for (auto& value : lambda_values_) {
    if (!value) continue;
    sliced.emplace_back(value->type(), std::max<size_t>(rows.size(), 1));
    sliced.back().Gather(*value, rows.data(), rows.size());
    value = &sliced.back();
  }
  Vector values;
  try {
    values = Evaluate(expr, sub, rows.size());
  } catch (...) {
    lambda_values_ = saved;
    throw;
  }
  lambda_values_ = saved;
  for (size_t k = 0; k < rows.size(); ++k) result.CopyRow(values, k, rows[k]);
  if (expr.type.HasStringStorage()) result.ShareHeapsOf(values);
  return result;
}

Vector ExpressionExecutor::Evaluate(const BoundExpression& expr, const DataChunk& input,
                                    size_t count) const {
  switch (expr.kind) {
    case BoundExpressionKind::kColumnRef: {
      const Vector& column = input.column(expr.index);
      if (column.type() == expr.type) return column;  // shares the storage
      Vector out(expr.type, std::max<size_t>(count, 1));
      CastVector(column, count, out, context_);
      return out;
    }
    case BoundExpressionKind::kConstant:
      return ConstantVector(expr.constant, expr.type, count);
    case BoundExpressionKind::kParameter:
      throw InternalError("unbound parameter in expression " + expr.text);
    case BoundExpressionKind::kLambdaParameter: {
      if (expr.index >= lambda_values_.size() || !lambda_values_[expr.index]) {
        throw InternalError("lambda parameter outside its function: " + expr.text);
      }
      return *lambda_values_[expr.index];
    }
    case BoundExpressionKind::kHigherOrder: return EvaluateHigherOrder(expr, input, count);
    case BoundExpressionKind::kFunction: {
      std::vector<Vector> args;
      args.reserve(expr.children.size());
      for (size_t i = 0; i < expr.children.size(); ++i) {
        args.push_back(i < expr.function->evaluated_args ? Evaluate(*expr.children[i], input, count) : Vector());
      }
      std::vector<const Vector*> arg_ptrs;
      for (const auto& a : args) arg_ptrs.push_back(&a);
      Vector result(expr.type, std::max<size_t>(count, 1));
      expr.function->kernel(arg_ptrs, count, result, context_);
      return result;
    }
    case BoundExpressionKind::kCast: {
      Vector child = Evaluate(*expr.children[0], input, count);
      Vector result(expr.type, std::max<size_t>(count, 1));
      if (expr.try_cast && !context_.try_mode) {
        FunctionContext try_context = context_;
        try_context.try_mode = true;
        CastVector(child, count, result, try_context);
      } else if (!expr.insert_column.empty()) {
        try {
          CastVector(child, count, result, context_);
        } catch (const OutOfRangeError&) {
          ThrowInsertOverflow(child.type(), expr.type, expr.insert_column);
        }
      } else {
        CastVector(child, count, result, context_);
      }
      return result;
    }
    case BoundExpressionKind::kAnd: return EvaluateAnd(expr, input, count);
    case BoundExpressionKind::kOr: return EvaluateOr(expr, input, count);
    case BoundExpressionKind::kNot: {
      Vector child = Evaluate(*expr.children[0], input, count);
      Vector result(TypeId::kBoolean, std::max<size_t>(count, 1));
      for (size_t i = 0; i < count; ++i) {
        if (child.IsNull(i)) {
          result.SetNull(i, true);
        } else {
          result.Data<uint8_t>()[i] = child.Data<uint8_t>()[i] ? 0 : 1;
        }
      }
      return result;
    }
    case BoundExpressionKind::kIsNull:
    case BoundExpressionKind::kIsNotNull: {
      Vector child = Evaluate(*expr.children[0], input, count);
      Vector result(TypeId::kBoolean, std::max<size_t>(count, 1));
      bool want_null = expr.kind == BoundExpressionKind::kIsNull;
      for (size_t i = 0; i < count; ++i) {
        result.Data<uint8_t>()[i] = child.IsNull(i) == want_null ? 1 : 0;
      }
      return result;
    }
    case BoundExpressionKind::kIn: return EvaluateIn(expr, input, count);
    case BoundExpressionKind::kCase: return EvaluateCase(expr, input, count);
    case BoundExpressionKind::kCoalesce: return EvaluateCoalesce(expr, input, count);
    case BoundExpressionKind::kSubquery: return EvaluateSubquery(expr, input, count);
  }
  throw InternalError("unknown expression kind");
}

Vector ExpressionExecutor::EvaluateAnd(const BoundExpression& expr, const DataChunk& input,
                                       size_t count) const {
  Vector result = Evaluate(*expr.children[0], input, count);
  Vector owned(TypeId::kBoolean, std::max<size_t>(count, 1));
  for (size_t i = 0; i < count; ++i) owned.CopyRow(result, i, i);
  for (size_t c = 1; c < expr.children.size(); ++c) {
    // Only rows not already false reach the next conjunct.
    std::vector<uint32_t> rows;
    for (size_t i = 0; i < count; ++i) {
      if (Truth(owned, i) != 0) rows.push_back(static_cast<uint32_t>(i));
    }
    if (rows.empty()) break;
    Vector right = rows.size() == count ? Evaluate(*expr.children[c], input, count)
                                        : EvaluateOnRows(*expr.children[c], input, rows, count);
    for (uint32_t i : rows) {
      int a = Truth(owned, i), b = Truth(right, i);
      if (b == 0) {
        owned.SetNull(i, false);
        owned.Data<uint8_t>()[i] = 0;
      } else if (a == 1 && b == 1) {
        owned.Data<uint8_t>()[i] = 1;
      } else {
        owned.SetNull(i, true);
      }
    }
  }
  return owned;
}

Vector ExpressionExecutor::EvaluateOr(const BoundExpression& expr, const DataChunk& input,
                                      size_t count) const {
  Vector first = Evaluate(*expr.children[0], input, count);
  Vector owned(TypeId::kBoolean, std::max<size_t>(count, 1));
  for (size_t i = 0; i < count; ++i) owned.CopyRow(first, i, i);
  for (size_t c = 1; c < expr.children.size(); ++c) {
    std::vector<uint32_t> rows;
    for (size_t i = 0; i < count; ++i) {
      if (Truth(owned, i) != 1) rows.push_back(static_cast<uint32_t>(i));
    }
    if (rows.empty()) break;
    Vector right = rows.size() == count ? Evaluate(*expr.children[c], input, count)
                                        : EvaluateOnRows(*expr.children[c], input, rows, count);
    for (uint32_t i : rows) {
      int a = Truth(owned, i), b = Truth(right, i);
      if (b == 1) {
        owned.SetNull(i, false);
        owned.Data<uint8_t>()[i] = 1;
      } else if (a == 0 && b == 0) {
        owned.Data<uint8_t>()[i] = 0;
      } else {
        owned.SetNull(i, true);
      }
    }
  }
  return owned;
}

void ExpressionExecutor::WriteBranch(const BoundExpression& expr, const DataChunk& input,
                                     const std::vector<uint32_t>& rows, size_t count, Vector& result) const {
  if (rows.empty()) return;
  if (expr.kind == BoundExpressionKind::kConstant && expr.constant.is_null()) {
    for (uint32_t i : rows) result.SetNull(i, true);
    return;
  }
  bool whole = expr.kind == BoundExpressionKind::kConstant ||
               (expr.kind == BoundExpressionKind::kColumnRef && input.column(expr.index).type() == expr.type);
  Vector values = whole ? Evaluate(expr, input, count) : EvaluateOnRows(expr, input, rows, count);
  for (uint32_t i : rows) result.CopyRow(values, i, i);
  if (expr.type.HasStringStorage()) result.ShareHeapsOf(values);
}

Vector ExpressionExecutor::EvaluateCase(const BoundExpression& expr, const DataChunk& input,
                                        size_t count) const {
  Vector result(expr.type, std::max<size_t>(count, 1));
  std::vector<uint32_t> remaining(count);
  for (size_t i = 0; i < count; ++i) remaining[i] = static_cast<uint32_t>(i);
  size_t pairs = (expr.children.size() - (expr.has_else ? 1 : 0)) / 2;
  for (size_t p = 0; p < pairs && !remaining.empty(); ++p) {
    Vector when = remaining.size() == count
                      ? Evaluate(*expr.children[2 * p], input, count)
                      : EvaluateOnRows(*expr.children[2 * p], input, remaining, count);
    std::vector<uint32_t> hit, miss;
    for (uint32_t i : remaining) (Truth(when, i) == 1 ? hit : miss).push_back(i);
    WriteBranch(*expr.children[2 * p + 1], input, hit, count, result);
    remaining = std::move(miss);
  }
  if (!remaining.empty()) {
    if (expr.has_else) {
      WriteBranch(*expr.children.back(), input, remaining, count, result);
    } else {
      for (uint32_t i : remaining) result.SetNull(i, true);
    }
  }
  return result;
}

Vector ExpressionExecutor::EvaluateCoalesce(const BoundExpression& expr, const DataChunk& input,
                                            size_t count) const {
  Vector result(expr.type, std::max<size_t>(count, 1));
  std::vector<uint32_t> remaining(count);
  for (size_t i = 0; i < count; ++i) remaining[i] = static_cast<uint32_t>(i);
  for (const auto& child : expr.children) {
    if (remaining.empty()) break;
    Vector values = remaining.size() == count ? Evaluate(*child, input, count)
                                              : EvaluateOnRows(*child, input, remaining, count);
    std::vector<uint32_t> still_null;
    for (uint32_t i : remaining) {
      if (values.IsNull(i)) {
        still_null.push_back(i);
      } else {
        result.CopyRow(values, i, i);
      }
    }
    if (expr.type.HasStringStorage()) result.ShareHeapsOf(values);
    remaining = std::move(still_null);
  }
  for (uint32_t i : remaining) result.SetNull(i, true);
  return result;
}

Vector ExpressionExecutor::EvaluateIn(const BoundExpression& expr, const DataChunk& input,
                                      size_t count) const {
  if (expr.in_list) {
    // distinct non-NULL values, ascending: a binary search per row
    const SortedValues& list = *expr.in_list;
    Vector needle = Evaluate(*expr.children[0], input, count);
    Vector result(TypeId::kBoolean, std::max<size_t>(count, 1));
    for (size_t i = 0; i < count; ++i) {
      if (needle.IsNull(i)) {
        result.SetNull(i, true);
        continue;
      }
      bool found = list.Contains(needle.GetValue(i));
      result.Data<uint8_t>()[i] = found != expr.negated ? 1 : 0;
    }
    return result;
  }
  std::vector<const BoundExpression*> items;
  for (size_t c = 1; c < expr.children.size(); ++c) items.push_back(expr.children[c].get());
  return EvaluateInItems(*expr.children[0], items, expr.negated, input, count);
}

Vector ExpressionExecutor::EvaluateSubquery(const BoundExpression& expr, const DataChunk& input,
                                            size_t count) const {
  if (!expr.subquery->result) throw InternalError(expr.subquery->Name() + " has not run: " + expr.text);
  const SubqueryResult& result = *expr.subquery->result;
  // why: a large value (a runtime Bloom filter's megabyte) is read by every batch; its rows
  // reference the result's bytes, which the vector keeps alive, instead of a copy each
  if (expr.subquery->kind != BoundSubquery::Kind::kIn) {
    return ConstantVector(result.value, expr.type, count, expr.subquery->result);
  }
  // x IN (subquery with no rows) is false and NOT IN true, even for a NULL x (Spark)
  if (result.in_items.empty()) return ConstantVector(Value::Boolean(expr.negated), TypeId::kBoolean, count);
  std::vector<const BoundExpression*> items;
  for (const auto& item : result.in_items) items.push_back(item.get());
  return EvaluateInItems(*expr.children[0], items, expr.negated, input, count);
}

Vector ExpressionExecutor::EvaluateInItems(const BoundExpression& needle_expr,
                                           const std::vector<const BoundExpression*>& items, bool negated,
                                           const DataChunk& input, size_t count) const {
  Vector needle = Evaluate(needle_expr, input, count);
  Vector result(TypeId::kBoolean, std::max<size_t>(count, 1));
  std::vector<int> state(count, 0);  // 0 no match yet, 1 match, -1 saw NULL
  for (const BoundExpression* item_expr : items) {
    Vector item = Evaluate(*item_expr, input, count);
    for (size_t i = 0; i < count; ++i) {
      if (state[i] == 1 || needle.IsNull(i)) continue;
      if (item.IsNull(i)) {
        state[i] = -1;
      } else if (CompareRows(needle, i, item, i) == 0) {
        state[i] = 1;
      }
    }
  }
  for (size_t i = 0; i < count; ++i) {
    if (needle.IsNull(i) || state[i] == -1) {
      result.SetNull(i, true);
    } else {
      bool match = state[i] == 1;
      result.Data<uint8_t>()[i] = (match != negated) ? 1 : 0;
    }
  }
  return result;
}

void ExpressionExecutor::Select(const BoundExpression& expr, const DataChunk& input,
                                SelectionVector& sel) const {
  sel.indexes.clear();
  Vector v = Evaluate(expr, input);
  const uint8_t* data = v.Data<uint8_t>();
  for (size_t i = 0; i < input.size(); ++i) {
    if (data[i] && v.validity().IsValid(i)) sel.indexes.push_back(static_cast<uint32_t>(i));
  }
}

Value ExpressionExecutor::EvaluateConstant(const BoundExpression& expr) const {
  DataChunk empty;
  empty.SetSize(1);
  Vector v = Evaluate(expr, empty, 1);
  return v.GetValue(0);
}

}  // namespace floe
