#include "sql/ast_expression.h"

#include <cstdlib>

#include "common/ascii_case.h"
#include "common/double_format.h"
#include "common/sql_text.h"
#include "sql/ast_query.h"

namespace floe {
namespace {

std::string Join(const std::vector<ExpressionPtr>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ", ";
    out += items[i]->ToString();
  }
  return out;
}

bool IsRankingFunction(const std::string& name) {
  static const char* kNames[] = {"row_number", "rank",  "dense_rank", "percent_rank",
                                 "cume_dist",  "ntile", "lag",        "lead"};
  for (const char* n : kNames) {
    if (name == n) return true;
  }
  return false;
}

}  // namespace

ParsedExpression::~ParsedExpression() = default;
FunctionExpression::~FunctionExpression() = default;
SubqueryExpression::SubqueryExpression() : ParsedExpression(ExpressionKind::kSubquery) {}
SubqueryExpression::~SubqueryExpression() = default;

std::string ColumnRefExpression::ToString() const { return names.back(); }

std::string ColumnRefExpression::FullName() const {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ".";
    out += names[i];
  }
  return out;
}

std::string StarExpression::ToString() const {
  std::string out;
  for (const auto& q : qualifier) out += q + ".";
  return out + "*";
}

std::string ConstantExpression::ToString() const {
  switch (literal_kind) {
    case LiteralKind::kNull: return "NULL";
    case LiteralKind::kBoolean: return ToLower(text);
    case LiteralKind::kInteger:
    case LiteralKind::kBigint:
    case LiteralKind::kSmallint:
    case LiteralKind::kTinyint: return text;
    case LiteralKind::kDecimal: {
      // Spark prints a decimal with its digits as written; ".5" reads as 0.5, "1." as 1.
      std::string out = text;
      bool negative = !out.empty() && out[0] == '-';
      std::string digits = negative ? out.substr(1) : out;
      if (!digits.empty() && digits[0] == '.') digits = "0" + digits;
      if (!digits.empty() && digits.back() == '.') digits.pop_back();
      return (negative ? "-" : "") + digits;
    }
    case LiteralKind::kDouble: return FormatDouble(std::strtod(text.c_str(), nullptr));
    case LiteralKind::kFloat: return FormatFloat(std::strtof(text.c_str(), nullptr));
    case LiteralKind::kString: return text;  // Spark names a column by the bare string
    case LiteralKind::kBinary: return "X'" + text + "'";
    case LiteralKind::kDate: return "DATE " + SqlStringLiteral(text);
    case LiteralKind::kTimestamp: return "TIMESTAMP " + SqlStringLiteral(text);
    case LiteralKind::kTimestampNtz: return "TIMESTAMP_NTZ " + SqlStringLiteral(text);
    case LiteralKind::kInterval: {
      std::string out = "INTERVAL";
      for (const auto& field : interval_fields) {
        out += " " + SqlStringLiteral(field.value);
        if (!field.unit.empty()) out += " " + field.unit;
        if (!field.to_unit.empty()) out += " TO " + field.to_unit;
      }
      return out;
    }
  }
  return text;
}

std::string OrderByItem::ToString() const {
  return expression->ToString() + (descending() ? " DESC" : " ASC") +
         (nulls_first() ? " NULLS FIRST" : " NULLS LAST");
}

std::string FrameBound::ToString() const {
  switch (kind) {
    case FrameBoundKind::kUnboundedPreceding: return "UNBOUNDED PRECEDING";
    case FrameBoundKind::kPreceding: return offset->ToString() + " PRECEDING";
    case FrameBoundKind::kCurrentRow: return "CURRENT ROW";
    case FrameBoundKind::kFollowing: return offset->ToString() + " FOLLOWING";
    case FrameBoundKind::kUnboundedFollowing: return "UNBOUNDED FOLLOWING";
  }
  return "";
}

std::string WindowFrame::ToString() const {
  return std::string(unit == FrameUnit::kRows ? "ROWS" : "RANGE") + " BETWEEN " + start.ToString() +
         " AND " + end.ToString();
}

