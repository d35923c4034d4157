#include "optimizer/rules/join_strategy.h"

#include <cstdio>

#include "optimizer/statistics/statistics_estimator.h"
#include "planner/logical_join.h"

namespace floe {


std::string JoinStrategy::SizeText(double bytes) {
  char buf[48];
  if (bytes < (1 << 20)) {
    std::snprintf(buf, sizeof(buf), "%.0f bytes", bytes);
  } else {
    std::snprintf(buf, sizeof(buf), "%.1f MB", bytes / (1 << 20));
  }
  return buf;
}

std::optional<double> JoinStrategy::EstimateBytes(const LogicalOperator& op, bool cbo) {
  if (cbo) return StatisticsEstimator(TableStatisticsView::kSparkIceberg).Estimate(op).size_in_bytes;
  return StatisticsEstimator::SizeOnly(op).size_in_bytes;
}

LogicalOperatorPtr JoinStrategy::Rewrite(LogicalOperatorPtr op) {
  Visit(*op);
  return op;
}

void JoinStrategy::Visit(LogicalOperator& op) {
  for (auto& c : op.children) Visit(*c);
  if (op.type == LogicalOperatorType::kJoin) Choose(static_cast<LogicalJoin&>(op));
}

void JoinStrategy::Choose(LogicalJoin& join) const {
  ChooseBroadcast(join);
  join.spark_builds_left = false;
  join.spark_operator = join.broadcast ? "BroadcastHashJoin" : NotBroadcastOperator(join);
}

std::string JoinStrategy::NotBroadcastOperator(LogicalJoin& join) const {
  const LogicalOperator* left = HintedRelation(*join.children[0]);
  const LogicalOperator* right = HintedRelation(*join.children[1]);
  auto hinted = [&](const char* hint) {
    return (left && left->join_hint == hint) || (right && right->join_hint == hint);
  };
  // a right outer join keeps its right side, but Spark may broadcast its left one
  // (canBuildBroadcastLeft(RightOuter)): named by a BROADCAST hint, or without hints by size
  if (join.join_type == JoinType::kRight) {
    std::optional<double> l = EstimateBytes(*join.children[0], options_.cbo);
    bool by_size = !left && !right && options_.broadcast_threshold >= 0 && l &&
                   *l <= static_cast<double>(options_.broadcast_threshold);
    if ((left && left->join_hint == "BROADCAST") || by_size) {
      join.spark_builds_left = true;
      return "BroadcastHashJoin";
    }
  }
  // JoinSelection with hints: MERGE, then SHUFFLE_HASH, then SHUFFLE_REPLICATE_NL (inner only)
  if (hinted("MERGE")) return "SortMergeJoin";
  if (hinted("SHUFFLE_HASH")) return "ShuffledHashJoin";
  if (hinted("SHUFFLE_REPLICATE_NL") && join.join_type == JoinType::kInner) return "CartesianProduct";
  // createShuffleHashJoin without hints: only when sort-merge joins are not preferred, and a
  // side canBuildLocalHashMapBySize (under the threshold times the shuffle partitions) and is
  // muchSmaller (3 times) than the other; an unknown size is Long.MaxValue
  if (!options_.prefer_sort_merge_join) {
    std::optional<double> l = EstimateBytes(*join.children[0], options_.cbo);
    std::optional<double> r = EstimateBytes(*join.children[1], options_.cbo);
    double local = static_cast<double>(options_.broadcast_threshold) * static_cast<double>(options_.shuffle_partitions);
    auto can_build = [&](const std::optional<double>& side, const std::optional<double>& other) {
      return side && *side < local && (!other || *side * 3 <= *other);
    };
    JoinType type = join.join_type;
    bool build_right = type != JoinType::kRight && can_build(r, l);
    bool build_left = (type == JoinType::kInner || type == JoinType::kRight || type == JoinType::kFull) &&
                      can_build(l, r);
    // getBuildSide: the only side that qualifies, else the smaller (the right on a tie)
    join.spark_builds_left = build_left && (!build_right || (r && l && *r > *l));
    if (build_right || build_left) return "ShuffledHashJoin";
  }
  return "SortMergeJoin";
}

void JoinStrategy::ChooseBroadcast(LogicalJoin& join) const {
  const LogicalOperator* left = HintedRelation(*join.children[0]);
  const LogicalOperator* right = HintedRelation(*join.children[1]);
  join.hints.clear();
  for (const LogicalOperator* side : {left, right}) {
    if (side) join.hints += (join.hints.empty() ? "" : ", ") + side->join_hint_text;
  }
  join.broadcast = false;
  join.broadcast_ruled_out = false;
  join.not_broadcast.clear();
  if (join.left_keys.empty()) {
    join.not_broadcast = "a join without equality keys";
    return;
  }
  // Spark's canBuildBroadcastRight: a right or full outer join keeps every row of its right
  // side, which cannot then be the one broadcast
  if (join.join_type == JoinType::kRight || join.join_type == JoinType::kFull) {
    join.not_broadcast = std::string("a ") + JoinTypeName(join.join_type) + " join cannot broadcast its right side";
    return;
  }
  // Spark's precedence: BROADCAST, then MERGE, SHUFFLE_HASH, SHUFFLE_REPLICATE_NL, then size
  if (right && right->join_hint == "BROADCAST") {
    join.broadcast = true;
    return;
  }
  join.broadcast_ruled_out = true;
  if (left && left->join_hint == "BROADCAST") {
    join.not_broadcast = "the hint " + left->join_hint_text + " broadcasts the other side";
    return;
  }
  for (const LogicalOperator* side : {left, right}) {
    if (side) {
      join.not_broadcast = "the hint " + side->join_hint_text + " asks for another join strategy";
      return;
    }
  }
  int64_t threshold = options_.broadcast_threshold;
  if (threshold < 0) {
    join.not_broadcast = "spark.sql.autoBroadcastJoinThreshold = -1";
    return;
  }
  join.broadcast_ruled_out = false;
  std::optional<double> bytes = EstimateBytes(*join.children[1], options_.cbo);
  if (!bytes) {
    join.not_broadcast = "the build side's size is unknown";
    return;
  }
  if (*bytes > static_cast<double>(threshold)) {
    join.not_broadcast = "the build side's estimated " + SizeText(*bytes) +
                         " exceeds spark.sql.autoBroadcastJoinThreshold (" + SizeText(threshold) + ")";
    return;
  }
  join.broadcast = true;
}

}  // namespace floe
