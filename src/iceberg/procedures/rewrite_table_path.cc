// CALL system.rewrite_table_path(table, source_prefix, target_prefix [, start_version,
// end_version, staging_location]): Iceberg 1.10's RewriteTablePathProcedure
// (RewriteTablePathSparkAction), the way to move a table: every metadata file, manifest
// list and manifest of the table's history (from start_version, exclusive, to end_version,
// the current metadata file by default) is written again into a staging folder with
// source_prefix replaced by target_prefix in every path it holds, and a CSV file list
// ("path to copy from,path to copy to", one line per file) says what to copy where: the
// staged files to their new names, the data and delete files as they are. The table itself
// is not changed, and nothing is copied; the user copies the listed files, then registers
// the latest version at its new place (register_table). Position delete files, whose rows
// name data files by path, are written again (staged) with those paths rewritten.
#include <map>
#include <set>
#include <string>

#include "common/exception.h"
#include "iceberg/current_metadata_file.h"
#include "iceberg/manifests/manifest_list_writer.h"
#include "iceberg/manifests/manifest_reader.h"
#include "iceberg/manifests/manifest_writer.h"
#include "iceberg/procedures/procedure.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/scan/position_delete_rows.h"
#include "iceberg/uuid.h"
#include "iceberg/write/metadata_file.h"
#include "iceberg/write/position_delete_writer.h"

