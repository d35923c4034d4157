#pragma once

#include <string>
#include <string_view>

namespace floe {

/// Returns `text` as a SQL string literal that reads back as `text`: in single quotes, with
/// `'` and `\` escaped by a backslash (Spark's escapeSingleQuotedString).
std::string SqlStringLiteral(std::string_view text);

}  // namespace floe
