#include "optimizer/rules/join_order.h"

#include <algorithm>
#include <optional>
#include <set>

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

// Returns the order to join the leaves in, or nothing when the written order has no
// avoidable cartesian product. `links[i]` holds the leaves sharing a conjunct with leaf i.
std::optional<std::vector<size_t>> ChooseOrder(const std::vector<std::set<size_t>>& links) {
  size_t n = links.size();
  bool written_ok = true;
  for (size_t i = 1; i < n && written_ok; ++i) {
    written_ok = std::any_of(links[i].begin(), links[i].end(), [&](size_t j) { return j < i; });
  }
  if (written_ok) return std::nullopt;
  size_t first = 0;
  for (size_t i = 1; i < n; ++i) {
    if (links[i].size() > links[first].size()) first = i;
  }
  std::vector<size_t> order = {first};
  std::vector<bool> placed(n, false);
  placed[first] = true;
  while (order.size() < n) {
    size_t next = n;
    for (size_t i = 0; i < n && next == n; ++i) {
      if (placed[i]) continue;
      for (size_t j : links[i]) {
        if (placed[j]) {
          next = i;
          break;
        }
      }
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

  std::optional<std::vector<size_t>> order = ChooseOrder(links);
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
