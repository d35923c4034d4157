#include "execution/table_sinks/iceberg_row_change_target.h"

#include <algorithm>
#include <atomic>
#include <iterator>
#include <map>
#include <mutex>
#include <unordered_map>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "execution/table_sinks/required_fields.h"
#include "execution/table_sources/iceberg_filter_converter.h"
#include "iceberg/metadata_columns.h"
#include "iceberg/scan/data_file_reader.h"
#include "iceberg/scan/delete_file_cache.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/scan/table_scan.h"
#include "iceberg/single_value_parser.h"
#include "iceberg/write/position_delta_writer.h"

namespace floe {

namespace {

// The changed rows of each data file: its positions, by the file's path as its manifest
// names it.
using PositionsByFile = std::unordered_map<std::string, std::vector<int64_t>>;

void AppendPositions(PositionsByFile& into, PositionsByFile& from) {
  for (auto& [path, positions] : from) {
    std::vector<int64_t>& to = into[path];
    to.insert(to.end(), positions.begin(), positions.end());
  }
  from.clear();
}

std::string IsolationProperty(RowChangeKind kind) {
  switch (kind) {
    case RowChangeKind::kDelete: return "write.delete.isolation-level";
    case RowChangeKind::kUpdate: return "write.update.isolation-level";
    case RowChangeKind::kMerge: return "write.merge.isolation-level";
  }
  return "";
}

// Applies the plan's rows: collects the positions they change, writes the new rows, and
// at commit removes the changed rows copy-on-write or merge-on-read.
class RowChangeWrite : public TableWrite {
 public:
  RowChangeWrite(const IcebergRowChangeTarget::Options& options, const RowChangeSpec& spec,
                 iceberg::ExpressionPtr conflict_filter, std::shared_ptr<RowChangeCounts> counts)
      : options_(options),
        kind_(spec.kind),
        check_cardinality_(spec.check_cardinality),
        insert_only_(spec.insert_only),
        conflict_filter_(std::move(conflict_filter)),
        counts_(std::move(counts)),
        lineage_(options.metadata->format_version >= 3),
        write_schema_(lineage_ ? iceberg::MetadataColumns::WithRowLineage(options.metadata->CurrentSchema())
                               : options.metadata->CurrentSchema()),
        writer_(write_schema_, options.metadata->DefaultSpec(), options.writer) {
    for (const auto& f : write_schema_.fields()) {
      write_types_.push_back(f.type()->ToLogicalType());
      write_ids_.push_back(f.id());
    }
    *counts_ = RowChangeCounts();
  }

  ~RowChangeWrite() override {
    if (!committed_) writer_.Abort();  // (the delete files go with deletes_)
  }

  struct Local : LocalState {
    std::unique_ptr<iceberg::PartitionedDataWriter::LocalState> writer;
    PositionsByFile changed;  // deleted and updated rows
    PositionsByFile matched;  // MERGE: matched rows left as they are (the cardinality check)
    RowChangeCounts counts;
  };

  std::unique_ptr<LocalState> NewLocalState() override {
    auto local = std::make_unique<Local>();
    local->writer = writer_.NewLocalState();
    return local;
  }

  void Write(LocalState& state, const DataChunk& chunk) override {
    auto& local = static_cast<Local&>(state);
    const size_t n = chunk.size();
    const int32_t* ops = chunk.column(RowChangeLayout::kOp).Data<int32_t>();
    const Vector& files = chunk.column(RowChangeLayout::kFile);
    const StringRef* paths = files.Data<StringRef>();
    const int64_t* positions = chunk.column(RowChangeLayout::kPos).Data<int64_t>();
    SelectionVector written;
    // consecutive rows mostly come from one file: its list is looked up once
    std::string_view last_path;
    bool last_matched = false;
    std::vector<int64_t>* list = nullptr;
    for (size_t i = 0; i < n; ++i) {
      auto op = static_cast<RowChangeOp>(ops[i]);
      if (op != RowChangeOp::kInsert) {
        if (files.IsNull(i) || chunk.column(RowChangeLayout::kPos).IsNull(i)) {
          throw InternalError("a changed row of " + options_.display_name + " has no data file or position");
        }
        std::string_view path(paths[i].data, paths[i].size);
        bool matched = op == RowChangeOp::kMatched;
        if (!list || path != last_path || matched != last_matched) {
          list = &(matched ? local.matched : local.changed)[std::string(path)];
          last_path = path;
          last_matched = matched;
        }
        list->push_back(positions[i]);
      }
      switch (op) {
        case RowChangeOp::kMatched: break;
        case RowChangeOp::kDelete: ++local.counts.deleted; break;
        case RowChangeOp::kUpdate:
          ++local.counts.updated;
          written.indexes.push_back(static_cast<uint32_t>(i));
          break;
        case RowChangeOp::kInsert:
          ++local.counts.inserted;
          written.indexes.push_back(static_cast<uint32_t>(i));
          break;
        default: throw InternalError("unknown row change " + std::to_string(ops[i]));
      }
    }
    if (written.size() > 0) WriteRows(local, chunk, written);
  }

