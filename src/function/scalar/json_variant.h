#pragma once

#include <string>

#include "function/scalar/json_reader.h"

namespace floe {

/// Returns a parsed JSON value as a packed variant, built as Spark's VariantBuilder.parseJson
/// builds it: an integer that fits a bigint in the narrowest integer; a number written without
/// an exponent, within 38 digits and a scale of 38, a decimal (its digits and scale as
/// written); any other number a double; keys in first-use order, each object's sorted. Throws
/// VariantDuplicateKeyError for a repeated key, InvalidInputError past 16 MiB.
std::string JsonToVariant(const JsonValue& json);

}  // namespace floe
