#include "optimizer/statistics/statistics_estimator.h"

#include <algorithm>
#include <cmath>

#include "optimizer/statistics/filter_estimation.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_filter.h"
#include "planner/logical_get.h"
#include "planner/logical_join.h"
#include "planner/logical_limit.h"
#include "planner/logical_projection.h"
#include "planner/logical_set_operation.h"
#include "planner/logical_values.h"

namespace floe {

namespace {

double RowWidth(const std::vector<LogicalType>& types) {
  double width = 8;  // Spark's EstimationUtils.getSizePerRow: a row's overhead
  for (const auto& t : types) width += SparkDefaultSize(t);
  return width;
}

// SizeInBytesOnlyStatsPlanVisitor.visitUnaryNode: the input's size scaled by the row widths,
// no row count
PlanStatistics UnarySize(const LogicalOperator& op, const PlanStatistics& child) {
  PlanStatistics out;
  if (child.size_in_bytes) {
    out.size_in_bytes = std::max(1.0, std::floor(*child.size_in_bytes * RowWidth(op.types) /
                                                 RowWidth(op.children[0]->types)));
  }
  return out;
}

// EstimationUtils.nullColumnStat: a column of only NULLs
ColumnStat NullColumnStat(const LogicalType& type, double rows) {
  ColumnStat stat;
  stat.distinct_count = 0;
  stat.null_count = rows;
  stat.avg_len = stat.max_len = SparkDefaultSize(type);
  return stat;
}

// ColumnStat.updateCountStats: counts scaled down with the rows
ColumnStat UpdateCountStats(ColumnStat stat, double old_rows, double new_rows) {
  stat.distinct_count = UpdateStat(old_rows, new_rows, stat.distinct_count, stat.distinct_count);
  stat.null_count = UpdateStat(old_rows, new_rows, stat.null_count, stat.null_count);
  return stat;
}

// ValueInterval of a join key: strings have none (kAny), a column without min and max holds
// nothing (kNone)
struct ValueInterval {
  enum Kind { kAny, kNone, kNumeric } kind = kNone;
  double min = 0, max = 0;
};

ValueInterval IntervalOf(const ColumnStat& stat, const LogicalType& type) {
  if (type.IsStringLike()) return {ValueInterval::kAny};
  if (!stat.HasMinMaxStats()) return {ValueInterval::kNone};
  return {ValueInterval::kNumeric, *stat.min, *stat.max};
}

// A table scan's size and rows, as Iceberg's SparkScan estimates them: the rows it plans to read
// (with its pushed filters) times the read columns' default sizes (no row overhead).
PlanStatistics ScanSize(const LogicalGet& get) {
  PlanStatistics out;
  std::vector<const BoundExpression*> filters;
  for (const auto& f : get.filters) filters.push_back(f.get());
  std::optional<size_t> rows = get.source->EstimatedScanRows(get.column_ids, filters);
  if (!rows) return out;
  out.row_count = static_cast<double>(*rows);
  double width = 0;
  for (const auto& t : get.types) width += SparkDefaultSize(t);
  out.size_in_bytes = *out.row_count * width;
  return out;
}

// LocalRelation.computeStats: the rows times the row width; no row count
PlanStatistics ValuesSize(const LogicalValues& values) {
  PlanStatistics out;
  out.size_in_bytes = RowWidth(values.types) * static_cast<double>(values.rows.size());
  return out;
}

}  // namespace

std::vector<std::set<size_t>> DistinctKeys(const LogicalOperator& op) {
  switch (op.type) {
    case LogicalOperatorType::kAggregate: {
      const auto& aggregate = static_cast<const LogicalAggregate&>(op);
      if (!aggregate.grouping_sets.empty()) return {};
      std::set<size_t> groups;
      for (size_t i = 0; i < aggregate.groups.size(); ++i) groups.insert(i);
      return {groups};
    }
    case LogicalOperatorType::kFilter:
    case LogicalOperatorType::kSort:
    case LogicalOperatorType::kLimit: return DistinctKeys(*op.children[0]);
    case LogicalOperatorType::kProjection: {
      const auto& projection = static_cast<const LogicalProjection&>(op);
      std::vector<std::set<size_t>> out;
      for (const std::set<size_t>& keys : DistinctKeys(*op.children[0])) {
        std::set<size_t> mapped;
        for (size_t key : keys) {
          for (size_t i = 0; i < projection.expressions.size(); ++i) {
            const BoundExpression& e = *projection.expressions[i];
            if (e.kind == BoundExpressionKind::kColumnRef && e.index == key) {
              mapped.insert(i);
              break;
            }
          }
        }
        if (mapped.size() == keys.size()) out.push_back(std::move(mapped));
      }
      return out;
    }
    default: return {};
  }
}

PlanStatistics StatisticsEstimator::Get(const LogicalGet& get) const {
  PlanStatistics out = ScanSize(get);
  if (!out.row_count) return out;
  std::vector<std::optional<SourceColumnStatistics>> source = get.source->ColumnStatistics();
  if (source.empty()) return out;
  out.columns.resize(get.types.size());
  for (size_t i = 0; i < get.column_ids.size() && i < get.types.size(); ++i) {
    size_t id = get.column_ids[i];
    if (id >= source.size() || !source[id]) continue;
    const SourceColumnStatistics& s = *source[id];
    ColumnStat stat;
    stat.distinct_count = s.distinct_count;
    if (view_ == TableStatisticsView::kSparkIceberg) {
      if (s.stale_snapshot_id) continue;  // another snapshot's statistics file: not read
    } else {
      stat.null_count = s.null_count;
      if (HasNumericInterval(get.types[i])) {
        if (s.min) stat.min = SparkStatDouble(*s.min);
        if (s.max) stat.max = SparkStatDouble(*s.max);
      }
      stat.avg_len = s.avg_len;
      stat.max_len = s.max_len;
    }
    out.columns[i] = stat;
  }
  return out;
}

PlanStatistics StatisticsEstimator::Aggregate(const LogicalAggregate& aggregate, const PlanStatistics& child) const {
  // AggregateEstimation: the product of the groups' distinct counts (one more for NULL), at
  // most the input's rows; only when every group is a column with count statistics
  bool estimable = child.row_count && aggregate.grouping_sets.empty();
  for (const auto& g : aggregate.groups) {
    estimable = estimable && g->kind == BoundExpressionKind::kColumnRef && child.Column(g->index) &&
                child.Column(g->index)->HasCountStats();
  }
  bool grouped = !aggregate.groups.empty() || !aggregate.grouping_sets.empty();
  if (!estimable) {
    PlanStatistics out = SizeOnlyNode(aggregate, {child});
    if (grouped && view_ == TableStatisticsView::kFloe) out.row_count = child.row_count;  // at most its input's
    return out;
  }
  double rows = 1;
  for (const auto& g : aggregate.groups) {
    const ColumnStat& stat = *child.Column(g->index);
    rows *= *stat.distinct_count + (*stat.null_count > 0 ? 1 : 0);
  }
  if (!aggregate.groups.empty()) rows = std::min(rows, *child.row_count);
  PlanStatistics out;
  out.row_count = rows;
  out.columns.resize(aggregate.types.size());
  for (size_t i = 0; i < aggregate.groups.size(); ++i) out.columns[i] = *child.Column(aggregate.groups[i]->index);
  out.size_in_bytes = SparkOutputSize(aggregate.types, rows, out.columns);
  return out;
}

std::optional<PlanStatistics> StatisticsEstimator::Join(const LogicalJoin& join, const PlanStatistics& left,
                                                        const PlanStatistics& right) const {
  PlanStatistics out;
  if (join.join_type == JoinType::kSemi || join.join_type == JoinType::kAnti) {
    // LeftSemi / LeftAnti: the left side's statistics
    if (!left.row_count) return std::nullopt;
    out.row_count = left.row_count;
    out.columns = left.columns;
    out.columns.resize(join.types.size());
    out.size_in_bytes = SparkOutputSize(join.types, *out.row_count, out.columns);
    return out;
  }
  if (!left.row_count || !right.row_count) return std::nullopt;
  double left_rows = *left.row_count, right_rows = *right.row_count;
  size_t left_width = join.children[0]->types.size();
  std::vector<std::optional<ColumnStat>> input(join.types.size());
  for (size_t i = 0; i < input.size(); ++i) {
    input[i] = i < left_width ? (left.Column(i) ? std::optional<ColumnStat>(*left.Column(i)) : std::nullopt)
                              : (right.Column(i - left_width) ? std::optional<ColumnStat>(*right.Column(i - left_width))
                                                              : std::nullopt);
  }
  if (join.left_keys.empty()) {
    // no equality keys: a cartesian product
    out.row_count = left_rows * right_rows;
    out.columns = input;
    out.size_in_bytes = SparkOutputSize(join.types, *out.row_count, out.columns);
    return out;
  }
  // computeCardinalityAndStats: the most selective key pair by distinct counts; a side whose
  // keys are distinct joins each of the other side's rows at most once
  auto unique = [&](const LogicalOperator& side, const std::vector<BoundExpressionPtr>& keys) {
    std::set<size_t> columns;
    for (const auto& k : keys) {
      if (k->kind == BoundExpressionKind::kColumnRef) columns.insert(k->index);
    }
    for (const std::set<size_t>& distinct : DistinctKeys(side)) {
      if (std::includes(columns.begin(), columns.end(), distinct.begin(), distinct.end())) return true;
    }
    return false;
  };
  bool left_unique = unique(*join.children[0], join.left_keys);
  bool right_unique = unique(*join.children[1], join.right_keys);
  double card = left_unique && right_unique ? std::min(left_rows, right_rows)
                : left_unique                ? right_rows
                : right_unique               ? left_rows
                                             : left_rows * right_rows;
  std::vector<std::optional<ColumnStat>> key_stats(join.types.size());
  bool keys_estimated = false;
  for (size_t k = 0; k < join.left_keys.size() && card != 0; ++k) {
    const BoundExpression& lk = *join.left_keys[k];
    const BoundExpression& rk = *join.right_keys[k];
    if (lk.kind != BoundExpressionKind::kColumnRef || rk.kind != BoundExpressionKind::kColumnRef) continue;
    const ColumnStat* ls = left.Column(lk.index);
    const ColumnStat* rs = right.Column(rk.index);
    if (!ls || !rs || !ls->HasCountStats() || !rs->HasCountStats()) continue;
    keys_estimated = true;
    ValueInterval li = IntervalOf(*ls, lk.type), ri = IntervalOf(*rs, rk.type);
    bool intersected = li.kind == ValueInterval::kAny || ri.kind == ValueInterval::kAny ||
                       (li.kind == ValueInterval::kNumeric && ri.kind == ValueInterval::kNumeric && li.min <= ri.max &&
                        li.max >= ri.min);
    if (!intersected) {
      card = 0;  // disjoint keys: no row joins
      break;
    }
    // computeByNdv: T(A) x T(B) / max(V(A.k), V(B.k))
    ColumnStat joined;
    if (li.kind == ValueInterval::kNumeric && ri.kind == ValueInterval::kNumeric) {
      joined.min = std::max(li.min, ri.min);
      joined.max = std::min(li.max, ri.max);
    }
    joined.distinct_count = std::min(*ls->distinct_count, *rs->distinct_count);
    joined.null_count = 0;
    if (ls->max_len && rs->max_len) joined.max_len = std::min(*ls->max_len, *rs->max_len);
    if (ls->avg_len && rs->avg_len) joined.avg_len = std::floor((*ls->avg_len + *rs->avg_len) / 2);
    double by_ndv = SparkCeil(left_rows * right_rows / std::max(*ls->distinct_count, *rs->distinct_count));
    key_stats[lk.index] = joined;
    key_stats[left_width + rk.index] = joined;
    card = std::min(card, by_ndv);
  }
  if (view_ == TableStatisticsView::kFloe && !keys_estimated && !left_unique && !right_unique) {
    card = std::max(left_rows, right_rows);  // floe's: no key statistics, a fact joined to a dimension
  }
  double rows = card;
  switch (join.join_type) {
    case JoinType::kLeft: rows = std::max(left_rows, card); break;
    case JoinType::kRight: rows = std::max(right_rows, card); break;
    case JoinType::kFull: rows = std::max(left_rows, card) + std::max(right_rows, card) - card; break;
    default: break;
  }
  out.row_count = rows;
  out.columns.assign(join.types.size(), std::nullopt);
  auto from_left = [&](size_t i) { return i < left_width; };
  auto has_counts = [&](size_t i) { return input[i] && input[i]->HasCountStats(); };
  auto keep = [&](size_t i) { out.columns[i] = input[i]; };
  auto update = [&](size_t i) {
    out.columns[i] = key_stats[i] ? *key_stats[i]
                                  : UpdateCountStats(*input[i], from_left(i) ? left_rows : right_rows, rows);
  };
  if (rows == 0) {
    // empty: no column statistics
  } else if (card == 0) {
    // an outer join whose inner part is empty: the other side's columns are all NULL
    for (size_t i = 0; i < input.size(); ++i) {
      if (!has_counts(i)) continue;
      if (join.join_type == JoinType::kLeft) {
        from_left(i) ? keep(i) : void(out.columns[i] = NullColumnStat(join.types[i], left_rows));
      } else if (join.join_type == JoinType::kRight) {
        from_left(i) ? void(out.columns[i] = NullColumnStat(join.types[i], right_rows)) : keep(i);
      } else if (join.join_type == JoinType::kFull) {
        ColumnStat stat = *input[i];
        stat.null_count = *stat.null_count + (from_left(i) ? right_rows : left_rows);
        out.columns[i] = stat;
      }
    }
  } else if (card == left_rows * right_rows) {
    out.columns = input;  // a cartesian product keeps every value
  } else {
    for (size_t i = 0; i < input.size(); ++i) {
      if (join.join_type == JoinType::kFull) {
        keep(i);
      } else if (!has_counts(i)) {
        continue;
      } else if ((join.join_type == JoinType::kLeft && from_left(i)) ||
                 (join.join_type == JoinType::kRight && !from_left(i))) {
        keep(i);  // the preserved side's columns are as they were
      } else {
        update(i);
      }
    }
  }
  out.size_in_bytes = SparkOutputSize(join.types, rows, out.columns);
  return out;
}

PlanStatistics StatisticsEstimator::SizeOnly(const LogicalOperator& op) {
  std::vector<PlanStatistics> children;
  for (const auto& c : op.children) children.push_back(SizeOnly(*c));
  return SizeOnlyNode(op, children);
}

PlanStatistics StatisticsEstimator::SizeOnlyNode(const LogicalOperator& op,
                                                 const std::vector<PlanStatistics>& children) {
  switch (op.type) {
    case LogicalOperatorType::kGet: return ScanSize(static_cast<const LogicalGet&>(op));
    case LogicalOperatorType::kValues: return ValuesSize(static_cast<const LogicalValues&>(op));
    case LogicalOperatorType::kAggregate: {
      const auto& aggregate = static_cast<const LogicalAggregate&>(op);
      if (!aggregate.groups.empty() || !aggregate.grouping_sets.empty()) return UnarySize(op, children[0]);
      PlanStatistics one;
      one.row_count = 1;
      one.size_in_bytes = SparkOutputSize(op.types, 1, {});
      return one;
    }
    case LogicalOperatorType::kJoin: {
      const auto& join = static_cast<const LogicalJoin&>(op);
      if (join.join_type == JoinType::kSemi || join.join_type == JoinType::kAnti) {
        PlanStatistics left = children[0];  // never more than the left side
        left.columns.clear();
        return left;
      }
      PlanStatistics out;  // the product of the inputs' sizes
      if (children[0].size_in_bytes && children[1].size_in_bytes) {
        out.size_in_bytes = *children[0].size_in_bytes * *children[1].size_in_bytes;
      }
      return out;
    }
    case LogicalOperatorType::kLimit: {
      const auto& limit = static_cast<const LogicalLimit&>(op);
      if (!limit.limit) return children[0];
      // visitGlobalLimit: at most the limit's rows, sized by the input's columns, whose
      // statistics it does not keep (the distribution after a limit is unknown)
      PlanStatistics out;
      double most = static_cast<double>(*limit.limit);
      out.row_count = children[0].row_count ? std::min(*children[0].row_count, most) : most;
      out.size_in_bytes = SparkOutputSize(op.types, *out.row_count, children[0].columns);
      return out;
    }
    case LogicalOperatorType::kGenerate: {
      PlanStatistics out;
      out.size_in_bytes = children[0].size_in_bytes;
      return out;
    }
    case LogicalOperatorType::kFilter:
    case LogicalOperatorType::kProjection:
    case LogicalOperatorType::kSort:
    case LogicalOperatorType::kWindow: return UnarySize(op, children[0]);
    case LogicalOperatorType::kSetOperation: {
      const auto& set = static_cast<const LogicalSetOperation&>(op);
      const PlanStatistics& l = children[0];
      const PlanStatistics& r = children[1];
      PlanStatistics out;
      if (set.set_type == SetOperationType::kExcept) {
        out.size_in_bytes = l.size_in_bytes;
      } else if (l.size_in_bytes && r.size_in_bytes) {
        out.size_in_bytes = set.set_type == SetOperationType::kUnion ? *l.size_in_bytes + *r.size_in_bytes
                                                                     : std::min(*l.size_in_bytes, *r.size_in_bytes);
      }
      return out;
    }
    default: return PlanStatistics{};
  }
}

PlanStatistics StatisticsEstimator::Estimate(const LogicalOperator& op) const {
  std::vector<PlanStatistics> children;
  for (const auto& c : op.children) children.push_back(Estimate(*c));
  switch (op.type) {
    case LogicalOperatorType::kGet: return Get(static_cast<const LogicalGet&>(op));
    case LogicalOperatorType::kValues: {
      const auto& values = static_cast<const LogicalValues&>(op);
      PlanStatistics out = ValuesSize(values);
      if (view_ == TableStatisticsView::kFloe) out.row_count = static_cast<double>(values.rows.size());
      return out;
    }
    case LogicalOperatorType::kFilter: {
      std::vector<const BoundExpression*> conjuncts;
      for (const auto& c : static_cast<const LogicalFilter&>(op).conjuncts) conjuncts.push_back(c.get());
      FilterEstimation estimation(children[0], op.types, op.children[0]->type == LogicalOperatorType::kGet);
      if (std::optional<PlanStatistics> out = estimation.Estimate(conjuncts)) return *out;
      return SizeOnlyNode(op, children);
    }
    case LogicalOperatorType::kProjection: {
      // ProjectEstimation: columns and constants keep (or get) statistics
      const PlanStatistics& child = children[0];
      if (!child.row_count) return SizeOnlyNode(op, children);
      PlanStatistics out;
      out.row_count = child.row_count;
      const auto& projection = static_cast<const LogicalProjection&>(op);
      out.columns.resize(op.types.size());
      for (size_t i = 0; i < projection.expressions.size() && i < out.columns.size(); ++i) {
        const BoundExpression& e = *projection.expressions[i];
        if (e.kind == BoundExpressionKind::kColumnRef && child.Column(e.index)) {
          out.columns[i] = *child.Column(e.index);
        } else if (e.kind == BoundExpressionKind::kConstant) {
          ColumnStat stat;
          bool null = e.constant.is_null();
          stat.distinct_count = null ? 0 : 1;
          stat.null_count = null ? *child.row_count : 0;
          if (!null && HasNumericInterval(e.type)) stat.min = stat.max = SparkStatDouble(e.constant);
          stat.avg_len = stat.max_len = SparkDefaultSize(e.type);
          out.columns[i] = stat;
        }
      }
      out.size_in_bytes = SparkOutputSize(op.types, *out.row_count, out.columns);
      return out;
    }
    case LogicalOperatorType::kAggregate: return Aggregate(static_cast<const LogicalAggregate&>(op), children[0]);
    case LogicalOperatorType::kJoin: {
      const auto& join = static_cast<const LogicalJoin&>(op);
      if (std::optional<PlanStatistics> out = Join(join, children[0], children[1])) return *out;
      return SizeOnlyNode(op, children);
    }
    case LogicalOperatorType::kLimit: return SizeOnlyNode(op, children);
    case LogicalOperatorType::kSort:
    case LogicalOperatorType::kGenerate: {
      PlanStatistics out;  // default: the input's rows and size
      out.row_count = children[0].row_count;
      out.size_in_bytes = children[0].size_in_bytes;
      if (view_ == TableStatisticsView::kFloe && op.type == LogicalOperatorType::kGenerate) out.row_count.reset();
      return out;
    }
    case LogicalOperatorType::kWindow: {
      PlanStatistics out = SizeOnlyNode(op, children);
      if (view_ == TableStatisticsView::kFloe) out.row_count = children[0].row_count;
      return out;
    }
    case LogicalOperatorType::kSetOperation: {
      const auto& set = static_cast<const LogicalSetOperation&>(op);
      const PlanStatistics& l = children[0];
      const PlanStatistics& r = children[1];
      PlanStatistics out;
      if (set.set_type == SetOperationType::kUnion || view_ == TableStatisticsView::kFloe) {
        if (l.size_in_bytes && r.size_in_bytes) out.size_in_bytes = *l.size_in_bytes + *r.size_in_bytes;
        bool rows = set.all || view_ == TableStatisticsView::kFloe;
        if (rows && l.row_count && r.row_count) out.row_count = *l.row_count + *r.row_count;
      } else if (set.set_type == SetOperationType::kIntersect) {
        if (l.size_in_bytes && r.size_in_bytes) out.size_in_bytes = std::min(*l.size_in_bytes, *r.size_in_bytes);
      } else {
        out.size_in_bytes = l.size_in_bytes;
      }
      return out;
    }
    default: return PlanStatistics{};
  }
}

}  // namespace floe
