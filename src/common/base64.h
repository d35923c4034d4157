#pragma once

#include <string>
#include <string_view>

namespace floe {

/// Returns the bytes in standard base64 with padding (base64(), to_json of binary).
std::string Base64Encode(std::string_view bytes);
/// Decodes base64 (standard or URL-safe letters; whitespace and padding skipped) into
/// *out; false for any other character (unbase64(), from_json of binary).
bool Base64Decode(std::string_view text, std::string* out);

}  // namespace floe
