// Operators and predicates, with Spark's precedence (lowest first):
//   OR < AND < NOT < predicates (BETWEEN, IN, LIKE, IS ..) < comparison < | < ^ < &
//   < shifts < + - || < * / % DIV < unary - + ~ < postfix :: [] < primary.
#include "common/ascii_case.h"
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/parser.h"

namespace floe {
namespace {

constexpr int kComparisonPrecedence = 1;
// A chain of this many binary operators counts as one nesting level, so a long
// `a OR b OR ...` is fine but a tree too deep to destroy recursively is not.
constexpr int kChainLinksPerLevel = 8;

int BinaryPrecedence(const Token& token, BinaryOp* op) {
  if (token.type == TokenType::kWord) {
    if (EqualsIgnoreCase(token.text, "DIV")) {
      *op = BinaryOp::kIntegerDivide;
      return 7;
    }
    return 0;
  }
  if (token.type != TokenType::kOperator) return 0;
  static const struct {
    const char* text;
    BinaryOp op;
    int precedence;
  } kOperators[] = {
      {"=", BinaryOp::kEqual, 1},         {"==", BinaryOp::kEqual, 1},
      {"<>", BinaryOp::kNotEqual, 1},     {"!=", BinaryOp::kNotEqual, 1},
      {"<", BinaryOp::kLess, 1},          {"<=", BinaryOp::kLessEqual, 1},
      {">", BinaryOp::kGreater, 1},       {">=", BinaryOp::kGreaterEqual, 1},
      {"!>", BinaryOp::kLessEqual, 1},  // Spark's "not greater"
      {"!<", BinaryOp::kGreaterEqual, 1}, {"<=>", BinaryOp::kNullSafeEqual, 1},
      {"|", BinaryOp::kBitwiseOr, 2},     {"^", BinaryOp::kBitwiseXor, 3},
      {"&", BinaryOp::kBitwiseAnd, 4},    {"<<", BinaryOp::kShiftLeft, 5},
      {">>", BinaryOp::kShiftRight, 5},   {">>>", BinaryOp::kShiftRightUnsigned, 5},
      {"+", BinaryOp::kAdd, 6},           {"-", BinaryOp::kSubtract, 6},
      {"||", BinaryOp::kConcat, 6},       {"*", BinaryOp::kMultiply, 7},
      {"/", BinaryOp::kDivide, 7},        {"%", BinaryOp::kModulo, 7},
  };
  for (const auto& entry : kOperators) {
    if (token.text == entry.text) {
      *op = entry.op;
      return entry.precedence;
    }
  }
  return 0;
}

ExpressionPtr MakeBinary(BinaryOp op, ExpressionPtr left, ExpressionPtr right,
                         const SourcePosition& position) {
  auto binary = std::make_unique<BinaryExpression>();
  binary->op = op;
  binary->left = std::move(left);
  binary->right = std::move(right);
  binary->position = position;
  return binary;
}

}  // namespace

ExpressionPtr Parser::ParseExpr() {
  Enter();
  ExpressionPtr expr = ParseOr();
  Leave();
  return expr;
}

std::vector<ExpressionPtr> Parser::ParseExpressionList() {
  std::vector<ExpressionPtr> list;
  do {
    list.push_back(ParseExpr());
  } while (AcceptOp(","));
  return list;
}

ExpressionPtr Parser::ParseOr() {
  ExpressionPtr left = ParseAnd();
  int links = 0;
  int entered = 0;
  while (PeekWord("OR")) {
    SourcePosition position = Next().position;
    left = MakeBinary(BinaryOp::kOr, std::move(left), ParseAnd(), position);
    if (++links % kChainLinksPerLevel == 0) {
      Enter();
      ++entered;
    }
  }
  depth_ -= entered;
  return left;
}

ExpressionPtr Parser::ParseAnd() {
  ExpressionPtr left = ParseNot();
  int links = 0;
  int entered = 0;
  while (PeekWord("AND")) {
    SourcePosition position = Next().position;
    left = MakeBinary(BinaryOp::kAnd, std::move(left), ParseNot(), position);
    if (++links % kChainLinksPerLevel == 0) {
      Enter();
      ++entered;
    }
  }
  depth_ -= entered;
  return left;
}

ExpressionPtr Parser::ParseNot() {
  if (PeekWord("NOT") || PeekOp("!")) {
    auto unary = std::make_unique<UnaryExpression>();
    unary->position = Next().position;
    unary->op = UnaryOp::kNot;
    Enter();
    unary->child = ParseNot();
    Leave();
    return unary;
  }
  return ParsePredicate();
}

ExpressionPtr Parser::ParsePredicate() {
  ExpressionPtr expr = ParseBinary(kComparisonPrecedence);
  while (true) {
    bool negated = false;
    size_t predicate_at = 0;
    if (PeekWord("NOT") &&
        (PeekWord("BETWEEN", 1) || PeekWord("IN", 1) || PeekWord("LIKE", 1) ||
         PeekWord("ILIKE", 1) || PeekWord("RLIKE", 1) || PeekWord("REGEXP", 1))) {
      negated = true;
      predicate_at = 1;
    }
    const Token& token = Peek(predicate_at);
    if (PeekWord("BETWEEN", predicate_at)) {
      pos_ += predicate_at + 1;
      auto between = std::make_unique<BetweenExpression>();
      between->position = token.position;
      between->negated = negated;
      between->input = std::move(expr);
      between->lower = ParseBinary(kComparisonPrecedence);
      ExpectWord("AND");
      between->upper = ParseBinary(kComparisonPrecedence);
      expr = std::move(between);
    } else if (PeekWord("IN", predicate_at)) {
      pos_ += predicate_at + 1;
      ExpectOp("(");
      if (PeekWord("SELECT") || PeekWord("WITH") || PeekWord("VALUES")) {
        auto subquery = std::make_unique<SubqueryExpression>();
        subquery->position = token.position;
        subquery->subquery_kind = SubqueryKind::kIn;
        subquery->negated = negated;
        subquery->input = std::move(expr);
        Enter();
        subquery->query = ParseQuery();
        Leave();
        expr = std::move(subquery);
      } else {
        auto in_list = std::make_unique<InListExpression>();
        in_list->position = token.position;
        in_list->negated = negated;
        in_list->input = std::move(expr);
        if (PeekOp(")")) SyntaxErrorAt(Peek());
        in_list->list = ParseExpressionList();
        expr = std::move(in_list);
      }
      ExpectOp(")");
    } else if (PeekWord("LIKE", predicate_at) || PeekWord("ILIKE", predicate_at) ||
               PeekWord("RLIKE", predicate_at) || PeekWord("REGEXP", predicate_at)) {
      pos_ += predicate_at + 1;
      auto like = std::make_unique<LikeExpression>();
      like->position = token.position;
      like->negated = negated;
      like->like_kind = EqualsIgnoreCase(token.text, "LIKE")    ? LikeKind::kLike
                        : EqualsIgnoreCase(token.text, "ILIKE") ? LikeKind::kILike
                                                                : LikeKind::kRLike;
      like->input = std::move(expr);
      if (like->like_kind != LikeKind::kRLike && (PeekWord("ANY") || PeekWord("SOME") || PeekWord("ALL")) &&
          PeekOp("(", 1)) {
        like->quantifier = EqualsIgnoreCase(Next().text, "ALL") ? LikeExpression::Quantifier::kAll
                                                                 : LikeExpression::Quantifier::kAny;
        ExpectOp("(");
        if (PeekOp(")")) SyntaxErrorAt(Peek());  // Spark: at least one pattern
        like->patterns = ParseExpressionList();
        ExpectOp(")");
        expr = std::move(like);
        continue;
      }
      like->pattern = ParseBinary(kComparisonPrecedence);
      if (like->like_kind != LikeKind::kRLike && PeekWord("ESCAPE")) {
        Next();
        if (Peek().type != TokenType::kString) SyntaxError();
        like->escape = ParseStringConstant();
      }
      expr = std::move(like);
    } else if (PeekWord("IS")) {
      Next();
      bool is_not = AcceptWord("NOT");
      if (AcceptWord("DISTINCT")) {
        ExpectWord("FROM");
        ExpressionPtr equal = MakeBinary(BinaryOp::kNullSafeEqual, std::move(expr),
                                         ParseBinary(kComparisonPrecedence), token.position);
        if (is_not) {
          expr = std::move(equal);
        } else {
          auto unary = std::make_unique<UnaryExpression>();
          unary->position = token.position;
          unary->op = UnaryOp::kNot;
          unary->child = std::move(equal);
          expr = std::move(unary);
        }
        continue;
      }
      auto is = std::make_unique<IsExpression>();
      is->position = token.position;
      is->negated = is_not;
      if (AcceptWord("NULL")) {
        is->is_kind = IsKind::kNull;
      } else if (AcceptWord("TRUE")) {
        is->is_kind = IsKind::kTrue;
      } else if (AcceptWord("FALSE")) {
        is->is_kind = IsKind::kFalse;
      } else if (AcceptWord("UNKNOWN")) {
        is->is_kind = IsKind::kUnknown;
      } else {
        SyntaxError();
      }
      is->child = std::move(expr);
      expr = std::move(is);
    } else {
      break;
    }
  }
  return expr;
}

ExpressionPtr Parser::ParseBinary(int min_precedence) {
  Enter();
  ExpressionPtr left = ParseUnary();
  int links = 0;
  int entered = 0;
  while (true) {
    BinaryOp op;
    int precedence = BinaryPrecedence(Peek(), &op);
    if (precedence == 0 || precedence < min_precedence) break;
    SourcePosition position = Next().position;
    ExpressionPtr right = ParseBinary(precedence + 1);
    left = MakeBinary(op, std::move(left), std::move(right), position);
    if (++links % kChainLinksPerLevel == 0) {
      Enter();
      ++entered;
    }
  }
  depth_ -= entered;
  Leave();
  return left;
}

ExpressionPtr Parser::ParseUnary() {
  const Token& token = Peek();
  if (PeekOp("-") || PeekOp("+") || PeekOp("~")) {
    Next();
    // Spark's literal rule folds the sign into a number: -1 is a literal.
    if (token.text == "-" && Peek().type == TokenType::kNumber) {
      const Token& number = Next();
      ExpressionPtr constant = ParseNumber(number, /*negate=*/true);
      constant->position = token.position;
      return ParsePostfix(std::move(constant));
    }
    auto unary = std::make_unique<UnaryExpression>();
    unary->position = token.position;
    unary->op = token.text == "-"   ? UnaryOp::kNegate
                : token.text == "+" ? UnaryOp::kPlus
                                    : UnaryOp::kBitwiseNot;
    Enter();
    unary->child = ParseUnary();
    Leave();
    return unary;
  }
  return ParsePostfix(ParsePrimary());
}

ExpressionPtr Parser::ParsePostfix(ExpressionPtr expr) {
  while (true) {
    const Token& token = Peek();
    if (AcceptOp("::")) {
      auto cast = std::make_unique<CastExpression>();
      cast->position = token.position;
      cast->child = std::move(expr);
      cast->type = ParseType();
      expr = std::move(cast);
    } else if (AcceptOp("[")) {
      auto subscript = std::make_unique<SubscriptExpression>();
      subscript->position = token.position;
      subscript->base = std::move(expr);
      subscript->index = ParseExpr();
      ExpectOp("]");
      expr = std::move(subscript);
    } else if (expr->kind != ExpressionKind::kColumnRef && AcceptOp(".")) {
      // a column reference takes its own dotted parts; this is a field of anything else
      auto field = std::make_unique<SubscriptExpression>();
      field->position = token.position;
      field->base = std::move(expr);
      field->field = ParseIdentifier();
      expr = std::move(field);
    } else {
      return expr;
    }
  }
}

ParsedType Parser::ParseType() {
  ParsedType type;
  const Token& token = Peek();
  type.position = token.position;
  if (token.type != TokenType::kWord) SyntaxError();
  Enter();
  type.name = Next().text;
  if (EqualsIgnoreCase(type.name, "ARRAY") && AcceptOp("<")) {
    type.children.push_back(ParseType());
    ExpectCloseAngle();
  } else if (EqualsIgnoreCase(type.name, "MAP") && AcceptOp("<")) {
    type.children.push_back(ParseType());
    ExpectOp(",");
    type.children.push_back(ParseType());
    ExpectCloseAngle();
  } else if (EqualsIgnoreCase(type.name, "STRUCT") && AcceptOp("<")) {
    if (!PeekOp(">")) {
      do {
        type.field_names.push_back(ParseAnyWord());
        AcceptOp(":");
        type.children.push_back(ParseType());
        bool not_null = AcceptWord("NOT");
        if (not_null) ExpectWord("NULL");
        type.field_not_null.push_back(not_null);
        type.field_comments.push_back(AcceptWord("COMMENT") ? ParseStringLiteral() : std::string());
      } while (AcceptOp(","));
    }
    ExpectCloseAngle();
  } else if (EqualsIgnoreCase(type.name, "DOUBLE") && PeekWord("PRECISION")) {
    Next();
  } else if (EqualsIgnoreCase(type.name, "INTERVAL")) {
    // INTERVAL DAY, INTERVAL YEAR TO MONTH, ...: kept as "interval".
    if (Peek().type == TokenType::kWord && !PeekWord("NOT") && !PeekWord("COMMENT")) {
      static const char* kUnits[] = {"YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND"};
      for (const char* unit : kUnits) {
        if (AcceptWord(unit)) {
          if (AcceptWord("TO")) ParseAnyWord();
          break;
        }
      }
    }
  }
  if (PeekOp("(") && type.children.empty()) {
    Next();
    type.has_params = true;
    do {
      type.params.push_back(ParseInteger());
    } while (AcceptOp(","));
    ExpectOp(")");
  }
  Leave();
  return type;
}

void Parser::ExpectCloseAngle() {
  Token& token = tokens_[pos_ < tokens_.size() ? pos_ : tokens_.size() - 1];
  if (token.type == TokenType::kOperator && token.text.size() > 1 && token.text[0] == '>') {
    // `>>` closing two nested types: take one '>' and leave the rest.
    token.text.erase(0, 1);
    token.position.column += 1;
    token.position.offset += 1;
    token.length -= 1;
    return;
  }
  ExpectOp(">");
}

}  // namespace floe
