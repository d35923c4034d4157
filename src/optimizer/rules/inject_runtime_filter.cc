#include "optimizer/rules/inject_runtime_filter.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <set>

#include "common/exception.h"
#include "function/function_registry.h"
#include "optimizer/predicate_helper.h"
#include "optimizer/scan_chain.h"
#include "optimizer/rules/column_pruning.h"
#include "optimizer/rules/join_strategy.h"
#include "optimizer/statistics/statistics_estimator.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_filter.h"
#include "planner/logical_get.h"
#include "planner/logical_projection.h"

namespace floe {

namespace {

// Returns false for what Spark's isSimpleExpression refuses in a runtime filter's keys and
// creation side: Python and Scala UDFs (floe has none), Invoke (the functions Spark 4.0
// implements by reflection), from_json, the LIKE family and regexp_extract / regexp_replace.
bool IsSimpleExpression(const BoundExpression& e) {
  if (e.kind == BoundExpressionKind::kFunction && e.function) {
    static const char* const kNotSimple[] = {"like", "ilike", "rlike", "regexp", "regexp_like", "like_any",
                                             "like_all", "not_like_any", "not_like_all", "regexp_extract",
                                             "regexp_extract_all", "regexp_replace", "from_json"};
    for (const char* name : kNotSimple) {
      if (e.function->name == name) return false;
    }
  }
  return std::all_of(e.children.begin(), e.children.end(), [](const auto& c) { return IsSimpleExpression(*c); });
}

// Spark's canPruneLeft / canPruneRight: the join keeps only the matching rows of that side.
bool CanPruneLeft(JoinType type) {
  return type == JoinType::kInner || type == JoinType::kSemi || type == JoinType::kRight;
}
bool CanPruneRight(JoinType type) {
  return type == JoinType::kInner || type == JoinType::kSemi || type == JoinType::kLeft;
}

// Spark's canBroadcastBySize: an estimated size within spark.sql.autoBroadcastJoinThreshold.
bool CanBroadcastBySize(const LogicalOperator& op, const RuntimeBloomFilterOptions& options) {
  int64_t threshold = options.broadcast_threshold;
  std::optional<double> bytes = JoinStrategy::EstimateBytes(op, options.cbo);
  return threshold >= 0 && bytes && *bytes <= static_cast<double>(threshold);
}

bool HintsBroadcast(const LogicalOperator& side) {
  const LogicalOperator* hinted = HintedRelation(side);
  return hinted && hinted->join_hint == "BROADCAST";
}

// Spark's isProbablyShuffleJoin: no broadcast hint on either side, neither broadcast by size.
bool IsProbablyShuffleJoin(const LogicalJoin& join, const RuntimeBloomFilterOptions& options) {
  return !HintsBroadcast(*join.children[0]) && !HintsBroadcast(*join.children[1]) &&
         !CanBroadcastBySize(*join.children[0], options) && !CanBroadcastBySize(*join.children[1], options);
}

// Spark's probablyHasShuffle: a probable shuffle join, an aggregate or a window in the plan.
bool ProbablyHasShuffle(const LogicalOperator& op, const RuntimeBloomFilterOptions& options) {
  if (op.type == LogicalOperatorType::kAggregate || op.type == LogicalOperatorType::kWindow) return true;
  if (op.type == LogicalOperatorType::kJoin && IsProbablyShuffleJoin(static_cast<const LogicalJoin&>(op), options)) {
    return true;
  }
  return std::any_of(op.children.begin(), op.children.end(),
                     [&](const auto& c) { return ProbablyHasShuffle(*c, options); });
}

// Spark's maxScanByteSize: the largest estimated size of a scan in the plan (an unknown one
// counts as 0).
double MaxScanBytes(const LogicalOperator& op) {
  if (op.children.empty()) return JoinStrategy::EstimateBytes(op).value_or(0);
  double most = 0;
  for (const auto& c : op.children) most = std::max(most, MaxScanBytes(*c));
  return most;
}

// The scan column an expression over op's output reads, as Spark's
// findExpressionAndTrackLineageDown follows it: through projections (their expressions),
// aggregates (their group expressions), and every other operator to the child whose output
// holds it (a set operation's first child); nullopt when it reads no column, several, or one
// computed on the way.
std::optional<std::pair<const LogicalGet*, size_t>> TrackLineage(const LogicalOperator& op,
                                                                 const BoundExpression& key) {
  auto refs = key.ReferencedColumns();
  if (refs.size() != 1) return std::nullopt;
  size_t column = refs[0];
  const LogicalOperator* at = &op;
  while (true) {
    switch (at->type) {
      case LogicalOperatorType::kGet: return std::make_pair(static_cast<const LogicalGet*>(at), column);
      case LogicalOperatorType::kProjection:
      case LogicalOperatorType::kAggregate: {
        // the expression computing the column: a projected one, or a group key
        const auto& computed = at->type == LogicalOperatorType::kProjection
                                   ? static_cast<const LogicalProjection&>(*at).expressions
                                   : static_cast<const LogicalAggregate&>(*at).groups;
        if (column >= computed.size()) return std::nullopt;
        auto inner = computed[column]->ReferencedColumns();
        if (inner.size() != 1) return std::nullopt;
        column = inner[0];
        at = at->children[0].get();
        break;
      }
      case LogicalOperatorType::kJoin: {
        size_t left_width = at->children[0]->types.size();
        if (column >= left_width) {
          // why: a left semi or anti join outputs its left side only
          if (at->children.size() < 2) return std::nullopt;
          column -= left_width;
          at = at->children[1].get();
        } else {
          at = at->children[0].get();
        }
        break;
      }
      case LogicalOperatorType::kFilter:
      case LogicalOperatorType::kSort:
      case LogicalOperatorType::kLimit:
      case LogicalOperatorType::kWindow:
      case LogicalOperatorType::kSetOperation:
        if (at->children.empty() || column >= at->children[0]->types.size()) return std::nullopt;
        at = at->children[0].get();
        break;
      default: return std::nullopt;
    }
  }
}

// The filters a join injected while its keys are tried: Spark extracts each creation side from
// the join's children as they were before (its `left` and `right`, not `newLeft`).
using Ignored = std::set<const BoundExpression*>;

// The plan a Bloom filter is built from (Spark's extractSelectiveFilterOverScan): the top of
// a chain of simple filters and projections over a scan, and the key's column in its output.
struct CreationSide {
  const LogicalOperator* plan;
  size_t key;
};

// Follows the creation side's key (column `key` of op's output) down, as Spark's extract:
// `references` are the columns of op's output its filters so far read; a projection above
// them must compute those columns simply; a filter must be simple, and one likely selective
// must be met before the scan; at a join the walk restarts on the side holding the key (or,
// where the join keeps only matching rows of the other side, on the other side by the
// matching key).
std::optional<CreationSide> ExtractCreationSide(const LogicalOperator& op, size_t key,
                                                std::vector<size_t> references, bool hit_filter,
                                                bool hit_selective, CreationSide top, const Ignored& ignored) {
  auto filter = [&](const std::vector<BoundExpressionPtr>& conjuncts) -> bool {
    for (const auto& c : conjuncts) {
      if (ignored.count(c.get())) continue;
      if (!IsSimpleExpression(*c)) return false;
      hit_filter = true;
      hit_selective = hit_selective || IsLikelySelective(*c);
      for (size_t r : c->ReferencedColumns()) references.push_back(r);
    }
    return true;
  };
  switch (op.type) {
    case LogicalOperatorType::kProjection: {
      const auto& projection = static_cast<const LogicalProjection&>(op);
      std::vector<size_t> below;
      for (size_t r : references) {
        if (r >= projection.expressions.size() || !IsSimpleExpression(*projection.expressions[r])) return std::nullopt;
        for (size_t c : projection.expressions[r]->ReferencedColumns()) below.push_back(c);
      }
      // the key's column below, to find a join's side (an expression of several columns: none)
      auto key_refs = key < projection.expressions.size() ? projection.expressions[key]->ReferencedColumns()
                                                          : std::vector<size_t>{};
      if (key_refs.size() != 1) return std::nullopt;
      return ExtractCreationSide(*op.children[0], key_refs[0], std::move(below), hit_filter, hit_selective, top,
                                 ignored);
    }
    case LogicalOperatorType::kFilter:
      if (!filter(static_cast<const LogicalFilter&>(op).conjuncts)) return std::nullopt;
      return ExtractCreationSide(*op.children[0], key, std::move(references), hit_filter, hit_selective, top, ignored);
    case LogicalOperatorType::kGet:
      // a scan's pushed filters are the filters Spark keeps above it
      if (!filter(static_cast<const LogicalGet&>(op).filters)) return std::nullopt;
      if (!hit_selective) return std::nullopt;
      return top;
    case LogicalOperatorType::kJoin: {
      const auto& join = static_cast<const LogicalJoin&>(op);
      if (join.left_keys.empty() || op.children.size() != 2) return std::nullopt;
      size_t left_width = op.children[0]->types.size();
      bool in_left = key < left_width;
      const LogicalOperator& side = *op.children[in_left ? 0 : 1];
      size_t side_key = in_left ? key : key - left_width;
      if (auto found = ExtractCreationSide(side, side_key, {}, false, false, {&side, side_key}, ignored)) return found;
      // the other side, through the key it equals, where the join keeps only its matches
      if (!(in_left ? CanPruneLeft(join.join_type) : CanPruneRight(join.join_type))) return std::nullopt;
      const auto& these = in_left ? join.left_keys : join.right_keys;
      const auto& those = in_left ? join.right_keys : join.left_keys;
      for (size_t i = 0; i < these.size(); ++i) {
        if (these[i]->kind != BoundExpressionKind::kColumnRef || these[i]->index != side_key ||
            those[i]->kind != BoundExpressionKind::kColumnRef) {
          continue;
        }
        const LogicalOperator& other = *op.children[in_left ? 1 : 0];
        return ExtractCreationSide(other, those[i]->index, {}, false, false, {&other, those[i]->index}, ignored);
      }
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

// Binds a built-in scalar function over `args` (of the types it takes).
BoundExpressionPtr CallFunction(const std::string& name, std::vector<BoundExpressionPtr> args, std::string text) {
  const ScalarBinder* binder = FunctionRegistry::BuiltIn().FindScalar(name);
  if (!binder) throw InternalError("no function " + name);
  ScalarBindInput input;
  for (const auto& a : args) {
    input.arg_types.push_back(a->type);
    input.constant_args.emplace_back(std::nullopt);
  }
  auto e = std::make_unique<BoundExpression>();
  e->kind = BoundExpressionKind::kFunction;
  e->function = std::make_shared<BoundScalarFunction>((*binder)(input));
  e->type = e->function->return_type;
  e->children = std::move(args);
  e->text = std::move(text);
  return e;
}

// xxhash64(key): Spark's XxHash64 with its seed, 42.
BoundExpressionPtr XxHash64(BoundExpressionPtr key) {
  std::string text = "xxhash64(" + key->text + ", 42)";
  std::vector<BoundExpressionPtr> args;
  args.push_back(std::move(key));
  return CallFunction("xxhash64", std::move(args), std::move(text));
}

// Walks the largest subquery id of a plan and the plans its subqueries read.
int MaxSubqueryId(const LogicalOperator& op) {
  int most = 0;
  for (const auto& s : op.Subqueries()) {
    most = std::max(most, s->id);
    if (s->plan) most = std::max(most, MaxSubqueryId(*s->plan));
  }
  for (const auto& c : op.children) most = std::max(most, MaxSubqueryId(*c));
  return most;
}

// Puts a filter of one conjunct above `slot`.
void AddFilterAbove(LogicalOperatorPtr& slot, BoundExpressionPtr conjunct) {
  auto filter = std::make_unique<LogicalFilter>();
  filter->types = slot->types;
  filter->names = slot->names;
  filter->conjuncts.push_back(std::move(conjunct));
  filter->children.push_back(std::move(slot));
  slot = std::move(filter);
}

// Puts make(op, c), a filter on column c of op's output, where Spark's PushDownPredicates takes a
// filter on column `column` of `slot`'s output: down through deterministic filters and through
// projections of the column to the scan, as a filter right above it; else above `slot`.
void PlaceFilter(LogicalOperatorPtr& slot, size_t column,
                 const std::function<BoundExpressionPtr(const LogicalOperator&, size_t)>& make) {
  LogicalOperator& op = *slot;
  if (op.type == LogicalOperatorType::kFilter) {
    auto& filter = static_cast<LogicalFilter&>(op);
    bool deterministic = std::all_of(filter.conjuncts.begin(), filter.conjuncts.end(),
                                     [](const auto& c) { return c->IsDeterministic(); });
    if (deterministic && op.children[0]->type == LogicalOperatorType::kGet) {
      filter.conjuncts.push_back(make(op, column));
      return;
    }
    if (deterministic) return PlaceFilter(op.children[0], column, make);
  }
  if (op.type == LogicalOperatorType::kProjection) {
    const auto& projection = static_cast<const LogicalProjection&>(op);
    const BoundExpression& e = *projection.expressions[column];
    if (e.kind == BoundExpressionKind::kColumnRef) return PlaceFilter(op.children[0], e.index, make);
  }
  AddFilterAbove(slot, make(op, column));
}

}  // namespace

LogicalOperatorPtr InjectRuntimeFilter::Rewrite(LogicalOperatorPtr op) {
  if (!options_.spark_policy || !options_.enabled) return op;
  next_subquery_id_ = MaxSubqueryId(*op) + 1;
  Visit(*op);
  return op;
}

void InjectRuntimeFilter::Visit(LogicalOperator& op) {
  for (auto& c : op.children) Visit(*c);
  if (op.type == LogicalOperatorType::kJoin) PlanJoin(static_cast<LogicalJoin&>(op));
}

void InjectRuntimeFilter::PlanJoin(LogicalJoin& join) {
  if (join.left_keys.empty() || join.children.size() != 2) return;
  injected_here_.clear();
  bool has_shuffle = IsProbablyShuffleJoin(join, options_);
  for (size_t k = 0; k < join.left_keys.size(); ++k) {
    if (injected_ >= options_.max_filters) return;
    const auto& pruned = join.spark_pruning_keys;
    if (std::find(pruned.begin(), pruned.end(), k) != pruned.end()) continue;
    if (!IsSimpleExpression(*join.left_keys[k]) || !IsSimpleExpression(*join.right_keys[k])) continue;
    if (TryInject(join, 0, k, has_shuffle) || TryInject(join, 1, k, has_shuffle)) ++injected_;
  }
}

bool InjectRuntimeFilter::TryInject(LogicalJoin& join, size_t side, size_t k, bool has_shuffle) {
  if (!(side == 0 ? CanPruneLeft(join.join_type) : CanPruneRight(join.join_type))) return false;
  LogicalOperator& application = *join.children[side];
  const LogicalOperator& creation = *join.children[1 - side];
  if (!has_shuffle && !ProbablyHasShuffle(application, options_)) return false;
  const BoundExpression& application_key = side == 0 ? *join.left_keys[k] : *join.right_keys[k];
  const BoundExpression& creation_key = side == 0 ? *join.right_keys[k] : *join.left_keys[k];
  auto lineage = TrackLineage(application, application_key);
  if (!lineage || filtered_.count(*lineage)) return false;
  if (MaxScanBytes(application) < static_cast<double>(options_.application_side_threshold)) return false;
  // the creation side's key reads one of its columns (under casts, where the join compares
  // its sides as a wider type)
  auto creation_refs = creation_key.ReferencedColumns();
  if (creation_refs.size() != 1) return false;
  std::optional<CreationSide> found =
      ExtractCreationSide(creation, creation_refs[0], {}, false, false, {&creation, creation_refs[0]}, injected_here_);
  if (!found) return false;
  std::optional<double> creation_bytes = JoinStrategy::EstimateBytes(*found->plan, options_.cbo);
  if (!creation_bytes || *creation_bytes > static_cast<double>(options_.creation_side_threshold)) return false;

  // the subquery: bloom_filter_agg(xxhash64(key, 42), items, bits) over a copy of the creation
  // side; without CBO its rows are not estimated, so Spark's default sizes; with CBO its
  // estimated rows (at most maxNumItems, as the aggregate caps them) and the bits
  // BloomFilter.optimalNumOfBits gives them (BloomFilterAggregate's estimatedNumItems constructor)
  auto plan = std::make_unique<LogicalAggregate>();
  LogicalOperatorPtr chain =
      CopyScanChain(*found->plan, [this](const BoundExpression& c) { return injected_here_.count(&c) > 0; });
  if (!chain) throw InternalError("a runtime Bloom filter's creation side is not filters and projections over a scan");
  // the key as the join computes it, over the chain's column
  BoundExpressionPtr creation_value = creation_key.Copy();
  creation_value->VisitColumnRefs([&](BoundExpression& c) { c.index = found->key; });
  BoundAggregate aggregate;
  int64_t items = std::min(options_.expected_items, options_.max_items);
  int64_t bits = std::min(options_.num_bits, options_.max_bits);
  if (options_.cbo) {
    StatisticsEstimator estimator(TableStatisticsView::kSparkIceberg);
    std::optional<double> rows = estimator.Estimate(*found->plan).row_count;
    if (rows && *rows >= 1) {
      double n = std::min(*rows, 9.0e18);
      // BloomFilter.optimalNumOfBits(n, maxNumItems, maxNumOfBits)
      double fpp = std::min(n / (static_cast<double>(options_.max_items) / 0.03), 0.03);
      items = std::min(static_cast<int64_t>(n), options_.max_items);
      bits = std::min(static_cast<int64_t>(-n * std::log(fpp) / (std::log(2.0) * std::log(2.0))), options_.max_bits);
    }
  }
  aggregate.args.push_back(XxHash64(std::move(creation_value)));
  aggregate.args.push_back(BoundExpression::MakeConstant(Value::Int64(items), std::to_string(items)));
  aggregate.args.push_back(BoundExpression::MakeConstant(Value::Int64(bits), std::to_string(bits)));
  const AggregateBinder* binder = FunctionRegistry::BuiltIn().FindAggregate("bloom_filter_agg");
  if (!binder) throw InternalError("no aggregate bloom_filter_agg");
  aggregate.function = std::make_shared<BoundAggregateFunction>(
      (*binder)({TypeId::kInt64, TypeId::kInt64, TypeId::kInt64}, false));
  aggregate.text = "bloom_filter_agg(" + aggregate.args[0]->text + ", " + std::to_string(items) + ", " +
                   std::to_string(bits) + ")";
  plan->aggregates.push_back(std::move(aggregate));
  plan->children.push_back(std::move(chain));
  plan->AddGroupAndAggregateColumns();
  plan->names = {"bloomFilter"};
  auto subquery = std::make_shared<BoundSubquery>();
  subquery->id = next_subquery_id_++;
  subquery->kind = BoundSubquery::Kind::kScalar;
  subquery->type = TypeId::kBinary;
  // as Spark's ColumnPruning(Aggregate(...)): the copy reads the key's column and the filters'
  subquery->plan = ColumnPruning(options_.nested_schema_pruning).Rewrite(std::move(plan));
  subquery->optimized = true;
  subquery->text = "scalarsubquery()";
  subquery->key = "runtime Bloom filter " + std::to_string(subquery->id);

  filtered_.insert(*lineage);
  // might_contain(scalarsubquery(), xxhash64(key, 42)), Spark's BloomFilterMightContain
  auto might_contain = [&](BoundExpressionPtr key) {
    auto bloom = std::make_unique<BoundExpression>();
    bloom->kind = BoundExpressionKind::kSubquery;
    bloom->type = TypeId::kBinary;
    bloom->subquery = subquery;
    bloom->text = "scalarsubquery()";
    BoundExpressionPtr hash = XxHash64(std::move(key));
    std::string text = "might_contain(" + bloom->text + ", " + hash->text + ")";
    std::vector<BoundExpressionPtr> args;
    args.push_back(std::move(bloom));
    args.push_back(std::move(hash));
    BoundExpressionPtr conjunct = CallFunction("might_contain", std::move(args), std::move(text));
    injected_here_.insert(conjunct.get());
    return conjunct;
  };
  if (application_key.kind != BoundExpressionKind::kColumnRef) {
    AddFilterAbove(join.children[side], might_contain(application_key.Copy()));
    return true;
  }
  PlaceFilter(join.children[side], application_key.index, [&](const LogicalOperator& below, size_t c) {
    return might_contain(BoundExpression::ColumnRef(c, below.types[c], below.names[c]));
  });
  return true;
}

}  // namespace floe
