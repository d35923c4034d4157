// CALL system.expire_snapshots(table, older_than, retain_last, max_concurrent_deletes,
// stream_results, snapshot_ids, clean_expired_metadata): removes the snapshots no branch or
// tag retention keeps, then deletes the files only they reached, as Iceberg 1.10's
// ExpireSnapshotsProcedure (RemoveSnapshots, ExpireSnapshotsSparkAction).
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <string>

#include "common/date_time.h"
#include "common/exception.h"
#include "iceberg/procedures/set_snapshot.h"
#include "iceberg/reachable_files.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {

namespace {

constexpr int64_t kDefaultMaxSnapshotAgeMs = 5LL * 24 * 60 * 60 * 1000;  // history.expire.max-snapshot-age-ms

int64_t LongProperty(const TableMetadata& m, const std::string& key, int64_t fallback) {
  auto it = m.properties.find(key);
  if (it == m.properties.end()) return fallback;
  try {
    size_t used = 0;
    int64_t v = std::stoll(it->second, &used);
    if (used == it->second.size()) return v;
  } catch (const std::exception&) {
  }
  throw InvalidInputError("table property " + key + " is not a number: " + it->second);
}

// What RemoveSnapshots decides on one version of the table.
struct Expiry {
  int64_t now_ms = 0;
  int64_t older_than_ms = 0;  // defaultExpireOlderThan
  int64_t min_snapshots = 1;  // defaultMinNumSnapshots
  std::set<int64_t> explicit_ids;
  /// clean_expired_metadata: the partition spec ids of a snapshot's manifests, else nothing
  std::function<std::set<int>(const Snapshot&)> spec_ids_of;
};

// RemoveSnapshots.internalApply: the refs kept, then the snapshots kept (each branch's
// retention, tags' heads, unreferenced snapshots not yet old enough); the rest go.
std::optional<TableMetadata> Expire(const Expiry& e, const TableMetadata& m, const std::string& file) {
  int64_t max_ref_age = LongProperty(m, "history.expire.max-ref-age-ms", std::numeric_limits<int64_t>::max());
  std::map<std::string, SnapshotRef> kept_refs;
  for (const auto& [name, ref] : m.refs) {
    const Snapshot* head = m.SnapshotById(ref.snapshot_id);
    if (name == "main") {
      kept_refs[name] = ref;
    } else if (head) {
      int64_t limit = ref.max_ref_age_ms ? *ref.max_ref_age_ms : max_ref_age;
      if (e.now_ms - head->timestamp_ms <= limit) kept_refs[name] = ref;
    }
  }
  for (int64_t id : e.explicit_ids) {
    std::string names;
    for (const auto& [name, ref] : kept_refs) {
      if (ref.snapshot_id == id) names += (names.empty() ? "" : ", ") + name;
    }
    if (!names.empty()) {
      throw InvalidInputError("Cannot expire " + std::to_string(id) + ". Still referenced by refs: [" + names + "]");
    }
  }
  std::set<int64_t> keep, referenced;
  for (const auto& [name, ref] : kept_refs) {
    if (!ref.is_branch) {  // a tag references its own snapshot only (unreferencedSnapshotsToRetain)
      referenced.insert(ref.snapshot_id);
      keep.insert(ref.snapshot_id);
      continue;
    }
    std::vector<const Snapshot*> ancestors = AncestorsOf(m, ref.snapshot_id);
    for (const Snapshot* s : ancestors) referenced.insert(s->snapshot_id);
    int64_t older_than = ref.max_snapshot_age_ms ? e.now_ms - *ref.max_snapshot_age_ms : e.older_than_ms;
    int64_t min_keep = ref.min_snapshots_to_keep ? *ref.min_snapshots_to_keep : e.min_snapshots;
    // (a branch's head always stays: a retention of 0 would leave the ref dangling and the
    // files of its whole history unreachable)
    if (min_keep < 1) {
      throw InvalidInputError("branch " + name + ": min-snapshots-to-keep must be at least 1, not " +
                              std::to_string(min_keep));
    }
    size_t kept = 0;
    for (const Snapshot* s : ancestors) {  // computeBranchSnapshotsToRetain
      if (static_cast<int64_t>(kept) < min_keep || s->timestamp_ms >= older_than) {
        keep.insert(s->snapshot_id);
        ++kept;
      } else {
        break;
      }
    }
  }
  for (const auto& s : m.snapshots) {  // unreferencedSnapshotsToRetain
    if (!referenced.count(s.snapshot_id) && s.timestamp_ms >= e.older_than_ms) keep.insert(s.snapshot_id);
  }
  std::set<int64_t> remove = e.explicit_ids;
  for (const auto& s : m.snapshots) {
    if (!keep.count(s.snapshot_id)) remove.insert(s.snapshot_id);
  }
  std::erase_if(remove, [&](int64_t id) { return m.SnapshotById(id) == nullptr; });
  for (const auto& [name, ref] : kept_refs) {  // never a kept ref's head (checked before any delete)
    if (remove.count(ref.snapshot_id)) {
      throw InternalError("expire_snapshots would remove snapshot " + std::to_string(ref.snapshot_id) +
                          ", the head of " + name);
    }
  }
  // RemoveSnapshots with cleanExpiredMetadata: the specs and schemas no retained snapshot
  // uses go (never the default spec or the current schema)
  std::set<int> specs_gone, schemas_gone;
  if (e.spec_ids_of) {
    std::set<int> specs = {m.default_spec_id}, schemas = {m.current_schema_id};
    for (const auto& s : m.snapshots) {
      if (remove.count(s.snapshot_id)) continue;
      if (s.schema_id) schemas.insert(*s.schema_id);
      if (specs.size() < m.partition_specs.size()) {
        for (int id : e.spec_ids_of(s)) {
          if (id >= 0) {
            specs.insert(id);
            continue;
          }
          // (a v1 snapshot's inline manifests name their spec in their own header: keep all)
          for (const auto& spec : m.partition_specs) specs.insert(spec.spec_id());
        }
      }
    }
    for (const auto& spec : m.partition_specs) {
      if (!specs.count(spec.spec_id())) specs_gone.insert(spec.spec_id());
    }
    for (const auto& schema : m.schemas) {
      if (!schemas.count(schema.schema_id())) schemas_gone.insert(schema.schema_id());
    }
  }
  if (remove.empty() && kept_refs.size() == m.refs.size() && specs_gone.empty() && schemas_gone.empty()) {
    return std::nullopt;
  }
  TableMetadataBuilder builder(m, file);
  for (const auto& [name, ref] : m.refs) {
    if (!kept_refs.count(name)) builder.RemoveRef(name);
  }
  builder.RemoveSnapshots(remove);
  builder.RemoveSpecsAndSchemas(specs_gone, schemas_gone);
  return builder.Build(NowMillis());
}

// The paths of `before` that `after` no longer has.
std::vector<std::string> Gone(const std::vector<std::string>& before, const std::vector<std::string>& after) {
  std::set<std::string> kept(after.begin(), after.end());
  std::vector<std::string> out;
  for (const auto& p : before) {
    if (!kept.count(p)) out.push_back(p);
  }
  return out;
}

class ExpireSnapshots final : public Procedure {
 public:
  std::string name() const override { return "expire_snapshots"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true},
            {"older_than", TypeId::kTimestamp},
            {"retain_last", TypeId::kInt32},
            {"max_concurrent_deletes", TypeId::kInt32},
            {"stream_results", TypeId::kBoolean},
            {"snapshot_ids", LogicalType::List(TypeId::kInt64)},
            {"clean_expired_metadata", TypeId::kBoolean}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    args.CheckMaxConcurrentDeletes();
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    const TableMetadata& read = *table->state().metadata;
    // ExpireSnapshotsSparkAction.validateGcEnabled
    if (read.Property("gc.enabled", "true") == "false") {
      throw InvalidInputError("Cannot expire snapshots: GC is disabled (deleting files may corrupt other tables)");
    }
    Expiry e;
    e.now_ms = NowMillis();
    e.older_than_ms = e.now_ms - LongProperty(read, "history.expire.max-snapshot-age-ms", kDefaultMaxSnapshotAgeMs);
    e.min_snapshots = LongProperty(read, "history.expire.min-snapshots-to-keep", 1);
    if (e.min_snapshots < 1) {
      throw InvalidInputError("table property history.expire.min-snapshots-to-keep must be at least 1, not " +
                              std::to_string(e.min_snapshots));
    }
    if (args.Has("older_than")) e.older_than_ms = FloorDiv(args.Long("older_than", name()), 1000);
    if (args.Has("retain_last")) {
      int64_t n = args.values.at("retain_last").int32();
      if (n < 1) throw InvalidInputError("Number of snapshots to retain must be at least 1, cannot be: " + std::to_string(n));
      e.min_snapshots = n;
    }
    if (args.Has("clean_expired_metadata") && args.values.at("clean_expired_metadata").boolean()) {
      e.spec_ids_of = [&engine](const Snapshot& s) {
        std::set<int> ids;
        for (const auto& mf : SnapshotManifests(engine.io(), s, engine.remapper())) ids.insert(mf.partition_spec_id);
        return ids;
      };
    }
    if (args.Has("snapshot_ids")) {
      for (const Value& id : args.values.at("snapshot_ids").children()) {
        if (!id.is_null()) e.explicit_ids.insert(id.int64());
      }
    }
    // the table each attempt expired from: the files only it reached are deleted
    TableState base = table->state();
    Transaction txn(table->operations(), table->state());
    txn.UpdateMetadata([&](const TableMetadata& m, const std::string& file) {
      base = TableState{file, std::make_shared<const TableMetadata>(m)};
      return Expire(e, m, file);
    });
    TableState committed = txn.Commit();

