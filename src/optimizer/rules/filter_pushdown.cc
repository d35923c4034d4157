#include "optimizer/rules/filter_pushdown.h"

#include <set>

#include "optimizer/rules/implied_filters.h"
#include "planner/binder.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_filter.h"
#include "planner/logical_get.h"
#include "planner/logical_join.h"
#include "planner/logical_projection.h"
#include "planner/logical_set_operation.h"

namespace floe {

namespace {

void SplitAnd(BoundExpressionPtr e, std::vector<BoundExpressionPtr>* out) {
  if (e->kind == BoundExpressionKind::kAnd) {
    for (auto& c : e->children) SplitAnd(std::move(c), out);
    return;
  }
  out->push_back(std::move(e));
}

bool HasParameterOrVolatile(const BoundExpression& e) {
  if (e.kind == BoundExpressionKind::kParameter) return true;
  if (e.kind == BoundExpressionKind::kFunction && e.function && !e.function->foldable) return true;
  for (const auto& c : e.children) {
    if (HasParameterOrVolatile(*c)) return true;
  }
  return false;
}

// Replaces column refs by the projection's expressions (inlining).
BoundExpressionPtr Substitute(const BoundExpression& e, const std::vector<BoundExpressionPtr>& exprs) {
  if (e.kind == BoundExpressionKind::kColumnRef) {
    auto copy = exprs[e.index]->Copy();
    return copy;
  }
  auto copy = e.CopyNode();
  std::vector<std::string> old_texts;
  for (const auto& c : e.children) {
    old_texts.push_back(c->text);
    copy->children.push_back(Substitute(*c, exprs));
  }
  // the text names what is computed now: (kk = 2) over kk := k + 0 reads ((k + 0) = 2)
  ImpliedFilters::ReplaceChildTexts(copy.get(), old_texts);
  return copy;
}

bool IsCheap(const BoundExpression& e) {
  // Inlining a projection expression into a filter duplicates its work; keep it to
  // column refs, constants, casts and plain functions.
  return e.kind != BoundExpressionKind::kParameter;
}

}  // namespace

LogicalOperatorPtr FilterPushdown::Rewrite(LogicalOperatorPtr op) { return Push(std::move(op), {}); }

LogicalOperatorPtr FilterPushdown::AddFilter(LogicalOperatorPtr op, std::vector<BoundExpressionPtr> filters) {
  if (filters.empty()) return op;
  auto filter = std::make_unique<LogicalFilter>();
  filter->types = op->types;
  filter->names = op->names;
  filter->conjuncts = std::move(filters);
  filter->children.push_back(std::move(op));
  return filter;
}

LogicalOperatorPtr FilterPushdown::Push(LogicalOperatorPtr op, std::vector<BoundExpressionPtr> filters) {
  switch (op->type) {
    case LogicalOperatorType::kFilter: {
      auto& filter = static_cast<LogicalFilter&>(*op);
      for (auto& c : filter.conjuncts) SplitAnd(std::move(c), &filters);
      return Push(std::move(op->children[0]), std::move(filters));
    }
    case LogicalOperatorType::kProjection: {
      auto& projection = static_cast<LogicalProjection&>(*op);
      std::vector<BoundExpressionPtr> down, keep;
      for (auto& f : filters) {
        bool ok = !HasParameterOrVolatile(*f);
        for (size_t index : f->ReferencedColumns()) {
          ok = ok && IsCheap(*projection.expressions[index]) &&
               !HasParameterOrVolatile(*projection.expressions[index]);
        }
        if (ok) {
          down.push_back(Substitute(*f, projection.expressions));
        } else {
          keep.push_back(std::move(f));
        }
      }
      op->children[0] = Push(std::move(op->children[0]), std::move(down));
      return AddFilter(std::move(op), std::move(keep));
    }
    case LogicalOperatorType::kJoin: return PushIntoJoin(std::move(op), std::move(filters));
    case LogicalOperatorType::kAggregate: {
      auto& agg = static_cast<LogicalAggregate&>(*op);
      std::vector<BoundExpressionPtr> down, keep;
      size_t groups = agg.groups.size();
      for (auto& f : filters) {
        bool only_groups = agg.grouping_sets.empty() && !HasParameterOrVolatile(*f);
        for (size_t index : f->ReferencedColumns()) only_groups = only_groups && index < groups;
        if (only_groups && !f->ReferencedColumns().empty()) {
          down.push_back(Substitute(*f, agg.groups));
        } else {
          keep.push_back(std::move(f));
        }
      }
      op->children[0] = Push(std::move(op->children[0]), std::move(down));
      return AddFilter(std::move(op), std::move(keep));
    }
    case LogicalOperatorType::kSort: {
      op->children[0] = Push(std::move(op->children[0]), std::move(filters));
      return op;
    }
    case LogicalOperatorType::kGet: {
      auto& get = static_cast<LogicalGet&>(*op);
      // a = b AND b = 5: the scan may also skip by a = 5 (implied, so not re-checked above)
      std::vector<BoundExpressionPtr> scan_filters;
      for (const auto& f : filters) {
        if (!HasParameterOrVolatile(*f)) scan_filters.push_back(f->Copy());
      }
      ImpliedFilters::AddEqualityImplied(&scan_filters);
      for (auto& f : scan_filters) get.filters.push_back(std::move(f));
      return AddFilter(std::move(op), std::move(filters));
    }
    case LogicalOperatorType::kSetOperation: {
      auto& set = static_cast<LogicalSetOperation&>(*op);
      if (set.set_type == SetOperationType::kUnion && !filters.empty()) {
        // A filter on a union applies to each input.
        std::vector<BoundExpressionPtr> left, right;
        const std::vector<std::string>& right_names = op->children[1]->names;
        for (const auto& f : filters) {
          left.push_back(f->Copy());
          right.push_back(f->Copy());
          // the right input names its columns its own way
          ImpliedFilters::RenameColumns(right.back().get(), right_names);
        }
        op->children[0] = Push(std::move(op->children[0]), std::move(left));
        op->children[1] = Push(std::move(op->children[1]), std::move(right));
        return op;
      }
      for (auto& child : op->children) child = Push(std::move(child), {});
      return AddFilter(std::move(op), std::move(filters));
    }
    default: {
      // Limit, window, values: filters stay above (a limit or a window changes with them).
      for (auto& child : op->children) child = Push(std::move(child), {});
      return AddFilter(std::move(op), std::move(filters));
    }
  }
}

LogicalOperatorPtr FilterPushdown::PushIntoJoin(LogicalOperatorPtr op, std::vector<BoundExpressionPtr> filters) {
  auto& join = static_cast<LogicalJoin&>(*op);
  size_t left_width = join.children[0]->types.size();
  std::vector<BoundExpressionPtr> left, right, keep;
  // An outer join whose NULL-extended side meets a filter that rejects NULLs there is an inner
  // join (on that side): the rows it adds are all removed by the filter (Spark's
  // EliminateOuterJoin, whose canFilterOutNull binds one side's columns to NULL: `l.k = r.k`
  // above `l RIGHT JOIN r` rejects the rows without an l).
  for (const auto& f : filters) {
    if (HasParameterOrVolatile(*f)) continue;
    bool rejects_left = ImpliedFilters::RejectsNulls(*f, [&](size_t c) { return c < left_width; });
    bool rejects_right = ImpliedFilters::RejectsNulls(*f, [&](size_t c) { return c >= left_width; });
    if (rejects_right && join.join_type == JoinType::kLeft) join.join_type = JoinType::kInner;
    if (rejects_left && join.join_type == JoinType::kRight) join.join_type = JoinType::kInner;
    if (join.join_type == JoinType::kFull) {
      if (rejects_left && rejects_right) {
        join.join_type = JoinType::kInner;
      } else if (rejects_right) {
        join.join_type = JoinType::kRight;
      } else if (rejects_left) {
        join.join_type = JoinType::kLeft;
      }
    }
  }
  bool inner = join.join_type == JoinType::kInner || join.join_type == JoinType::kCross;
  // The residual of an inner join is a filter like any other.
  if (inner && join.residual) {
    SplitAnd(std::move(join.residual), &filters);
    join.residual = nullptr;
  }
  // A condition of an outer join on its NULL-extended side alone filters that side (Spark's
  // PushPredicateThroughJoin): its rows that fail it match nothing, as if they were not there.
  // So does one on the right side alone of a semi or anti join, and one on the left side alone
  // of a semi join (a left row failing it has no match, and a semi join drops it).
  bool semi = join.join_type == JoinType::kSemi;
  bool anti = join.join_type == JoinType::kAnti && !join.null_aware;
  if (join.residual && (join.join_type == JoinType::kLeft || join.join_type == JoinType::kRight || semi || anti)) {
    auto pushable = [&](int sides) {
      if (semi) return sides == 1 || sides == 2;
      return sides == (join.join_type == JoinType::kRight ? 1 : 2);
    };
    std::vector<BoundExpressionPtr> conditions, stay;
    SplitAnd(std::move(join.residual), &conditions);
    for (auto& c : conditions) {
      int sides = JoinSides(*c, left_width);
      if (HasParameterOrVolatile(*c) || !pushable(sides)) {
        stay.push_back(std::move(c));
      } else if (sides == 1) {
        left.push_back(std::move(c));
      } else {
        c->VisitColumnRefs([&](BoundExpression& e) { e.index -= left_width; });
        right.push_back(std::move(c));
      }
    }
    join.residual = nullptr;
    for (auto& c : stay) {
      if (!join.residual) {
        join.residual = std::move(c);
        continue;
      }
      auto conj = std::make_unique<BoundExpression>();
      conj->kind = BoundExpressionKind::kAnd;
      conj->type = TypeId::kBoolean;
      conj->text = join.residual->text + " AND " + c->text;
      conj->children.push_back(std::move(join.residual));
      conj->children.push_back(std::move(c));
      join.residual = std::move(conj);
    }
  }
  for (auto& f : filters) {
    if (HasParameterOrVolatile(*f)) {
      keep.push_back(std::move(f));
      continue;
    }
    int sides = JoinSides(*f, left_width);
    // a filter on the preserved side of an outer join filters that side's rows, matched or not
    bool left_ok = join.join_type != JoinType::kRight && join.join_type != JoinType::kFull;
    bool right_ok = inner || join.join_type == JoinType::kRight;
    if (sides == 1 && left_ok) {
      left.push_back(std::move(f));
    } else if (sides == 2 && right_ok) {
      f->VisitColumnRefs([&](BoundExpression& e) { e.index -= left_width; });
      right.push_back(std::move(f));
    } else if (sides == 3 && inner) {
      // a.k = b.k becomes a hash key; anything else the join's residual.
      bool is_equi = f->kind == BoundExpressionKind::kFunction && f->function->name == "=" &&
                     f->children.size() == 2;
      if (is_equi) {
        int a = JoinSides(*f->children[0], left_width), b = JoinSides(*f->children[1], left_width);
        if ((a == 1 && b == 2) || (a == 2 && b == 1)) {
          auto lk = std::move(f->children[a == 1 ? 0 : 1]);
          auto rk = std::move(f->children[a == 1 ? 1 : 0]);
          rk->VisitColumnRefs([&](BoundExpression& e) { e.index -= left_width; });
          Binder::AlignJoinKeys(lk, rk);
          join.left_keys.push_back(std::move(lk));
          join.right_keys.push_back(std::move(rk));
          join.join_type = JoinType::kInner;
          continue;
        }
      }
      keep.push_back(std::move(f));
    } else {
      keep.push_back(std::move(f));
    }
  }
  if (inner && !keep.empty()) {
    // Non-equi conditions across both sides: the join's residual.
    std::vector<BoundExpressionPtr> rest;
    for (auto& k : keep) rest.push_back(std::move(k));
    keep.clear();
    if (rest.size() == 1) {
      join.residual = std::move(rest[0]);
    } else {
      auto conj = std::make_unique<BoundExpression>();
      conj->kind = BoundExpressionKind::kAnd;
      conj->type = TypeId::kBoolean;
      for (auto& r : rest) {
        conj->text += (conj->text.empty() ? "" : " AND ") + r->text;
        conj->children.push_back(std::move(r));
      }
      join.residual = std::move(conj);
    }
    if (join.join_type == JoinType::kCross) join.join_type = JoinType::kInner;
  }
  TransferKeyFilters(join, &left, &right);
  op->children[0] = Push(std::move(op->children[0]), std::move(left));
  op->children[1] = Push(std::move(op->children[1]), std::move(right));
  return AddFilter(std::move(op), std::move(keep));
}

void FilterPushdown::TransferKeyFilters(const LogicalJoin& join, std::vector<BoundExpressionPtr>* left,
                                        std::vector<BoundExpressionPtr>* right) {
  JoinType t = join.join_type;
  bool inner = t == JoinType::kInner || t == JoinType::kCross;
  // left -> right: right rows whose key fails a filter on the left key can only meet left
  // rows that are removed; not for NOT IN (a NULL on the right changes every answer)
  bool to_right = inner || t == JoinType::kLeft || t == JoinType::kSemi || (t == JoinType::kAnti && !join.null_aware);
  // right -> left: the left rows that lose their match are dropped (never preserved)
  bool to_left = inner || t == JoinType::kRight || t == JoinType::kSemi;
  if (!to_right && !to_left) return;
  std::vector<BoundExpressionPtr> new_left, new_right;
  auto on_key = [](const std::vector<BoundExpressionPtr>& filters, const LogicalOperator& child, size_t column) {
    std::vector<BoundExpressionPtr> out = ImpliedFilters::FiltersOn(child, column);
    for (const auto& f : filters) {
      auto refs = f->ReferencedColumns();
      bool only = !refs.empty() && !HasParameterOrVolatile(*f);
      for (size_t r : refs) only = only && r == column;
      if (only) out.push_back(f->Copy());
    }
    return out;
  };
  for (size_t i = 0; i < join.left_keys.size() && i < join.right_keys.size(); ++i) {
    const BoundExpression& lk = *join.left_keys[i];
    const BoundExpression& rk = *join.right_keys[i];
    // why: only plain columns of one type compare alike on both sides
    if (lk.kind != BoundExpressionKind::kColumnRef || rk.kind != BoundExpressionKind::kColumnRef ||
        !(lk.type == rk.type)) {
      continue;
    }
    if (to_right) {
      for (auto& f : on_key(*left, *join.children[0], lk.index)) {
        new_right.push_back(ImpliedFilters::Retarget(*f, rk.index, rk.text));
      }
    }
    if (to_left) {
      for (auto& f : on_key(*right, *join.children[1], rk.index)) {
        new_left.push_back(ImpliedFilters::Retarget(*f, lk.index, lk.text));
      }
    }
  }
  auto append = [](std::vector<BoundExpressionPtr>* to, std::vector<BoundExpressionPtr> add) {
    std::set<std::string> seen;
    for (const auto& f : *to) seen.insert(f->text);
    for (auto& f : add) {
      if (seen.insert(f->text).second) to->push_back(std::move(f));
    }
  };
  append(left, std::move(new_left));
  append(right, std::move(new_right));
}

}  // namespace floe
