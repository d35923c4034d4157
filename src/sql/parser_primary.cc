// Primary expressions: literals, names, CASE, CAST, subqueries, lambdas (function calls
// are in parser_function.cc).
#include <cctype>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/parser.h"

namespace floe {
namespace {

bool IsIntervalUnit(const Token& token) {
  if (token.type != TokenType::kWord) return false;
  static const char* kUnits[] = {
      "YEAR",   "YEARS",   "MONTH",       "MONTHS",       "WEEK",        "WEEKS",
      "DAY",    "DAYS",    "HOUR",        "HOURS",        "MINUTE",      "MINUTES",
      "SECOND", "SECONDS", "MILLISECOND", "MILLISECONDS", "MICROSECOND", "MICROSECONDS"};
  for (const char* unit : kUnits) {
    if (EqualsIgnoreCase(token.text, unit)) return true;
  }
  return false;
}

std::string NormalizeUnit(std::string_view text) {
  std::string unit = ToUpper(text);
  if (unit.size() > 1 && unit.back() == 'S') unit.pop_back();
  return unit;
}

// Functions Spark calls without parentheses.
bool IsParenlessFunction(const std::string& word) {
  return EqualsIgnoreCase(word, "CURRENT_DATE") || EqualsIgnoreCase(word, "CURRENT_TIMESTAMP") ||
         EqualsIgnoreCase(word, "CURRENT_USER") || EqualsIgnoreCase(word, "CURRENT_CATALOG") ||
         EqualsIgnoreCase(word, "CURRENT_SCHEMA") || EqualsIgnoreCase(word, "CURRENT_DATABASE") ||
         EqualsIgnoreCase(word, "LOCALTIMESTAMP") || EqualsIgnoreCase(word, "SESSION_USER");
}

}  // namespace

ExpressionPtr Parser::ParsePrimary() {
  const Token& token = Peek();
  switch (token.type) {
    case TokenType::kNumber: Next(); return ParseNumber(token, /*negate=*/false);
    case TokenType::kString: return ParseStringConstant();
    case TokenType::kBinaryString: {
      Next();
      auto constant = std::make_unique<ConstantExpression>();
      constant->position = token.position;
      constant->literal_kind = LiteralKind::kBinary;
      constant->text = token.text;
      return constant;
    }
    case TokenType::kOperator:
      if (token.text == "(") return ParseParenthesized();
      SyntaxError();
    case TokenType::kWord:
    case TokenType::kQuotedIdentifier: return ParseWordPrimary();
    case TokenType::kEnd:
    case TokenType::kMalformed: break;
  }
  SyntaxError();
}

ExpressionPtr Parser::ParseNumber(const Token& token, bool negate) {
  auto constant = std::make_unique<ConstantExpression>();
  constant->position = token.position;
  std::string text = token.text;
  auto strip_suffix = [&text](size_t n) { text.erase(text.size() - n); };
  bool fractional = text.find_first_of(".eE") != std::string::npos;
  char last = static_cast<char>(std::toupper(static_cast<unsigned char>(text.back())));
  char before_last =
      text.size() > 1
          ? static_cast<char>(std::toupper(static_cast<unsigned char>(text[text.size() - 2])))
          : '\0';
  if (last == 'D' && before_last == 'B') {
    strip_suffix(2);
    constant->literal_kind = LiteralKind::kDecimal;
  } else if (last == 'L' || last == 'S' || last == 'Y') {
    strip_suffix(1);
    fractional = text.find_first_of(".eE") != std::string::npos;
    if (fractional) ErrorAt(token, "invalid number literal \"" + token.text + "\"");
    constant->literal_kind = last == 'L'   ? LiteralKind::kBigint
                             : last == 'S' ? LiteralKind::kSmallint
                                           : LiteralKind::kTinyint;
  } else if (last == 'D') {
    strip_suffix(1);
    constant->literal_kind = LiteralKind::kDouble;
  } else if (last == 'F') {
    strip_suffix(1);
    constant->literal_kind = LiteralKind::kFloat;
  } else if (text.find_first_of("eE") != std::string::npos) {
    constant->literal_kind = LiteralKind::kDouble;
  } else if (text.find('.') != std::string::npos) {
    constant->literal_kind = LiteralKind::kDecimal;
  } else {
    constant->literal_kind = LiteralKind::kInteger;
  }
  constant->text = negate ? "-" + text : text;
  CheckIntegerLiteralRange(token, *constant);
  return constant;
}

void Parser::CheckIntegerLiteralRange(const Token& token,
                                      const ConstantExpression& constant) const {
  struct Range {
    const char* name;
    int64_t min, max;
  };
  Range range;
  switch (constant.literal_kind) {
    case LiteralKind::kTinyint: range = {"tinyint", INT8_MIN, INT8_MAX}; break;
    case LiteralKind::kSmallint: range = {"smallint", INT16_MIN, INT16_MAX}; break;
    case LiteralKind::kBigint: range = {"bigint", INT64_MIN, INT64_MAX}; break;
    default: return;
  }
  // Spark's AstBuilder checks a suffixed literal against its type's range as it parses.
  std::string_view digits = constant.text;
  bool negative = !digits.empty() && digits.front() == '-';
  if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) digits.remove_prefix(1);
  while (digits.size() > 1 && digits.front() == '0') digits.remove_prefix(1);
  unsigned __int128 magnitude = 0;
  bool fits = digits.size() <= 20;
  for (char c : digits) {
    if (!fits) break;
    magnitude = magnitude * 10 + static_cast<unsigned>(c - '0');
  }
  auto limit = negative ? static_cast<unsigned __int128>(-(static_cast<__int128>(range.min)))
                        : static_cast<unsigned __int128>(range.max);
  if (fits && magnitude <= limit) return;
  std::string shown = std::string(negative ? "-" : "") + std::string(digits);
  ErrorAt(token, "[INVALID_NUMERIC_LITERAL_RANGE] Numeric literal " + shown +
                     " is outside the valid range for " + range.name + " with minimum value of " +
                     std::to_string(range.min) + " and maximum value of " +
                     std::to_string(range.max) + ". Please adjust the value accordingly.");
}

