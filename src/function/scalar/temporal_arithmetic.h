#pragma once

#include <cstdint>
#include <optional>

#include "common/date_time.h"
#include "common/types.h"
#include "function/scalar/arithmetic_op.h"
#include "function/scalar_function.h"

namespace floe {

/// Returns days + months as a date, the day clamped to the month's end (Spark add_months).
int32_t AddMonthsToDate(int32_t days, int32_t months);

/// Returns a timestamp plus an interval: months and days on the wall clock of `zone`, then
/// the microseconds on the instant, as Spark does.
int64_t AddIntervalToTimestamp(int64_t micros, const Interval& interval, const TimeZone& zone);

/// Binds + and - on dates, timestamps and intervals: date +/- int -> date, date - date ->
/// int (days, as datediff), timestamp +/- interval -> timestamp, date +/- interval -> date,
/// timestamp - timestamp -> interval; nothing when neither side is temporal.
std::optional<BoundScalarFunction> BindTemporalArithmetic(ArithmeticOp op,
                                                          const ScalarBindInput& input);

}  // namespace floe
