// INSERT, DELETE, UPDATE and MERGE.
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/parser.h"

namespace floe {

// The alias of the table a DELETE, UPDATE or MERGE changes: `AS a`, a bare `a`, or none ("").
std::string Parser::ParseTargetAlias() {
  if (AcceptWord("AS")) return ParseIdentifier();
  if (PeekIdentifier() && CanBeBareAlias(Peek().text)) return Next().text;
  return "";
}

// `column = expr [, ...]` after UPDATE ... SET and MERGE's UPDATE SET; a column may be nested (a.b).
std::vector<SetClause> Parser::ParseSetClauses() {
  std::vector<SetClause> assignments;
  do {
    SetClause clause;
    clause.column.push_back(ParseAnyWord());
    while (AcceptOp(".")) clause.column.push_back(ParseAnyWord());
    ExpectOp("=");
    clause.value = ParseExpr();
    assignments.push_back(std::move(clause));
  } while (AcceptOp(","));
  return assignments;
}

StatementPtr Parser::ParseInsert() {
  ExpectWord("INSERT");
  auto insert = std::make_unique<InsertStatement>();
  if (AcceptWord("OVERWRITE")) {
    insert->overwrite = true;
  } else {
    ExpectWord("INTO");
  }
  AcceptWord("TABLE");
  insert->table = ParseQualifiedName();
  if (PeekWord("PARTITION") && PeekOp("(", 1)) {
    pos_ += 2;
    do {
      std::string key = ParseAnyWord();
      ExpressionPtr value;
      if (AcceptOp("=")) value = ParseUnary();
      insert->partition.emplace_back(std::move(key), std::move(value));
    } while (AcceptOp(","));
    ExpectOp(")");
  }
  if (PeekWord("IF") && PeekWord("NOT", 1) && PeekWord("EXISTS", 2)) pos_ += 3;
  if (PeekWord("BY") && PeekWord("NAME", 1)) {
    pos_ += 2;
    insert->by_name = true;
  }
  if (PeekOp("(") && !PeekQueryStart(1)) insert->columns = ParseParenthesizedIdentifiers();
  insert->query = ParseQuery();
  return insert;
}

StatementPtr Parser::ParseDelete() {
  ExpectWord("DELETE");
  ExpectWord("FROM");
  auto del = std::make_unique<DeleteStatement>();
  del->table = ParseQualifiedName();
  del->alias = ParseTargetAlias();
  if (AcceptWord("WHERE")) del->where = ParseExpr();
  return del;
}

StatementPtr Parser::ParseUpdate() {
  ExpectWord("UPDATE");
  auto update = std::make_unique<UpdateStatement>();
  update->table = ParseQualifiedName();
  update->alias = ParseTargetAlias();
  ExpectWord("SET");
  update->assignments = ParseSetClauses();
  if (AcceptWord("WHERE")) update->where = ParseExpr();
  return update;
}

StatementPtr Parser::ParseMerge() {
  ExpectWord("MERGE");
  ExpectWord("INTO");
  auto merge = std::make_unique<MergeStatement>();
  merge->target = ParseQualifiedName();
  merge->target_alias = ParseTargetAlias();
  ExpectWord("USING");
  merge->source = ParseTablePrimary();
  ExpectWord("ON");
  merge->condition = ParseExpr();
  while (AcceptWord("WHEN")) {
    MergeClause clause;
    if (AcceptWord("NOT")) {
      ExpectWord("MATCHED");
      clause.match = MergeMatch::kNotMatched;
      if (AcceptWord("BY")) {
        if (AcceptWord("SOURCE")) {
          clause.match = MergeMatch::kNotMatchedBySource;
        } else {
          ExpectWord("TARGET");
        }
      }
    } else {
      ExpectWord("MATCHED");
    }
    if (AcceptWord("AND")) clause.condition = ParseExpr();
    ExpectWord("THEN");
    if (AcceptWord("DELETE")) {
      clause.action = MergeActionType::kDelete;
    } else if (AcceptWord("UPDATE")) {
      ExpectWord("SET");
      if (AcceptOp("*")) {
        clause.action = MergeActionType::kUpdateStar;
      } else {
        clause.action = MergeActionType::kUpdate;
        clause.assignments = ParseSetClauses();
      }
    } else {
      ExpectWord("INSERT");
      if (AcceptOp("*")) {
        clause.action = MergeActionType::kInsertStar;
      } else {
        clause.action = MergeActionType::kInsert;
        if (AcceptOp("(")) {
          do {
            clause.insert_columns.push_back(ParseQualifiedName().parts);
          } while (AcceptOp(","));
          ExpectOp(")");
        }
        ExpectWord("VALUES");
        ExpectOp("(");
        clause.insert_values = ParseExpressionList();
        ExpectOp(")");
      }
    }
    bool inserts =
        clause.action == MergeActionType::kInsert || clause.action == MergeActionType::kInsertStar;
    if (inserts != (clause.match == MergeMatch::kNotMatched)) {
      ErrorAt(tokens_[pos_ - 1],
              "MERGE: INSERT belongs under WHEN NOT MATCHED, UPDATE and "
              "DELETE under WHEN MATCHED or NOT MATCHED BY SOURCE");
    }
    merge->clauses.push_back(std::move(clause));
  }
  if (merge->clauses.empty()) SyntaxError();
  return merge;
}

}  // namespace floe
