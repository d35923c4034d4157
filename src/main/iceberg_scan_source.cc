// Turns a loaded Iceberg table (and a time-travel clause or a branch_/tag_ suffix) into the
// source a scan reads; a metadata table (t.snapshots, t.files, ...), built by
// iceberg/metadata_tables, into a memory table.
#include "common/date_time.h"
#include "common/exception.h"
#include "main/client_context.h"

#include "execution/table_sources/iceberg_table_source.h"
#include "execution/table_sources/memory_table.h"
#include "iceberg/metadata_tables/metadata_table.h"

namespace floe {

const iceberg::Snapshot* ClientContext::SelectedSnapshot(const LoadedTable& table, const TimeTravelSpec* time_travel) {
  const iceberg::TableMetadata& m = *table.metadata;
  if (!table.name.ref.empty()) {
    // t.branch_b / t.tag_t: the ref's snapshot (Find checked that it exists).
    if (time_travel) {
      throw InvalidInputError("cannot time travel on " + table.name.ref + " of " + table.name.ToString() +
                              ": it already selects a " + (table.name.ref_is_branch ? "branch" : "tag"));
    }
    int64_t id = m.refs.at(table.name.ref).snapshot_id;
    const iceberg::Snapshot* snapshot = m.SnapshotById(id);
    if (!snapshot) {
      throw InvalidInputError("the metadata of " + table.name.ToString() + " is inconsistent: " + table.name.ref +
                              " names snapshot " + std::to_string(id) + ", which is not among its snapshots");
    }
    return snapshot;
  }
  if (!time_travel) return m.CurrentSnapshot();
  const iceberg::Snapshot* snapshot = nullptr;
  const Value& v = time_travel->value;
  if (time_travel->by_timestamp) {
    int64_t micros = 0;
    if (v.type().id() == TypeId::kTimestamp || v.type().id() == TypeId::kTimestampNtz) {
      micros = v.int64();
    } else if (v.type().id() == TypeId::kDate) {
      micros = static_cast<int64_t>(v.int32()) * kMicrosPerDay;
    } else if (v.type().IsInteger()) {
      micros = v.int64() * kMicrosPerSecond;  // Spark: seconds since the epoch
    } else if (!ParseTimestamp(v.ToString(), time_zone_, &micros)) {
      throw InvalidInputError("invalid TIMESTAMP AS OF value '" + v.ToString() + "'");
    }
    snapshot = m.SnapshotAsOfTime(FloorDiv(micros, 1000));
    if (!snapshot) {
      throw InvalidInputError("Cannot find a snapshot older than " + FormatTimestamp(micros, time_zone_) + " for " +
                              table.name.ToString());
    }
  } else if (v.type().IsInteger()) {
    snapshot = m.SnapshotById(v.int64());
    if (!snapshot) {
      throw InvalidInputError("Cannot find snapshot with ID " + v.ToString() + " in " + table.name.ToString());
    }
  } else {
    snapshot = m.SnapshotByRef(v.ToString());
    if (!snapshot) {
      // A quoted number is a snapshot id too.
      try {
        snapshot = m.SnapshotById(std::stoll(v.ToString()));
      } catch (const std::exception&) {
      }
    }
    if (!snapshot) {
      throw InvalidInputError("Cannot find a branch, tag or snapshot named '" + v.ToString() + "' in " +
                              table.name.ToString());
    }
  }
  return snapshot;
}

std::shared_ptr<TableSource> ClientContext::MakeIcebergSource(const LoadedTable& table,
                                                              const TimeTravelSpec* time_travel) {
  std::optional<int64_t> snapshot_id;
  if (time_travel || !table.name.ref.empty()) {
    const iceberg::Snapshot* snapshot = SelectedSnapshot(table, time_travel);
    if (snapshot) snapshot_id = snapshot->snapshot_id;
  }
  // The branch read, as Iceberg's Spark scan names it: t.branch_b, or VERSION AS OF a name
  // SelectedSnapshot resolved to a branch (a tag is read as its snapshot, with no branch).
  std::string branch;
  if (!table.name.ref.empty()) {
    if (table.name.ref_is_branch) branch = table.name.ref;
  } else if (time_travel && !time_travel->by_timestamp && !time_travel->value.type().IsInteger()) {
    auto ref = table.metadata->refs.find(time_travel->value.ToString());
    if (ref != table.metadata->refs.end() && ref->second.is_branch) branch = ref->first;
  }
  IcebergScanOptions options;
  bool all = settings_.GetBool("floe.pruning.enabled");
  options.prune_manifests = all && settings_.GetBool("floe.pruning.manifests");
  options.prune_partitions = all && settings_.GetBool("floe.pruning.partitions");
  options.prune_file_metrics = all && settings_.GetBool("floe.pruning.file_metrics");
  options.prune_row_groups = all && settings_.GetBool("floe.pruning.row_groups");
  options.time_zone = time_zone_;
  return std::make_shared<IcebergTableSource>(Io(), Tables().catalog().name() + "." + table.name.ToString(),
                                              table.metadata, snapshot_id, Remapper(), options, branch);
}

std::shared_ptr<TableSource> ClientContext::MakeMetadataTable(const LoadedTable& table,
                                                              const iceberg::Snapshot* snapshot) {
  iceberg::LocationRemapper remapper = Remapper();
  iceberg::MetadataTableSource source{Io(), remapper, *table.metadata, table.metadata_location, snapshot};
  iceberg::MetadataTableRows rows = iceberg::BuildMetadataTable(table.name.metadata_table, source);
  auto out = std::make_shared<MemoryTable>(table.name.ToString() + "." + table.name.metadata_table, rows.names(),
                                           rows.types(), std::vector<bool>(rows.types().size(), false));
  out->AppendRows(rows.rows());
  return out;
}

}  // namespace floe
