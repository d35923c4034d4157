// The higher-order functions over arrays (Spark's transform, filter, exists, forall, zip_with
// and aggregate), vectorized over elements: a lambda body runs once per batch over all the
// elements of its rows' arrays, each element row carrying its input row's columns.

#include "common/exception.h"
#include "execution/expression_executor.h"

namespace floe {

namespace {

// Three-valued truth of row i of a boolean vector: 1, 0, -1 for NULL.
int Truth(const Vector& v, size_t i) {
  if (v.IsNull(i)) return -1;
  return v.Data<uint8_t>()[i] ? 1 : 0;
}

// Gathers `elements` of a vector (-1: NULL) into a new one.
Vector GatherElements(const Vector& from, const LogicalType& type, const std::vector<int64_t>& elements) {
  size_t n = elements.size();
  Vector out(type, std::max<size_t>(n, 1));
  if (from.capacity() == 0) {
    for (size_t i = 0; i < n; ++i) out.SetValue(i, Value::Null());
    return out;
  }
  std::vector<uint32_t> sel(n);
  for (size_t i = 0; i < n; ++i) sel[i] = elements[i] < 0 ? 0 : static_cast<uint32_t>(elements[i]);
  out.Gather(from, sel.data(), n);
  for (size_t i = 0; i < n; ++i) {
    if (elements[i] < 0) out.SetValue(i, Value::Null());
  }
  return out;
}

}  // namespace

Vector ExpressionExecutor::EvaluateLambda(const BoundExpression& body, const DataChunk& input,
                                          const std::vector<uint32_t>& rows, size_t slot,
                                          const std::vector<const Vector*>& params) const {
  size_t n = rows.size();
  // the columns the body reads, row for row with the elements; the others zeroed (empty
  // lists, zero values), as long, since CASE and friends slice every column
  DataChunk chunk;
  chunk.Initialize(input.Types(), std::max<size_t>(n, 1));
  for (size_t c : body.ReferencedColumns()) {
    if (c >= chunk.ColumnCount()) continue;
    chunk.column(c).Gather(input.column(c), rows.data(), n);
  }
  chunk.SetSize(n);
  // the enclosing lambdas' parameters, row for row with the element rows
  std::vector<const Vector*> saved = lambda_values_;
  std::vector<Vector> outer;
  outer.reserve(slot);
  for (size_t s = 0; s < slot && s < saved.size(); ++s) {
    if (!saved[s]) continue;
    outer.emplace_back(saved[s]->type(), std::max<size_t>(n, 1));
    outer.back().Gather(*saved[s], rows.data(), n);
  }
  lambda_values_.assign(slot + params.size(), nullptr);
  for (size_t s = 0, k = 0; s < slot && s < saved.size(); ++s) {
    if (saved[s]) lambda_values_[s] = &outer[k++];
  }
  for (size_t p = 0; p < params.size(); ++p) lambda_values_[slot + p] = params[p];
  try {
    Vector result = Evaluate(body, chunk, n);
    lambda_values_ = saved;
    return result;
  } catch (...) {
    lambda_values_ = saved;
    throw;
  }
}

Vector ExpressionExecutor::EvaluateHigherOrder(const BoundExpression& expr, const DataChunk& input,
                                               size_t count) const {
  if (expr.higher_order == HigherOrderFunction::kAggregate) return EvaluateAggregate(expr, input, count);
  bool zip = expr.higher_order == HigherOrderFunction::kZipWith;
  size_t arrays = zip ? 2 : 1;
  std::vector<Vector> args;
  for (size_t k = 0; k < arrays; ++k) args.push_back(Evaluate(*expr.children[k], input, count));
  const BoundExpression& body = *expr.children[arrays];
  // the element rows: their input row and element of each array (-1: a shorter array's NULL)
  std::vector<uint32_t> rows;
  std::vector<std::vector<int64_t>> elements(arrays);
  std::vector<int32_t> positions;
  std::vector<uint64_t> lengths(count, 0);
  std::vector<bool> nulls(count, false);
  for (size_t i = 0; i < count; ++i) {
    uint64_t length = 0;
    for (size_t k = 0; k < arrays; ++k) {
      if (args[k].IsNull(i)) nulls[i] = true;
      else length = std::max(length, args[k].Data<ListEntry>()[i].length);
    }
    if (nulls[i]) continue;
    lengths[i] = length;
    for (uint64_t e = 0; e < length; ++e) {
      rows.push_back(static_cast<uint32_t>(i));
      positions.push_back(static_cast<int32_t>(e));
      for (size_t k = 0; k < arrays; ++k) {
        ListEntry entry = args[k].Data<ListEntry>()[i];
        elements[k].push_back(e < entry.length ? static_cast<int64_t>(entry.offset + e) : -1);
      }
    }
  }
  std::vector<Vector> params;
  for (size_t k = 0; k < arrays; ++k) {
    params.push_back(GatherElements(args[k].child(0), args[k].type().element(), elements[k]));
  }
  Vector index(TypeId::kInt32, std::max<size_t>(rows.size(), 1));
  for (size_t e = 0; e < rows.size(); ++e) index.Data<int32_t>()[e] = positions[e];
  std::vector<const Vector*> param_ptrs;
  for (const auto& p : params) param_ptrs.push_back(&p);
  param_ptrs.push_back(&index);  // transform / filter's optional second parameter
  Vector values = EvaluateLambda(body, input, rows, expr.index, param_ptrs);

  Vector result(expr.type, std::max<size_t>(count, 1));
  switch (expr.higher_order) {
    case HigherOrderFunction::kTransform:
    case HigherOrderFunction::kZipWith:
    case HigherOrderFunction::kFilter: {
      bool filter = expr.higher_order == HigherOrderFunction::kFilter;
      const Vector& source = filter ? params[0] : values;
      std::vector<uint32_t> keep;
      auto* entries = result.Data<ListEntry>();
      size_t e = 0;
      for (size_t i = 0; i < count; ++i) {
        size_t first = keep.size();
        for (uint64_t k = 0; k < lengths[i]; ++k, ++e) {
          if (!filter || Truth(values, e) == 1) keep.push_back(static_cast<uint32_t>(e));
        }
        entries[i] = ListEntry{first, keep.size() - first};
        result.SetNull(i, nulls[i]);
      }
      size_t at = result.ReserveElements(keep.size());
      result.child(0).GatherAt(at, source, keep.data(), keep.size());
      for (size_t i = 0; i < count; ++i) entries[i].offset += at;
      result.SetChildSize(at + keep.size());
      break;
    }
    case HigherOrderFunction::kExists:
    case HigherOrderFunction::kForall: {
      // exists: true if any is true, else NULL if any is NULL; forall: false if any is false,
      // else NULL if any is NULL (Spark's three-valued ArrayExists and ArrayForAll)
      bool exists = expr.higher_order == HigherOrderFunction::kExists;
      size_t e = 0;
      for (size_t i = 0; i < count; ++i) {
        bool decided = false, saw_null = false;
        for (uint64_t k = 0; k < lengths[i]; ++k, ++e) {
          int t = Truth(values, e);
          if (t == -1) saw_null = true;
          if (t == (exists ? 1 : 0)) decided = true;
        }
        bool null = nulls[i] || (!decided && saw_null);
        result.SetNull(i, null);
        result.Data<uint8_t>()[i] = exists ? decided : !decided;
      }
      break;
    }
    default: throw InternalError("unknown higher-order function");
  }
  return result;
}

// aggregate(a, start, (acc, x) -> merge[, acc -> finish]): the accumulator starts as `start`
// and takes merge of each element in turn; the rows step through their k-th elements
// together, a batch of rows per element position.
Vector ExpressionExecutor::EvaluateAggregate(const BoundExpression& expr, const DataChunk& input,
                                             size_t count) const {
  Vector array = Evaluate(*expr.children[0], input, count);
  Vector acc = Evaluate(*expr.children[1], input, count);
  const BoundExpression& merge = *expr.children[2];
  uint64_t longest = 0;
  for (size_t i = 0; i < count; ++i) {
    if (!array.IsNull(i)) longest = std::max(longest, array.Data<ListEntry>()[i].length);
  }
  for (uint64_t k = 0; k < longest; ++k) {
    std::vector<uint32_t> rows;
    std::vector<int64_t> elements;
    for (size_t i = 0; i < count; ++i) {
      if (array.IsNull(i)) continue;
      ListEntry e = array.Data<ListEntry>()[i];
      if (k >= e.length) continue;
      rows.push_back(static_cast<uint32_t>(i));
      elements.push_back(static_cast<int64_t>(e.offset + k));
    }
    Vector x = GatherElements(array.child(0), array.type().element(), elements);
    Vector acc_rows(acc.type(), std::max<size_t>(rows.size(), 1));
    acc_rows.Gather(acc, rows.data(), rows.size());
    Vector merged = EvaluateLambda(merge, input, rows, expr.index, {&acc_rows, &x});
    Vector next(acc.type(), std::max<size_t>(count, 1));
    next.CopyRange(acc, 0, 0, count);
    for (size_t j = 0; j < rows.size(); ++j) next.CopyRange(merged, j, rows[j], 1);
    acc = std::move(next);
  }
  Vector result = acc;
  if (expr.children.size() > 3) {
    std::vector<uint32_t> all(count);
    for (size_t i = 0; i < count; ++i) all[i] = static_cast<uint32_t>(i);
    result = EvaluateLambda(*expr.children[3], input, all, expr.index, {&acc});
  }
  Vector out(expr.type, std::max<size_t>(count, 1));
  out.CopyRange(result, 0, 0, count);
  for (size_t i = 0; i < count; ++i) {
    if (array.IsNull(i)) out.SetValue(i, Value::Null());
  }
  return out;
}

}  // namespace floe
