#include "optimizer/rules/implied_filters.h"

#include <functional>
#include <set>

#include "planner/logical_aggregate.h"
#include "planner/logical_filter.h"
#include "planner/logical_get.h"
#include "planner/logical_join.h"
#include "planner/logical_projection.h"

namespace floe {

namespace {

// Returns true when `e` references exactly the one column `column`, deterministically.
bool OnlyOn(const BoundExpression& e, size_t column) {
  auto refs = e.ReferencedColumns();
  if (refs.empty()) return false;
  for (size_t r : refs) {
    if (r != column) return false;
  }
  return e.IsDeterministic();
}

void SplitConjuncts(const BoundExpression& e, std::vector<const BoundExpression*>* out) {
  if (e.kind == BoundExpressionKind::kAnd) {
    for (const auto& c : e.children) SplitConjuncts(*c, out);
    return;
  }
  out->push_back(&e);
}

// Rewrites the column references of `e` with `on_ref`, keeping every text in step.
void Remap(BoundExpression* e, const std::function<void(BoundExpression&)>& on_ref) {
  if (e->kind == BoundExpressionKind::kColumnRef) {
    on_ref(*e);
    return;
  }
  std::vector<std::string> old_texts;
  for (auto& c : e->children) {
    old_texts.push_back(c->text);
    Remap(c.get(), on_ref);
  }
  ImpliedFilters::ReplaceChildTexts(e, old_texts);
}

// Returns the column under `e` when it is a column or a cast of one (not TRY_CAST).
const BoundExpression* ColumnUnder(const BoundExpression& e) {
  if (e.kind == BoundExpressionKind::kColumnRef) return &e;
  if (e.kind == BoundExpressionKind::kCast && !e.try_cast && e.children[0]->kind == BoundExpressionKind::kColumnRef) {
    return e.children[0].get();
  }
  return nullptr;
}

bool IsColumnEquality(const BoundExpression& f) {
  if (f.kind != BoundExpressionKind::kFunction || !f.function || f.function->name != "=" || f.children.size() != 2) {
    return false;
  }
  const BoundExpression* a = ColumnUnder(*f.children[0]);
  const BoundExpression* b = ColumnUnder(*f.children[1]);
  return a && b && a->index != b->index && f.children[0]->type == f.children[1]->type;
}

// Returns `filter` with each reference to its column replaced by a copy of `target`.
BoundExpressionPtr ReplaceColumn(const BoundExpression& filter, const BoundExpression& target) {
  if (filter.kind == BoundExpressionKind::kColumnRef) return target.Copy();
  auto copy = filter.Copy();
  std::vector<std::string> old_texts;
  for (auto& c : copy->children) {
    old_texts.push_back(c->text);
    c = ReplaceColumn(*c, target);
  }
  ImpliedFilters::ReplaceChildTexts(copy.get(), old_texts);
  return copy;
}

// Returns true when `e` is NULL whenever the columns it references are.
// Returns true when e is NULL whenever the columns `nulled` holds are NULL: a column so held, a
// cast of one, a strict function of one.
bool PropagatesNull(const BoundExpression& e, const std::function<bool(size_t)>& nulled) {
  switch (e.kind) {
    case BoundExpressionKind::kColumnRef: return nulled(e.index);
    case BoundExpressionKind::kCast: return !e.try_cast && PropagatesNull(*e.children[0], nulled);
    case BoundExpressionKind::kFunction: {
      static const std::set<std::string> kStrict = {"+", "-", "*", "/", "%", "div", "lower", "upper", "substring",
                                                    "substr", "abs", "year", "month", "day", "to_date", "date_trunc"};
      if (!e.function || !kStrict.count(e.function->name)) return false;
      for (const auto& c : e.children) {
        if (PropagatesNull(*c, nulled)) return true;
      }
      return false;
    }
    default: return false;
  }
}

}  // namespace

void ImpliedFilters::ReplaceChildTexts(BoundExpression* e, const std::vector<std::string>& old_texts) {
  size_t pos = 0;
  for (size_t i = 0; i < old_texts.size() && i < e->children.size(); ++i) {
    const std::string& now = e->children[i]->text;
    if (old_texts[i].empty() || old_texts[i] == now) continue;
    size_t at = e->text.find(old_texts[i], pos);
    if (at == std::string::npos) at = e->text.find(old_texts[i]);
    if (at == std::string::npos) continue;
    e->text.replace(at, old_texts[i].size(), now);
    pos = at + now.size();
  }
}

void ImpliedFilters::RenameColumns(BoundExpression* e, const std::vector<std::string>& names) {
  Remap(e, [&](BoundExpression& ref) {
    if (ref.index < names.size()) ref.text = names[ref.index];
  });
}

BoundExpressionPtr ImpliedFilters::Retarget(const BoundExpression& filter, size_t index, const std::string& name) {
  auto copy = filter.Copy();
  Remap(copy.get(), [&](BoundExpression& ref) {
    ref.index = index;
    ref.text = name;
  });
  return copy;
}

void ImpliedFilters::AddEqualityImplied(std::vector<BoundExpressionPtr>* filters) {
  std::set<std::string> seen;
  for (const auto& f : *filters) seen.insert(f->text);
  // two rounds: a = b AND b = c AND c = 5 reaches a
  for (int round = 0; round < 2; ++round) {
    size_t n = filters->size();
    for (size_t i = 0; i < n; ++i) {
      if (!IsColumnEquality(*(*filters)[i])) continue;
      const BoundExpression& a = *(*filters)[i]->children[0];
      const BoundExpression& b = *(*filters)[i]->children[1];
      for (int dir = 0; dir < 2; ++dir) {
        // a filter on a plain column holds for what it equals: a column or a cast of one
        const BoundExpression& from = dir ? a : b;
        const BoundExpression& to = dir ? b : a;
        if (from.kind != BoundExpressionKind::kColumnRef) continue;
        for (size_t j = 0; j < n; ++j) {
          if (j == i || !OnlyOn(*(*filters)[j], from.index)) continue;
          auto implied = ReplaceColumn(*(*filters)[j], to);
          if (seen.insert(implied->text).second) filters->push_back(std::move(implied));
        }
      }
    }
  }
}

std::vector<BoundExpressionPtr> ImpliedFilters::FiltersOn(const LogicalOperator& op, size_t column) {
  std::vector<BoundExpressionPtr> out;
  auto name = [&]() { return column < op.names.size() ? op.names[column] : std::string(); };
  auto add_from = [&](const LogicalOperator& child, size_t child_column) {
    for (auto& f : FiltersOn(child, child_column)) out.push_back(Retarget(*f, column, name()));
  };
  switch (op.type) {
    case LogicalOperatorType::kFilter: {
      std::vector<const BoundExpression*> conjuncts;
      for (const auto& c : static_cast<const LogicalFilter&>(op).conjuncts) SplitConjuncts(*c, &conjuncts);
      for (const auto* c : conjuncts) {
        if (OnlyOn(*c, column)) out.push_back(c->Copy());
      }
      add_from(*op.children[0], column);
      break;
    }
    case LogicalOperatorType::kGet:
      for (const auto& f : static_cast<const LogicalGet&>(op).filters) {
        if (OnlyOn(*f, column)) out.push_back(f->Copy());
      }
      break;
    case LogicalOperatorType::kProjection: {
      const auto& projection = static_cast<const LogicalProjection&>(op);
      if (column < projection.expressions.size() &&
          projection.expressions[column]->kind == BoundExpressionKind::kColumnRef) {
        add_from(*op.children[0], projection.expressions[column]->index);
      }
      break;
    }
    case LogicalOperatorType::kAggregate: {
      const auto& agg = static_cast<const LogicalAggregate&>(op);
      // a group key column carries its input's filters (not under grouping sets: NULLs)
      if (agg.grouping_sets.empty() && column < agg.groups.size() &&
          agg.groups[column]->kind == BoundExpressionKind::kColumnRef) {
        add_from(*op.children[0], agg.groups[column]->index);
      }
      break;
    }
    case LogicalOperatorType::kSort:
    case LogicalOperatorType::kLimit: add_from(*op.children[0], column); break;
    case LogicalOperatorType::kJoin: {
      const auto& join = static_cast<const LogicalJoin&>(op);
      size_t left_width = op.children[0]->types.size();
      JoinType t = join.join_type;
      bool inner = t == JoinType::kInner || t == JoinType::kCross;
      // the NULL-extended side of an outer join holds rows its filters never saw
      if (column < left_width && (inner || t == JoinType::kLeft || t == JoinType::kSemi || t == JoinType::kAnti)) {
        add_from(*op.children[0], column);
      } else if (column >= left_width && (inner || t == JoinType::kRight)) {
        add_from(*op.children[1], column - left_width);
      }
      break;
    }
    default: break;
  }
  return out;
}

bool ImpliedFilters::RejectsNulls(const BoundExpression& f, const std::function<bool(size_t)>& nulled) {
  switch (f.kind) {
    case BoundExpressionKind::kIsNotNull: return PropagatesNull(*f.children[0], nulled);
    case BoundExpressionKind::kIn: return PropagatesNull(*f.children[0], nulled);
    case BoundExpressionKind::kAnd:
      for (const auto& c : f.children) {
        if (RejectsNulls(*c, nulled)) return true;
      }
      return false;
    case BoundExpressionKind::kOr:
      for (const auto& c : f.children) {
        if (!RejectsNulls(*c, nulled)) return false;
      }
      return !f.children.empty();
    case BoundExpressionKind::kFunction: {
      static const std::set<std::string> kComparisons = {"=",    "==",          "<>",        "!=", "<", "<=", ">",
                                                         ">=",   "like",        "starts_with", "startswith",
                                                         "rlike", "ends_with", "contains"};
      if (!f.function || !kComparisons.count(f.function->name)) return false;
      for (const auto& c : f.children) {
        if (PropagatesNull(*c, nulled)) return true;
      }
      return false;
    }
    default: return false;
  }
}

}  // namespace floe
