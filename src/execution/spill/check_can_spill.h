#pragma once

#include <string>

#include "execution/execution_context.h"

namespace floe {

/// Throws OutOfMemoryError naming `what` (the operator: "ORDER BY") when the query has no
/// spill folder to write to once memory_limit is reached.
void CheckCanSpill(const ExecutionContext& context, const std::string& what);

}  // namespace floe
