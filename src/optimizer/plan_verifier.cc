#include "optimizer/plan_verifier.h"

#include "common/exception.h"
#include "planner/logical_aggregate.h"
#include "planner/logical_delete.h"
#include "planner/logical_filter.h"
#include "planner/logical_generate.h"
#include "planner/logical_get.h"
#include "planner/logical_insert.h"
#include "planner/logical_join.h"
#include "planner/logical_projection.h"
#include "planner/logical_sort.h"
#include "planner/logical_values.h"
#include "planner/logical_window.h"

namespace floe {

namespace {

// The columns an expression may read: the input's types, or (for a join's residual) the
// left input's then the right input's.
using Columns = std::vector<LogicalType>;

// The operator's name as EXPLAIN prints it; Describe() is not used because it may read
// the very fields that are wrong.
const char* KindName(LogicalOperatorType type) {
  switch (type) {
    case LogicalOperatorType::kGet: return "Get";
    case LogicalOperatorType::kFilter: return "Filter";
    case LogicalOperatorType::kProjection: return "Project";
    case LogicalOperatorType::kAggregate: return "Aggregate";
    case LogicalOperatorType::kJoin: return "Join";
    case LogicalOperatorType::kSort: return "Sort";
    case LogicalOperatorType::kLimit: return "Limit";
    case LogicalOperatorType::kSetOperation: return "SetOperation";
    case LogicalOperatorType::kWindow: return "Window";
    case LogicalOperatorType::kGenerate: return "Generate";
    case LogicalOperatorType::kValues: return "Values";
    case LogicalOperatorType::kInsert: return "Insert";
    case LogicalOperatorType::kCopyToFile: return "CopyToFile";
    case LogicalOperatorType::kDelete: return "Delete";
  }
  return "?";
}

// Returns what is wrong with a column reference of `expr` over `input`, or nothing.
// Parameters (columns of an enclosing query) and subquery plans are not this plan's.
std::optional<std::string> CheckExpression(const BoundExpression& expr, const Columns& input, const char* role) {
  if (expr.kind == BoundExpressionKind::kColumnRef) {
    if (expr.index >= input.size()) {
      return std::string(role) + " " + expr.text + " reads column " + std::to_string(expr.index) + " of an input of " +
             std::to_string(input.size()) + " columns";
    }
    if (input[expr.index] != expr.type) {
      return std::string(role) + " " + expr.text + " reads column " + std::to_string(expr.index) + " as " +
             expr.type.ToString() + " but the input produces " + input[expr.index].ToString();
    }
  }
  for (const auto& child : expr.children) {
    if (auto problem = CheckExpression(*child, input, role)) return problem;
  }
  return std::nullopt;
}

std::optional<std::string> CheckAll(const std::vector<BoundExpressionPtr>& exprs, const Columns& input, const char* role) {
  for (const auto& e : exprs) {
    if (!e) return std::string(role) + " is missing (null)";
    if (auto problem = CheckExpression(*e, input, role)) return problem;
  }
  return std::nullopt;
}

std::optional<std::string> CheckOutput(const LogicalOperator& op, const Columns& expected, const char* what) {
  if (op.types.size() != expected.size()) {
    return std::string("produces ") + std::to_string(op.types.size()) + " columns, but " + what + " gives " +
           std::to_string(expected.size());
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    if (op.types[i] != expected[i]) {
      return "output column " + std::to_string(i) + " has type " + op.types[i].ToString() + ", but " + what +
             " gives " + expected[i].ToString();
    }
  }
  return std::nullopt;
}

size_t ChildrenOf(LogicalOperatorType type) {
  switch (type) {
    case LogicalOperatorType::kGet:
    case LogicalOperatorType::kValues:
    case LogicalOperatorType::kDelete:
      return 0;
    case LogicalOperatorType::kJoin:
    case LogicalOperatorType::kSetOperation:
      return 2;
    default:
      return 1;
  }
}

Columns Concat(const Columns& left, const Columns& right) {
  Columns out = left;
  out.insert(out.end(), right.begin(), right.end());
  return out;
}

// Returns what is wrong with `op` itself, its children being well formed.
std::optional<std::string> CheckNode(const LogicalOperator& op) {
  if (op.children.size() != ChildrenOf(op.type)) {
    return "has " + std::to_string(op.children.size()) + " children, its kind needs " +
           std::to_string(ChildrenOf(op.type));
  }
  for (const auto& child : op.children) {
    if (!child) return std::string("has a null child");
  }
  if (!op.names.empty() && op.names.size() != op.types.size()) {
    return "has " + std::to_string(op.names.size()) + " names for " + std::to_string(op.types.size()) + " columns";
  }
  const Columns* input = op.children.empty() ? nullptr : &op.children[0]->types;
  switch (op.type) {
    case LogicalOperatorType::kGet: {
      const auto& get = static_cast<const LogicalGet&>(op);
      if (get.column_ids.size() != op.types.size()) {
        return "reads " + std::to_string(get.column_ids.size()) + " columns but produces " +
               std::to_string(op.types.size());
      }
      if (auto problem = CheckAll(get.filters, op.types, "the scan filter")) return problem;
      for (const auto& filter : get.runtime_filters) {
        if (!filter.probe_key) return std::string("runtime filter has no probe key");
        if (auto problem = CheckExpression(*filter.probe_key, op.types, "the runtime filter key")) return problem;
      }
      return std::nullopt;
    }
    case LogicalOperatorType::kFilter: {
      const auto& filter = static_cast<const LogicalFilter&>(op);
      if (auto problem = CheckAll(filter.conjuncts, *input, "the condition")) return problem;
      for (const auto& conjunct : filter.conjuncts) {
        if (conjunct->type.id() != TypeId::kBoolean && conjunct->type.id() != TypeId::kNull) {
          return "condition " + conjunct->text + " has type " + conjunct->type.ToString() + ", not boolean";
        }
      }
      return CheckOutput(op, *input, "its input");
    }
    case LogicalOperatorType::kProjection: {
      const auto& projection = static_cast<const LogicalProjection&>(op);
      if (auto problem = CheckAll(projection.expressions, *input, "the expression")) return problem;
      Columns expected;
      for (const auto& e : projection.expressions) expected.push_back(e->type);
      return CheckOutput(op, expected, "its expression list");
    }
    case LogicalOperatorType::kAggregate: {
      const auto& aggregate = static_cast<const LogicalAggregate&>(op);
      if (auto problem = CheckAll(aggregate.groups, *input, "the group key")) return problem;
      for (const auto& a : aggregate.aggregates) {
        if (auto problem = CheckAll(a.args, *input, "the aggregate argument")) return problem;
        if (a.filter) {
          if (auto problem = CheckExpression(*a.filter, *input, "the aggregate FILTER")) return problem;
        }
      }
      for (const auto& set : aggregate.grouping_sets) {
        for (size_t group : set) {
          if (group >= aggregate.groups.size()) {
            return "grouping set names group " + std::to_string(group) + " of " +
                   std::to_string(aggregate.groups.size());
          }
        }
      }
      size_t width = aggregate.groups.size() + aggregate.aggregates.size() + (aggregate.grouping_sets.empty() ? 0 : 1);
      if (op.types.size() != width) {
        return "produces " + std::to_string(op.types.size()) + " columns for " + std::to_string(aggregate.groups.size()) +
               " groups and " + std::to_string(aggregate.aggregates.size()) + " aggregates";
      }
      for (size_t i = 0; i < aggregate.groups.size(); ++i) {
        if (op.types[i] != aggregate.groups[i]->type) {
          return "output column " + std::to_string(i) + " has type " + op.types[i].ToString() + ", but group key " +
                 aggregate.groups[i]->text + " is " + aggregate.groups[i]->type.ToString();
        }
      }
      return std::nullopt;
    }
    case LogicalOperatorType::kJoin: {
      const auto& join = static_cast<const LogicalJoin&>(op);
      const Columns& left = op.children[0]->types;
      const Columns& right = op.children[1]->types;
      if (join.left_keys.size() != join.right_keys.size()) {
        return std::to_string(join.left_keys.size()) + " left keys but " + std::to_string(join.right_keys.size()) +
               " right keys";
      }
      if (auto problem = CheckAll(join.left_keys, left, "the left key")) return problem;
      if (auto problem = CheckAll(join.right_keys, right, "the right key")) return problem;
      Columns both = Concat(left, right);
      if (join.residual) {
        if (auto problem = CheckExpression(*join.residual, both, "the residual")) return problem;
      }
      bool semi_like = join.join_type == JoinType::kSemi || join.join_type == JoinType::kAnti;
      return CheckOutput(op, semi_like ? left : both, semi_like ? "its left input" : "its inputs");
    }
    case LogicalOperatorType::kSort: {
      const auto& sort = static_cast<const LogicalSort&>(op);
      for (const auto& order : sort.orders) {
        if (!order.expression) return std::string("sort key is missing (null)");
        if (auto problem = CheckExpression(*order.expression, *input, "the sort key")) return problem;
      }
      return CheckOutput(op, *input, "its input");
    }
    case LogicalOperatorType::kLimit:
      return CheckOutput(op, *input, "its input");
    case LogicalOperatorType::kSetOperation: {
      const Columns& left = op.children[0]->types;
      const Columns& right = op.children[1]->types;
      if (left.size() != right.size()) {
        return "its inputs have " + std::to_string(left.size()) + " and " + std::to_string(right.size()) + " columns";
      }
      if (op.types.size() != left.size()) {
        return "produces " + std::to_string(op.types.size()) + " columns of inputs of " + std::to_string(left.size());
      }
      return std::nullopt;
    }
    case LogicalOperatorType::kGenerate: {
      const auto& generate = static_cast<const LogicalGenerate&>(op);
      if (auto problem = CheckExpression(*generate.argument, *input, "the generator argument")) return problem;
      Columns expected = *input;
      std::vector<std::string> names;
      LogicalGenerate::GeneratedColumns(generate.kind, generate.argument->type, &expected, &names);
      return CheckOutput(op, expected, "its input and generated columns");
    }
    case LogicalOperatorType::kWindow: {
      const auto& window = static_cast<const LogicalWindow&>(op);
      for (const auto& f : window.functions) {
        if (auto problem = CheckAll(f.aggregate.args, *input, "the window aggregate argument")) return problem;
        if (f.aggregate.filter) {
          if (auto problem = CheckExpression(*f.aggregate.filter, *input, "the window FILTER")) return problem;
        }
        if (auto problem = CheckAll(f.args, *input, "the window argument")) return problem;
        if (auto problem = CheckAll(f.partitions, *input, "the window partition")) return problem;
        for (const auto& order : f.orders) {
          if (auto problem = CheckExpression(*order.expression, *input, "the window order")) return problem;
        }
      }
      Columns expected = *input;
      for (const auto& f : window.functions) expected.push_back(f.type);
      return CheckOutput(op, expected, "its input and window functions");
    }
    case LogicalOperatorType::kValues: {
      const auto& values = static_cast<const LogicalValues&>(op);
      for (size_t r = 0; r < values.rows.size(); ++r) {
        if (values.rows[r].size() != op.types.size()) {
          return "row " + std::to_string(r) + " has " + std::to_string(values.rows[r].size()) + " values for " +
                 std::to_string(op.types.size()) + " columns";
        }
      }
      return std::nullopt;
    }
    case LogicalOperatorType::kInsert: {
      const auto& insert = static_cast<const LogicalInsert&>(op);
      if (*input != insert.sink->types()) return std::string("writes columns whose types are not the target's");
      return std::nullopt;
    }
    case LogicalOperatorType::kCopyToFile:
      return std::nullopt;
    case LogicalOperatorType::kDelete: {
      const auto& del = static_cast<const LogicalDelete&>(op);
      if (del.condition && del.condition->type.id() != TypeId::kBoolean) {
        return std::string("has a condition that is not boolean");
      }
      return std::nullopt;
    }
  }
  return std::nullopt;
}

// Returns the first problem in the subtree of `op`, children first, prefixed with the
// operator's path from the root ("Project > Join (child 1) > Filter").
std::optional<std::string> CheckTree(const LogicalOperator& op, const std::string& path) {
  std::string here = path.empty() ? KindName(op.type) : path + " > " + KindName(op.type);
  for (size_t i = 0; i < op.children.size(); ++i) {
    if (!op.children[i]) continue;  // CheckNode reports it
    std::string child_path = op.children.size() > 1 ? here + " (child " + std::to_string(i) + ")" : here;
    if (auto problem = CheckTree(*op.children[i], child_path)) return problem;
  }
  if (auto problem = CheckNode(op)) return here + ": " + *problem;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> PlanVerifier::Check(const LogicalOperator& plan) { return CheckTree(plan, ""); }

void PlanVerifier::Verify(const LogicalOperator& plan, const std::string& stage) {
  if (auto problem = Check(plan)) throw InternalError("the logical plan after " + stage + " is ill-formed: " + *problem);
}

}  // namespace floe
