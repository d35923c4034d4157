#pragma once

#include <cstdint>
#include <vector>

#include "iceberg/expressions/expression.h"
#include "iceberg/partition_spec.h"
#include "iceberg/scan/manifest_cache.h"

namespace floe::iceberg {

/// Fills `out` with the entries of `manifest` (written with `spec`), in manifest order,
/// whose partition value lies in the range that a conjunct of `partition_filter` (on the
/// spec's partition field ids) gives one field: the others cannot match it. Returns
/// false, leaving every entry a candidate, when no conjunct gives a usable range.
bool PartitionIndexCandidates(const CachedManifest& manifest, const PartitionSpec& spec,
                              const Expression& partition_filter, std::vector<uint32_t>* out);

}  // namespace floe::iceberg
