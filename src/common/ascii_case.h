#pragma once

#include <string>
#include <string_view>

namespace floe {

/// Returns `s` with the ASCII letters A-Z lower-cased; every other byte (UTF-8 included) is kept.
std::string ToLower(std::string_view s);

/// Returns `s` with the ASCII letters a-z upper-cased; every other byte (UTF-8 included) is kept.
std::string ToUpper(std::string_view s);

/// Returns whether two words are equal ignoring the case of ASCII letters.
bool EqualsIgnoreCase(std::string_view a, std::string_view b);

/// Returns `s` without the whitespace (isspace in the C locale) at either end.
std::string_view TrimSpace(std::string_view s);

}  // namespace floe
