#include "execution/physical_planner.h"

#include "common/exception.h"
#include "execution/operators/physical_copy_to_file.h"
#include "execution/operators/physical_delete.h"
#include "execution/operators/physical_filter.h"
#include "execution/operators/physical_generate.h"
#include "execution/operators/physical_hash_aggregate.h"
#include "execution/operators/physical_hash_join.h"
#include "execution/operators/physical_insert.h"
#include "execution/operators/physical_limit.h"
#include "execution/operators/physical_nested_loop_join.h"
#include "execution/operators/physical_order.h"
#include "execution/operators/physical_replicate_rows.h"
#include "execution/operators/physical_table_scan.h"
#include "execution/operators/physical_union.h"
#include "execution/operators/physical_values.h"
#include "execution/operators/physical_window.h"
#include "function/function_registry.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_copy_to_file.h"
#include "planner/logical_delete.h"
#include "planner/logical_filter.h"
#include "planner/logical_generate.h"
#include "planner/logical_get.h"
#include "planner/logical_insert.h"
#include "planner/logical_join.h"
#include "planner/logical_limit.h"
#include "planner/logical_projection.h"
#include "planner/logical_set_operation.h"
#include "planner/logical_sort.h"
#include "planner/logical_values.h"
#include "planner/logical_window.h"

