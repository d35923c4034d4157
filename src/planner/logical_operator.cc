#include "planner/logical_operator.h"

namespace floe {

static std::string JoinTexts(const std::vector<BoundExpressionPtr>& exprs) {
  std::string out;
  for (size_t i = 0; i < exprs.size(); ++i) {
    if (i) out += ", ";
    out += exprs[i]->text;
  }
  return out;
}

std::string LogicalGet::Describe() const {
  std::string out = "Get " + source->DisplayName() + " [";
  for (size_t i = 0; i < column_ids.size(); ++i) {
    if (i) out += ", ";
    out += names[i];
  }
  out += "]";
  if (!filters.empty()) out += " filters: " + JoinTexts(filters);
  return out;
}

void LogicalGet::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& f : filters) fn(f);
  for (auto& r : runtime_filters) fn(r.probe_key);
}

void LogicalFilter::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& c : conjuncts) fn(c);
}

void LogicalProjection::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& e : expressions) fn(e);
}

void LogicalAggregate::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& g : groups) fn(g);
  for (auto& a : aggregates) {
    for (auto& arg : a.args) fn(arg);
    if (a.filter) fn(a.filter);
  }
}

void LogicalJoin::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& k : left_keys) fn(k);
  for (auto& k : right_keys) fn(k);
  if (residual) fn(residual);
}

void LogicalSort::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& o : orders) fn(o.expression);
}

void LogicalWindow::VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) {
  for (auto& f : functions) {
    for (auto& a : f.aggregate.args) fn(a);
    if (f.aggregate.filter) fn(f.aggregate.filter);
    for (auto& a : f.args) fn(a);
    for (auto& p : f.partitions) fn(p);
    for (auto& o : f.orders) fn(o.expression);
  }
}

std::vector<std::shared_ptr<BoundSubquery>> LogicalOperator::Subqueries() const {
  std::vector<std::shared_ptr<BoundSubquery>> out;
  // why: the visitor only reads; VisitExpressions is non-const because rules rewrite with it
  const_cast<LogicalOperator*>(this)->VisitExpressions([&](BoundExpressionPtr& e) { CollectSubqueries(*e, &out); });
  return out;
}

std::string LogicalFilter::Describe() const { return "Filter " + JoinTexts(conjuncts); }

std::string LogicalProjection::Describe() const { return "Project [" + JoinTexts(expressions) + "]"; }

std::string LogicalAggregate::Describe() const {
  std::string out = "Aggregate [" + JoinTexts(groups) + "] [";
  for (size_t i = 0; i < aggregates.size(); ++i) {
    if (i) out += ", ";
    out += aggregates[i].text;
  }
  return out + "]";
}

std::string LogicalJoin::Describe() const {
  std::string out = std::string("Join ") + JoinTypeName(join_type);
  for (size_t i = 0; i < left_keys.size(); ++i) {
    out += i ? " AND " : " ";
    out += "(" + left_keys[i]->text + " = " + right_keys[i]->text + ")";
  }
  if (residual) out += " residual " + residual->text;
  return out;
}

std::string LogicalSort::Describe() const {
  std::string out = "Sort [";
  for (size_t i = 0; i < orders.size(); ++i) {
    if (i) out += ", ";
    out += orders[i].expression->text + (orders[i].ascending ? " ASC" : " DESC") +
           (orders[i].nulls_first ? " NULLS FIRST" : " NULLS LAST");
  }
  return out + "]";
}

std::string LogicalLimit::Describe() const {
  return "Limit " + (limit ? std::to_string(*limit) : std::string("ALL")) +
         (offset ? " OFFSET " + std::to_string(offset) : "");
}

std::string LogicalSetOperation::Describe() const {
  const char* name = set_type == SetOperationType::kUnion
                         ? "Union"
                         : (set_type == SetOperationType::kIntersect ? "Intersect" : "Except");
  return std::string(name) + (all ? " ALL" : "");
}

BoundWindowFunction BoundWindowFunction::Copy() const {
  BoundWindowFunction c;
  c.kind = kind;
  c.aggregate = aggregate.Copy();
  for (const auto& a : args) c.args.push_back(a->Copy());
  for (const auto& p : partitions) c.partitions.push_back(p->Copy());
  for (const auto& o : orders) c.orders.push_back(o.Copy());
  c.rows_frame = rows_frame;
  c.has_frame = has_frame;
  c.start = start;
  c.end = end;
  c.ignore_nulls = ignore_nulls;
  c.type = type;
  c.text = text;
  return c;
}

void BoundWindowFunction::VisitExpressions(const std::function<void(BoundExpression&)>& fn) {
  for (auto& a : aggregate.args) fn(*a);
  if (aggregate.filter) fn(*aggregate.filter);
  for (auto& a : args) fn(*a);
  for (auto& p : partitions) fn(*p);
  for (auto& o : orders) fn(*o.expression);
}

std::string LogicalWindow::Describe() const {
  std::string out = "Window [";
  for (size_t i = 0; i < functions.size(); ++i) {
    if (i) out += ", ";
    out += functions[i].text;
  }
  return out + "]";
}

std::string LogicalValues::Describe() const {
  return "Values " + std::to_string(rows.size()) + " rows";
}

std::string LogicalPlanToString(const LogicalOperator& op, int indent) {
  std::string out = std::string(indent * 2, ' ') + op.Describe() + "\n";
  // The subqueries the node reads, under it (Spark prints them as the node's inner children).
  for (const auto& subquery : op.Subqueries()) {
    out += std::string((indent + 1) * 2, ' ') + ": Subquery " + subquery->Name() + "\n";
    if (subquery->plan) out += LogicalPlanToString(*subquery->plan, indent + 2);
  }
  for (const auto& child : op.children) out += LogicalPlanToString(*child, indent + 1);
  return out;
}

}  // namespace floe