namespace floe::iceberg {

namespace {

std::string FileName(const std::string& path) {
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// RewriteTablePathUtil.newPath: the target prefix and the path relative to the source
// prefix ("Path %s does not start with %s" for any other).
class PathRewriter {
 public:
  PathRewriter(std::string source, std::string target) : source_(std::move(source)), target_(std::move(target)) {}
  std::string operator()(const std::string& path) const {
    if (path.compare(0, source_.size(), source_) != 0) {
      throw InvalidInputError("Path " + path + " does not start with " + source_);
    }
    return target_ + path.substr(source_.size());
  }

 private:
  std::string source_, target_;
};

class RewriteTablePath final : public Procedure {
 public:
  std::string name() const override { return "rewrite_table_path"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true},        {"source_prefix", TypeId::kString, true},
            {"target_prefix", TypeId::kString, true}, {"start_version", TypeId::kString},
            {"end_version", TypeId::kString},         {"staging_location", TypeId::kString}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    const TableState& state = table->state();
    const TableMetadata& current = *state.metadata;
    std::string source = args.Has("source_prefix") ? args.String("source_prefix", name()) : "";
    std::string target = args.Has("target_prefix") ? args.String("target_prefix", name()) : "";
    // validateInputs
    if (source.empty()) throw InvalidInputError("Source prefix('" + source + "') cannot be empty.");
    if (target.empty()) throw InvalidInputError("Target prefix('" + target + "') cannot be empty.");
    if (source == target) throw InvalidInputError("Source prefix cannot be the same as target prefix (" + source + ")");
    PathRewriter rewrite(source, target);
    FileIO& io = engine.io();
    const LocationRemapper& remapper = engine.remapper();

    // the versions: the metadata log and the current file, end_version and start_version
    // named by file name (validateVersion: "Cannot find provided version file %s in
    // metadata log.")
    std::vector<std::string> versions;
    for (const auto& e : current.metadata_log) versions.push_back(e.metadata_file);
    versions.push_back(state.metadata_location);
    auto find = [&](const std::string& version) -> size_t {
      for (size_t i = 0; i < versions.size(); ++i) {
        if (FileName(versions[i]) == FileName(version)) return i;
      }
      throw InvalidInputError("Cannot find provided version file " + version + " in metadata log.");
    };
    size_t end = versions.size() - 1;
    if (args.Has("end_version")) end = find(args.String("end_version", name()));
    size_t start = 0;  // the first version rewritten
    std::optional<size_t> start_version;
    if (args.Has("start_version")) {
      start_version = find(args.String("start_version", name()));
      if (*start_version > end) throw InvalidInputError("start_version is after end_version");
      start = *start_version + 1;
    }
    std::string staging = args.Has("staging_location")
                              ? args.String("staging_location", name())
                              : current.location + "/metadata/copy-table-staging-" + Uuid::Random();
    while (!staging.empty() && staging.back() == '/') staging.pop_back();

    // what the start version already had (copied before): its snapshots are not again
    std::set<int64_t> copied_snapshots;
    if (start_version) {
      TableMetadata before = TableMetadata::Parse(io.ReadAll(remapper.Remap(versions[*start_version])),
                                                  versions[*start_version]);
      for (const auto& s : before.snapshots) copied_snapshots.insert(s.snapshot_id);
    }

    std::vector<std::pair<std::string, std::string>> copy_plan;  // (from, to), as the metadata names them
    std::set<std::string> files_done;
    std::map<std::string, int64_t> staged_lengths;  // manifest path -> its staged copy's length
    std::vector<std::string> written;  // staged files, to delete on failure
    std::map<std::string, DataFile> staged_deletes;  // position delete files written again
    try {
      // The snapshots the end version holds and the start version did not: their lists,
      // manifests and files. An earlier version's snapshots that the end version no longer
      // holds (expired) are not copied: their files may be gone (Java's validSnapshots;
      // TestRewriteTablePathsAction.testExpireSnapshotBeforeRewrite).
      const TableMetadata m = TableMetadata::Parse(io.ReadAll(remapper.Remap(versions[end])), versions[end]);
      // Reads a snapshot's manifest list or a manifest; one it cannot read or parse is
      // manifestsToRewrite's refusal (TestRewriteTablePathsAction.testMoveVersionWithInvalidSnapshots)
      auto read = [](auto fn) {
        auto invalid = [](const Exception& e) {
          return InvalidInputError(
              "Unable to build the manifest files dataframe. The end version in use may contain invalid snapshots. "
              "Please choose an earlier version without invalid snapshots. (" + std::string(e.what()) + ")");
        };
        try {
          return fn();
        } catch (const IOError& e) {
          throw invalid(e);
        } catch (const FormatError& e) {
          throw invalid(e);
        }
      };
      for (const Snapshot& s : m.snapshots) {
        if (copied_snapshots.count(s.snapshot_id)) continue;
        copied_snapshots.insert(s.snapshot_id);
        if (s.manifest_list.empty()) {
          throw NotImplementedError("rewrite_table_path: snapshot " + std::to_string(s.snapshot_id) +
                                    " lists its manifests inline (format v1 without a manifest list)");
        }
        std::vector<ManifestFile> manifests = read([&] { return SnapshotManifests(io, s, remapper); });
        ManifestListWriter list(s.snapshot_id, s.parent_snapshot_id, s.sequence_number, avro::AvroCodec::kDeflate,
                                m.format_version >= 3 ? s.first_row_id : std::nullopt);
        for (ManifestFile mf : manifests) {
          std::string staged_manifest = staging + "/" + FileName(mf.manifest_path);
          std::string new_manifest = rewrite(mf.manifest_path);
          if (!staged_lengths.count(mf.manifest_path)) {
            ManifestReader reader =
                read([&] { return ManifestReader::Open(io, remapper.Remap(mf.manifest_path), mf); });
            const PartitionSpec* spec = m.SpecById(reader.spec_id());
            if (!spec) throw FormatError("manifest " + mf.manifest_path + " names an unknown partition spec");
            const Schema& schema = reader.schema() ? *reader.schema() : m.CurrentSchema();
            ManifestWriter writer(schema, *spec, s.snapshot_id, mf.content, avro::AvroCodec::kDeflate,
                                  m.format_version);
            for (ManifestEntry e : reader.Entries()) {
              DataFile& f = e.data_file;
              if (f.content == FileContent::kPositionDeletes && !f.IsDeletionVector() &&
                  e.status != ManifestEntryStatus::kDeleted) {
                // its rows name data files by path: written again with the paths
                // rewritten (RewriteTablePathUtil.rewritePositionDeleteFile), staged
                std::string from = f.file_path;
                if (!staged_deletes.count(from)) {
                  DeleteFileRef ref;
                  ref.file = f;
                  ref.local_path = remapper.Remap(from);
                  // (the deleted rows a file keeps stay: Java writes them with the schema the
                  // spec is bound to, the current one, when the file's first row has one)
                  // (one prefix replaced: distinct paths stay distinct)
                  std::map<std::string, DeletedRows> deletes;
                  bool rows = false;
                  auto read = ReadPositionDeleteRows(io, ref, current.CurrentSchema(), remapper);
                  for (auto& [data_file, of_file] : read) {
                    rows = rows || !of_file.rows.empty();
                    deletes[rewrite(data_file)] = std::move(of_file);
                  }
                  std::string staged_delete = staging + "/" + FileName(from);
                  DataFile rewritten =
                      WritePositionDeleteFile(io, remapper.Remap(staged_delete), rewrite(from), std::move(deletes),
                                              rows ? &current.CurrentSchema() : nullptr, f.spec_id, f.partition);
                  written.push_back(remapper.Remap(staged_delete));
                  copy_plan.emplace_back(staged_delete, rewrite(from));
                  staged_deletes[from] = std::move(rewritten);
                }
                const DataFile& rewritten = staged_deletes.at(from);
                f.file_path = rewritten.file_path;
                f.file_size_in_bytes = rewritten.file_size_in_bytes;
                f.column_sizes = rewritten.column_sizes;
                f.value_counts = rewritten.value_counts;
                f.null_value_counts = rewritten.null_value_counts;
                f.lower_bounds = rewritten.lower_bounds;
                f.upper_bounds = rewritten.upper_bounds;
                f.split_offsets = rewritten.split_offsets;
                f.record_count = rewritten.record_count;
                if (f.referenced_data_file) f.referenced_data_file = rewrite(*f.referenced_data_file);
                writer.Write(e);
                continue;
              }
              std::string from = f.file_path;
              f.file_path = rewrite(from);
              if (f.referenced_data_file) f.referenced_data_file = rewrite(*f.referenced_data_file);
              // a live file is copied (a deleted entry's file needs no copy)
              if (e.status != ManifestEntryStatus::kDeleted && files_done.insert(from).second) {
                copy_plan.emplace_back(from, f.file_path);
              }
              writer.Write(e);
            }
            ManifestFile staged = writer.WriteTo(io, remapper.Remap(staged_manifest), new_manifest);
            written.push_back(remapper.Remap(staged_manifest));
            copy_plan.emplace_back(staged_manifest, new_manifest);
            staged_lengths[mf.manifest_path] = staged.manifest_length;
          }
          // (a manifest several snapshots share is written once; each list gets its new length)
          mf.manifest_length = staged_lengths.at(mf.manifest_path);
          mf.manifest_path = new_manifest;
          list.Add(mf);
        }
        std::string staged_list = staging + "/" + FileName(s.manifest_list);
        list.WriteTo(io, remapper.Remap(staged_list));
        written.push_back(remapper.Remap(staged_list));
        copy_plan.emplace_back(staged_list, rewrite(s.manifest_list));
      }
      for (size_t v = start; v <= end; ++v) {
        TableMetadata m = TableMetadata::Parse(io.ReadAll(remapper.Remap(versions[v])), versions[v]);
        // TableMetadataUtil.replacePaths: the version file itself
        m.location = rewrite(m.location);
        for (auto& e : m.metadata_log) e.metadata_file = rewrite(e.metadata_file);
        for (auto& s : m.snapshots) s.manifest_list = rewrite(s.manifest_list);
        for (const char* key : {"write.data.path", "write.object-storage.path", "write.metadata.path"}) {
          auto it = m.properties.find(key);
          if (it != m.properties.end()) it->second = rewrite(it->second);
        }
        for (auto* stats : {&m.statistics, &m.partition_statistics}) {
          for (auto& entry : *stats) {
            if (!entry.contains("statistics-path") || !entry["statistics-path"].is_string()) continue;
            std::string from = entry["statistics-path"].get<std::string>();
            entry["statistics-path"] = rewrite(from);
            if (files_done.insert(from).second) copy_plan.emplace_back(from, rewrite(from));
          }
        }
        std::string staged_version = staging + "/" + FileName(versions[v]);
        WriteMetadataFile(io, m.ToJsonString(), remapper.Remap(staged_version));
        written.push_back(remapper.Remap(staged_version));
        copy_plan.emplace_back(staged_version, rewrite(versions[v]));
      }
      // saveFileList
      std::string list_path = staging + "/file-list";
      std::string csv;
      for (const auto& [from, to] : copy_plan) csv += from + "," + to + "\n";
      io.WriteAtomically(remapper.Remap(list_path), csv);
      ProcedureResult result;
      result.names = {"latest_version", "file_list_location"};
      result.types = {TypeId::kString, TypeId::kString};
      result.rows.push_back({Value::String(FileName(versions[end])), Value::String(list_path)});
      return result;
    } catch (...) {
      DeleteQuietly(io, written);
      throw;
    }
  }
};

}  // namespace

const Procedure& RewriteTablePathProcedure() {
  static const RewriteTablePath procedure;
  return procedure;
}

}  // namespace floe::iceberg
