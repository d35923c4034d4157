// t.manifests: the manifests of a snapshot with their file counts, split by data and delete
// content; t.all_manifests: those of every snapshot, each with the snapshot that lists it
// (reference_snapshot_id), as Iceberg's AllManifestsTable.
#include "iceberg/metadata_tables/metadata_table.h"
#include "iceberg/scan/snapshot_files.h"

namespace floe::iceberg {

MetadataTableRows ManifestsTable(const MetadataTableSource& source, bool all_snapshots) {
  MetadataTableRows b;
  b.Column("content", TypeId::kInt32);
  b.Column("path", TypeId::kString);
  b.Column("length", TypeId::kInt64);
  b.Column("partition_spec_id", TypeId::kInt32);
  b.Column("added_snapshot_id", TypeId::kInt64);
  b.Column("added_data_files_count", TypeId::kInt32);
  b.Column("existing_data_files_count", TypeId::kInt32);
  b.Column("deleted_data_files_count", TypeId::kInt32);
  b.Column("added_delete_files_count", TypeId::kInt32);
  b.Column("existing_delete_files_count", TypeId::kInt32);
  b.Column("deleted_delete_files_count", TypeId::kInt32);
  if (all_snapshots) b.Column("reference_snapshot_id", TypeId::kInt64);
  std::vector<const Snapshot*> snapshots;
  if (all_snapshots) {
    for (const auto& s : source.metadata.snapshots) snapshots.push_back(&s);
  } else if (source.snapshot) {
    snapshots.push_back(source.snapshot);
  }
  for (const Snapshot* snapshot : snapshots) {
    for (const auto& mf : SnapshotManifests(source.io, *snapshot, source.remapper)) {
      bool data = mf.content == ManifestContent::kData;
      std::vector<Value> row = {
          Value::Int32(static_cast<int32_t>(mf.content)), Value::String(mf.manifest_path),
          Value::Int64(mf.manifest_length), Value::Int32(mf.partition_spec_id), Value::Int64(mf.added_snapshot_id),
          Value::Int32(data ? mf.added_files_count : 0), Value::Int32(data ? mf.existing_files_count : 0),
          Value::Int32(data ? mf.deleted_files_count : 0), Value::Int32(data ? 0 : mf.added_files_count),
          Value::Int32(data ? 0 : mf.existing_files_count), Value::Int32(data ? 0 : mf.deleted_files_count)};
      if (all_snapshots) row.push_back(Value::Int64(snapshot->snapshot_id));
      b.Row(std::move(row));
    }
  }
  return b;
}

}  // namespace floe::iceberg