namespace floe {

namespace {

BoundExpressionPtr Conjunction(std::vector<BoundExpressionPtr> conjuncts) {
  if (conjuncts.size() == 1) return std::move(conjuncts[0]);
  auto node = std::make_unique<BoundExpression>();
  node->kind = BoundExpressionKind::kAnd;
  node->type = TypeId::kBoolean;
  for (auto& c : conjuncts) {
    node->text += (node->text.empty() ? "" : " AND ") + c->text;
    node->children.push_back(std::move(c));
  }
  return node;
}

// Returns whether two bound expressions are the same computation (a filter and its copy
// pushed into a scan): same kinds, types, columns, constants, functions and texts.
bool SameExpression(const BoundExpression& a, const BoundExpression& b) {
  if (a.kind != b.kind || !(a.type == b.type) || a.text != b.text || a.try_cast != b.try_cast ||
      a.has_else != b.has_else || a.negated != b.negated || a.function != b.function || a.subquery != b.subquery ||
      a.insert_column != b.insert_column ||
      a.children.size() != b.children.size()) {
    return false;
  }
  if (a.index != b.index || !(a.constant == b.constant)) return false;
  for (size_t i = 0; i < a.children.size(); ++i) {
    if (!SameExpression(*a.children[i], *b.children[i])) return false;
  }
  return true;
}

}  // namespace

PhysicalOperatorPtr PhysicalPlanner::Plan(LogicalOperator& op) {
  std::vector<std::shared_ptr<BoundSubquery>> subqueries = op.Subqueries();
  PhysicalOperatorPtr planned = PlanOperator(op);
  for (const auto& subquery : subqueries) planned->AddSubquery(PlanSubquery(subquery));
  return planned;
}

std::shared_ptr<PhysicalSubquery> PhysicalPlanner::PlanSubquery(const std::shared_ptr<BoundSubquery>& subquery) {
  auto found = subqueries_->find(subquery.get());
  if (found != subqueries_->end()) return found->second;
  if (!subquery->plan) throw InternalError(subquery->Name() + " has no plan");
  // why: its own planner, as its runtime filter ids were given by its own optimization
  PhysicalPlanner inner;
  inner.subqueries_ = subqueries_;
  auto planned = std::make_shared<PhysicalSubquery>(subquery, inner.Plan(*subquery->plan));
  (*subqueries_)[subquery.get()] = planned;
  return planned;
}

PhysicalOperatorPtr PhysicalPlanner::PlanOperator(LogicalOperator& op) {
  switch (op.type) {
    case LogicalOperatorType::kGet: {
      auto& get = static_cast<LogicalGet&>(op);
      auto scan = std::make_unique<PhysicalTableScan>(get.source, get.column_ids, std::move(get.filters),
                                                      get.types, get.names);
      for (auto& r : get.runtime_filters) {
        scan->AddRuntimeFilter(RuntimeFilterSlotFor(r.id), std::move(r.probe_key));
      }
      scan->SetDynamicPruningNotes(get.dynamic_pruning_notes);
      scan->SetSwitchedOffRuntimeFilters(get.switched_off_runtime_filters);
      scan->SetColumnFields(get.column_fields);
      return scan;
    }
    case LogicalOperatorType::kValues: {
      auto& values = static_cast<LogicalValues&>(op);
      return std::make_unique<PhysicalValues>(values.types, std::move(values.rows));
    }
    case LogicalOperatorType::kFilter: {
      auto& filter = static_cast<LogicalFilter&>(op);
      // Directly above a scan, a conjunct equal to one of the scan's filters need not be
      // evaluated on batches the scan proved it for (PhysicalFilter).
      std::vector<int> scan_filters;
      bool over_scan = op.children[0]->type == LogicalOperatorType::kGet;
      if (over_scan) {
        const auto& get = static_cast<const LogicalGet&>(*op.children[0]);
        for (const auto& c : filter.conjuncts) {
          int found = -1;
          for (size_t j = 0; j < get.filters.size() && j < 64 && found < 0; ++j) {
            if (SameExpression(*c, *get.filters[j])) found = static_cast<int>(j);
          }
          scan_filters.push_back(found);
        }
      }
      auto result = std::make_unique<PhysicalFilter>(op.types, Conjunction(std::move(filter.conjuncts)));
      if (over_scan) result->SetScanFilters(std::move(scan_filters));
      result->AddChild(Plan(*op.children[0]));
      return result;
    }
    case LogicalOperatorType::kProjection: {
      auto& projection = static_cast<LogicalProjection&>(op);
      auto result = std::make_unique<PhysicalProjection>(op.types, std::move(projection.expressions));
      result->AddChild(Plan(*op.children[0]));
      return result;
    }
    case LogicalOperatorType::kAggregate: {
      auto& agg = static_cast<LogicalAggregate&>(op);
      auto result = std::make_unique<PhysicalHashAggregate>(op.types, std::move(agg.groups),
                                                            std::move(agg.aggregates),
                                                            std::move(agg.grouping_sets));
      result->AddChild(Plan(*op.children[0]));
      return result;
    }
    case LogicalOperatorType::kJoin: return PlanJoin(static_cast<LogicalJoin&>(op));
    case LogicalOperatorType::kSort: {
      auto& sort = static_cast<LogicalSort&>(op);
      auto result = std::make_unique<PhysicalOrder>(op.types, std::move(sort.orders));
      result->AddChild(Plan(*op.children[0]));
      return result;
    }
    case LogicalOperatorType::kLimit: {
      auto& limit = static_cast<LogicalLimit&>(op);
      // ORDER BY + LIMIT is a top-N.
      if (op.children[0]->type == LogicalOperatorType::kSort && limit.limit) {
        auto& sort = static_cast<LogicalSort&>(*op.children[0]);
        std::vector<std::shared_ptr<BoundSubquery>> subqueries = sort.Subqueries();
        auto result = std::make_unique<PhysicalOrder>(op.types, std::move(sort.orders), limit.limit,
                                                      limit.offset);
        for (const auto& subquery : subqueries) result->AddSubquery(PlanSubquery(subquery));
        result->AddChild(Plan(*sort.children[0]));
        return result;
      }
      auto result = std::make_unique<PhysicalLimit>(op.types, limit.limit, limit.offset);
      result->AddChild(Plan(*op.children[0]));
      return result;
    }
    case LogicalOperatorType::kSetOperation:
      return PlanSetOperation(static_cast<LogicalSetOperation&>(op));
    case LogicalOperatorType::kWindow: {
      auto& window = static_cast<LogicalWindow&>(op);
      auto result = std::make_unique<PhysicalWindow>(op.types, std::move(window.functions));
      result->AddChild(Plan(*op.children[0]));
      return result;
    }
    case LogicalOperatorType::kGenerate: {
      auto& generate = static_cast<LogicalGenerate&>(op);
      auto result = std::make_unique<PhysicalGenerate>(op.types, std::move(generate.argument), generate.kind,
                                                       generate.outer, generate.text);
      result->AddChild(Plan(*op.children[0]));
      return result;
    }
    case LogicalOperatorType::kCopyToFile: {
      auto& copy = static_cast<LogicalCopyToFile&>(op);
      auto result = std::make_unique<PhysicalCopyToFile>(op.children[0]->types, copy.column_names, copy.path,
                                                         copy.options);
      result->AddChild(Plan(*op.children[0]));
      return result;
    }
    case LogicalOperatorType::kDelete: {
      auto& del = static_cast<LogicalDelete&>(op);
      return std::make_unique<PhysicalDelete>(del.target, std::move(del.condition));
    }
    case LogicalOperatorType::kInsert: {
      auto& insert = static_cast<LogicalInsert&>(op);
      auto result = std::make_unique<PhysicalInsert>(insert.sink, insert.mode);
      result->AddChild(Plan(*op.children[0]));
      return result;
    }
  }
  throw InternalError("cannot plan logical operator");
}

PhysicalOperatorPtr PhysicalPlanner::PlanJoin(LogicalJoin& join) {
  auto left = Plan(*join.children[0]);
  auto right = Plan(*join.children[1]);
  PhysicalOperatorPtr result;
  if (!join.left_keys.empty()) {
    auto hash_join = std::make_unique<PhysicalHashJoin>(join.types, join.join_type, std::move(join.left_keys),
                                                        std::move(join.right_keys), std::move(join.residual),
                                                        join.null_aware);
    for (const auto& [id, key_index] : join.runtime_filters) {
      hash_join->PublishKeysTo(key_index, RuntimeFilterSlotFor(id));
    }
    hash_join->SetStrategy(join.spark_operator, join.hints, join.spark_builds_left);
    result = std::move(hash_join);
  } else {
    JoinType type = join.join_type == JoinType::kCross ? JoinType::kInner : join.join_type;
    result = std::make_unique<PhysicalNestedLoopJoin>(join.types, type, std::move(join.residual));
  }
  result->AddChild(std::move(left));
  result->AddChild(std::move(right));
  return result;
}

std::shared_ptr<RuntimeFilterSlot> PhysicalPlanner::RuntimeFilterSlotFor(int id) {
  auto& slot = runtime_filter_slots_[id];
  if (!slot) slot = std::make_shared<RuntimeFilterSlot>(id);
  return slot;
}

PhysicalOperatorPtr PhysicalPlanner::PlanSetOperation(LogicalSetOperation& op) {
  auto left = Plan(*op.children[0]);
  auto right = Plan(*op.children[1]);
  auto distinct = [&](PhysicalOperatorPtr input) -> PhysicalOperatorPtr {
    std::vector<BoundExpressionPtr> groups;
    for (size_t i = 0; i < op.types.size(); ++i) {
      groups.push_back(BoundExpression::ColumnRef(i, op.types[i], op.names[i]));
    }
    auto agg = std::make_unique<PhysicalHashAggregate>(op.types, std::move(groups),
                                                       std::vector<BoundAggregate>{},
                                                       std::vector<std::vector<size_t>>{});
    agg->AddChild(std::move(input));
    return agg;
  };
  if (op.set_type == SetOperationType::kUnion) {
    auto u = std::make_unique<PhysicalUnion>(op.types);
    u->AddChild(std::move(left));
    u->AddChild(std::move(right));
    if (op.all) return u;
    return distinct(std::move(u));
  }
  if (op.all) return PlanSetOperationAll(op, std::move(left), std::move(right));
  // INTERSECT / EXCEPT: the distinct left rows with (or without) an equal right row,
  // NULL equal to NULL as set operations compare.
  std::vector<BoundExpressionPtr> left_keys, right_keys;
  for (size_t i = 0; i < op.types.size(); ++i) {
    left_keys.push_back(BoundExpression::ColumnRef(i, op.types[i], op.names[i]));
    right_keys.push_back(BoundExpression::ColumnRef(i, op.types[i], op.names[i]));
  }
  auto join_type = op.set_type == SetOperationType::kIntersect ? JoinType::kSemi : JoinType::kAnti;
  auto join = std::make_unique<PhysicalHashJoin>(op.types, join_type, std::move(left_keys),
                                                 std::move(right_keys), nullptr, false);
  join->SetNullsEqual(true);
  join->AddChild(distinct(std::move(left)));
  join->AddChild(std::move(right));
  return join;
}

// INTERSECT ALL / EXCEPT ALL as Spark rewrites them: tag each side's rows, count the rows
// of each distinct value per side (NULLs group together, so they compare equal), then
// replicate each value min(m, n) or max(m - n, 0) times.
//   ReplicateRows(min | difference)
//     HashAggregate(keys: columns; count(l), count(r))
//       Union(Project(columns, true AS l, NULL AS r) <- left,
//             Project(columns, NULL AS l, true AS r) <- right)
PhysicalOperatorPtr PhysicalPlanner::PlanSetOperationAll(LogicalSetOperation& op, PhysicalOperatorPtr left,
                                                         PhysicalOperatorPtr right) {
  std::vector<LogicalType> tagged_types = op.types;
  tagged_types.push_back(TypeId::kBoolean);
  tagged_types.push_back(TypeId::kBoolean);
  auto tag = [&](PhysicalOperatorPtr input, bool is_left) -> PhysicalOperatorPtr {
    std::vector<BoundExpressionPtr> expressions;
    for (size_t i = 0; i < op.types.size(); ++i) {
      expressions.push_back(BoundExpression::ColumnRef(i, op.types[i], op.names[i]));
    }
    auto marker = [](bool present) {
      auto c = BoundExpression::MakeConstant(present ? Value::Boolean(true) : Value::Null(TypeId::kBoolean));
      c->type = TypeId::kBoolean;
      return c;
    };
    expressions.push_back(marker(is_left));
    expressions.push_back(marker(!is_left));
    auto projection = std::make_unique<PhysicalProjection>(tagged_types, std::move(expressions));
    projection->AddChild(std::move(input));
    return projection;
  };
  auto tagged = std::make_unique<PhysicalUnion>(tagged_types);
  tagged->AddChild(tag(std::move(left), true));
  tagged->AddChild(tag(std::move(right), false));

  const AggregateBinder* count = FunctionRegistry::BuiltIn().FindAggregate("count");
  if (!count) throw InternalError("the count aggregate is not registered");
  std::vector<BoundExpressionPtr> groups;
  for (size_t i = 0; i < op.types.size(); ++i) {
    groups.push_back(BoundExpression::ColumnRef(i, op.types[i], op.names[i]));
  }
  std::vector<BoundAggregate> aggregates;
  std::vector<LogicalType> counted_types = op.types;
  for (size_t side = 0; side < 2; ++side) {
    BoundAggregate a;
    a.function = std::make_shared<BoundAggregateFunction>((*count)({TypeId::kBoolean}, false));
    a.args.push_back(BoundExpression::ColumnRef(op.types.size() + side, TypeId::kBoolean,
                                                side == 0 ? "l" : "r"));
    a.text = side == 0 ? "count(l)" : "count(r)";
    counted_types.push_back(a.function->return_type);
    aggregates.push_back(std::move(a));
  }
  if (counted_types.back().id() != TypeId::kInt64) throw InternalError("count() must return bigint");
  auto counted = std::make_unique<PhysicalHashAggregate>(counted_types, std::move(groups),
                                                         std::move(aggregates),
                                                         std::vector<std::vector<size_t>>{});
  counted->AddChild(std::move(tagged));
  auto replicate = std::make_unique<PhysicalReplicateRows>(
      op.types, op.set_type == SetOperationType::kIntersect ? ReplicateCount::kMinimum
                                                           : ReplicateCount::kDifference);
  replicate->AddChild(std::move(counted));
  return replicate;
}

}  // namespace floe
