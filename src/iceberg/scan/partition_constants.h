#pragma once

#include <map>
#include <vector>

#include "common/value.h"
#include "iceberg/manifests/data_file.h"
#include "iceberg/partition_spec.h"
#include "iceberg/schema.h"

namespace floe::iceberg {

/// Returns a partition value as a value of `type`, the field's type now, along the
/// promotions the Iceberg spec allows (int to long, float to double, a decimal to a
/// wider precision); throws FormatError for any other pair.
Value PromotePartitionValue(const Value& value, const LogicalType& type);

/// Returns, for each field of `schema` that an identity field of `spec` partitions, the
/// file's partition value as that field's type: the value of every row of the file. The
/// Iceberg spec's column projection reads a field id missing from a data file from here
/// first ("Return the value from partition metadata if an Identity Transform exists for
/// the field"), as migrated Hive tables and add_files leave such columns out of files.
std::map<int, Value> IdentityPartitionValues(const PartitionSpec& spec, const Schema& schema,
                                             const std::vector<Value>& partition);

/// Returns `file` with column metrics for the identity-partitioned fields it records
/// none for, taken from its partition tuple (count, nulls, NaNs, bounds), so the metrics
/// evaluators see what the column projection reads; `file` itself when none is missing.
DataFile WithIdentityPartitionMetrics(const DataFile& file, const PartitionSpec& spec, const Schema& schema);

}  // namespace floe::iceberg
