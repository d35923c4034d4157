#pragma once

#include <memory>
#include <string>

#include "execution/query_history.h"
#include "io/instrumented_file_io.h"
#include "planner/table_source.h"

namespace floe {

/// Builds a table of the system namespace, or returns null for an unknown name:
/// system.queries (one row per remembered query), system.scans (one row per metric of each
/// scan of each query), last_scan() (system.scans' rows of the newest query: what a test
/// asserts after the query it measures), system.file_io (requests and bytes by operation,
/// when the database counts them: `file_io` is the counting FileIO, or null).
std::shared_ptr<TableSource> MakeSystemTable(const std::string& name, const QueryHistory& history,
                                             const InstrumentedFileIO* file_io);

}  // namespace floe
