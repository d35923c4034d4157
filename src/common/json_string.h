#pragma once

#include <string>
#include <string_view>

namespace floe {

/// Appends `s` to *out as a JSON string literal, quoted and escaped as Jackson writes it
/// (\b \f \n \r \t, other control characters as \u00XX, the rest as is).
void AppendJsonString(std::string_view s, std::string* out);

}  // namespace floe
