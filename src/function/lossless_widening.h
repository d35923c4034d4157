#pragma once

#include "common/types.h"

namespace floe {

/// Returns true when every value of `from` converts to `to` exactly and in the same order,
/// so a comparison after the cast prunes like one on the stored values (the casts scan
/// pruning and dynamic partition pruning see through).
bool IsLosslessWidening(const LogicalType& from, const LogicalType& to);

}  // namespace floe