  void Flush(LocalState& state) override {
    auto& local = static_cast<Local&>(state);
    writer_.Flush(*local.writer);
    std::lock_guard<std::mutex> lock(mutex_);
    AppendPositions(changed_, local.changed);
    AppendPositions(matched_, local.matched);
    counts_->updated += local.counts.updated;
    counts_->deleted += local.counts.deleted;
    counts_->inserted += local.counts.inserted;
  }

  int64_t Commit(const ParallelRunner& run_parallel) override {
    CheckPositions();
    const iceberg::TableMetadata& metadata = *options_.metadata;
    iceberg::SnapshotChange change;
    if (!options_.branch.empty()) change.branch = options_.branch;
    iceberg::ConflictValidation validation = iceberg::ConflictValidation::CopyOnWrite(
        conflict_filter_, iceberg::IsolationLevelOf(metadata.properties, IsolationProperty(kind_)));
    const bool merge_on_read = IcebergRowChangeTarget::MergeOnRead(metadata, kind_);
    std::vector<const iceberg::FileScanTask*> touched = TouchedFiles();
    if (!merge_on_read) {
      // Copy-on-write: the files with changed rows are rewritten without them.
      RewriteKeptRows(touched, run_parallel);
      for (const auto* task : touched) change.removed_paths.push_back(task->data_file.file_path);
    } else if (!touched.empty()) {
      // Merge-on-read: position delete files (v2) or deletion vectors (v3)
      iceberg::NameMapping mapping =
          iceberg::NameMapping::FromProperties(metadata.properties, &metadata.CurrentSchema());
      delete_cache_.emplace(*options_.io, metadata.CurrentSchema(), options_.remapper, mapping);
      deletes_.emplace(*options_.io, metadata, options_.writer.data_location, options_.remapper, *delete_cache_);
      for (const auto* task : touched) deletes_->Add(*task, changed_.at(task->data_file.file_path), &change);
      change.added = deletes_->Finish();
      validation.no_new_deletes = true;  // Spark's position delta: the rows read gain no deletes meanwhile
    }
    std::vector<iceberg::DataFile> data = writer_.Finish(run_parallel);
    for (auto& f : data) f.file_path = options_.remapper.Unmap(f.file_path);
    const bool adds_deletes = !change.added.empty();
    change.added.insert(change.added.end(), data.begin(), data.end());
    if (insert_only_) {
      // a MERGE of WHEN NOT MATCHED clauses only: an append, as Spark plans it
      change.operation = "append";
      validation = iceberg::ConflictValidation{};
    } else if (!merge_on_read) {
      change.operation = "overwrite";  // Java's OverwriteFiles, even when it only removes
    } else {
      // Java's BaseRowDelta.operation()
      if (!data.empty() && !adds_deletes) {
        change.operation = "append";
      } else if (adds_deletes && data.empty()) {
        change.operation = "delete";
      } else {
        change.operation = "overwrite";
      }
    }
    options_.commit(std::move(change), std::move(validation));  // a throw leaves committed_ false
    committed_ = true;
    if (deletes_) deletes_->Keep();
    return counts_->affected();
  }

 private:
  // Writes the new rows (updated, inserted) of `chunk` named by `sel`: their values, and
  // in a v3 table an updated row's _row_id (kept) and a NULL _last_updated_sequence_number
  // (the commit's, inherited).
  void WriteRows(Local& local, const DataChunk& chunk, const SelectionVector& sel) {
    const size_t count = sel.size();
    const size_t n = options_.metadata->CurrentSchema().fields().size();
    DataChunk rows;
    rows.Initialize(write_types_, count);
    for (size_t c = 0; c < n; ++c) {
      rows.column(c).Gather(chunk.column(RowChangeLayout::kValues + c), sel.indexes.data(), count);
    }
    if (lineage_) {
      rows.column(n).Gather(chunk.column(RowChangeLayout::kRowId), sel.indexes.data(), count);
      rows.column(n + 1).validity().SetInvalidRange(0, count);
    }
    rows.SetSize(count);
    CheckRequiredNestedFields(options_.metadata->CurrentSchema(), rows, options_.display_name, /*top_level=*/true);
    writer_.Write(*local.writer, rows);
  }

