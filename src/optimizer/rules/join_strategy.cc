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
  if (threshold_ < 0) {
    join.not_broadcast = "spark.sql.autoBroadcastJoinThreshold = -1";
    return;
  }
  join.broadcast_ruled_out = false;
  std::optional<double> bytes = EstimateBytes(*join.children[1], cbo_);
  if (!bytes) {
    join.not_broadcast = "the build side's size is unknown";
    return;
  }
  if (*bytes > static_cast<double>(threshold_)) {
    join.not_broadcast = "the build side's estimated " + SizeText(*bytes) +
                         " exceeds spark.sql.autoBroadcastJoinThreshold (" + SizeText(threshold_) + ")";
    return;
  }
  join.broadcast = true;
}

}  // namespace floe
