#pragma once

#include <string>
#include <string_view>

#include "common/exception.h"

namespace floe {

/// Renders a parser error for people: the message, then the offending source line with a
/// caret under the token:
///   Parser Error: syntax error at or near "FORM"
///   LINE 1: SELECT a FORM t
///                    ^
std::string RenderParserError(const ParserError& error, std::string_view sql);

}  // namespace floe
