// t.refs: the branches and tags with their retention settings.
#include "iceberg/metadata_tables/metadata_table.h"

namespace floe::iceberg {

MetadataTableRows RefsTable(const MetadataTableSource& source) {
  MetadataTableRows b;
  b.Column("name", TypeId::kString);
  b.Column("type", TypeId::kString);
  b.Column("snapshot_id", TypeId::kInt64);
  b.Column("max_reference_age_in_ms", TypeId::kInt64);
  b.Column("min_snapshots_to_keep", TypeId::kInt32);
  b.Column("max_snapshot_age_in_ms", TypeId::kInt64);
  for (const auto& [name, ref] : source.metadata.refs) {
    b.Row({Value::String(name), Value::String(ref.is_branch ? "BRANCH" : "TAG"), Value::Int64(ref.snapshot_id),
           OptionalLong(ref.max_ref_age_ms),
           ref.min_snapshots_to_keep ? Value::Int32(*ref.min_snapshots_to_keep) : Value::Null(TypeId::kInt32),
           OptionalLong(ref.max_snapshot_age_ms)});
  }
  return b;
}

}  // namespace floe::iceberg
