#pragma once

#include <string>
#include <string_view>

namespace floe {

/// Returns the 36-character text form (lower-case hex, 8-4-4-4-12) of a UUID's 16 bytes in
/// their big-endian order, as Iceberg stores a uuid and Spark shows it (as a string).
std::string UuidToText(std::string_view bytes);

}  // namespace floe
