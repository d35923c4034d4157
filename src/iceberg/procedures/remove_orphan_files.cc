// CALL system.remove_orphan_files(table, older_than, location, dry_run, ...): deletes the
// files under the table's location (or `location`) that no snapshot, manifest, metadata
// file or statistics file of the table reaches and that are older than `older_than`
// (default three days ago), as Iceberg 1.10's RemoveOrphanFilesProcedure
// (DeleteOrphanFilesSparkAction); returns each orphan's location.
#include <filesystem>
#include <set>
#include <string>

#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/exception.h"
#include "iceberg/procedures/procedure.h"
#include "iceberg/reachable_files.h"

namespace floe::iceberg {

namespace {

constexpr int64_t kDefaultOlderThanMs = 3LL * 24 * 60 * 60 * 1000;  // the action's default

std::string Normal(const std::string& path) { return std::filesystem::path(path).lexically_normal().string(); }

// DeleteOrphanFilesSparkAction's PartitionAwareHiddenPathFilter: a file below a folder whose
// name starts with '_' or '.' is not listed, unless the folder is a partition (k=v).
bool Hidden(const std::string& relative) {
  std::filesystem::path p(relative);
  for (const auto& part : p) {
    std::string name = part.string();
    if (name.empty() || (name[0] != '_' && name[0] != '.')) continue;
    if (name.find('=') != std::string::npos) continue;
    return true;
  }
  return false;
}

class RemoveOrphanFiles final : public Procedure {
 public:
  std::string name() const override { return "remove_orphan_files"; }
  std::vector<ProcedureParameter> parameters() const override {
    LogicalType map = LogicalType::Map(TypeId::kString, TypeId::kString);
    return {{"table", TypeId::kString, true},        {"older_than", TypeId::kTimestamp},
            {"location", TypeId::kString},           {"dry_run", TypeId::kBoolean},
            {"max_concurrent_deletes", TypeId::kInt32}, {"file_list_view", TypeId::kString},
            {"equal_schemes", map},                  {"equal_authorities", map},
            {"prefix_mismatch_mode", TypeId::kString}, {"prefix_listing", TypeId::kBoolean},
            {"stream_results", TypeId::kBoolean}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    args.CheckMaxConcurrentDeletes();
    if (args.Has("prefix_mismatch_mode")) {
      // PrefixMismatchMode.fromString; floe compares the paths as the location map makes
      // them local, where schemes and authorities have gone, so no mode changes an answer
      std::string mode = ToUpper(args.String("prefix_mismatch_mode", name()));
      if (mode != "ERROR" && mode != "IGNORE" && mode != "DELETE") {
        throw InvalidInputError("Invalid mode: " + args.String("prefix_mismatch_mode", name()));
      }
    }
    if (args.Has("file_list_view")) {
      throw NotImplementedError("remove_orphan_files: file_list_view (a Spark view of the files to compare) is not "
                                "supported; floe lists the location itself");
    }
    int64_t now = NowMillis();
    int64_t older_than = now - kDefaultOlderThanMs;
    if (args.Has("older_than")) {
      older_than = FloorDiv(args.Long("older_than", name()), 1000);
      int64_t min_interval = std::stoll(engine.GetSetting("floe.remove_orphan_files.min_interval"));
      if (min_interval > 0 && now - older_than < min_interval) {
        throw InvalidInputError(
            "Cannot remove orphan files with an interval less than 24 hours. Executing this procedure with a short "
            "interval may corrupt the table if other operations are happening at the same time. If you are "
            "absolutely confident that no concurrent operations will be affected by removing orphan files with such "
            "a short interval, you can lower floe.remove_orphan_files.min_interval.");
      }
    }
    bool dry_run = args.Has("dry_run") && args.values.at("dry_run").boolean();
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    const TableState& state = table->state();
    const TableMetadata& m = *state.metadata;
    if (m.Property("gc.enabled", "true") == "false") {  // DeleteOrphanFilesSparkAction
      throw InvalidInputError("Cannot delete orphan files: GC is disabled (deleting files may corrupt other tables)");
    }
    // every file the table reaches, made local as the listing's paths are
    ReachableFiles reachable = FindReachableFiles(engine.io(), m, state.metadata_location, engine.remapper());
    std::set<std::string> valid;
    for (const auto* kind : {&reachable.content_files, &reachable.manifests, &reachable.manifest_lists,
                             &reachable.statistics_files}) {
      for (const auto& path : *kind) valid.insert(Normal(engine.remapper().Remap(path)));
    }
    // the current metadata file and those its log names, not the older ones their logs name
    // (BaseSparkAction.otherMetadataFileDS: ReachableFileUtil.metadataFileLocations, not
    // recursive): a metadata file that fell out of the log is an orphan
    valid.insert(Normal(engine.remapper().Remap(state.metadata_location)));
    for (const auto& entry : m.metadata_log) valid.insert(Normal(engine.remapper().Remap(entry.metadata_file)));
    std::string location = Normal(engine.remapper().Remap(args.Has("location") ? args.String("location", name())
                                                                              : m.location));
    // floe's rule beyond Iceberg's: only within the table's own locations (a folder above it
    // holds other tables' files, which are orphans to this table)
    std::vector<std::string> roots = {Normal(engine.remapper().Remap(m.location))};
    for (const char* key : {"write.data.path", "write.metadata.path"}) {
      if (auto it = m.properties.find(key); it != m.properties.end()) roots.push_back(Normal(engine.remapper().Remap(it->second)));
    }
    bool inside = false;
    for (const auto& root : roots) {
      std::string rel = std::filesystem::path(location).lexically_relative(root).string();
      inside = inside || (!rel.empty() && rel.rfind("..", 0) != 0);
    }
    if (!inside) {
      throw InvalidInputError("remove_orphan_files: location " + location + " is not inside the table's locations (" +
                              roots[0] + (roots.size() > 1 ? ", ..." : "") + ")");
    }
    std::vector<std::string> orphans;
    for (const FileInfo& f : engine.io().List(location)) {
      std::string path = Normal(f.path);
      std::string relative = std::filesystem::path(path).lexically_relative(location).string();
      if (Hidden(relative) || valid.count(path)) continue;
      // younger, or of unknown age: maybe a write still in flight
      if (f.modified_ns == 0 || f.modified_ns / 1000000 >= older_than) continue;
      orphans.push_back(path);
    }
    if (!dry_run && !orphans.empty()) engine.DeleteTableFiles(m, orphans);
    ProcedureResult result;
    result.names = {"orphan_file_location"};
    result.types = {TypeId::kString};
    for (const auto& path : orphans) result.rows.push_back({Value::String(path)});
    return result;
  }
};

}  // namespace

const Procedure& RemoveOrphanFilesProcedure() {
  static const RemoveOrphanFiles procedure;
  return procedure;
}

}  // namespace floe::iceberg