ExpressionPtr Parser::ParseStringConstant() {
  auto constant = std::make_unique<ConstantExpression>();
  constant->position = Peek().position;
  constant->literal_kind = LiteralKind::kString;
  constant->text = ParseStringLiteral();
  return constant;
}

ExpressionPtr Parser::ParseTypedLiteral(LiteralKind kind) {
  auto constant = std::make_unique<ConstantExpression>();
  constant->position = Next().position;
  constant->literal_kind = kind;
  constant->text = ParseStringLiteral();
  return constant;
}

ExpressionPtr Parser::ParseInterval() {
  auto constant = std::make_unique<ConstantExpression>();
  constant->position = Next().position;
  constant->literal_kind = LiteralKind::kInterval;
  while (true) {
    IntervalField field;
    if (Peek().type == TokenType::kString) {
      field.value = ParseStringLiteral();
    } else if (Peek().type == TokenType::kNumber && IsIntervalUnit(Peek(1))) {
      field.value = Next().text;
      field.quoted = false;
    } else if ((PeekOp("-") || PeekOp("+")) && Peek(1).type == TokenType::kNumber &&
               IsIntervalUnit(Peek(2))) {
      bool negative = Next().text == "-";
      field.value = (negative ? "-" : "") + Next().text;
      field.quoted = false;
    } else {
      break;
    }
    if (IsIntervalUnit(Peek())) {
      field.unit = NormalizeUnit(Next().text);
      if (AcceptWord("TO")) {
        if (!IsIntervalUnit(Peek())) SyntaxError();
        field.to_unit = NormalizeUnit(Next().text);
      }
    }
    bool unitless = field.unit.empty();
    constant->interval_fields.push_back(std::move(field));
    if (unitless) break;
  }
  if (constant->interval_fields.empty()) SyntaxError();
  return constant;
}

