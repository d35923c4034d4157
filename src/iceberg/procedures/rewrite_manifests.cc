// CALL system.rewrite_manifests(table [, use_caching, spec_id]): the manifests of one spec
// (the current one by default) rewritten into ceil(size / commit.manifest.target-size-bytes)
// manifests clustered by partition, data and delete manifests each, in one "replace"
// snapshot, as Iceberg 1.10's RewriteManifestsProcedure and RewriteManifestsSparkAction: the
// live entries keep their snapshot ids and sequence numbers; a content whose manifests
// would become one manifest again is left alone.
#include <algorithm>
#include <string>

#include "common/exception.h"
#include "iceberg/manifests/manifest_writer.h"
#include "iceberg/procedures/procedure.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/uuid.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {

namespace {

constexpr int64_t kManifestTargetSizeDefault = 8 * 1024 * 1024;  // commit.manifest.target-size-bytes

int64_t ManifestTargetSize(const TableMetadata& m) {
  std::string text = m.Property("commit.manifest.target-size-bytes", std::to_string(kManifestTargetSizeDefault));
  try {
    size_t used = 0;
    int64_t value = std::stoll(text, &used);
    if (used == text.size() && value > 0) return value;
  } catch (const std::exception&) {
  }
  throw InvalidInputError("table property commit.manifest.target-size-bytes must be a positive number, not '" + text +
                          "'");
}

bool PartitionLess(const ManifestEntry& a, const ManifestEntry& b) {
  const auto& pa = a.data_file.partition;
  const auto& pb = b.data_file.partition;
  for (size_t i = 0; i < std::min(pa.size(), pb.size()); ++i) {
    if (pa[i].is_null() != pb[i].is_null()) return pa[i].is_null();  // nulls first
    if (pa[i].is_null()) continue;
    int c = pa[i].Compare(pb[i]);
    if (c != 0) return c < 0;
  }
  return pa.size() < pb.size();
}

class RewriteManifests final : public Procedure {
 public:
  std::string name() const override { return "rewrite_manifests"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true}, {"use_caching", TypeId::kBoolean}, {"spec_id", TypeId::kInt32}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(args.String("table", name()));
    const TableState& read = table->state();
    const TableMetadata& m = *read.metadata;
    int spec_id = m.default_spec_id;
    if (args.Has("spec_id")) {
      spec_id = static_cast<int>(args.Long("spec_id", name()));
      if (!m.SpecById(spec_id)) throw InvalidInputError("Invalid spec id " + std::to_string(spec_id));
    }
    // use_caching is Spark's dataset cache between the passes; floe reads the entries once
    ProcedureResult result;
    result.names = {"rewritten_manifests_count", "added_manifests_count"};
    result.types = {TypeId::kInt32, TypeId::kInt32};
    SnapshotChange change;
    change.operation = "replace";
    const Snapshot* current = m.CurrentSnapshot();
    if (current) {
      if (current->manifest_list.empty() && !current->manifests.empty()) {
        throw NotImplementedError("rewrite_manifests: snapshot " + std::to_string(current->snapshot_id) +
                                  " lists its manifests inline (format v1 without a manifest list)");
      }
      std::vector<ManifestFile> manifests = SnapshotManifests(engine.io(), *current, engine.remapper());
      try {
        for (ManifestContent content : {ManifestContent::kData, ManifestContent::kDeletes}) {
          Rewrite(engine, m, manifests, content, spec_id, &change);
        }
        if (!change.replaced_manifests.empty()) {
          Transaction txn(table->operations(), read);
          txn.AddSnapshot(change);
          txn.Commit();
        }
      } catch (...) {
        // the manifests written for a commit that did not happen
        std::vector<std::string> paths;
        for (const auto& f : change.added_manifests) paths.push_back(f.manifest_path);
        if (!paths.empty()) engine.DeleteTableFiles(m, paths);
        throw;
      }
    }
    result.rows.push_back({Value::Int32(static_cast<int32_t>(change.replaced_manifests.size())),
                           Value::Int32(static_cast<int32_t>(change.added_manifests.size()))});
    return result;
  }

 private:
  // rewriteManifests(content): the spec's manifests of `content`, their live entries sorted
  // by partition and cut into the target number of manifests.
  static void Rewrite(ProcedureEngine& engine, const TableMetadata& m, const std::vector<ManifestFile>& manifests,
                      ManifestContent content, int spec_id, SnapshotChange* change) {
    std::vector<const ManifestFile*> matching;
    int64_t total_size = 0;
    for (const auto& mf : manifests) {
      if (mf.content == content && mf.partition_spec_id == spec_id) {
        matching.push_back(&mf);
        total_size += mf.manifest_length;
      }
    }
    if (matching.empty()) return;
    int64_t target = ManifestTargetSize(m);
    int64_t count = (total_size + target - 1) / target;
    if (count == 1 && matching.size() == 1) return;
    std::vector<ManifestEntry> entries;
    for (auto& list : ReadManifestEntries(engine.io(), matching, engine.remapper(), true)) {
      for (auto& e : list) entries.push_back(std::move(e));
    }
    std::stable_sort(entries.begin(), entries.end(), PartitionLess);
    const PartitionSpec& spec = *m.SpecById(spec_id);
    std::string metadata_dir = m.location + "/metadata";
    std::string prefix = Uuid::Random();
    // as Spark's repartitionByRange: about entries / count per manifest, and the entries of
    // one partition never split between two
    size_t per_manifest = (entries.size() + static_cast<size_t>(count) - 1) / static_cast<size_t>(count);
    int n = 0;
    for (size_t from = 0; from < entries.size();) {
      size_t to = std::min(entries.size(), from + std::max<size_t>(per_manifest, 1));
      while (to < entries.size() && !PartitionLess(entries[to - 1], entries[to])) ++to;
      ManifestWriter writer(m.CurrentSchema(), spec, m.CurrentSnapshot()->snapshot_id, content,
                            avro::AvroCodec::kDeflate, m.format_version);
      for (size_t i = from; i < to; ++i) writer.Existing(entries[i]);
      std::string path = metadata_dir + "/" + prefix + "-r" + std::to_string(n++) + ".avro";
      change->added_manifests.push_back(writer.WriteTo(engine.io(), engine.remapper().Remap(path), path));
      from = to;
    }
    for (const auto* mf : matching) change->replaced_manifests.push_back(mf->manifest_path);
  }
};

}  // namespace

const Procedure& RewriteManifestsProcedure() {
  static const RewriteManifests procedure;
  return procedure;
}

}  // namespace floe::iceberg
