#pragma once

#include <string>

#include "catalog/table_catalog.h"
#include "common/date_time.h"
#include "common/value.h"
#include "iceberg/table_metadata.h"

namespace floe {

/// A time-travel request on a table reference: VERSION AS OF / TIMESTAMP AS OF.
struct TimeTravelSpec {
  bool by_timestamp = false;
  Value value;  // snapshot id (bigint), branch/tag name (string), or a timestamp
};

/// Returns the snapshot a read of `table` sees: its ref's (t.branch_b, t.tag_t), the
/// time-travel clause's (a timestamp, a date or seconds since the epoch, read in `zone`
/// when it is text; a snapshot id; a branch or tag name, or a quoted snapshot id), or the
/// current one (null for a table without snapshots). Throws InvalidInputError when none
/// matches, or for time travel on a ref.
const iceberg::Snapshot* SelectSnapshot(const LoadedTable& table, const TimeTravelSpec* time_travel,
                                        const TimeZone& zone);

/// Returns the branch a read names, as Iceberg's Spark scan does: t.branch_b, or VERSION AS
/// OF the name of a branch ("" otherwise: a tag is read as its snapshot, with no branch).
std::string BranchRead(const LoadedTable& table, const TimeTravelSpec* time_travel);

}  // namespace floe
