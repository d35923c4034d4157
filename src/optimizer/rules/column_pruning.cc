#include "optimizer/rules/column_pruning.h"

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

void Require(const BoundExpression& e, std::vector<bool>& required) {
  for (size_t index : e.ReferencedColumns()) {
    if (index < required.size()) required[index] = true;
  }
}

void Remap(BoundExpression& e, const std::vector<int>& mapping) {
  e.VisitColumnRefs([&](BoundExpression& ref) { ref.index = static_cast<size_t>(mapping[ref.index]); });
}

std::vector<int> Identity(size_t n) {
  std::vector<int> m(n);
  for (size_t i = 0; i < n; ++i) m[i] = static_cast<int>(i);
  return m;
}

}  // namespace

LogicalOperatorPtr ColumnPruning::Rewrite(LogicalOperatorPtr op) {
  Prune(*op, std::vector<bool>(op->types.size(), true));
  return op;
}

std::vector<int> ColumnPruning::Prune(LogicalOperator& op, std::vector<bool> required) {
  switch (op.type) {
    case LogicalOperatorType::kGet: {
      auto& get = static_cast<LogicalGet&>(op);
      for (const auto& f : get.filters) Require(*f, required);
      std::vector<int> mapping(op.types.size(), -1);
      std::vector<size_t> ids;
      std::vector<std::string> names;
      std::vector<LogicalType> types;
      for (size_t i = 0; i < op.types.size(); ++i) {
        if (!required[i]) continue;
        mapping[i] = static_cast<int>(ids.size());
        ids.push_back(get.column_ids[i]);
        names.push_back(op.names[i]);
        types.push_back(op.types[i]);
      }
      get.column_ids = std::move(ids);
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
      projection.expressions = std::move(kept);
      op.names = std::move(names);
      op.types = std::move(types);
      std::vector<bool> child_required(op.children[0]->types.size(), false);
      for (const auto& e : projection.expressions) Require(*e, child_required);
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
      std::vector<bool> child_required(op.children[0]->types.size(), false);
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
      std::vector<bool> left_required(left_width, false), right_required(right_width, false);
      for (size_t i = 0; i < required.size(); ++i) {
        if (!required[i]) continue;
        if (i < left_width) left_required[i] = true;
        else right_required[i - left_width] = true;
      }
      for (const auto& k : join.left_keys) Require(*k, left_required);
      for (const auto& k : join.right_keys) Require(*k, right_required);
      if (join.residual) {
        for (size_t index : join.residual->ReferencedColumns()) {
          if (index < left_width) left_required[index] = true;
          else right_required[index - left_width] = true;
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
      std::vector<bool> child_required(input, false);
      for (size_t i = 0; i < input; ++i) child_required[i] = required[i];
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
      std::vector<bool> child_required(required.begin(), required.begin() + static_cast<std::ptrdiff_t>(input));
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
      for (auto& child : op.children) Prune(*child, std::vector<bool>(child->types.size(), true));
      return Identity(op.types.size());
    }
    case LogicalOperatorType::kValues:
    case LogicalOperatorType::kDelete:
      return Identity(op.types.size());
    case LogicalOperatorType::kInsert:
    case LogicalOperatorType::kCopyToFile:
      // A write needs every column of its query.
      Prune(*op.children[0], std::vector<bool>(op.children[0]->types.size(), true));
      return Identity(op.types.size());
  }
  return Identity(op.types.size());
}

}  // namespace floe
