// Queries: WITH, set operations (INTERSECT binds tighter than UNION / EXCEPT), SELECT
// blocks with hints, ORDER BY, LIMIT, VALUES (GROUP BY is in parser_group_by.cc).
#include <algorithm>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/parser.h"

namespace floe {
namespace {

// Wraps a query as SELECT * FROM (query), so a second ORDER BY / LIMIT / WITH applies on top.
QueryNodePtr WrapQuery(QueryNodePtr query) {
  auto select = std::make_unique<SelectNode>();
  select->position = query->position;
  auto star = std::make_unique<StarExpression>();
  star->position = query->position;
  select->select_list.push_back(std::move(star));
  auto subquery = std::make_unique<SubqueryRef>();
  subquery->position = query->position;
  subquery->query = std::move(query);
  select->from = std::move(subquery);
  return select;
}

}  // namespace

QueryNode::~QueryNode() = default;
TableRef::~TableRef() = default;
SubqueryRef::SubqueryRef() : TableRef(TableRefKind::kSubquery) {}
SubqueryRef::~SubqueryRef() = default;

bool Parser::PeekQueryStart(size_t ahead) const {
  size_t index = std::min(pos_ + ahead, tokens_.size() - 1);
  ahead = after_open_parens_[index] - pos_;  // skip '(' in O(1): deep nesting stays linear
  return PeekWord("SELECT", ahead) || PeekWord("WITH", ahead) || PeekWord("VALUES", ahead) ||
         (PeekWord("TABLE", ahead) && PeekIdentifier(ahead + 1));
}

QueryNodePtr Parser::ParseQuery() {
  Enter();
  SourcePosition position = Peek().position;
  std::vector<CommonTableExpression> ctes = ParseWithClause();
  QueryNodePtr query = ParseSetOperations();
  if (!ctes.empty()) AttachCommonTableExpressions(query, std::move(ctes), position);
  bool more = (PeekWord("ORDER") && PeekWord("BY", 1)) || PeekWord("LIMIT") || PeekWord("OFFSET");
  if (more && (!query->order_by.empty() || query->limit || query->offset)) {
    // (SELECT .. LIMIT 5) ORDER BY a LIMIT 2: the outer clauses apply to the result.
    query = WrapQuery(std::move(query));
  }
  ParseOrderByAndLimit(*query);
  Leave();
  return query;
}

bool Parser::TryParseParenthesizedQuery(QueryNodePtr* query) {
  size_t start = pos_;
  if (failed_query_at_.count(start) > 0) return false;
  int saved_depth = depth_;
  try {
    ExpectOp("(");
    QueryNodePtr parsed = ParseQuery();
    ExpectOp(")");
    *query = std::move(parsed);
    return true;
  } catch (const ParserError& e) {
    if (depth_exceeded_) throw;
    // Whether "( query )" parses at a token does not depend on the context, so one failed
    // attempt answers for every later one: nested ambiguous parentheses stay linear.
    failed_query_at_.emplace(start, PendingError{e.what(), e.line(), e.column()});
    pending_error_.reset();
    pos_ = start;
    depth_ = saved_depth;
    return false;
  }
}

std::vector<CommonTableExpression> Parser::ParseWithClause() {
  std::vector<CommonTableExpression> ctes;
  if (!AcceptWord("WITH")) return ctes;
  if (PeekWord("RECURSIVE")) ErrorAt(Peek(), "WITH RECURSIVE is not supported");
  do {
    CommonTableExpression cte;
    cte.position = Peek().position;
    cte.name = ParseIdentifier();
    if (PeekOp("(")) cte.column_names = ParseParenthesizedIdentifiers();
    AcceptWord("AS");
    ExpectOp("(");
    cte.query = ParseQuery();
    ExpectOp(")");
    ctes.push_back(std::move(cte));
  } while (AcceptOp(","));
  return ctes;
}

void Parser::AttachCommonTableExpressions(QueryNodePtr& query,
                                          std::vector<CommonTableExpression> ctes,
                                          const SourcePosition& position) {
  if (!query->ctes.empty()) query = WrapQuery(std::move(query));
  query->ctes = std::move(ctes);
  query->position = position;
}

void Parser::ParseOrderByAndLimit(QueryNode& query) {
  bool has_order = PeekWord("ORDER") && PeekWord("BY", 1);
  bool has_limit = PeekWord("LIMIT") || PeekWord("OFFSET");
  if (!has_order && !has_limit) return;
  QueryNode* target = &query;
  if (has_order) {
    pos_ += 2;
    target->order_by = ParseOrderByList();
  }
  bool limit_seen = false;
  bool offset_seen = false;
  while (true) {
    if (!limit_seen && AcceptWord("LIMIT")) {
      limit_seen = true;
      if (!AcceptWord("ALL")) target->limit = ParseExpr();
    } else if (!offset_seen && AcceptWord("OFFSET")) {
      offset_seen = true;
      target->offset = ParseExpr();
    } else {
      break;
    }
  }
}

std::vector<OrderByItem> Parser::ParseOrderByList() {
  std::vector<OrderByItem> items;
  do {
    OrderByItem item;
    item.expression = ParseExpr();
    if (AcceptWord("ASC")) {
      item.direction = OrderDirection::kAscending;
    } else if (AcceptWord("DESC")) {
      item.direction = OrderDirection::kDescending;
    }
    if (AcceptWord("NULLS")) {
      if (AcceptWord("FIRST")) {
        item.null_order = NullOrder::kNullsFirst;
      } else {
        ExpectWord("LAST");
        item.null_order = NullOrder::kNullsLast;
      }
    }
    items.push_back(std::move(item));
  } while (AcceptOp(","));
  return items;
}

QueryNodePtr Parser::ParseSetOperations() {
  QueryNodePtr left = ParseIntersections();
  int links = 0;
  int entered = 0;
  while (PeekWord("UNION") || PeekWord("EXCEPT") || PeekWord("MINUS")) {
    auto node = std::make_unique<SetOperationNode>();
    const Token& token = Next();
    node->position = left->position;
    node->set_type = EqualsIgnoreCase(token.text, "UNION") ? SetOperationType::kUnion
                                                           : SetOperationType::kExcept;
    node->all = AcceptWord("ALL");
    if (!node->all) AcceptWord("DISTINCT");
    node->left = std::move(left);
    node->right = ParseIntersections();
    left = std::move(node);
    if (++links % 8 == 0) {
      Enter();
      ++entered;
    }
  }
  depth_ -= entered;
  return left;
}

QueryNodePtr Parser::ParseIntersections() {
  QueryNodePtr left = ParseQueryPrimary();
  int links = 0;
  int entered = 0;
  while (PeekWord("INTERSECT")) {
    auto node = std::make_unique<SetOperationNode>();
    Next();
    node->position = left->position;
    node->set_type = SetOperationType::kIntersect;
    node->all = AcceptWord("ALL");
    if (!node->all) AcceptWord("DISTINCT");
    node->left = std::move(left);
    node->right = ParseQueryPrimary();
    left = std::move(node);
    if (++links % 8 == 0) {
      Enter();
      ++entered;
    }
  }
  depth_ -= entered;
  return left;
}

QueryNodePtr Parser::ParseQueryPrimary() {
  if (PeekWord("SELECT")) return ParseSelectNode();
  if (PeekWord("VALUES")) return ParseValuesQuery();
  if (PeekWord("TABLE")) {
    // TABLE t is SELECT * FROM t.
    SourcePosition position = Next().position;
    auto table = std::make_unique<BaseTableRef>();
    table->position = Peek().position;
    table->name = ParseQualifiedName();
    auto select = std::make_unique<SelectNode>();
    select->position = position;
    auto star = std::make_unique<StarExpression>();
    star->position = position;
    select->select_list.push_back(std::move(star));
    select->from = std::move(table);
    return select;
  }
  if (PeekOp("(")) {
    // A failure here is "( query )" failing at this token, the question TryParseParenthesizedQuery
    // asks: recorded as the error unwinds, so an enclosing attempt's retry as an expression does
    // not parse the same nested queries again (deep "((SELECT .." stays linear).
    RecordFailure record(*this, failed_query_at_, pos_);
    Next();
    QueryNodePtr query = ParseQuery();
    ExpectOp(")");
    return query;
  }
  SyntaxError();
}

QueryNodePtr Parser::ParseValuesQuery() {
  SourcePosition position = Peek().position;
  std::unique_ptr<ValuesRef> values = ParseValuesRows();
  ParseTableAlias(*values, /*allow_column_aliases=*/true);
  auto select = std::make_unique<SelectNode>();
  select->position = position;
  auto star = std::make_unique<StarExpression>();
  star->position = position;
  select->select_list.push_back(std::move(star));
  select->from = std::move(values);
  return select;
}

std::unique_ptr<ValuesRef> Parser::ParseValuesRows() {
  auto values = std::make_unique<ValuesRef>();
  values->position = Peek().position;
  ExpectWord("VALUES");
  do {
    std::vector<ExpressionPtr> row;
    if (PeekOp("(") && !PeekQueryStart(1)) {
      Next();
      row = ParseExpressionList();
      ExpectOp(")");
    } else {
      row.push_back(ParseExpr());
    }
    values->rows.push_back(std::move(row));
  } while (AcceptOp(","));
  return values;
}

QueryNodePtr Parser::ParseSelectNode() {
  auto select = std::make_unique<SelectNode>();
  const Token& select_token = Next();
  select->position = select_token.position;
  ParseHints(*select, select_token);
  if (AcceptWord("DISTINCT")) {
    select->distinct = true;
  } else {
    AcceptWord("ALL");
  }
  do {
    select->select_list.push_back(ParseSelectItem());
  } while (AcceptOp(","));
  if (AcceptWord("FROM")) select->from = ParseFromList();
  if (AcceptWord("WHERE")) select->where = ParseExpr();
  if (PeekWord("GROUP") && PeekWord("BY", 1)) ParseGroupBy(*select);
  if (AcceptWord("HAVING")) select->having = ParseExpr();
  for (int clause = 0; clause < 2; ++clause) {
    if (select->windows.empty() && AcceptWord("WINDOW")) {
      do {
        NamedWindow window;
        const Token& name = Peek();
        window.name = ParseIdentifier();
        for (const auto& earlier : select->windows) {
          if (EqualsIgnoreCase(earlier.name, window.name)) {
            ErrorAt(name, "The definition of window '" + window.name + "' is repetitive");
          }
        }
        ExpectWord("AS");
        if (PeekOp("(")) {
          window.spec = ParseWindowSpec();
        } else {
          // WINDOW w2 AS w1: the same window under another name.
          window.spec = std::make_unique<WindowSpec>();
          window.spec->position = Peek().position;
          window.spec->base_name = ParseIdentifier();
        }
        select->windows.push_back(std::move(window));
      } while (AcceptOp(","));
    }
    if (!select->qualify && AcceptWord("QUALIFY")) select->qualify = ParseExpr();
  }
  return select;
}

void Parser::ParseHints(SelectNode& select, const Token& select_token) {
  size_t begin = select_token.position.offset + select_token.length;
  size_t end = Peek().position.offset;
  for (size_t h = 0; h < hints_.size(); ++h) {
    const HintComment& hint = hints_[h];
    if (hint.position.offset < begin || hint.position.offset > end) continue;
    if (auto failed = failed_hints_.find(h); failed != failed_hints_.end()) {
      Throw(failed->second.message, failed->second.line, failed->second.column);
    }
    auto parsed = parsed_hints_.find(h);
    if (parsed == parsed_hints_.end()) {
      std::vector<Hint> hints;
      try {
        Parser sub(hint.text);
        while (sub.AcceptOp(",")) {
        }
        while (sub.Peek().type != TokenType::kEnd) {
          Hint one;
          one.position = hint.position;
          one.name = ToUpper(sub.ParseAnyWord());
          if (sub.AcceptOp("(")) {
            if (!sub.AcceptOp(")")) {
              for (auto& arg : sub.ParseExpressionList()) one.args.push_back(std::move(arg));
              sub.ExpectOp(")");
            }
          }
          hints.push_back(std::move(one));
          while (sub.AcceptOp(",")) {
          }
        }
      } catch (const ParserError& e) {
        int line = hint.position.line + e.line() - 1;
        int column = e.line() == 1 ? hint.position.column + e.column() - 1 : e.column();
        PendingError& failure = failed_hints_[h] = PendingError{std::string(e.what()) + " in hint", line, column};
        Throw(failure.message, failure.line, failure.column);
      }
      parsed = parsed_hints_.emplace(h, std::move(hints)).first;
    }
    select.hints.insert(select.hints.end(), parsed->second.begin(), parsed->second.end());
  }
}

ExpressionPtr Parser::ParseSelectItem() {
  const Token& start = Peek();
  size_t i = 0;
  while ((Peek(i).type == TokenType::kWord || Peek(i).type == TokenType::kQuotedIdentifier) &&
         PeekOp(".", i + 1)) {
    i += 2;
  }
  if (PeekOp("*", i)) {
    auto star = std::make_unique<StarExpression>();
    star->position = start.position;
    for (size_t part = 0; part < i; part += 2) star->qualifier.push_back(Peek(part).text);
    pos_ += i + 1;
    return star;
  }
  ExpressionPtr expr = ParseExpr();
  if (AcceptWord("AS")) {
    if (Peek().type == TokenType::kString) {
      expr->alias = ParseStringLiteral();
    } else {
      expr->alias = ParseAnyWord();
    }
  } else if (Peek().type == TokenType::kQuotedIdentifier ||
             (PeekIdentifier() && CanBeBareAlias(Peek().text))) {
    const Token& alias = Next();
    expr->alias = alias.text;
    // `SELECT a FORM t`: a second bare word means the alias was a misspelled keyword.
    const Token& after = Peek();
    if (after.type == TokenType::kQuotedIdentifier || after.type == TokenType::kNumber ||
        after.type == TokenType::kString ||
        (after.type == TokenType::kWord && CanBeBareAlias(after.text))) {
      SyntaxErrorAt(alias);
    }
  }
  return expr;
}

}  // namespace floe
