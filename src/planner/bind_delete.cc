// DELETE FROM t [[AS] alias] [WHERE condition]: the condition over the target's columns,
// under a LogicalDelete.
#include "common/ascii_case.h"
#include "common/exception.h"
#include "planner/binder.h"
#include "planner/logical_delete.h"

namespace floe {

LogicalOperatorPtr Binder::BindDelete(const DeleteStatement& statement) {
  std::shared_ptr<DeleteTarget> target = context_.FindDeleteTarget(statement.table);
  if (!target) throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + statement.table.ToString());
  BindScope scope;
  std::string alias = ToLower(statement.alias.empty() ? target->TableName() : statement.alias);
  for (size_t i = 0; i < target->names().size(); ++i) {
    scope.columns.push_back({alias, target->names()[i], target->types()[i], i, false});
  }
  auto del = std::make_unique<LogicalDelete>();
  del->target = std::move(target);
  if (statement.where) {
    del->condition = AddCast(BindExpression(*statement.where, scope, "WHERE"), TypeId::kBoolean);
  }
  return del;
}

std::string LogicalDelete::Describe() const {
  return "DeleteFromTable " + target->DisplayName() + (condition ? " [" + condition->ToString() + "]" : "");
}

}  // namespace floe
