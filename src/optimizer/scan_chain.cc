#include "optimizer/scan_chain.h"

#include "planner/logical_filter.h"
#include "planner/logical_get.h"
#include "planner/logical_projection.h"

namespace floe {

LogicalOperatorPtr CopyScanChain(const LogicalOperator& op, const std::function<bool(const BoundExpression&)>& drop) {
  LogicalOperatorPtr copy;
  switch (op.type) {
    case LogicalOperatorType::kGet: {
      const auto& get = static_cast<const LogicalGet&>(op);
      auto out = std::make_unique<LogicalGet>();
      out->source = get.source;
      out->column_ids = get.column_ids;
      out->column_fields = get.column_fields;
      for (const auto& f : get.filters) out->filters.push_back(f->Copy());
      out->alias = get.alias;
      copy = std::move(out);
      break;
    }
    case LogicalOperatorType::kFilter: {
      auto out = std::make_unique<LogicalFilter>();
      for (const auto& c : static_cast<const LogicalFilter&>(op).conjuncts) {
        if (!drop || !drop(*c)) out->conjuncts.push_back(c->Copy());
      }
      if (out->conjuncts.empty()) return CopyScanChain(*op.children[0], drop);
      copy = std::move(out);
      break;
    }
    case LogicalOperatorType::kProjection: {
      auto out = std::make_unique<LogicalProjection>();
      for (const auto& e : static_cast<const LogicalProjection&>(op).expressions) out->expressions.push_back(e->Copy());
      copy = std::move(out);
      break;
    }
    default: return nullptr;
  }
  copy->names = op.names;
  copy->types = op.types;
  for (const auto& c : op.children) {
    LogicalOperatorPtr child = CopyScanChain(*c, drop);
    if (!child) return nullptr;
    copy->children.push_back(std::move(child));
  }
  return copy;
}

}  // namespace floe
