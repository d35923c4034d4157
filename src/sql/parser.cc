#include "sql/parser.h"

#include <charconv>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/lexer.h"

namespace floe {

Statement::~Statement() = default;

Parser::Parser(std::string_view sql) : sql_(sql) {
  Lexer lexer(sql);
  tokens_ = lexer.Tokenize();
  hints_ = lexer.hints();
  after_open_parens_.resize(tokens_.size());
  for (size_t i = tokens_.size(); i-- > 0;) {
    bool open = tokens_[i].type == TokenType::kOperator && tokens_[i].text == "(";
    after_open_parens_[i] = open && i + 1 < tokens_.size() ? after_open_parens_[i + 1] : i;
  }
}

// ---- Entry points ----

std::vector<StatementPtr> Parser::ParseStatements(std::string_view sql) {
  Parser parser(sql);
  std::vector<StatementPtr> statements;
  while (true) {
    while (parser.AcceptOp(";")) {
    }
    if (parser.Peek().type == TokenType::kEnd) break;
    const Token& start = parser.Peek();
    StatementPtr statement = parser.ParseOneStatement();
    if (!parser.AtStatementEnd()) parser.SyntaxError();
    const Token& last = parser.tokens_[parser.pos_ - 1];
    statement->position = start.position;
    statement->text = std::string(sql.substr(
        start.position.offset, last.position.offset + last.length - start.position.offset));
    statements.push_back(std::move(statement));
  }
  return statements;
}

StatementPtr Parser::ParseStatement(std::string_view sql) {
  std::vector<StatementPtr> statements = ParseStatements(sql);
  if (statements.size() != 1) {
    throw ParserError(statements.empty()
                          ? "syntax error: empty statement"
                          : "expected one statement, got " + std::to_string(statements.size()),
                      1, 1);
  }
  return std::move(statements[0]);
}

ExpressionPtr Parser::ParseExpression(std::string_view sql) {
  Parser parser(sql);
  ExpressionPtr expr = parser.ParseExpr();
  if (parser.Peek().type != TokenType::kEnd) parser.SyntaxError();
  return expr;
}

ParsedType Parser::ParseTypeName(std::string_view sql) {
  Parser parser(sql);
  ParsedType type = parser.ParseType();
  if (parser.Peek().type != TokenType::kEnd) parser.SyntaxError();
  return type;
}

// ---- Tokens ----

const Token& Parser::Peek(size_t ahead) const {
  size_t index = pos_ + ahead;
  return index < tokens_.size() ? tokens_[index] : tokens_.back();
}

const Token& Parser::Next() {
  const Token& token = Peek();
  if (pos_ < tokens_.size() - 1) ++pos_;
  return token;
}

bool Parser::PeekWord(std::string_view word, size_t ahead) const {
  const Token& token = Peek(ahead);
  return token.type == TokenType::kWord && EqualsIgnoreCase(token.text, word);
}

bool Parser::AcceptWord(std::string_view word) {
  if (!PeekWord(word)) return false;
  Next();
  return true;
}

void Parser::ExpectWord(std::string_view word) {
  if (!AcceptWord(word)) SyntaxError();
}

bool Parser::PeekOp(std::string_view op, size_t ahead) const {
  const Token& token = Peek(ahead);
  return token.type == TokenType::kOperator && token.text == op;
}

bool Parser::AcceptOp(std::string_view op) {
  if (!PeekOp(op)) return false;
  Next();
  return true;
}

void Parser::ExpectOp(std::string_view op) {
  if (!AcceptOp(op)) SyntaxError();
}

bool Parser::AtStatementEnd() const { return Peek().type == TokenType::kEnd || PeekOp(";"); }

void Parser::SyntaxError() const { SyntaxErrorAt(Peek()); }

void Parser::SyntaxErrorAt(const Token& token) const {
  if (token.type == TokenType::kEnd) ErrorAt(token, "syntax error at or near end of input");
  std::string text(sql_.substr(token.position.offset, token.length));
  ErrorAt(token, "syntax error at or near \"" + text + "\"");
}

void Parser::ErrorAt(const Token& token, const std::string& message) const {
  Throw(message, token.position.line, token.position.column);
}

void Parser::Throw(const std::string& message, int line, int column) const {
  pending_error_ = PendingError{message, line, column};
  throw ParserError(message, line, column);
}

void Parser::ReplayFailure(const std::unordered_map<size_t, PendingError>& failures) const {
  auto failed = failures.find(pos_);
  if (failed != failures.end()) Throw(failed->second.message, failed->second.line, failed->second.column);
}

Parser::RecordFailure::~RecordFailure() {
  if (std::uncaught_exceptions() <= exceptions_ || !parser_.pending_error_) return;
  try {
    failures_.emplace(start_, *parser_.pending_error_);
  } catch (...) {  // why: a destructor during unwinding must not throw; the record only saves time
  }
}

void Parser::Enter() {
  if (++depth_ > kMaxDepth) {
    depth_exceeded_ = true;
    ErrorAt(Peek(),
            "statement is too deeply nested (more than " + std::to_string(kMaxDepth) + " levels)");
  }
}

// ---- Names and literals ----

bool Parser::PeekIdentifier(size_t ahead) const {
  const Token& token = Peek(ahead);
  if (token.type == TokenType::kQuotedIdentifier) return true;
  return token.type == TokenType::kWord && !IsReservedKeyword(token.text);
}

std::string Parser::ParseIdentifier() {
  if (!PeekIdentifier()) SyntaxError();
  return Next().text;
}

std::string Parser::ParseAnyWord() {
  const Token& token = Peek();
  if (token.type != TokenType::kWord && token.type != TokenType::kQuotedIdentifier) {
    SyntaxError();
  }
  return Next().text;
}

QualifiedName Parser::ParseQualifiedName() {
  QualifiedName name;
  name.position = Peek().position;
  name.parts.push_back(ParseIdentifier());
  while (PeekOp(".") &&
         (Peek(1).type == TokenType::kWord || Peek(1).type == TokenType::kQuotedIdentifier)) {
    Next();
    name.parts.push_back(ParseAnyWord());  // after a dot any word names a part: t.table
  }
  return name;
}

std::vector<std::string> Parser::ParseParenthesizedIdentifiers() {
  std::vector<std::string> names;
  ExpectOp("(");
  do {
    names.push_back(ParseIdentifier());
  } while (AcceptOp(","));
  ExpectOp(")");
  return names;
}

int64_t Parser::ParseInteger() {
  bool negative = AcceptOp("-");
  const Token& token = Peek();
  int64_t value = 0;
  if (token.type != TokenType::kNumber) SyntaxError();
  std::string digits = token.text;
  if (!digits.empty() && (digits.back() == 'L' || digits.back() == 'l')) digits.pop_back();
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) {
    ErrorAt(token, "expected an integer, got \"" + token.text + "\"");
  }
  Next();
  return negative ? -value : value;
}