ExpressionPtr Parser::ParseParenthesized() {
  ReplayFailure(failed_parenthesized_at_);
  RecordFailure record(*this, failed_parenthesized_at_, pos_);
  return ParseParenthesizedOnce();
}

ExpressionPtr Parser::ParseParenthesizedOnce() {
  const Token& open = Peek();
  // (SELECT ..) is a scalar subquery.
  if (PeekWord("SELECT", 1) || PeekWord("WITH", 1) || PeekWord("VALUES", 1)) {
    Next();
    return ParseSubqueryExpression(SubqueryKind::kScalar, open);
  }
  // ((SELECT ..) UNION ..) is a subquery too, ((SELECT 1) + 1) is not: try the query first.
  if (PeekOp("(", 1) && PeekQueryStart(1)) {
    QueryNodePtr query;
    if (TryParseParenthesizedQuery(&query)) {
      auto subquery = std::make_unique<SubqueryExpression>();
      subquery->position = open.position;
      subquery->subquery_kind = SubqueryKind::kScalar;
      subquery->query = std::move(query);
      return subquery;
    }
  }
  // (x, y) -> body is a lambda.
  size_t i = 1;
  while (Peek(i).type == TokenType::kWord && PeekOp(",", i + 1)) i += 2;
  if (Peek(i).type == TokenType::kWord && PeekOp(")", i + 1) && PeekOp("->", i + 2)) {
    auto lambda = std::make_unique<LambdaExpression>();
    lambda->position = open.position;
    Next();
    do {
      lambda->params.push_back(ParseIdentifier());
    } while (AcceptOp(","));
    ExpectOp(")");
    ExpectOp("->");
    lambda->body = ParseExpr();
    return lambda;
  }
  Next();
  ExpressionPtr expr = ParseExpr();
  if (AcceptOp(",")) {
    // (a, b) is a row: Spark's struct(a, b).
    auto row = std::make_unique<FunctionExpression>();
    row->position = open.position;
    row->name = "struct";
    row->args.push_back(std::move(expr));
    std::vector<ExpressionPtr> rest = ParseExpressionList();
    for (auto& e : rest) row->args.push_back(std::move(e));
    row->arg_names.resize(row->args.size());
    expr = std::move(row);
  }
  ExpectOp(")");
  return expr;
}

ExpressionPtr Parser::ParseSubqueryExpression(SubqueryKind kind, const Token& start) {
  auto subquery = std::make_unique<SubqueryExpression>();
  subquery->position = start.position;
  subquery->subquery_kind = kind;
  Enter();
  subquery->query = ParseQuery();
  Leave();
  ExpectOp(")");
  return subquery;
}

