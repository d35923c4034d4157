#include "optimizer/rules/column_pruning.h"

#include "common/ascii_case.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_filter.h"
#include "planner/logical_generate.h"
#include "planner/logical_get.h"
#include "planner/logical_join.h"
#include "planner/logical_projection.h"
#include "planner/logical_sort.h"
#include "planner/logical_window.h"

namespace floe {

namespace {

// Adds `part` to what is needed of a column.
void Widen(ColumnNeed& need, const FieldSelection& part) {
  if (need) need->Merge(part);
  else need = part;
}

// The column `e` reads when it is a chain of struct field accesses on one (s.a.b), with the
// fields' positions from the column outwards in *path; else null.
const BoundExpression* FieldChainColumn(const BoundExpression& e, std::vector<size_t>* path) {
  if (e.kind == BoundExpressionKind::kColumnRef) return &e;
  const std::string* name = StructFieldName(e);
  if (!name || e.children[0]->type.id() != TypeId::kStruct) return nullptr;
  const BoundExpression* column = FieldChainColumn(*e.children[0], path);
  if (!column) return nullptr;
  const auto& fields = e.children[0]->type.fields();
  for (size_t f = 0; f < fields.size(); ++f) {
    if (EqualsIgnoreCase(fields[f].first, *name)) {
      path->push_back(f);
      return column;
    }
  }
  return nullptr;
}

// Adds what `e` reads of its input's columns to `needs`: a column read only through field
// accesses needs only those fields.
void Require(const BoundExpression& e, std::vector<ColumnNeed>& needs) {
  std::vector<size_t> path;
  // `s IS NULL` of a struct reads whether it is NULL, which any one of its fields tells
  bool null_test = (e.kind == BoundExpressionKind::kIsNull || e.kind == BoundExpressionKind::kIsNotNull) &&
                   e.children.size() == 1 && e.children[0]->type.id() == TypeId::kStruct;
  const BoundExpression* column = FieldChainColumn(null_test ? *e.children[0] : e, &path);
  if (column) {
    if (column->index >= needs.size()) return;
    FieldSelection selection;
    FieldSelection* at = &selection;
    for (size_t f : path) at = &at->fields[f];
    at->any = null_test;
    Widen(needs[column->index], selection);
    return;
  }
  for (const auto& child : e.children) Require(*child, needs);
}

void Remap(BoundExpression& e, const std::vector<int>& mapping) {
  e.VisitColumnRefs([&](BoundExpression& ref) { ref.index = static_cast<size_t>(mapping[ref.index]); });
}

std::vector<int> Identity(size_t n) {
  std::vector<int> m(n);
  for (size_t i = 0; i < n; ++i) m[i] = static_cast<int>(i);
  return m;
}

std::vector<ColumnNeed> All(size_t n) { return std::vector<ColumnNeed>(n, FieldSelection{}); }

}  // namespace

LogicalOperatorPtr ColumnPruning::Rewrite(LogicalOperatorPtr op) {
  Prune(*op, All(op->types.size()));
  return op;
}

std::vector<int> ColumnPruning::Prune(LogicalOperator& op, std::vector<ColumnNeed> required) {
  switch (op.type) {
    case LogicalOperatorType::kGet: {
      auto& get = static_cast<LogicalGet&>(op);
      for (const auto& f : get.filters) Require(*f, required);
      std::vector<int> mapping(op.types.size(), -1);
      std::vector<size_t> ids;
      std::vector<std::string> names;
      std::vector<LogicalType> types;
      std::vector<FieldSelection> fields;
      for (size_t i = 0; i < op.types.size(); ++i) {
        if (!required[i]) continue;
        mapping[i] = static_cast<int>(ids.size());
        ids.push_back(get.column_ids[i]);
        names.push_back(op.names[i]);
        types.push_back(op.types[i]);
        FieldSelection read = nested_ ? *required[i] : FieldSelection{};
        read.Resolve(op.types[i]);
        fields.push_back(std::move(read));
      }
      get.column_ids = std::move(ids);
      get.column_fields = std::move(fields);
      op.names = std::move(names);
      op.types = std::move(types);
      for (auto& f : get.filters) Remap(*f, mapping);
      return mapping;
    }
    case LogicalOperatorType::kFilter: {
      auto& filter = static_cast<LogicalFilter&>(op);
      for (const auto& c : filter.conjuncts) Require(*c, required);
      auto mapping = Prune(*op.children[0], required);
      for (auto& c : filter.conjuncts) Remap(*c, mapping);
      op.types = op.children[0]->types;
      op.names = op.children[0]->names;
      return mapping;
    }
    case LogicalOperatorType::kProjection: {
      auto& projection = static_cast<LogicalProjection&>(op);
      std::vector<int> mapping(op.types.size(), -1);
      std::vector<BoundExpressionPtr> kept;
      std::vector<std::string> names;
      std::vector<LogicalType> types;
      for (size_t i = 0; i < projection.expressions.size(); ++i) {
        if (!required[i]) continue;
        mapping[i] = static_cast<int>(kept.size());
        kept.push_back(std::move(projection.expressions[i]));
        names.push_back(op.names[i]);
        types.push_back(op.types[i]);
      }
      std::vector<ColumnNeed> child_required(op.children[0]->types.size());
      for (size_t i = 0, k = 0; i < required.size() && k < kept.size(); ++i) {
        if (!required[i]) continue;
        const BoundExpression& e = *kept[k++];
        // a column passed through needs of its input what is needed of it
        if (e.kind == BoundExpressionKind::kColumnRef && e.index < child_required.size()) {
          Widen(child_required[e.index], *required[i]);
        } else {
          Require(e, child_required);
        }
      }
      projection.expressions = std::move(kept);
      op.names = std::move(names);
      op.types = std::move(types);
      auto child_mapping = Prune(*op.children[0], child_required);
      for (auto& e : projection.expressions) Remap(*e, child_mapping);
      return mapping;
    }
    case LogicalOperatorType::kAggregate: {
      auto& agg = static_cast<LogicalAggregate&>(op);
      size_t groups = agg.groups.size();
      std::vector<int> mapping(op.types.size(), -1);
      std::vector<BoundAggregate> kept;
      std::vector<std::string> names(op.names.begin(), op.names.begin() + groups);
      std::vector<LogicalType> types(op.types.begin(), op.types.begin() + groups);
      for (size_t g = 0; g < groups; ++g) mapping[g] = static_cast<int>(g);
      for (size_t a = 0; a < agg.aggregates.size(); ++a) {
        if (!required[groups + a]) continue;
        mapping[groups + a] = static_cast<int>(groups + kept.size());
        kept.push_back(std::move(agg.aggregates[a]));
        names.push_back(op.names[groups + a]);
        types.push_back(op.types[groups + a]);
      }
      size_t old_aggs = agg.aggregates.size();
      agg.aggregates = std::move(kept);
      if (!agg.grouping_sets.empty()) {
        mapping[groups + old_aggs] = static_cast<int>(types.size());
        names.push_back(op.names.back());
        types.push_back(op.types.back());
      }
      op.names = std::move(names);
      op.types = std::move(types);
      std::vector<ColumnNeed> child_required(op.children[0]->types.size());
      for (const auto& g : agg.groups) Require(*g, child_required);
      for (const auto& a : agg.aggregates) {
        for (const auto& arg : a.args) Require(*arg, child_required);
        if (a.filter) Require(*a.filter, child_required);
      }
      auto child_mapping = Prune(*op.children[0], child_required);
      for (auto& g : agg.groups) Remap(*g, child_mapping);
      for (auto& a : agg.aggregates) {
        for (auto& arg : a.args) Remap(*arg, child_mapping);
        if (a.filter) Remap(*a.filter, child_mapping);
      }
      return mapping;
    }
    case LogicalOperatorType::kJoin: {
      auto& join = static_cast<LogicalJoin&>(op);
      size_t left_width = op.children[0]->types.size();
      size_t right_width = op.children[1]->types.size();
      std::vector<ColumnNeed> left_required(left_width), right_required(right_width);
      for (size_t i = 0; i < required.size(); ++i) {
        if (i < left_width) left_required[i] = required[i];
        else right_required[i - left_width] = required[i];
      }
      for (const auto& k : join.left_keys) Require(*k, left_required);
      for (const auto& k : join.right_keys) Require(*k, right_required);
      if (join.residual) {
        std::vector<ColumnNeed> both(left_width + right_width);
        Require(*join.residual, both);
        for (size_t i = 0; i < both.size(); ++i) {
          if (both[i]) Widen(i < left_width ? left_required[i] : right_required[i - left_width], *both[i]);
        }
      }
      auto left_mapping = Prune(*op.children[0], left_required);
      auto right_mapping = Prune(*op.children[1], right_required);
      size_t new_left = op.children[0]->types.size();
      for (auto& k : join.left_keys) Remap(*k, left_mapping);
      for (auto& k : join.right_keys) Remap(*k, right_mapping);
      std::vector<int> combined(left_width + right_width, -1);
      for (size_t i = 0; i < left_width; ++i) combined[i] = left_mapping[i];
      for (size_t i = 0; i < right_width; ++i) {
        combined[left_width + i] = right_mapping[i] < 0 ? -1 : static_cast<int>(new_left) + right_mapping[i];
      }
      if (join.residual) Remap(*join.residual, combined);
      bool semi_like = join.join_type == JoinType::kSemi || join.join_type == JoinType::kAnti;
      op.types = op.children[0]->types;
      op.names = op.children[0]->names;
      if (!semi_like) {
        op.types.insert(op.types.end(), op.children[1]->types.begin(), op.children[1]->types.end());
        op.names.insert(op.names.end(), op.children[1]->names.begin(), op.children[1]->names.end());
        return combined;
      }
      return left_mapping;
    }
    case LogicalOperatorType::kSort: {
      auto& sort = static_cast<LogicalSort&>(op);
      for (const auto& o : sort.orders) Require(*o.expression, required);
      auto mapping = Prune(*op.children[0], required);
      for (auto& o : sort.orders) Remap(*o.expression, mapping);
      op.types = op.children[0]->types;
      op.names = op.children[0]->names;
      return mapping;
    }
    case LogicalOperatorType::kLimit: {
      auto mapping = Prune(*op.children[0], required);
      op.types = op.children[0]->types;
      op.names = op.children[0]->names;
      return mapping;
    }
    case LogicalOperatorType::kWindow: {
      auto& window = static_cast<LogicalWindow&>(op);
      size_t input = op.children[0]->types.size();
      std::vector<ColumnNeed> child_required(required.begin(), required.begin() + static_cast<std::ptrdiff_t>(input));
      for (const auto& f : window.functions) {
        for (const auto& a : f.args) Require(*a, child_required);
        for (const auto& a : f.aggregate.args) Require(*a, child_required);
        if (f.aggregate.filter) Require(*f.aggregate.filter, child_required);
        for (const auto& p : f.partitions) Require(*p, child_required);
        for (const auto& o : f.orders) Require(*o.expression, child_required);
      }
      auto child_mapping = Prune(*op.children[0], child_required);
      for (auto& f : window.functions) {
        for (auto& a : f.args) Remap(*a, child_mapping);
        for (auto& a : f.aggregate.args) Remap(*a, child_mapping);
        if (f.aggregate.filter) Remap(*f.aggregate.filter, child_mapping);
        for (auto& p : f.partitions) Remap(*p, child_mapping);
        for (auto& o : f.orders) Remap(*o.expression, child_mapping);
      }
      size_t new_input = op.children[0]->types.size();
      std::vector<int> mapping(op.types.size(), -1);
      for (size_t i = 0; i < input; ++i) mapping[i] = child_mapping[i];
      for (size_t f = 0; f < window.functions.size(); ++f) {
        mapping[input + f] = static_cast<int>(new_input + f);
      }
      std::vector<LogicalType> types = op.children[0]->types;
      std::vector<std::string> names = op.children[0]->names;
      for (size_t f = 0; f < window.functions.size(); ++f) {
        types.push_back(op.types[input + f]);
        names.push_back(op.names[input + f]);
      }
      op.types = std::move(types);
      op.names = std::move(names);
      return mapping;
    }
    case LogicalOperatorType::kGenerate: {
      // the generated columns are kept; the input's as required, and the argument's
      auto& generate = static_cast<LogicalGenerate&>(op);
      size_t input = op.children[0]->types.size();
      std::vector<ColumnNeed> child_required(required.begin(), required.begin() + static_cast<std::ptrdiff_t>(input));
      Require(*generate.argument, child_required);
      auto child_mapping = Prune(*op.children[0], child_required);
      Remap(*generate.argument, child_mapping);
      size_t new_input = op.children[0]->types.size();
      std::vector<int> mapping(op.types.size(), -1);
      for (size_t i = 0; i < input; ++i) mapping[i] = child_mapping[i];
      std::vector<LogicalType> types = op.children[0]->types;
      std::vector<std::string> names = op.children[0]->names;
      for (size_t g = input; g < op.types.size(); ++g) {
        mapping[g] = static_cast<int>(new_input + (g - input));
        types.push_back(op.types[g]);
        names.push_back(op.names[g]);
      }
      op.types = std::move(types);
      op.names = std::move(names);
      return mapping;
    }
    case LogicalOperatorType::kSetOperation: {
      // Every column takes part in DISTINCT / INTERSECT / EXCEPT: keep them all.
      for (auto& child : op.children) Prune(*child, All(child->types.size()));
      return Identity(op.types.size());
    }
    case LogicalOperatorType::kValues:
    case LogicalOperatorType::kDelete:
      return Identity(op.types.size());
    case LogicalOperatorType::kInsert:
    case LogicalOperatorType::kCopyToFile:
      // A write needs every column of its query.
      Prune(*op.children[0], All(op.children[0]->types.size()));
      return Identity(op.types.size());
  }
  return Identity(op.types.size());
}

}  // namespace floe
