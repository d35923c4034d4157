#pragma once

#include <nlohmann/json.hpp>

#include "common/value.h"
#include "iceberg/type.h"

namespace floe::iceberg {

/// The JSON single-value serialization of the Iceberg spec (Appendix D), in which
/// format version 3 writes a field's `initial-default` and `write-default` (Java's
/// SingleValueParser): booleans and numbers as JSON, decimals, dates, times, timestamps
/// and uuids as ISO text, binary and fixed as hex.
class SingleValueParser {
 public:
  /// Returns the value `json` serializes as a value of `type` (NULL for JSON null);
  /// throws FormatError naming `what` when it is not one.
  static Value FromJson(const Type& type, const nlohmann::json& json, const std::string& what);
};

}  // namespace floe::iceberg
