// FROM items: named tables with time travel, subqueries, table functions, VALUES, joins.
#include "common/ascii_case.h"
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/parser.h"

namespace floe {

const char* JoinTypeToString(JoinType type) {
  switch (type) {
    case JoinType::kInner: return "Inner";
    case JoinType::kLeft: return "LeftOuter";
    case JoinType::kRight: return "RightOuter";
    case JoinType::kFull: return "FullOuter";
    case JoinType::kSemi: return "LeftSemi";
    case JoinType::kAnti: return "LeftAnti";
    case JoinType::kCross: return "Cross";
  }
  return "?";
}

TableRefPtr Parser::ParseFromList() {
  TableRefPtr left = ParseJoinedTable();
  int links = 0;
  int entered = 0;
  while (PeekOp(",")) {
    auto join = std::make_unique<JoinRef>();
    join->position = Next().position;
    join->join_type = JoinType::kCross;
    join->is_comma = true;
    join->left = std::move(left);
    join->right = ParseJoinedTable();
    left = std::move(join);
    if (++links % 8 == 0) {
      Enter();
      ++entered;
    }
  }
  depth_ -= entered;
  return left;
}

bool Parser::ParseJoinType(JoinType* type, bool* natural) {
  size_t start = pos_;
  *natural = AcceptWord("NATURAL");
  if (AcceptWord("JOIN")) {
    *type = JoinType::kInner;
    return true;
  }
  if (PeekWord("INNER") || PeekWord("CROSS")) {
    *type = PeekWord("INNER") ? JoinType::kInner : JoinType::kCross;
    Next();
    ExpectWord("JOIN");
    return true;
  }
  if (PeekWord("LEFT") || PeekWord("RIGHT") || PeekWord("FULL")) {
    const Token& side = Next();
    if (EqualsIgnoreCase(side.text, "LEFT") && AcceptWord("SEMI")) {
      *type = JoinType::kSemi;
    } else if (EqualsIgnoreCase(side.text, "LEFT") && AcceptWord("ANTI")) {
      *type = JoinType::kAnti;
    } else {
      AcceptWord("OUTER");
      *type = EqualsIgnoreCase(side.text, "LEFT")    ? JoinType::kLeft
              : EqualsIgnoreCase(side.text, "RIGHT") ? JoinType::kRight
                                                     : JoinType::kFull;
    }
    ExpectWord("JOIN");
    return true;
  }
  if ((PeekWord("SEMI") || PeekWord("ANTI")) && PeekWord("JOIN", 1)) {
    *type = PeekWord("SEMI") ? JoinType::kSemi : JoinType::kAnti;
    pos_ += 2;
    return true;
  }
  if (*natural) SyntaxError();
  pos_ = start;
  return false;
}

TableRefPtr Parser::ParseJoinedTable() {
  TableRefPtr left = ParseTablePrimary();
  int links = 0;
  int entered = 0;
  while (true) {
    SourcePosition position = Peek().position;
    if (PeekWord("LATERAL") && PeekWord("VIEW", 1)) {
      left = ParseLateralView(std::move(left));
      continue;
    }
    JoinType type;
    bool natural;
    if (!ParseJoinType(&type, &natural)) break;
    auto join = std::make_unique<JoinRef>();
    join->position = position;
    join->join_type = type;
    join->natural = natural;
    join->left = std::move(left);
    join->right = ParseTablePrimary();
    if (!natural) {
      if (AcceptWord("ON")) {
        join->condition = ParseExpr();
      } else if (AcceptWord("USING")) {
        join->using_columns = ParseParenthesizedIdentifiers();
      }
    }
    left = std::move(join);
    if (++links % 8 == 0) {
      Enter();
      ++entered;
    }
  }
  depth_ -= entered;
  return left;
}

TableRefPtr Parser::ParseLateralView(TableRefPtr input) {
  const Token& start = Peek();
  pos_ += 2;  // LATERAL VIEW
  auto view = std::make_unique<LateralViewRef>();
  view->position = start.position;
  view->input = std::move(input);
  view->outer = AcceptWord("OUTER");
  const Token& name_token = Peek();
  QualifiedName name = ParseQualifiedName();
  if (!PeekOp("(")) SyntaxError();
  ExpressionPtr call = ParseFunctionCall(name.parts, name_token);
  if (call->kind != ExpressionKind::kFunction) SyntaxErrorAt(name_token);
  view->generator.reset(static_cast<FunctionExpression*>(call.release()));
  if (!PeekWord("AS") && (Peek().type == TokenType::kQuotedIdentifier ||
                          (PeekIdentifier() && CanBeBareAlias(Peek().text)))) {
    view->alias = ParseIdentifier();
  }
  if (AcceptWord("AS")) {
    do {
      view->column_aliases.push_back(ParseIdentifier());
    } while (AcceptOp(","));
  }
  return view;
}

bool Parser::PeekTimeTravel() const {
  if ((PeekWord("VERSION") || PeekWord("TIMESTAMP")) && PeekWord("AS", 1) && PeekWord("OF", 2)) {
    return true;
  }
  return PeekWord("FOR") &&
         (PeekWord("SYSTEM_VERSION", 1) || PeekWord("SYSTEM_TIME", 1) || PeekWord("VERSION", 1) ||
          PeekWord("TIMESTAMP", 1)) &&
         PeekWord("AS", 2);
}

TableRefPtr Parser::ParseTablePrimary() {
  Enter();
  const Token& start = Peek();
  TableRefPtr result;
  if (PeekOp("(")) {
    bool is_query = PeekWord("SELECT", 1) || PeekWord("WITH", 1) || PeekWord("VALUES", 1);
    if (!is_query && PeekOp("(", 1) && PeekQueryStart(1)) {
      // ((SELECT ..) UNION ..) t is a subquery; ((SELECT ..) a JOIN b) a nested join.
      QueryNodePtr query;
      if (TryParseParenthesizedQuery(&query)) {
        auto subquery = std::make_unique<SubqueryRef>();
        subquery->position = start.position;
        subquery->query = std::move(query);
        result = std::move(subquery);
      }
    }
    if (!result && is_query) {
      Next();
      auto subquery = std::make_unique<SubqueryRef>();
      subquery->position = start.position;
      subquery->query = ParseQuery();
      ExpectOp(")");
      result = std::move(subquery);
    }
    if (!result) {
      // "( joined tables )": like a parenthesized expression, it parses the same in any
      // context, so a failure is recorded and an enclosing attempt's retry throws it at once
      ReplayFailure(failed_joined_at_);
      RecordFailure record(*this, failed_joined_at_, pos_);
      Next();
      result = ParseJoinedTable();
      ExpectOp(")");
    }
  } else if (PeekWord("LATERAL") && PeekOp("(", 1)) {
    pos_ += 2;
    auto subquery = std::make_unique<SubqueryRef>();
    subquery->position = start.position;
    subquery->lateral = true;
    subquery->query = ParseQuery();
    ExpectOp(")");
    result = std::move(subquery);
  } else if (PeekWord("VALUES")) {
    result = ParseValuesRows();
  } else {
    QualifiedName name = ParseQualifiedName();
    if (PeekOp("(")) {
      auto function = std::make_unique<TableFunctionRef>();
      function->position = start.position;
      ExpressionPtr call = ParseFunctionCall(name.parts, start);
      function->function.reset(static_cast<FunctionExpression*>(call.release()));
      result = std::move(function);
    } else {
      auto table = std::make_unique<BaseTableRef>();
      table->position = start.position;
      table->name = std::move(name);
      if (PeekTimeTravel()) {
        AcceptWord("FOR");
        bool version = PeekWord("VERSION") || PeekWord("SYSTEM_VERSION");
        pos_ += 3;  // VERSION|TIMESTAMP AS OF
        table->time_travel = version ? TimeTravelKind::kVersion : TimeTravelKind::kTimestamp;
        table->time_travel_value = version ? ParsePrimary() : ParseBinary(/*min_precedence=*/2);
      }
      result = std::move(table);
    }
  }
  ParseTableAlias(*result, /*allow_column_aliases=*/true);
  Leave();
  return result;
}

void Parser::ParseTableAlias(TableRef& ref, bool allow_column_aliases) {
  bool bare = false;
  const Token& alias_token = Peek();
  if (AcceptWord("AS")) {
    ref.alias = ParseIdentifier();
  } else if (Peek().type == TokenType::kQuotedIdentifier ||
             (PeekIdentifier() && CanBeBareAlias(Peek().text) && !PeekTimeTravel())) {
    ref.alias = Next().text;
    bare = true;
  }
  if (!ref.alias.empty() && allow_column_aliases && PeekOp("(")) {
    ref.column_aliases = ParseParenthesizedIdentifiers();
    return;
  }
  if (bare) {
    // `FROM t WEHRE a = 1`: a second bare word means the alias was a misspelled keyword.
    const Token& after = Peek();
    if (after.type == TokenType::kQuotedIdentifier || after.type == TokenType::kNumber ||
        after.type == TokenType::kString ||
        (after.type == TokenType::kWord && CanBeBareAlias(after.text) && !PeekTimeTravel())) {
      SyntaxErrorAt(alias_token);
    }
  }
}

}  // namespace floe
