#include "floe/connection.h"

#include <new>

#include "common/exception.h"
#include "main/client_context.h"
#include "main/database_access.h"
#include "sql/parser.h"
#include "sql/parser_error_report.h"

namespace floe {

Connection::Connection(Database& database)
    : context_(std::make_unique<ClientContext>(DatabaseAccess::State(database))) {}

Connection::~Connection() = default;

std::vector<Result> Connection::QueryAll(const std::string& sql) {
  context_->ClearInterrupt();
  std::vector<Result> results;
  std::vector<StatementPtr> statements;
  try {
    statements = Parser::ParseStatements(sql);
  } catch (const ParserError& e) {
    results.push_back(Result::Error(ErrorKindName(e.kind()), RenderParserError(e, sql)));
    return results;
  }
  for (const auto& statement : statements) {
    // Errors are caught here, once, and become error results (never a crash).
    try {
      results.push_back(context_->Execute(*statement));
    } catch (const ParserError& e) {
      // Positions are offsets into the whole text, not the statement's own.
      results.push_back(Result::Error(ErrorKindName(e.kind()), RenderParserError(e, sql)));
    } catch (const Exception& e) {
      results.push_back(Result::Error(ErrorKindName(e.kind()),
                                      std::string(ErrorKindName(e.kind())) + ": " + e.what()));
    } catch (const std::bad_alloc&) {
      results.push_back(Result::Error("Out of Memory Error", "Out of Memory Error: the query ran out of memory"));
    } catch (const std::exception& e) {
      results.push_back(Result::Error("Internal Error", std::string("Internal Error: ") + e.what()));
    }
    results.back().SetWarnings(context_->TakeWarnings());
    if (results.back().HasError()) break;
  }
  return results;
}

void Connection::Interrupt() { context_->Interrupt(); }

Result Connection::Query(const std::string& sql) {
  std::vector<Result> results = QueryAll(sql);
  if (results.empty()) return Result();
  return std::move(results.back());
}

}  // namespace floe