    ProcedureResult result;
    result.names = {"deleted_data_files_count",     "deleted_position_delete_files_count",
                    "deleted_equality_delete_files_count", "deleted_manifest_files_count",
                    "deleted_manifest_lists_count", "deleted_statistics_files_count"};
    result.types.assign(6, TypeId::kInt64);
    std::vector<Value> counts(6, Value::Int64(0));
    if (committed.metadata && base.metadata && committed.metadata->snapshots.size() != base.metadata->snapshots.size()) {
      // ExpireSnapshotsSparkAction: the files the table reached before, less those it
      // reaches now (every retained snapshot, every kept ref); deleted after the commit
      ReachableFiles before = FindReachableFiles(engine.io(), *base.metadata, base.metadata_location, engine.remapper());
      ReachableFiles after =
          FindReachableFiles(engine.io(), *committed.metadata, committed.metadata_location, engine.remapper());
      const std::vector<std::string>* kinds[6][2] = {{&before.data_files, &after.content_files},
                                                     {&before.position_delete_files, &after.content_files},
                                                     {&before.equality_delete_files, &after.content_files},
                                                     {&before.manifests, &after.manifests},
                                                     {&before.manifest_lists, &after.manifest_lists},
                                                     {&before.statistics_files, &after.statistics_files}};
      for (int k = 0; k < 6; ++k) {
        size_t deleted = engine.DeleteTableFiles(*committed.metadata, Gone(*kinds[k][0], *kinds[k][1]));
        counts[k] = Value::Int64(static_cast<int64_t>(deleted));
      }
    }
    result.rows.push_back(std::move(counts));
    return result;
  }
};

}  // namespace

const Procedure& ExpireSnapshotsProcedure() {
  static const ExpireSnapshots procedure;
  return procedure;
}

}  // namespace floe::iceberg
