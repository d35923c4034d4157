#include "optimizer/rules/build_side.h"

#include <algorithm>

#include "optimizer/rules/dynamic_partition_pruning.h"
#include "optimizer/statistics/statistics_estimator.h"
#include "planner/logical_get.h"
#include "planner/logical_join.h"
#include "planner/logical_projection.h"

namespace floe {

namespace {

// Swaps a join's sides (children, keys, the residual's columns), keeping its type; returns
// a projection over it that restores the column order the join had.
LogicalOperatorPtr SwapSides(LogicalOperatorPtr op) {
  auto& join = static_cast<LogicalJoin&>(*op);
  size_t left_width = join.children[0]->types.size();
  size_t right_width = join.children[1]->types.size();
  std::vector<std::string> names = join.names;
  std::vector<LogicalType> types = join.types;
  std::swap(join.children[0], join.children[1]);
  std::swap(join.left_keys, join.right_keys);
  if (join.residual) {
    // over left ++ right before, right ++ left now
    join.residual->VisitColumnRefs([&](BoundExpression& e) {
      e.index = e.index < left_width ? e.index + right_width : e.index - left_width;
    });
  }
  join.names.clear();
  join.types.clear();
  for (const auto& c : join.children) {
    join.names.insert(join.names.end(), c->names.begin(), c->names.end());
    join.types.insert(join.types.end(), c->types.begin(), c->types.end());
  }
  auto project = std::make_unique<LogicalProjection>();
  project->names = names;
  project->types = types;
  for (size_t column = 0; column < types.size(); ++column) {
    size_t now = column < left_width ? column + right_width : column - left_width;
    project->expressions.push_back(BoundExpression::ColumnRef(now, types[column], names[column]));
  }
  project->children.push_back(std::move(op));
  return project;
}

using PrunedScans = std::unordered_map<const LogicalGet*, std::vector<const LogicalOperator*>>;

bool Contains(const LogicalOperator& root, const LogicalOperator* op) {
  return &root == op ||
         std::any_of(root.children.begin(), root.children.end(), [&](const auto& c) { return Contains(*c, op); });
}

// Returns true when the subtree `op` (of `join`) holds a scan of `scans` that a join enclosing
// `join` prunes.
bool HoldsScanPrunedAbove(const LogicalOperator& op, const PrunedScans& scans, const LogicalOperator& join) {
  if (op.type == LogicalOperatorType::kGet) {
    auto it = scans.find(static_cast<const LogicalGet*>(&op));
    if (it != scans.end() &&
        std::any_of(it->second.begin(), it->second.end(), [&](auto* j) { return !Contains(join, j); })) {
      return true;
    }
  }
  return std::any_of(op.children.begin(), op.children.end(),
                     [&](const auto& c) { return HoldsScanPrunedAbove(*c, scans, join); });
}

// Adds the scans each join's dynamic partition pruning would reach to `out`.
void CollectPrunedScans(LogicalOperator& op, PrunedScans* out) {
  for (auto& c : op.children) CollectPrunedScans(*c, out);
  if (op.type != LogicalOperatorType::kJoin) return;
  for (const LogicalGet* get : DynamicPartitionPruning::PrunedScans(static_cast<LogicalJoin&>(op))) {
    (*out)[get].push_back(&op);
  }
}

}  // namespace

LogicalOperatorPtr BuildSide::Rewrite(LogicalOperatorPtr op) {
  pruned_scans_.clear();
  CollectPrunedScans(*op, &pruned_scans_);
  return RewriteJoins(std::move(op));
}

LogicalOperatorPtr BuildSide::RewriteJoins(LogicalOperatorPtr op) {
  for (auto& c : op->children) c = RewriteJoins(std::move(c));
  if (op->type != LogicalOperatorType::kJoin) return op;
  auto& join = static_cast<LogicalJoin&>(*op);
  if (join.left_keys.empty() || !join.runtime_filters.empty()) return op;
  // `dim LEFT JOIN fact` is `fact RIGHT JOIN dim`: written so, the fact is on the probe side,
  // where dynamic partition pruning reaches it (Spark's canPruneRight(LeftOuter)), and the
  // dimension builds; kept as written when that would not prune
  // (not a MERGE's: its target stays the probe side, whatever its source holds)
  if (join.join_type == JoinType::kLeft && !join.null_aware && !join.row_level_target) {
    join.join_type = JoinType::kRight;
    std::swap(join.children[0], join.children[1]);
    std::swap(join.left_keys, join.right_keys);
    bool prunes = DynamicPartitionPruning::Applies(join);
    std::swap(join.children[0], join.children[1]);
    std::swap(join.left_keys, join.right_keys);
    if (!prunes) {
      join.join_type = JoinType::kLeft;
      return op;
    }
    return SwapSides(std::move(op));
  }
  // why: only an inner join builds either side alike; outer, semi and anti joins keep
  // the side their semantics need, and a nested-loop join (no keys) has no build side
  if (join.join_type != JoinType::kInner) return op;
  // a BROADCAST hint names the side to build, whatever the sizes (Spark's JoinSelection)
  const LogicalOperator* left_hint = HintedRelation(*join.children[0]);
  const LogicalOperator* right_hint = HintedRelation(*join.children[1]);
  bool broadcast_left = left_hint && left_hint->join_hint == "BROADCAST";
  bool broadcast_right = right_hint && right_hint->join_hint == "BROADCAST";
  if (broadcast_right) return op;
  if (!broadcast_left) {
    // floe's estimates: the tables' row counts carried up where no table has statistics, the
    // filters' estimated selectivity and the keys' distinct counts where ANALYZE TABLE stored them
    StatisticsEstimator estimator(TableStatisticsView::kFloe);
    std::optional<double> left = estimator.Estimate(*join.children[0]).row_count;
    std::optional<double> right = estimator.Estimate(*join.children[1]).row_count;
    if (!left || !right || *left >= *right) return op;
    // why: a build side of up to kKeepForPruningRows costs little to build and, when it lets
    // dynamic partition pruning skip the probe side's files, more than it costs
    if (*right <= kKeepForPruningRows && DynamicPartitionPruning::Applies(join)) return op;
    // why: swapped, a scan an enclosing join prunes would build before that join's keys exist
    if (HoldsScanPrunedAbove(*join.children[0], pruned_scans_, join)) return op;
  }
  return SwapSides(std::move(op));
}

}  // namespace floe