ExpressionPtr Parser::ParseWordPrimary() {
  const Token& token = Peek();
  if (token.type == TokenType::kWord) {
    const std::string& word = token.text;
    bool call = PeekOp("(", 1);
    if (EqualsIgnoreCase(word, "NULL")) {
      Next();
      auto constant = std::make_unique<ConstantExpression>();
      constant->position = token.position;
      constant->literal_kind = LiteralKind::kNull;
      constant->text = "NULL";
      return constant;
    }
    if (EqualsIgnoreCase(word, "TRUE") || EqualsIgnoreCase(word, "FALSE")) {
      Next();
      auto constant = std::make_unique<ConstantExpression>();
      constant->position = token.position;
      constant->literal_kind = LiteralKind::kBoolean;
      constant->text = EqualsIgnoreCase(word, "TRUE") ? "true" : "false";
      return constant;
    }
    if (EqualsIgnoreCase(word, "CASE")) return ParseCase();
    if (call && EqualsIgnoreCase(word, "CAST")) return ParseCast(false);
    if (call && EqualsIgnoreCase(word, "TRY_CAST")) return ParseCast(true);
    if (call && EqualsIgnoreCase(word, "EXTRACT")) return ParseExtract();
    if (call && EqualsIgnoreCase(word, "EXISTS") &&
        (PeekWord("SELECT", 2) || PeekWord("WITH", 2) || PeekWord("VALUES", 2))) {
      Next();
      Next();
      return ParseSubqueryExpression(SubqueryKind::kExists, token);
    }
    if (Peek(1).type == TokenType::kString) {
      if (EqualsIgnoreCase(word, "DATE")) return ParseTypedLiteral(LiteralKind::kDate);
      if (EqualsIgnoreCase(word, "TIMESTAMP") || EqualsIgnoreCase(word, "TIMESTAMP_LTZ")) {
        return ParseTypedLiteral(LiteralKind::kTimestamp);
      }
      if (EqualsIgnoreCase(word, "TIMESTAMP_NTZ")) {
        return ParseTypedLiteral(LiteralKind::kTimestampNtz);
      }
    }
    if (EqualsIgnoreCase(word, "INTERVAL") &&
        (Peek(1).type == TokenType::kString ||
         (Peek(1).type == TokenType::kNumber && IsIntervalUnit(Peek(2))) ||
         ((PeekOp("-", 1) || PeekOp("+", 1)) && Peek(2).type == TokenType::kNumber &&
          IsIntervalUnit(Peek(3))))) {
      return ParseInterval();
    }
    if (!call && IsParenlessFunction(word)) {
      auto function = std::make_unique<FunctionExpression>();
      function->position = Next().position;
      function->name = word;
      function->has_parens = false;
      return function;
    }
    if (PeekOp("->", 1)) {
      auto lambda = std::make_unique<LambdaExpression>();
      lambda->position = token.position;
      lambda->params.push_back(ParseIdentifier());
      ExpectOp("->");
      lambda->body = ParseExpr();
      return lambda;
    }
    // LEFT and RIGHT are reserved for joins but also name string functions.
    bool function_name =
        call && (EqualsIgnoreCase(word, "LEFT") || EqualsIgnoreCase(word, "RIGHT"));
    if (IsReservedKeyword(word) && !function_name) SyntaxError();
  }
  std::vector<std::string> parts;
  parts.push_back(Next().text);
  while (PeekOp(".") &&
         (Peek(1).type == TokenType::kWord || Peek(1).type == TokenType::kQuotedIdentifier)) {
    Next();
    parts.push_back(Next().text);
  }
  if (PeekOp("(")) return ParseFunctionCall(std::move(parts), token);
  auto column = std::make_unique<ColumnRefExpression>();
  column->position = token.position;
  column->names = std::move(parts);
  return column;
}

ExpressionPtr Parser::ParseCase() {
  auto case_expr = std::make_unique<CaseExpression>();
  case_expr->position = Next().position;
  Enter();
  if (!PeekWord("WHEN")) case_expr->operand = ParseExpr();
  while (AcceptWord("WHEN")) {
    CaseCheck check;
    check.when = ParseExpr();
    ExpectWord("THEN");
    check.then = ParseExpr();
    case_expr->checks.push_back(std::move(check));
  }
  if (case_expr->checks.empty()) SyntaxError();
  if (AcceptWord("ELSE")) case_expr->else_expr = ParseExpr();
  ExpectWord("END");
  Leave();
  return case_expr;
}

ExpressionPtr Parser::ParseCast(bool try_cast) {
  auto cast = std::make_unique<CastExpression>();
  cast->position = Next().position;
  cast->try_cast = try_cast;
  ExpectOp("(");
  cast->child = ParseExpr();
  ExpectWord("AS");
  cast->type = ParseType();
  ExpectOp(")");
  return cast;
}

}  // namespace floe
