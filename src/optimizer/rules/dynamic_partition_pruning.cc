#include "optimizer/rules/dynamic_partition_pruning.h"

#include <algorithm>
#include <cstdio>
#include <functional>

#include "common/ascii_case.h"
#include "function/lossless_widening.h"
#include "optimizer/predicate_helper.h"
#include "optimizer/scan_chain.h"
#include "optimizer/rules/join_strategy.h"
#include "optimizer/statistics/statistics_estimator.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_filter.h"
#include "planner/logical_get.h"
#include "planner/logical_join.h"
#include "planner/logical_projection.h"

namespace floe {

namespace {

// Returns true for to_date(x) as the binder leaves it: to_date(CAST(x AS DATE)), an identity
// on the date (Spark's ToDate is that cast).
bool IsToDate(const BoundExpression& e) {
  return e.kind == BoundExpressionKind::kFunction && e.function && e.function->name == "to_date" &&
         e.children.size() == 1 && e.children[0]->type.id() == TypeId::kDate;
}

// Returns true for date_trunc('<unit>', x) with a constant unit: a step function of x whose
// each value is a range of x (the unit it starts), which the scan maps onto partitions.
bool IsDateTrunc(const BoundExpression& e) {
  return e.kind == BoundExpressionKind::kFunction && e.function && e.function->name == "date_trunc" &&
         e.children.size() == 2 && e.children[0]->kind == BoundExpressionKind::kConstant &&
         !e.children[0]->constant.is_null() && e.children[0]->type.id() == TypeId::kString;
}

// Returns the expression a key function reads its column through (a cast's or to_date's
// argument, date_trunc's timestamp), or null for anything else.
const BoundExpression* KeyArgument(const BoundExpression& e) {
  if (IsToDate(e)) return e.children[0].get();
  if (IsDateTrunc(e)) return e.children[1].get();
  if (e.kind == BoundExpressionKind::kCast && !e.try_cast && e.children.size() == 1) return e.children[0].get();
  return nullptr;
}

// The child of a key function (IsColumnOrCast) that leads to its column.
BoundExpressionPtr& ArgumentSlot(BoundExpression& e) { return IsDateTrunc(e) ? e.children[1] : e.children[0]; }

// Returns true for a column reference under zero or more casts (the key "through a cast"),
// to_date and date_trunc among them.
bool IsColumnOrCast(const BoundExpression& e) {
  if (e.kind == BoundExpressionKind::kColumnRef) return true;
  if (IsToDate(e)) return IsColumnOrCast(*e.children[0]);
  if (IsDateTrunc(e)) return IsColumnOrCast(*e.children[1]);
  return e.kind == BoundExpressionKind::kCast && !e.try_cast && e.children.size() == 1 && IsColumnOrCast(*e.children[0]);
}

// Replaces each column reference of `key` (over a projection's output) by the projected
// expression; returns false when the result is no longer a column under casts.
bool ThroughProjection(const LogicalProjection& projection, BoundExpressionPtr& key) {
  if (key->kind == BoundExpressionKind::kColumnRef) {
    if (key->index >= projection.expressions.size()) return false;
    key = projection.expressions[key->index]->Copy();
    return IsColumnOrCast(*key);
  }
  return ThroughProjection(projection, ArgumentSlot(*key));
}

// Returns true when every conjunct of the filter is deterministic: a non-deterministic one
// (rand() > 0.5) would see other rows once the rows below it are pruned (Spark's
// findExpressionAndTrackLineageDown stops at it too).
bool IsDeterministicFilter(const LogicalFilter& filter) {
  return std::all_of(filter.conjuncts.begin(), filter.conjuncts.end(),
                     [](const auto& c) { return c->IsDeterministic(); });
}

// Rewrites `key` (over an aggregate's output) over the aggregate's input when it reads one
// group column (a group's rows all share its key), keeping the casts above it; returns false
// for anything else (with grouping sets a group column is NULL in the sets without it).
bool ThroughAggregate(const LogicalAggregate& aggregate, BoundExpressionPtr& key) {
  auto refs = key->ReferencedColumns();
  if (refs.size() != 1 || refs[0] >= aggregate.groups.size() || !aggregate.grouping_sets.empty()) return false;
  BoundExpressionPtr group = aggregate.groups[refs[0]]->Copy();
  if (!IsColumnOrCast(*group)) return false;
  BoundExpressionPtr* at = &key;
  while ((*at)->kind != BoundExpressionKind::kColumnRef) at = &ArgumentSlot(**at);
  *at = std::move(group);
  return IsColumnOrCast(*key);
}

// A scan a join key reaches, and the key over that scan's output.
struct KeyScan {
  LogicalGet* get;
  BoundExpressionPtr key;
};

// Follows `key` (over op's output) down the probe side to the scans producing its column,
// appending each with the key rewritten over its output: through filters, projections,
// probe sides of joins, GROUP BY on the key (a group's rows all share its key), and every
// branch of a UNION / INTERSECT / EXCEPT (filtering each by the key's set keeps the rows
// whose key the join keeps). Nothing for a column from anything else.
void TraceToScans(LogicalOperator& op, BoundExpressionPtr key, std::vector<KeyScan>* out) {
  switch (op.type) {
    case LogicalOperatorType::kGet: out->push_back({&static_cast<LogicalGet&>(op), std::move(key)}); return;
    case LogicalOperatorType::kFilter:
      if (!IsDeterministicFilter(static_cast<const LogicalFilter&>(op))) return;
      TraceToScans(*op.children[0], std::move(key), out);
      return;
    case LogicalOperatorType::kProjection:
      if (!ThroughProjection(static_cast<LogicalProjection&>(op), key)) return;
      TraceToScans(*op.children[0], std::move(key), out);
      return;
    case LogicalOperatorType::kAggregate:
      if (!ThroughAggregate(static_cast<const LogicalAggregate&>(op), key)) return;
      TraceToScans(*op.children[0], std::move(key), out);
      return;
    case LogicalOperatorType::kSetOperation:
      for (auto& child : op.children) TraceToScans(*child, key->Copy(), out);
      return;
    case LogicalOperatorType::kJoin: {
      // why: only the probe side (left) runs after the join's build; the build side may
      // not yet be known when another build side is
      size_t left_width = op.children[0]->types.size();
      auto refs = key->ReferencedColumns();
      if (refs.size() != 1 || refs[0] >= left_width) return;
      const auto& join = static_cast<const LogicalJoin&>(op);
      if (join.left_keys.empty()) return;  // why: a nested-loop join has no build/probe order here
      TraceToScans(*op.children[0], std::move(key), out);
      return;
    }
    default: return;  // why: limits and windows change which rows a column holds
  }
}

// The first scan `key` reaches (TraceToScans), with key rewritten over it; nullptr if none.
LogicalGet* TraceToScan(LogicalOperator& op, BoundExpressionPtr& key) {
  std::vector<KeyScan> scans;
  TraceToScans(op, key->Copy(), &scans);
  if (scans.empty()) return nullptr;
  key = std::move(scans[0].key);
  return scans[0].get;
}

// The strongest filter the build side of a join has: none, only IS NOT NULL (which keeps
// nearly every key), one Spark does not count as likely selective (a boolean column, a
// function), or one it does (Spark's hasSelectivePredicate).
enum class BuildFilter { kNone, kOnlyNotNull, kNotLikelySelective, kSelective };

BuildFilter FilterOf(const LogicalOperator& op) {
  BuildFilter found = BuildFilter::kNone;
  const std::vector<BoundExpressionPtr>* conjuncts = nullptr;
  if (op.type == LogicalOperatorType::kFilter) conjuncts = &static_cast<const LogicalFilter&>(op).conjuncts;
  if (op.type == LogicalOperatorType::kGet) conjuncts = &static_cast<const LogicalGet&>(op).filters;
  if (conjuncts) {
    for (const auto& c : *conjuncts) {
      if (IsLikelySelective(*c)) return BuildFilter::kSelective;
      found = std::max(found, c->kind == BoundExpressionKind::kIsNotNull ? BuildFilter::kOnlyNotNull
                                                                          : BuildFilter::kNotLikelySelective);
    }
  }
  for (const auto& c : op.children) found = std::max(found, FilterOf(*c));
  return found;
}

// Returns true when the subtree filters rows by more than IS NOT NULL. floe prunes after a
// filter Spark does not count as likely selective too (a boolean column often is), and says
// so; IS NOT NULL alone keeps nearly every key.
bool HasSelectiveFilter(const LogicalOperator& op) { return FilterOf(op) >= BuildFilter::kNotLikelySelective; }

// Returns true when the scan can map build keys for `key` onto partitions: the column
// itself, a cast that widens it losslessly (the casts the scan's filter conversion sees
// through), the day of a timestamp, an integer as text, a date as its midnight's instant.
bool MapsIntoPartitionSpace(const BoundExpression& key) {
  if (key.kind == BoundExpressionKind::kColumnRef) return true;
  if (IsToDate(key)) return MapsIntoPartitionSpace(*key.children[0]);
  // date_trunc('month', ts): each key is the range of instants of its unit (in the session
  // zone for TIMESTAMP), which the scan projects onto the table's transforms
  if (IsDateTrunc(key)) {
    // the units the scan's filter conversion maps (as IcebergFilterConverter's UnitOf)
    static const char* const kUnits[] = {"YEAR", "YYYY", "YY", "MONTH", "MM", "MON", "DAY", "DD", "HOUR"};
    std::string unit = ToUpper(key.children[0]->constant.str());
    bool known = std::any_of(std::begin(kUnits), std::end(kUnits), [&](const char* u) { return unit == u; });
    TypeId ts = key.children[1]->type.id();
    return known && key.children[1]->kind == BoundExpressionKind::kColumnRef &&
           (ts == TypeId::kTimestamp || ts == TypeId::kTimestampNtz) && key.type.id() == ts;
  }
  if (key.kind != BoundExpressionKind::kCast || key.try_cast || key.children.size() != 1 ||
      key.children[0]->kind != BoundExpressionKind::kColumnRef) {
    return false;
  }
  // the day of a timestamp (in the session zone for TIMESTAMP): each key is a range of
  // instants, which the scan projects onto the table's time transforms
  TypeId from = key.children[0]->type.id();
  if (key.type.id() == TypeId::kDate && (from == TypeId::kTimestamp || from == TypeId::kTimestampNtz)) return true;
  // an integer as text: each key that is how an integer prints is that integer; no other
  // string equals any integer's text
  if (key.type.id() == TypeId::kString && key.children[0]->type.IsInteger()) return true;
  // a date as the instant of its midnight: each key that is a midnight is that date
  if ((key.type.id() == TypeId::kTimestamp || key.type.id() == TypeId::kTimestampNtz) && from == TypeId::kDate) {
    return true;
  }
  return IsLosslessWidening(key.children[0]->type, key.type);
}

bool IsPartitionColumn(const LogicalGet& get, const BoundExpression& key) {
  auto refs = key.ReferencedColumns();
  if (refs.size() != 1 || refs[0] >= get.column_ids.size()) return false;
  const std::string& name = get.source->names()[get.column_ids[refs[0]]];
  auto partition_columns = get.source->PartitionColumns();
  return std::find(partition_columns.begin(), partition_columns.end(), name) != partition_columns.end();
}

// Returns true for a constant, or a scalar subquery: one value, known when the scan starts.
bool IsOneValue(const BoundExpression& e) {
  return e.kind == BoundExpressionKind::kConstant ||
         (e.kind == BoundExpressionKind::kSubquery && e.subquery->kind == BoundSubquery::Kind::kScalar);
}

// Returns true when the scan already has a static `column = constant` filter on the key's
// column (or `column = scalar subquery`): one partition at most, which the runtime filter
// cannot narrow further.
bool HasStaticEquality(const LogicalGet& get, const BoundExpression& key) {
  auto refs = key.ReferencedColumns();
  for (const auto& f : get.filters) {
    // `=` or `<=>` (Spark's CleanupDynamicPruningFilters removes DPP after either)
    if (f->kind != BoundExpressionKind::kFunction || !f->function ||
        (f->function->name != "=" && f->function->name != "<=>") || f->children.size() != 2) {
      continue;
    }
    const BoundExpression* a = f->children[0].get();
    const BoundExpression* b = f->children[1].get();
    if (IsOneValue(*a)) std::swap(a, b);
    // why: date_trunc('month', ts) = X holds for a month of ts, not one value
    bool one_value_of_column = IsColumnOrCast(*a);
    for (const BoundExpression* e = a; one_value_of_column && e->kind != BoundExpressionKind::kColumnRef;
         e = KeyArgument(*e)) {
      one_value_of_column = !IsDateTrunc(*e);
    }
    if (IsOneValue(*b) && one_value_of_column && a->ReferencedColumns() == refs) return true;
  }
  return false;
}

// Returns the scans whose partition columns the keys of `join` (over its left side) reach,
// where the scan maps the build keys onto partitions.
std::vector<LogicalGet*> PartitionScansOfProbeKeys(LogicalJoin& join) {
  std::vector<LogicalGet*> out;
  for (const auto& left_key : join.left_keys) {
    BoundExpressionPtr key = left_key->Copy();
    if (!IsColumnOrCast(*key)) continue;
    std::vector<KeyScan> scans;
    TraceToScans(*join.children[0], std::move(key), &scans);
    for (const KeyScan& scan : scans) {
      if (scan.get->source->PrunesPartitionsAtRunTime() && IsPartitionColumn(*scan.get, *scan.key) &&
          MapsIntoPartitionSpace(*scan.key) && !HasStaticEquality(*scan.get, *scan.key)) {
        out.push_back(scan.get);
      }
    }
  }
  return out;
}

// Returns true when a key of `join` reaches a partition column of a scan that maps the build
// keys onto partitions, as Applies asks before the filter check.
bool ProbeKeyPrunesPartitions(LogicalJoin& join) { return !PartitionScansOfProbeKeys(join).empty(); }

// Why Spark has no broadcast of the join's build side to reuse for its dynamic pruning.
std::string WhyNoBroadcastReuse(const LogicalJoin& join) {
  return join.broadcast ? "its broadcast is not reused (spark.sql.exchange.reuse = false)"
                        : "the build side is not broadcast (" + join.not_broadcast + ")";
}

// Subtracts `shift` from every column reference of `e`.
void ShiftColumns(BoundExpression& e, size_t shift) {
  e.VisitColumnRefs([shift](BoundExpression& c) { c.index -= shift; });
}

// A snowflake written left-deep - (fact JOIN store ON fact.store_id = store.store_id) JOIN
// region ON store.region_id = region.region_id WHERE region.name = 'X' - has its filter on
// a join the fact is not in, so no filter reaches the fact's join. Joined as
// fact JOIN (store JOIN region), the store keys that survive the region's filter prune
// the fact's partitions. The columns keep their order (fact, store, region), and inner
// joins are associative, so the rows are the same. Rewritten only where that enables
// pruning: the fact's key reaches a partition column, the outer join's left keys read the
// store alone, the region side has a filter and the store side has none.
LogicalOperatorPtr ChainDimensions(LogicalOperatorPtr op, const JoinStrategy& strategy) {
  for (auto& c : op->children) c = ChainDimensions(std::move(c), strategy);
  if (op->type != LogicalOperatorType::kJoin) return op;
  auto& outer = static_cast<LogicalJoin&>(*op);
  if (outer.join_type != JoinType::kInner || outer.left_keys.empty() || outer.row_level_target || outer.null_aware ||
      outer.children[0]->type != LogicalOperatorType::kJoin) {
    return op;
  }
  auto& inner = static_cast<LogicalJoin&>(*outer.children[0]);
  if (inner.join_type != JoinType::kInner || inner.left_keys.empty() || inner.row_level_target || inner.null_aware) {
    return op;
  }
  size_t fact_width = inner.children[0]->types.size();
  auto reads_fact = [&](const BoundExpression& e) {
    for (size_t c : e.ReferencedColumns()) {
      if (c < fact_width) return true;
    }
    return false;
  };
  for (const auto& k : outer.left_keys) {
    if (reads_fact(*k)) return op;
  }
  // why: a residual would be evaluated on store-region pairs the fact never meets (an error
  // or a non-deterministic value the written plan would not see); a join hint names a
  // relation of the written plan, which regrouping would take from its join
  if (outer.residual || !outer.hints.empty() || !inner.hints.empty()) return op;
  if (!HasSelectiveFilter(*outer.children[1]) || HasSelectiveFilter(*inner.children[1]) ||
      !ProbeKeyPrunesPartitions(inner)) {
    return op;
  }
  // the chain: store JOIN region, with the outer join's keys
  auto chain = std::make_unique<LogicalJoin>();
  chain->join_type = JoinType::kInner;
  for (auto& k : outer.left_keys) {
    ShiftColumns(*k, fact_width);
    chain->left_keys.push_back(std::move(k));
  }
  chain->right_keys = std::move(outer.right_keys);
  chain->types.assign(outer.types.begin() + static_cast<std::ptrdiff_t>(fact_width), outer.types.end());
  chain->names.assign(outer.names.begin() + static_cast<std::ptrdiff_t>(fact_width), outer.names.end());
  chain->children.push_back(std::move(inner.children[1]));
  chain->children.push_back(std::move(outer.children[1]));
  // the fact's join takes the chain as its build side and the outer join's output
  LogicalOperatorPtr top = std::move(outer.children[0]);
  top->types = outer.types;
  top->names = outer.names;
  top->children[1] = std::move(chain);
  // why: both joins have new build sides (the fact's now builds on the chain), so Spark's
  // choice of strategy, and the notes that follow from it, are made again
  strategy.Choose(static_cast<LogicalJoin&>(*top->children[1]));
  strategy.Choose(static_cast<LogicalJoin&>(*top));
  return top;
}

// Returns a copy of a dimension - a scan under filters and projections whose expressions are
// deterministic and read no subquery - or null for anything else (which is not copied: it may
// be costly to run twice, or give other rows the second time).
LogicalOperatorPtr CopyDimension(LogicalOperator& op) {
  bool copyable = true;
  std::function<void(LogicalOperator&)> check = [&](LogicalOperator& node) {
    node.VisitExpressions(
        [&](BoundExpressionPtr& e) { copyable = copyable && e->IsDeterministic() && !e->HasSubquery(); });
    for (auto& c : node.children) check(*c);
  };
  check(op);
  return copyable ? CopyScanChain(op) : nullptr;
}

// Follows a join's probe key (over op's output) down to the build side of an inner join
// below, through operators that keep each row's key and drop rows only with their key:
// deterministic filters, projections, GROUP BY on the key (a group's rows all share it) and
// the probe sides of inner, left outer, semi and anti joins. Returns that join and the key
// over its build side, or null.
LogicalJoin* TraceToBuildSide(LogicalOperator& op, BoundExpressionPtr& key) {
  switch (op.type) {
    case LogicalOperatorType::kFilter:
      if (!IsDeterministicFilter(static_cast<const LogicalFilter&>(op))) return nullptr;
      return TraceToBuildSide(*op.children[0], key);
    case LogicalOperatorType::kProjection:
      if (!ThroughProjection(static_cast<LogicalProjection&>(op), key)) return nullptr;
      return TraceToBuildSide(*op.children[0], key);
    case LogicalOperatorType::kAggregate:
      if (!ThroughAggregate(static_cast<const LogicalAggregate&>(op), key)) return nullptr;
      return TraceToBuildSide(*op.children[0], key);
    case LogicalOperatorType::kJoin: {
      auto& join = static_cast<LogicalJoin&>(op);
      auto refs = key->ReferencedColumns();
      size_t left_width = join.children[0]->types.size();
      if (refs.size() != 1 || join.null_aware || join.row_level_target) return nullptr;
      if (refs[0] < left_width) {
        // why: a right or full outer join adds rows with a NULL key for the ones removed
        bool keeps_keys = join.join_type == JoinType::kInner || join.join_type == JoinType::kLeft ||
                          join.join_type == JoinType::kSemi || join.join_type == JoinType::kAnti;
        return keeps_keys ? TraceToBuildSide(*op.children[0], key) : nullptr;
      }
      if (join.join_type != JoinType::kInner || join.left_keys.empty()) return nullptr;
      ShiftColumns(*key, left_width);
      return &join;
    }
    default: return nullptr;
  }
}

// A key that reaches a fact through a dimension the fact is joined to before an aggregate -
// TPC-DS q59: (SELECT d_week_seq, sum(..) FROM store_sales JOIN date_dim ON d_date_sk =
// ss_sold_date_sk GROUP BY d_week_seq, ..) w JOIN date_dim d ON d.d_week_seq = w.d_week_seq
// WHERE d.d_month_seq BETWEEN 1212 AND 1223 - cannot regroup the joins (ChainDimensions) across
// the aggregate. The inner date_dim is reduced instead to the rows whose key the outer join
// keeps: date_dim LEFT SEMI JOIN (a copy of the filtered side) ON d_week_seq, whose surviving
// d_date_sk then prune store_sales. Exact: a row of the inner dimension whose key the outer
// join's filtered side lacks only makes rows (whole groups) with that key, which the outer
// join drops. Rewritten only where that enables pruning (the inner join's probe key reaches a
// partition column, its build side has no filter) and the filtered side is a scan under
// filters and projections (it runs twice).
LogicalOperatorPtr ReduceBuildSides(LogicalOperatorPtr op, const JoinStrategy& strategy) {
  for (auto& c : op->children) c = ReduceBuildSides(std::move(c), strategy);
  if (op->type != LogicalOperatorType::kJoin) return op;
  auto& outer = static_cast<LogicalJoin&>(*op);
  if ((outer.join_type != JoinType::kInner && outer.join_type != JoinType::kSemi &&
       outer.join_type != JoinType::kRight) ||
      outer.null_aware || outer.row_level_target || !HasSelectiveFilter(*outer.children[1])) {
    return op;
  }
  // the keys that land on each inner join's build side
  std::vector<std::pair<LogicalJoin*, std::vector<std::pair<BoundExpressionPtr, size_t>>>> landings;
  for (size_t k = 0; k < outer.left_keys.size(); ++k) {
    BoundExpressionPtr key = outer.left_keys[k]->Copy();
    if (!IsColumnOrCast(*key) || outer.right_keys[k]->HasSubquery()) continue;
    LogicalJoin* inner = TraceToBuildSide(*outer.children[0], key);
    if (!inner || HasSelectiveFilter(*inner->children[1]) || !ProbeKeyPrunesPartitions(*inner)) continue;
    auto it = std::find_if(landings.begin(), landings.end(), [&](const auto& l) { return l.first == inner; });
    if (it == landings.end()) {
      landings.emplace_back(inner, std::vector<std::pair<BoundExpressionPtr, size_t>>{});
      it = landings.end() - 1;
    }
    it->second.emplace_back(std::move(key), k);
  }
  for (auto& [inner, keys] : landings) {
    LogicalOperatorPtr filtered = CopyDimension(*outer.children[1]);
    if (!filtered) return op;
    auto semi = std::make_unique<LogicalJoin>();
    semi->join_type = JoinType::kSemi;
    std::string key_names;
    for (auto& [key, k] : keys) {
      key_names += (key_names.empty() ? "" : ", ") + key->text;
      semi->left_keys.push_back(std::move(key));
      semi->right_keys.push_back(outer.right_keys[k]->Copy());
    }
    semi->types = inner->children[1]->types;
    semi->names = inner->children[1]->names;
    semi->children.push_back(std::move(inner->children[1]));
    semi->children.push_back(std::move(filtered));
    strategy.Choose(*semi);
    inner->children[1] = std::move(semi);
    // why: the inner join's build side is now the semi join, whose size Spark's choice reads
    strategy.Choose(*inner);
    for (LogicalGet* get : PartitionScansOfProbeKeys(*inner)) {
      get->dynamic_pruning_notes.push_back(
          "the other side of its join is reduced to the keys a join above it keeps (" + key_names +
          " semi join with that join's filtered side; floe's own, Spark plans no such filter)");
    }
  }
  return op;
}

}  // namespace

bool DynamicPartitionPruning::Applies(LogicalJoin& join) { return !PrunedScans(join).empty(); }

std::vector<const LogicalGet*> DynamicPartitionPruning::PrunedScans(LogicalJoin& join) {
  if (join.join_type != JoinType::kInner && join.join_type != JoinType::kSemi && join.join_type != JoinType::kRight) {
    return {};
  }
  if (join.null_aware || (!join.row_level_target && !HasSelectiveFilter(*join.children[1]))) return {};
  std::vector<LogicalGet*> scans = PartitionScansOfProbeKeys(join);
  return {scans.begin(), scans.end()};
}

bool DynamicPartitionPruning::SparkPlansSubquery(LogicalJoin& join, size_t k, LogicalGet* get,
                                                 const BoundExpression& key,
                                                 const std::function<void(const std::string&)>& note) {
  // pruningHasBenefit: the filter ratio times the pruned scan's size against the other side's
  // scans' sizes; an unknown size is Spark's defaultSizeInBytes (too large to count). The ratio
  // is fallbackFilterRatio, or with CBO and useStats 1 - the other side's distinct keys over the
  // scan's, where both are known and the scan's are more.
  std::string no_benefit;
  std::optional<bool> benefit;
  auto has_benefit = [&] {
    if (benefit) return *benefit;
    benefit = true;
    std::optional<double> pruned = JoinStrategy::EstimateBytes(*get, options_.join_strategy.cbo);
    double overhead = 0;
    bool overhead_known = true;
    std::function<void(const LogicalOperator&)> leaves = [&](const LogicalOperator& op) {
      if (!op.children.empty()) {
        for (const auto& c : op.children) leaves(*c);
        return;
      }
      std::optional<double> bytes = JoinStrategy::EstimateBytes(op, options_.join_strategy.cbo);
      overhead_known = overhead_known && bytes.has_value();
      if (bytes) overhead += *bytes;
    };
    leaves(*join.children[1]);
    char ratio_text[64];
    std::snprintf(ratio_text, sizeof(ratio_text), "%g", options_.fallback_filter_ratio);
    double ratio = options_.fallback_filter_ratio;
    std::string ratio_source = "spark.sql.optimizer.dynamicPartitionPruning.fallbackFilterRatio";
    std::vector<size_t> part_refs = key.ReferencedColumns();
    std::vector<size_t> other_refs = join.right_keys[k]->ReferencedColumns();
    if (options_.join_strategy.cbo && options_.use_stats && part_refs.size() == 1 && other_refs.size() == 1) {
      StatisticsEstimator estimator(TableStatisticsView::kSparkIceberg);
      PlanStatistics part = estimator.Estimate(*get);
      PlanStatistics other = estimator.Estimate(*join.children[1]);
      const ColumnStat* part_column = part.Column(part_refs[0]);
      const ColumnStat* other_column = other.Column(other_refs[0]);
      if (part_column && part_column->distinct_count && *part_column->distinct_count > 0 && other_column &&
          other_column->distinct_count && *other_column->distinct_count < *part_column->distinct_count) {
        ratio = 1 - *other_column->distinct_count / *part_column->distinct_count;
        std::snprintf(ratio_text, sizeof(ratio_text), "%.4g", ratio);
        char counts[128];
        std::snprintf(counts, sizeof(counts), "%.0f of %.0f", *other_column->distinct_count,
                      *part_column->distinct_count);
        ratio_source = "1 - the estimated distinct keys of the other side over the scan's, " + std::string(counts) +
                       "; spark.sql.optimizer.dynamicPartitionPruning.useStats";
      }
    }
    if (overhead_known && !(pruned && ratio * *pruned <= overhead)) return true;
    benefit = false;
    no_benefit = "no estimated benefit without a broadcast to reuse (" +
                 (overhead_known ? "the scan's " + JoinStrategy::SizeText(pruned.value_or(0)) + " times " + ratio_text +
                                       " is not more than the other side's " + JoinStrategy::SizeText(overhead)
                                 : std::string("the other side's size is unknown")) +
                 "; " + ratio_source + ")";
    return false;
  };
  // insertPredicate: planned only when exchanges may be reused or it pays for itself
  if (!options_.exchange_reuse && !has_benefit()) {
    note(no_benefit + " and spark.sql.exchange.reuse is false");
    return false;
  }
  // PlanDynamicPruningFilters: onlyInBroadcast (reuseBroadcastOnly, or no benefit) gives true
  if (options_.reuse_broadcast_only) {
    // why: Spark plans dynamic pruning before the query runs (PlanAdaptiveDynamicPruningFilters
    // keeps a filter planned as true), so a join adaptive execution turns into a broadcast at
    // run time does not prune
    note(WhyNoBroadcastReuse(join) + " and spark.sql.optimizer.dynamicPartitionPruning.reuseBroadcastOnly is true" +
         (join.broadcast ? "" : "; adaptive execution switching the join to a broadcast at run time does not bring "
                                "it back"));
  } else if (!has_benefit()) {
    note(no_benefit);
  } else {
    return true;
  }
  if (options_.off.empty()) {
    ++get->switched_off_runtime_filters;
    join.spark_pruning_keys.push_back(k);
  }
  return false;
}

LogicalOperatorPtr DynamicPartitionPruning::Rewrite(LogicalOperatorPtr op) {
  if (options_.off.empty() && options_.policy == Policy::kFloe) {
    JoinStrategy strategy(options_.join_strategy);
    op = ChainDimensions(std::move(op), strategy);
    op = ReduceBuildSides(std::move(op), strategy);
  }
  Visit(*op);
  return op;
}

void DynamicPartitionPruning::Visit(LogicalOperator& op) {
  for (auto& c : op.children) Visit(*c);
  if (op.type == LogicalOperatorType::kJoin) PlanJoin(static_cast<LogicalJoin&>(op));
}

void DynamicPartitionPruning::PlanJoin(LogicalJoin& join) {
  for (size_t k = 0; k < join.left_keys.size(); ++k) {
    BoundExpressionPtr key = join.left_keys[k]->Copy();
    if (!IsColumnOrCast(*key)) {
      // why: a function of the key does not map onto its partitions; say so when the
      // column it reads is a partition column (the seed's "not something derived")
      auto refs = key->ReferencedColumns();
      if (refs.size() != 1) continue;
      BoundExpressionPtr column = BoundExpression::ColumnRef(refs[0], join.children[0]->types[refs[0]],
                                                             join.children[0]->names[refs[0]]);
      LogicalGet* get = TraceToScan(*join.children[0], column);
      if (get && get->source->PrunesPartitionsAtRunTime() && IsPartitionColumn(*get, *column)) {
        get->dynamic_pruning_notes.push_back("dynamic pruning on " + column->text + " not applied: the join key " +
                                             key->text + " is a function of it, not the column");
      }
      continue;
    }
    std::vector<KeyScan> scans;
    TraceToScans(*join.children[0], std::move(key), &scans);
    for (KeyScan& scan : scans) PlanScan(join, k, scan.get, std::move(scan.key));
  }
}

void DynamicPartitionPruning::PlanScan(LogicalJoin& join, size_t k, LogicalGet* get, BoundExpressionPtr key) {
  // the column the key reads (a cast key names its column)
  const BoundExpression* column = key.get();
  while (const BoundExpression* argument = KeyArgument(*column)) column = argument;
  auto add_note = [&](const std::string& text) {
    if (std::find(get->dynamic_pruning_notes.begin(), get->dynamic_pruning_notes.end(), text) ==
        get->dynamic_pruning_notes.end()) {
      get->dynamic_pruning_notes.push_back(text);
    }
  };
  // set when the key is no partition column: why, said with every reason it is not applied
  std::string on_data;
  auto note = [&](const std::string& why) {
    add_note("dynamic pruning on " + column->text + " not applied: " + why + (on_data.empty() ? "" : "; " + on_data));
  };
  // why: only a source that plans its files when its scan starts can use the filter
  std::vector<std::string> partition_columns = get->source->PartitionColumns();
  if (!get->source->PrunesPartitionsAtRunTime()) {
    note(get->source->DisplayName() + " has no partitions");
    return;
  }
  // Not a partition column: the keys still prune data files by their column bounds, row
  // groups by their statistics and pages by their indexes (floe's own; Spark's DPP prunes
  // partitions only), when the key is the column itself.
  if (!IsPartitionColumn(*get, *key)) {
    std::string columns;
    for (const auto& c : partition_columns) columns += (columns.empty() ? "" : ", ") + c;
    on_data = partition_columns.empty() ? get->source->DisplayName() + " is not partitioned"
                                        : get->source->DisplayName() + " is partitioned by " + columns + ", not by " +
                                              column->text;
    // Spark's getFilterableTableScan: an Iceberg scan filters at run time by partition
    // source columns only (SparkBatchQueryScan.filterAttributes)
    if (options_.policy == Policy::kSpark) {
      note("Spark prunes by partition columns only (floe.dynamic_pruning.policy = 'spark')");
      return;
    }
    if (key->kind != BoundExpressionKind::kColumnRef) {
      note("the join key " + key->text + " is not the column, whose bounds the keys could be tested against");
      return;
    }
  }
  // why: a runtime filter the scan cannot project onto partitions would prune nothing,
  // and the plan would claim pruning that does not happen
  // an implicit cast (a DATE column against a TIMESTAMP key) keeps the column's text
  std::string shown = key->text;
  if (key->kind == BoundExpressionKind::kCast) {
    shown = "CAST(" + column->text + " AS " + ToUpper(key->type.ToString()) + ")";
  }
  if (on_data.empty() && !MapsIntoPartitionSpace(*key)) {
    note("the join key " + shown + " has no mapping into partition space");
    return;
  }
  // why: Spark hands an Iceberg scan a runtime filter on a column only (DataSourceV2Strategy.
  // translateRuntimeFilterV2); on a cast or date function of the column its filter prunes nothing
  if (options_.policy == Policy::kSpark && key->kind != BoundExpressionKind::kColumnRef) {
    note("the join key " + shown + " is not the column itself, and Spark passes an Iceberg scan runtime " +
         "filters on columns only");
    return;
  }
  // left/outer always need to include every row from probe side
  if (join.join_type == JoinType::kLeft || join.join_type == JoinType::kFull) {
    note(std::string("the scan is on the preserved side of a ") + JoinTypeName(join.join_type) + " join");
    return;
  }
  // why: an anti join keeps exactly the probe rows without a match
  if (join.join_type != JoinType::kInner && join.join_type != JoinType::kSemi &&
      join.join_type != JoinType::kRight) {
    return;
  }
  if (!join.row_level_target && !HasSelectiveFilter(*join.children[1])) {
    note(FilterOf(*join.children[1]) == BuildFilter::kNone
             ? "the other side of the join has no filter"
             : "the other side's only filter is IS NOT NULL, which keeps nearly every key");
    return;
  }
  if (join.null_aware) return;  // why: NOT IN semantics are not a key match
  // Spark's hasPartitionPruningFilter: a filter its isLikelySelective counts
  if (options_.policy == Policy::kSpark && !join.row_level_target &&
      FilterOf(*join.children[1]) == BuildFilter::kNotLikelySelective) {
    note("the other side's filters are not likely selective (a boolean column, IS NULL or another function: "
         "Spark's isLikelySelective)");
    return;
  }
  std::vector<std::string> applied_notes;  // said once the filter is planned
  if (HasStaticEquality(*get, *key)) return;  // why: static pruning already keeps one partition
  // Spark reuses the join's broadcast when it has one and may reuse exchanges; floe reuses its
  // build side in memory whatever Spark's strategy
  bool spark_reuses = join.broadcast && options_.exchange_reuse;
  bool floe_policy = options_.policy == Policy::kFloe;
  if (!join.row_level_target && !spark_reuses && floe_policy && (join.broadcast || !join.broadcast_ruled_out)) {
    // Spark would not prune here by default (no broadcast to reuse); floe prunes, and says
    // where Spark would not
    applied_notes.push_back("dynamic pruning on " + column->text + " applied where Spark would not plan it: " +
                            WhyNoBroadcastReuse(join) + "; floe reuses its build side in memory");
  } else if (!join.row_level_target && !spark_reuses && !SparkPlansSubquery(join, k, get, *key, note)) {
    return;
  }
  if (!options_.off.empty()) {
    note("switched off by " + options_.off);
    return;
  }
  for (const std::string& text : applied_notes) add_note(text);
  if (!on_data.empty()) {
    add_note("dynamic pruning on " + column->text + " applied to data files, row groups and pages by their bounds, " +
             "not to partitions: " + on_data);
  }
  if (!join.row_level_target && FilterOf(*join.children[1]) == BuildFilter::kNotLikelySelective) {
    add_note("dynamic pruning on " + column->text + " applied where Spark would not plan it: the other side's " +
             "filters are not likely selective (a boolean column, IS NULL or another function: Spark's " +
             "isLikelySelective)");
  }
  int id = next_id_++;
  join.runtime_filters.emplace_back(id, k);
  join.spark_pruning_keys.push_back(k);
  LogicalRuntimeFilter filter;
  filter.id = id;
  filter.key_index = k;
  filter.probe_key = std::move(key);
  get->runtime_filters.push_back(std::move(filter));
}

}  // namespace floe
