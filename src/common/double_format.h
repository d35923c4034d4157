#pragma once

#include <string>

namespace floe {

/// Formats a double as Spark prints it: shortest round-trip digits, "1.0E10" for large
/// magnitudes, "NaN", "Infinity".
std::string FormatDouble(double v);
/// Formats a float the same way with float precision.
std::string FormatFloat(float v);

}  // namespace floe