std::string Parser::ParseStringLiteral() {
  if (Peek().type != TokenType::kString) SyntaxError();
  std::string value = Next().text;
  while (Peek().type == TokenType::kString) value += Next().text;  // 'a' 'b' is 'ab'
  return value;
}

// ---- Statements ----

StatementPtr Parser::ParseOneStatement() {
  const Token& token = Peek();
  if (PeekWord("WITH")) {
    // WITH .. INSERT INTO t SELECT ..: the CTEs belong to the inserted query.
    size_t saved_pos = pos_;
    std::vector<CommonTableExpression> ctes = ParseWithClause();
    if (PeekWord("INSERT")) {
      StatementPtr insert = ParseInsert();
      AttachCommonTableExpressions(insert->As<InsertStatement>().query, std::move(ctes),
                                   token.position);
      return insert;
    }
    if (PeekWord("MERGE")) {
      StatementPtr merge = ParseMerge();
      merge->As<MergeStatement>().ctes = std::move(ctes);
      return merge;
    }
    pos_ = saved_pos;
  }
  if (PeekQueryStart()) {
    auto statement = std::make_unique<SelectStatement>();
    statement->query = ParseQuery();
    return statement;
  }
  if (token.type != TokenType::kWord) SyntaxError();
  if (PeekWord("EXPLAIN")) return ParseExplain();
  if (PeekWord("CREATE")) return ParseCreate();
  if (PeekWord("REPLACE")) {
    Next();
    bool temporary = AcceptWord("TEMPORARY") || AcceptWord("TEMP");
    ExpectWord("TABLE");
    return ParseCreateTable(/*or_replace=*/false, /*replace_only=*/true, temporary);
  }
  if (PeekWord("DROP")) return ParseDrop();
  if (PeekWord("ALTER")) return ParseAlter();
  if (PeekWord("INSERT")) return ParseInsert();
  if (PeekWord("DELETE")) return ParseDelete();
  if (PeekWord("TRUNCATE") && PeekWord("TABLE", 1)) {
    // TRUNCATE TABLE t deletes every row: the same as DELETE FROM t.
    pos_ += 2;
    auto truncate = std::make_unique<DeleteStatement>();
    truncate->table = ParseQualifiedName();
    return truncate;
  }
  if (PeekWord("UPDATE")) return ParseUpdate();
  if (PeekWord("MERGE")) return ParseMerge();
  if (PeekWord("USE")) return ParseUse();
  if (PeekWord("SHOW")) return ParseShow();
  if (PeekWord("DESCRIBE") || PeekWord("DESC")) return ParseDescribe();
  if (PeekWord("CALL")) return ParseCall();
  if (PeekWord("SET")) return ParseSet();
  if (PeekWord("RESET")) return ParseReset();
  if (PeekWord("COPY")) return ParseCopy();
  if (PeekWord("ANALYZE")) return ParseAnalyze();
  SyntaxError();
}

StatementPtr Parser::ParseExplain() {
  ExpectWord("EXPLAIN");
  auto explain = std::make_unique<ExplainStatement>();
  if (AcceptWord("EXTENDED")) {
    explain->mode = ExplainMode::kExtended;
  } else if (AcceptWord("FORMATTED")) {
    explain->mode = ExplainMode::kFormatted;
  } else if (AcceptWord("ANALYZE")) {
    explain->mode = ExplainMode::kAnalyze;
  } else if (AcceptWord("CODEGEN")) {
    explain->mode = ExplainMode::kCodegen;
  } else if (AcceptWord("COST")) {
    explain->mode = ExplainMode::kCost;
  }
  const Token& start = Peek();
  Enter();
  explain->statement = ParseOneStatement();
  Leave();
  const Token& last = tokens_[pos_ - 1];
  explain->statement->position = start.position;
  explain->statement->text = std::string(sql_.substr(
      start.position.offset, last.position.offset + last.length - start.position.offset));
  return explain;
}

}  // namespace floe
