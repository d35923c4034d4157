#include "optimizer/rules/join_order.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <optional>
#include <set>

#include "optimizer/statistics/filter_estimation.h"
#include "optimizer/statistics/statistics_estimator.h"
#include "planner/logical_filter.h"
#include "planner/logical_join.h"
#include "planner/logical_projection.h"

namespace floe {

namespace {

bool IsCrossJoin(const LogicalOperator& op) {
  if (op.type != LogicalOperatorType::kJoin) return false;
  const auto& join = static_cast<const LogicalJoin&>(op);
  return join.join_type == JoinType::kCross && join.left_keys.empty() && !join.residual;
}

// Moves the leaves of a left- or right-nested tree of cross joins into `leaves`, in order.
void CollectLeaves(LogicalOperatorPtr op, std::vector<LogicalOperatorPtr>* leaves) {
  if (!IsCrossJoin(*op)) {
    leaves->push_back(std::move(op));
    return;
  }
  CollectLeaves(std::move(op->children[0]), leaves);
  CollectLeaves(std::move(op->children[1]), leaves);
}

// Collects the conjuncts of an AND tree.
void SplitAnd(const BoundExpression& e, std::vector<const BoundExpression*>* out) {
  if (e.kind == BoundExpressionKind::kAnd) {
    for (const auto& c : e.children) SplitAnd(*c, out);
    return;
  }
  out->push_back(&e);
}

size_t CountLeaves(const LogicalOperator& op) {
  if (!IsCrossJoin(op)) return 1;
  return CountLeaves(*op.children[0]) + CountLeaves(*op.children[1]);
}

// Returns the order to join the leaves in, or nothing to keep the written order. `links[i]`
// holds the leaves sharing a conjunct with leaf i. Without estimates (`rows` empty) the written
// order stays unless it has an avoidable cartesian product; the first input is the one linked
// to the most others, each next one the first written that links to those placed. With
// estimates (floe's, where tables were analyzed: each input's rows after its own conjuncts), the
// first is the most linked, the larger first among equals, and each next one the smallest
// linked input: the most selective join runs first.
std::optional<std::vector<size_t>> ChooseOrder(const std::vector<std::set<size_t>>& links,
                                               const std::vector<std::optional<double>>& rows) {
  size_t n = links.size();
  bool estimated = !rows.empty();
  auto rows_of = [&](size_t i) { return estimated && rows[i] ? *rows[i] : std::numeric_limits<double>::infinity(); };
  bool written_ok = true;
  for (size_t i = 1; i < n && written_ok; ++i) {
    written_ok = std::any_of(links[i].begin(), links[i].end(), [&](size_t j) { return j < i; });
  }
  if (written_ok && !estimated) return std::nullopt;
  size_t first = 0;
  for (size_t i = 1; i < n; ++i) {
    if (links[i].size() > links[first].size() ||
        (estimated && links[i].size() == links[first].size() && rows_of(i) > rows_of(first))) {
      first = i;
    }
  }
  std::vector<size_t> order = {first};
  std::vector<bool> placed(n, false);
  placed[first] = true;
  while (order.size() < n) {
    size_t next = n;
    for (size_t i = 0; i < n; ++i) {
      if (placed[i] || std::none_of(links[i].begin(), links[i].end(), [&](size_t j) { return placed[j]; })) continue;
      if (next == n) next = i;
      if (!estimated) break;
      if (rows_of(i) < rows_of(next)) next = i;
    }
    // why: no remaining input shares a conjunct with the placed ones; a cartesian product
    // is unavoidable, so take the next input as written.
    if (next == n) next = static_cast<size_t>(std::find(placed.begin(), placed.end(), false) - placed.begin());
    placed[next] = true;
    order.push_back(next);
  }
  std::vector<size_t> identity(n);
  for (size_t i = 0; i < n; ++i) identity[i] = i;
  if (order == identity) return std::nullopt;
  return order;
}

// Returns floe's estimate of each leaf's rows after the conjuncts that read it alone, or
// nothing when no leaf has column statistics (ANALYZE TABLE): the written order then decides.
std::vector<std::optional<double>> EstimateLeaves(const std::vector<LogicalOperatorPtr>& leaves,
                                                  const std::vector<size_t>& offset,
                                                  const std::vector<const BoundExpression*>& conjuncts,
                                                  const std::function<size_t(size_t)>& leaf_of) {
  StatisticsEstimator estimator(TableStatisticsView::kFloe);
  std::vector<std::optional<double>> rows(leaves.size());
  bool analyzed = false;
  for (size_t i = 0; i < leaves.size(); ++i) {
    PlanStatistics stats = estimator.Estimate(*leaves[i]);
    analyzed = analyzed || std::any_of(stats.columns.begin(), stats.columns.end(),
                                       [](const auto& c) { return c.has_value(); });
    std::vector<BoundExpressionPtr> local;
    for (const BoundExpression* conjunct : conjuncts) {
      std::vector<size_t> columns = conjunct->ReferencedColumns();
      if (columns.empty() || conjunct->HasSubquery() ||
          std::any_of(columns.begin(), columns.end(), [&](size_t c) { return leaf_of(c) != i; })) {
        continue;
      }
      BoundExpressionPtr copy = conjunct->Copy();
      copy->VisitColumnRefs([&](BoundExpression& c) { c.index -= offset[i]; });
      local.push_back(std::move(copy));
    }
    std::vector<const BoundExpression*> filters;
    for (const auto& c : local) filters.push_back(c.get());
    FilterEstimation estimation(stats, leaves[i]->types, leaves[i]->type == LogicalOperatorType::kGet);
    std::optional<PlanStatistics> filtered = estimation.Estimate(filters);
    rows[i] = filtered ? filtered->row_count : stats.row_count;
  }
  if (!analyzed) return {};
  return rows;
}

}  // namespace

LogicalOperatorPtr JoinOrder::Rewrite(LogicalOperatorPtr op) {
  for (auto& child : op->children) child = Rewrite(std::move(child));
  if (op->type != LogicalOperatorType::kFilter || op->children.size() != 1) return op;
  auto& filter = static_cast<LogicalFilter&>(*op);
  LogicalOperatorPtr& input = op->children[0];
  // why: two inputs have one order up to which side builds; that is the join's choice.
  if (!IsCrossJoin(*input) || CountLeaves(*input) < 3) return op;

  std::vector<std::string> names = input->names;
  std::vector<LogicalType> types = input->types;
  std::vector<LogicalOperatorPtr> leaves;
  CollectLeaves(std::move(input), &leaves);
  size_t n = leaves.size();
  std::vector<size_t> offset(n + 1, 0);
  for (size_t i = 0; i < n; ++i) offset[i + 1] = offset[i] + leaves[i]->types.size();
  auto leaf_of = [&](size_t column) {
    return static_cast<size_t>(std::upper_bound(offset.begin(), offset.end(), column) - offset.begin()) - 1;
  };
  std::vector<const BoundExpression*> conjuncts;
  for (const auto& c : filter.conjuncts) SplitAnd(*c, &conjuncts);
  std::vector<std::set<size_t>> links(n);
  for (const BoundExpression* conjunct : conjuncts) {
    std::set<size_t> touched;
    for (size_t column : conjunct->ReferencedColumns()) touched.insert(leaf_of(column));
    for (size_t a : touched) {
      for (size_t b : touched) {
        if (a != b) links[a].insert(b);
      }
    }
  }

  std::optional<std::vector<size_t>> order = ChooseOrder(links, EstimateLeaves(leaves, offset, conjuncts, leaf_of));
  std::vector<size_t> chosen;
  if (order) {
    chosen = *order;
  } else {
    for (size_t i = 0; i < n; ++i) chosen.push_back(i);
  }
  // Rebuild the chain left-deep in the chosen order, tracking where each leaf lands.
  std::vector<size_t> new_offset(n, 0);
  LogicalOperatorPtr tree;
  for (size_t i : chosen) {
    if (!tree) {
      tree = std::move(leaves[i]);
      continue;
    }
    auto join = std::make_unique<LogicalJoin>();
    join->join_type = JoinType::kCross;
    new_offset[i] = tree->types.size();
    join->types = tree->types;
    join->names = tree->names;
    join->types.insert(join->types.end(), leaves[i]->types.begin(), leaves[i]->types.end());
    join->names.insert(join->names.end(), leaves[i]->names.begin(), leaves[i]->names.end());
    join->children.push_back(std::move(tree));
    join->children.push_back(std::move(leaves[i]));
    tree = std::move(join);
  }
  if (!order) {
    input = std::move(tree);
    return op;
  }
  auto project = std::make_unique<LogicalProjection>();
  project->names = names;
  project->types = types;
  for (size_t column = 0; column < types.size(); ++column) {
    size_t leaf = leaf_of(column);
    project->expressions.push_back(
        BoundExpression::ColumnRef(new_offset[leaf] + column - offset[leaf], types[column], names[column]));
  }
  project->children.push_back(std::move(tree));
  input = std::move(project);
  return op;
}

}  // namespace floe
