#pragma once

#include <string_view>

namespace floe {

/// Returns whether an unquoted word is reserved: it cannot name a column, table or
/// alias without backquotes (SELECT, FROM, JOIN, ...). Spark's other keywords (date,
/// year, key, value, type, comment, range, rows, files, ...) remain usable as names.
bool IsReservedKeyword(std::string_view word);

/// Returns whether an unquoted word may serve as an alias without AS: not reserved and
/// not a clause keyword that may follow a select item or a table (LIMIT, WINDOW, SET...).
bool CanBeBareAlias(std::string_view word);

}  // namespace floe