std::string WindowSpec::ToString() const {
  std::string out;
  if (!Resolved()) out += base_name + " ";
  const auto& partition_list = EffectivePartitions();
  const auto& order_list = EffectiveOrderBy();
  if (!partition_list.empty()) out += "PARTITION BY " + Join(partition_list) + " ";
  if (!order_list.empty()) {
    out += "ORDER BY ";
    for (size_t i = 0; i < order_list.size(); ++i) {
      if (i > 0) out += ", ";
      out += order_list[i].ToString();
    }
    out += " ";
  }
  if (EffectiveFrame()) out += EffectiveFrame()->ToString();
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string FunctionExpression::ToString() const {
  std::string lower_name = ToLower(name);
  bool is_offset_window = window && (lower_name == "lag" || lower_name == "lead");
  if (lower_name == "extract" && args.size() == 2 && args[0]->kind == ExpressionKind::kConstant) {
    return "extract(" + args[0]->ToString() + " FROM " + args[1]->ToString() + ")";
  }
  std::string out = lower_name + "(";
  if (distinct) out += "DISTINCT ";
  if (is_star) {
    out += lower_name == "count" ? "1" : "*";  // Spark names count(*) as count(1)
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (i > 0) out += ", ";
    if (i < arg_names.size() && !arg_names[i].empty()) out += arg_names[i] + " => ";
    out += args[i]->ToString();
  }
  // Spark names lag(x) as lag(x, 1, NULL): its analyzer fills in the defaults.
  std::string offset = args.size() >= 2 ? args[1]->ToString() : "1";
  if (is_offset_window && !args.empty()) {
    if (args.size() < 2) out += ", 1";
    if (args.size() < 3) out += ", NULL";
  }
  out += ")";
  if (lower_name == "if" && !window) return "(IF" + out.substr(2) + ")";  // Spark's If.sql
  if (!within_group.empty()) {
    out += " WITHIN GROUP (ORDER BY ";
    for (size_t i = 0; i < within_group.size(); ++i) {
      if (i > 0) out += ", ";
      out += within_group[i].ToString();
    }
    out += ")";
  }
  if (filter) out += " FILTER (WHERE " + filter->ToString() + ")";
  if (window) {
    std::string spec = window->ToString();
    if (!window->EffectiveFrame() && window->Resolved()) {
      // Spark names the column with the frame its analyzer fills in.
      std::string frame;
      if (is_offset_window) {
        // Spark frames lag(x, n) at -n FOLLOWING and lead(x, n) at n FOLLOWING.
        std::string bound = lower_name == "lag"
                                ? (offset.rfind('-', 0) == 0 ? offset.substr(1) : "-" + offset)
                                : offset;
        frame = "ROWS BETWEEN " + bound + " FOLLOWING AND " + bound + " FOLLOWING";
      } else if (IsRankingFunction(lower_name)) {
        frame = "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW";
      } else if (!window->EffectiveOrderBy().empty()) {
        frame = "RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW";
      } else {
        frame = "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING";
      }
      spec += (spec.empty() ? "" : " ") + frame;
    }
    out += " OVER (" + spec + ")";
  }
  return out;
}

std::string UnaryExpression::ToString() const {
  switch (op) {
    case UnaryOp::kNegate: return "(- " + child->ToString() + ")";
    case UnaryOp::kPlus: return "(+ " + child->ToString() + ")";
    case UnaryOp::kNot: return "(NOT " + child->ToString() + ")";
    case UnaryOp::kBitwiseNot: return "~" + child->ToString();
  }
  return "";
}

const char* BinaryOpToString(BinaryOp op) {
  switch (op) {
    case BinaryOp::kAdd: return "+";
    case BinaryOp::kSubtract: return "-";
    case BinaryOp::kMultiply: return "*";
    case BinaryOp::kDivide: return "/";
    case BinaryOp::kModulo: return "%";
    case BinaryOp::kIntegerDivide: return "div";
    case BinaryOp::kConcat: return "||";
    case BinaryOp::kEqual: return "=";
    case BinaryOp::kNotEqual: return "!=";
    case BinaryOp::kLess: return "<";
    case BinaryOp::kLessEqual: return "<=";
    case BinaryOp::kGreater: return ">";
    case BinaryOp::kGreaterEqual: return ">=";
    case BinaryOp::kNullSafeEqual: return "<=>";
    case BinaryOp::kAnd: return "AND";
    case BinaryOp::kOr: return "OR";
    case BinaryOp::kBitwiseAnd: return "&";
    case BinaryOp::kBitwiseOr: return "|";
    case BinaryOp::kBitwiseXor: return "^";
    case BinaryOp::kShiftLeft: return "<<";
    case BinaryOp::kShiftRight: return ">>";
    case BinaryOp::kShiftRightUnsigned: return ">>>";
  }
  return "?";
}

std::string BinaryExpression::ToString() const {
  std::string l = left->ToString();
  std::string r = right->ToString();
  switch (op) {
    case BinaryOp::kConcat: return "concat(" + l + ", " + r + ")";
    case BinaryOp::kNotEqual: return "(NOT (" + l + " = " + r + "))";
    case BinaryOp::kShiftLeft: return "shiftleft(" + l + ", " + r + ")";
    case BinaryOp::kShiftRight: return "shiftright(" + l + ", " + r + ")";
    case BinaryOp::kShiftRightUnsigned: return "shiftrightunsigned(" + l + ", " + r + ")";
    default: return "(" + l + " " + BinaryOpToString(op) + " " + r + ")";
  }
}

std::string IsExpression::ToString() const {
  std::string c = child->ToString();
  switch (is_kind) {
    case IsKind::kNull:
    case IsKind::kUnknown: return "(" + c + (negated ? " IS NOT NULL)" : " IS NULL)");
    case IsKind::kTrue:
    case IsKind::kFalse: {
      std::string test = "(" + c + " <=> " + (is_kind == IsKind::kTrue ? "true" : "false") + ")";
      return negated ? "(NOT " + test + ")" : test;
    }
  }
  return "";
}

std::string BetweenExpression::ToString() const {
  // Spark 3.5 parses BETWEEN as two comparisons and names the column after them.
  std::string value = input->ToString();
  std::string out = "((" + value + " >= " + lower->ToString() + ") AND (" + value + " <= " +
                    upper->ToString() + "))";
  return negated ? "(NOT " + out + ")" : out;
}

std::string InListExpression::ToString() const {
  std::string out = "(" + input->ToString() + " IN (" + Join(list) + "))";
  return negated ? "(NOT " + out + ")" : out;
}

std::string LikeExpression::ToString() const {
  if (quantifier != Quantifier::kNone) {
    std::string list;
    for (const auto& p : patterns) list += (list.empty() ? "" : ", ") + p->ToString();
    return input->ToString() + (negated ? " NOT" : "") + (like_kind == LikeKind::kILike ? " ILIKE " : " LIKE ") +
           (quantifier == Quantifier::kAny ? "ANY" : "ALL") + " (" + list + ")";
  }
  std::string out;
  if (like_kind == LikeKind::kILike) {
    out = "ilike(" + input->ToString() + ", " + pattern->ToString() + ")";
  } else {
    out = input->ToString() + (like_kind == LikeKind::kLike ? " LIKE " : " RLIKE ") +
          pattern->ToString();
  }
  if (escape) out += " ESCAPE " + escape->ToString();
  return negated ? "(NOT " + out + ")" : out;
}

std::string SubqueryExpression::ToString() const {
  switch (subquery_kind) {
    case SubqueryKind::kScalar: return "scalarsubquery()";
    case SubqueryKind::kExists: return "exists()";
    case SubqueryKind::kIn: {
      std::string out = "(" + input->ToString() + " IN (listquery()))";
      return negated ? "(NOT " + out + ")" : out;
    }
  }
  return "";
}

std::string CaseExpression::ToString() const {
  std::string out = "CASE";
  for (const auto& check : checks) {
    std::string when = operand ? "(" + operand->ToString() + " = " + check.when->ToString() + ")"
                               : check.when->ToString();
    out += " WHEN " + when + " THEN " + check.then->ToString();
  }
  if (else_expr) out += " ELSE " + else_expr->ToString();
  return out + " END";
}

std::string CastExpression::ToString() const {
  return std::string(try_cast ? "TRY_CAST(" : "CAST(") + child->ToString() + " AS " +
         type.ToString() + ")";
}

std::string SubscriptExpression::ToString() const {
  if (!index) return base->ToString() + "." + field;
  return base->ToString() + "[" + index->ToString() + "]";
}

std::string LambdaExpression::ToString() const {
  std::string out = "lambdafunction(" + body->ToString();
  for (const auto& p : params) out += ", " + p;
  return out + ")";
}

}  // namespace floe
