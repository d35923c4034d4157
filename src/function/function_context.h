#pragma once

#include <cstdint>

#include "common/date_time.h"

namespace floe {

/// What a function kernel may need from the session: the time zone, the query's start.
struct FunctionContext {
  const TimeZone* time_zone = &TimeZone::Utc();
  /// current_timestamp() of the query, fixed for the whole query as in Spark.
  int64_t query_start_micros = 0;
  /// TRY_ semantics: errors become NULL instead of raising.
  bool try_mode = false;
};

}  // namespace floe