  // Sorts each file's positions; a position changed twice, or changed and matched, fails a
  // MERGE that checks cardinality (else the duplicates of an unconditional DELETE go).
  void CheckPositions() {
    for (auto& [path, positions] : changed_) std::sort(positions.begin(), positions.end());
    if (check_cardinality_) {
      for (const auto& [path, positions] : changed_) {
        if (std::adjacent_find(positions.begin(), positions.end()) != positions.end()) ThrowCardinality();
      }
      for (auto& [path, matched] : matched_) {
        std::sort(matched.begin(), matched.end());
        if (std::adjacent_find(matched.begin(), matched.end()) != matched.end()) ThrowCardinality();
        auto changed = changed_.find(path);
        if (changed == changed_.end()) continue;
        std::vector<int64_t> both;
        std::set_intersection(matched.begin(), matched.end(), changed->second.begin(), changed->second.end(),
                              std::back_inserter(both));
        if (!both.empty()) ThrowCardinality();
      }
      return;
    }
    int64_t unique = 0;
    for (auto& [path, positions] : changed_) {
      positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
      unique += static_cast<int64_t>(positions.size());
    }
    // an unconditional DELETE may see a row once per matching source row: counted once
    counts_->deleted = unique - counts_->updated;
  }

  [[noreturn]] void ThrowCardinality() const {
    throw InvalidInputError(
        "[MERGE_CARDINALITY_VIOLATION] The ON search condition of the MERGE statement matched a single row from the "
        "target table " + options_.display_name +
        " with multiple rows of the source table. This could result in the target row being operated on more than "
        "once with an update or delete operation and is not allowed.");
  }

  // The scan tasks of the data files with changed rows (as the statement read the table).
  std::vector<const iceberg::FileScanTask*> TouchedFiles() {
    std::vector<const iceberg::FileScanTask*> out;
    if (changed_.empty()) return out;
    for (int attempt = 0; attempt < 2 && out.size() < changed_.size(); ++attempt) {
      // the conflict filter holds for every changed row, so it prunes no file of theirs;
      // every file is planned only should it not (a wider filter cannot miss one)
      iceberg::TableScan scan(*options_.io, options_.metadata, options_.snapshot_id,
                              attempt == 0 ? conflict_filter_ : iceberg::Expression::AlwaysTrue(), options_.remapper,
                              iceberg::PruningOptions{});
      scan.SetReadSchema(options_.metadata->CurrentSchema());
      tasks_ = scan.PlanFiles();
      out.clear();
      for (const auto& task : tasks_) {
        if (changed_.count(task.data_file.file_path)) out.push_back(&task);
      }
    }
    if (out.size() != changed_.size()) {
      throw InternalError("a row changed by the statement is in no data file of " + options_.display_name);
    }
    return out;
  }

  // Copy-on-write: each touched file's rows but the changed ones (and those its delete
  // files already delete), written anew with their row lineage; the files' row groups are
  // shared out among the threads (a big file is rewritten on every core).
  void RewriteKeptRows(const std::vector<const iceberg::FileScanTask*>& touched, const ParallelRunner& run_parallel) {
    if (touched.empty()) return;
    const iceberg::TableMetadata& metadata = *options_.metadata;
    const iceberg::Schema& schema = metadata.CurrentSchema();
    std::vector<int> read_ids = write_ids_;
    read_ids.push_back(iceberg::MetadataColumns::kRowPositionFieldId);
    std::vector<LogicalType> read_types = write_types_;
    read_types.push_back(TypeId::kInt64);
    iceberg::NameMapping mapping = iceberg::NameMapping::FromProperties(metadata.properties, &schema);
    iceberg::DeleteFileCache cache(*options_.io, schema, options_.remapper, mapping);
    auto open = [&](const iceberg::FileScanTask& task) {
      return std::make_shared<const iceberg::DataFileReader>(
          *options_.io, task, schema, metadata.SpecById(task.data_file.spec_id), read_ids,
          iceberg::Expression::AlwaysTrue(), options_.remapper, mapping, false, &cache);
    };
    // the units of work: (file, row group), each file opened once
    std::vector<std::shared_ptr<const iceberg::DataFileReader>> readers(touched.size());
    std::vector<std::pair<size_t, int>> units;
    for (size_t f = 0; f < touched.size(); ++f) {
      readers[f] = open(*touched[f]);
      for (int rg = 0; rg < readers[f]->num_row_groups(); ++rg) units.emplace_back(f, rg);
    }
    std::atomic<size_t> next_unit{0};
    const int workers = std::max(1, std::min<int>(static_cast<int>(units.size()), options_.writer.threads));
    run_parallel(workers, [&](int) {
      auto local = writer_.NewLocalState();
      for (size_t u = next_unit++; u < units.size(); u = next_unit++) {
        const auto [f, rg] = units[u];
        const std::vector<int64_t>& gone = changed_.at(touched[f]->data_file.file_path);
        auto cursor = readers[f]->ReadRowGroup(rg, nullptr);
        if (!cursor) continue;
        for (;;) {
          DataChunk rows;
          rows.Initialize(read_types);
          if (!cursor->Next(rows)) break;
          if (rows.size() == 0) continue;
          const int64_t* pos = rows.column(read_ids.size() - 1).Data<int64_t>();
          // positions ascend within a batch: the first changed one at or after its first row
          auto next = std::lower_bound(gone.begin(), gone.end(), pos[0]);
          SelectionVector kept;
          for (size_t i = 0; i < rows.size(); ++i) {
            while (next != gone.end() && *next < pos[i]) ++next;
            if (next != gone.end() && *next == pos[i]) continue;
            kept.indexes.push_back(static_cast<uint32_t>(i));
          }
          if (kept.size() == 0) continue;
          if (kept.size() != rows.size()) rows.Slice(kept);
          rows.columns().pop_back();  // _pos
          writer_.Write(*local, rows);
        }
      }
      writer_.Flush(*local);
    });
  }

