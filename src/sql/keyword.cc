#include "sql/keyword.h"

#include <initializer_list>

#include "common/ascii_case.h"

namespace floe {
namespace {

bool InList(std::string_view word, std::initializer_list<std::string_view> list) {
  for (std::string_view entry : list) {
    if (EqualsIgnoreCase(word, entry)) return true;
  }
  return false;
}

}  // namespace

bool IsReservedKeyword(std::string_view word) {
  return InList(
      word,
      {"ALL",       "AND",   "AS",   "BETWEEN", "CASE",  "CROSS",  "DISTINCT", "ELSE",    "END",
       "EXCEPT",    "FALSE", "FROM", "FULL",    "GROUP", "HAVING", "ILIKE",    "IN",      "INNER",
       "INTERSECT", "INTO",  "IS",   "JOIN",    "LEFT",  "LIKE",   "MINUS",    "NATURAL", "NOT",
       "NULL",      "ON",    "OR",   "ORDER",   "OUTER", "REGEXP", "RIGHT",    "RLIKE",   "SELECT",
       "TABLE",     "THEN",  "TRUE", "UNION",   "USING", "WHEN",   "WHERE",    "WITH"});
}

bool CanBeBareAlias(std::string_view word) {
  return !IsReservedKeyword(word) &&
         !InList(word, {"LIMIT", "OFFSET", "WINDOW", "QUALIFY", "SORT", "CLUSTER", "DISTRIBUTE",
                        "LATERAL", "SEMI", "ANTI", "PIVOT", "UNPIVOT", "TABLESAMPLE", "SET",
                        "FILTER", "OVER"});
}

}  // namespace floe
