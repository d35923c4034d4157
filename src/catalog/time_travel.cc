// Time travel: the snapshot (and branch) a read of a table sees.
#include "catalog/time_travel.h"

#include "common/exception.h"

namespace floe {

namespace {

// t.branch_b / t.tag_t: the ref's snapshot (TableCatalog::Find checked that it exists).
const iceberg::Snapshot* RefSnapshot(const LoadedTable& table, const TimeTravelSpec* time_travel) {
  if (time_travel) {
    throw InvalidInputError("cannot time travel on " + table.name.ref + " of " + table.name.ToString() +
                            ": it already selects a " + (table.name.ref_is_branch ? "branch" : "tag"));
  }
  int64_t id = table.metadata->refs.at(table.name.ref).snapshot_id;
  const iceberg::Snapshot* snapshot = table.metadata->SnapshotById(id);
  if (!snapshot) {
    throw InvalidInputError("the metadata of " + table.name.ToString() + " is inconsistent: " + table.name.ref +
                            " names snapshot " + std::to_string(id) + ", which is not among its snapshots");
  }
  return snapshot;
}

const iceberg::Snapshot* SnapshotAsOfTime(const LoadedTable& table, const Value& v, const TimeZone& zone) {
  int64_t micros = 0;
  if (v.type().id() == TypeId::kTimestamp || v.type().id() == TypeId::kTimestampNtz) {
    micros = v.int64();
  } else if (v.type().IsNanosTimestamp()) {
    micros = FloorDiv(v.int64(), 1000);
  } else if (v.type().id() == TypeId::kDate) {
    micros = static_cast<int64_t>(v.int32()) * kMicrosPerDay;
  } else if (v.type().IsInteger()) {
    micros = v.int64() * kMicrosPerSecond;  // Spark: seconds since the epoch
  } else if (!ParseTimestamp(v.ToString(), zone, &micros)) {
    throw InvalidInputError("invalid TIMESTAMP AS OF value '" + v.ToString() + "'");
  }
  const iceberg::Snapshot* snapshot = table.metadata->SnapshotAsOfTime(FloorDiv(micros, 1000));
  if (!snapshot) {
    throw InvalidInputError("Cannot find a snapshot older than " + FormatTimestamp(micros, zone) + " for " +
                            table.name.ToString());
  }
  return snapshot;
}

const iceberg::Snapshot* SnapshotAsOfVersion(const LoadedTable& table, const Value& v) {
  const iceberg::TableMetadata& m = *table.metadata;
  if (v.type().IsInteger()) {
    const iceberg::Snapshot* snapshot = m.SnapshotById(v.int64());
    if (!snapshot) throw InvalidInputError("Cannot find snapshot with ID " + v.ToString() + " in " + table.name.ToString());
    return snapshot;
  }
  const iceberg::Snapshot* snapshot = m.SnapshotByRef(v.ToString());
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
  return snapshot;
}

}  // namespace

const iceberg::Snapshot* SelectSnapshot(const LoadedTable& table, const TimeTravelSpec* time_travel,
                                        const TimeZone& zone) {
  if (!table.name.ref.empty()) return RefSnapshot(table, time_travel);
  if (!time_travel) return table.metadata->CurrentSnapshot();
  if (time_travel->by_timestamp) return SnapshotAsOfTime(table, time_travel->value, zone);
  return SnapshotAsOfVersion(table, time_travel->value);
}

std::string BranchRead(const LoadedTable& table, const TimeTravelSpec* time_travel) {
  if (!table.name.ref.empty()) return table.name.ref_is_branch ? table.name.ref : "";
  if (!time_travel || time_travel->by_timestamp || time_travel->value.type().IsInteger()) return "";
  auto ref = table.metadata->refs.find(time_travel->value.ToString());
  return ref != table.metadata->refs.end() && ref->second.is_branch ? ref->first : "";
}

}  // namespace floe