  const IcebergRowChangeTarget::Options options_;
  const RowChangeKind kind_;
  const bool check_cardinality_;
  const bool insert_only_;
  const iceberg::ExpressionPtr conflict_filter_;
  std::shared_ptr<RowChangeCounts> counts_;
  const bool lineage_;
  const iceberg::Schema write_schema_;
  std::vector<LogicalType> write_types_;
  std::vector<int> write_ids_;
  iceberg::PartitionedDataWriter writer_;
  std::mutex mutex_;
  PositionsByFile changed_;
  PositionsByFile matched_;
  std::vector<iceberg::FileScanTask> tasks_;
  std::optional<iceberg::DeleteFileCache> delete_cache_;
  std::optional<iceberg::PositionDeltaWriter> deletes_;  // merge-on-read's delete files
  bool committed_ = false;
};

}  // namespace

IcebergRowChangeTarget::IcebergRowChangeTarget(Options options) : options_(std::move(options)) {
  for (const auto& f : options_.metadata->CurrentSchema().fields()) {
    names_.push_back(f.name());
    types_.push_back(f.type()->ToLogicalType());
    required_.push_back(f.required());
  }
  layout_names_ = {"__op", "_file", "_pos", "_row_id"};
  layout_types_ = {TypeId::kInt32, TypeId::kString, TypeId::kInt64, TypeId::kInt64};
  layout_names_.insert(layout_names_.end(), names_.begin(), names_.end());
  layout_types_.insert(layout_types_.end(), types_.begin(), types_.end());
  // NOT NULL is checked on the rows written, not on a deleted row's (NULL) values
  layout_required_.assign(layout_types_.size(), false);
}

std::optional<Value> IcebergRowChangeTarget::ColumnWriteDefault(size_t column) const {
  const iceberg::NestedField& field = options_.metadata->CurrentSchema().fields().at(column);
  if (!field.write_default() || !field.type()->IsPrimitive()) return std::nullopt;
  return iceberg::SingleValueParser::FromJson(*field.type(), nlohmann::json::parse(*field.write_default()),
                                              "write-default of field " + field.name());
}

void IcebergRowChangeTarget::Configure(RowChangeSpec spec) {
  if (spec.conflict_condition) {
    std::vector<int> field_ids;
    for (const auto& f : options_.metadata->CurrentSchema().fields()) field_ids.push_back(f.id());
    IcebergFilterConverter converter(options_.metadata->CurrentSchema(), field_ids);
    conflict_filter_ = converter.Convert(*spec.conflict_condition);
  }
  spec_ = std::move(spec);
}

std::string IcebergRowChangeTarget::ModeProperty(RowChangeKind kind) {
  switch (kind) {
    case RowChangeKind::kDelete: return "write.delete.mode";
    case RowChangeKind::kUpdate: return "write.update.mode";
    case RowChangeKind::kMerge: return "write.merge.mode";
  }
  return "";
}

bool IcebergRowChangeTarget::MergeOnRead(const iceberg::TableMetadata& metadata, RowChangeKind kind) {
  return ToLower(metadata.Property(ModeProperty(kind), "copy-on-write")) == "merge-on-read";
}

std::string IcebergRowChangeTarget::PlanName(const WriteMode& mode) const {
  if (spec_.insert_only) return mode.PlanName();  // an insert-only MERGE: AppendData, as Spark plans it
  return MergeOnRead(*options_.metadata, spec_.kind) ? "WriteDelta" : "ReplaceData";
}

std::unique_ptr<TableWrite> IcebergRowChangeTarget::BeginWrite(const WriteMode&) const {
  return std::make_unique<RowChangeWrite>(options_, spec_, conflict_filter_, counts_);
}

}  // namespace floe
