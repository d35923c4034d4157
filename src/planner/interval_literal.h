#pragma once

#include <string>

#include "common/types.h"

namespace floe {

/// Adds `text` read in `unit` ("2" DAY) or, without a unit, as "<n> <unit> ..." ("1 day 2
/// hours") to out; returns false when it is not an interval.
bool ParseIntervalText(const std::string& text, const std::string& unit, Interval* out);

/// Adds the ANSI range form `text` of `from` TO `to` to out: '1-2' YEAR TO MONTH,
/// '3 4:05:06.5' DAY TO SECOND, '10:30' HOUR TO MINUTE, ... (a leading sign applies to the
/// whole value; fields after the first stay in their ranges). Returns false with *error set
/// when the text does not match the form or the range is not one of Spark's.
bool ParseIntervalRange(const std::string& text, const std::string& from, const std::string& to,
                        Interval* out, std::string* error);

}  // namespace floe
