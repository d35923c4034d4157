#pragma once

#include <string>
#include <string_view>

namespace floe {

/// Returns true when the bytes are well-formed UTF-8 (no overlong forms, no surrogates,
/// nothing above U+10FFFF).
bool IsValidUtf8(std::string_view text);

/// Returns the text quoted for an error message: printable ASCII and well-formed
/// multi-byte UTF-8 as they are, every other byte as \xHH, cut after `max_bytes`.
std::string QuoteForMessage(std::string_view text, size_t max_bytes = 120);

}  // namespace floe
