#include "planner/bound_window_function.h"

namespace floe {

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

}  // namespace floe
