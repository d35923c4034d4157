#include "execution/table_sources/parquet_source.h"

#include <mutex>
#include <tuple>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "common/vector_operations.h"
#include "execution/table_sources/column_predicate_translator.h"
#include "execution/table_sources/file_glob.h"
#include "execution/table_sources/hive_partitioning.h"
#include "parquet/nested_column_reader.h"
#include "parquet/parquet_reader.h"

namespace floe {

namespace {

// Returns the file column named `name` (exactly, else ignoring case as Spark does); -1 if none.
int FindByName(const ParquetReader& reader, const std::string& name) {
  const auto& columns = reader.columns();
  for (size_t i = 0; i < columns.size(); ++i) {
    if (columns[i].name == name) return static_cast<int>(i);
  }
  for (size_t i = 0; i < columns.size(); ++i) {
    if (EqualsIgnoreCase(columns[i].name, name)) return static_cast<int>(i);
  }
  return -1;
}

// True when a column stored as `column` can be read as `type` (same type or one of
// Iceberg's promotions).
bool CanReadAs(const ParquetColumn& column, const LogicalType& type) {
  if (column.type == type) return true;
  try {
    ParquetSchema::Promote(column, type);
    return true;
  } catch (const Exception&) {
    return false;
  }
}

// One opened file of a scan: its reader and how its columns become the scan's.
struct ScanFile {
  size_t index = 0;
  std::shared_ptr<const ParquetReader> reader;
  /// File columns to read, and the type each is read as.
  std::vector<int> projection;
  std::vector<LogicalType> read_types;
  bool promote = false;
  /// Per projected column: the tree of the struct fields read, when only some are.
  std::vector<std::shared_ptr<const ParquetNode>> read_nodes;
  bool select_fields = false;
  /// Per output column: its position in `projection`, or -1 for a constant.
  std::vector<int> slots;
  /// Per output column: the constant (partition value, or NULL for a missing column).
  std::vector<Value> constants;
  /// True when the output is exactly the projection (no constants).
  bool direct = true;
  std::vector<ColumnPredicate> predicates;
  /// The (row group, slice of its rows) morsels the threads take in turn.
  std::vector<std::pair<int, RowSlice>> morsels;
};

struct ParquetScanState : TableScanState {
  std::vector<size_t> column_ids;
  std::vector<FieldSelection> column_fields;
  /// Pushed filters; `column` is a source column index here.
  std::vector<ColumnPredicate> predicates;
  /// Runtime filters too many keys to list: a folder column (source index) and the Bloom
  /// filter of the keys, which a folder's value must be in.
  std::vector<std::pair<size_t, std::shared_ptr<const BloomFilter>>> partition_blooms;
  std::mutex mutex;
  size_t next_file = 0;
  size_t next_morsel = 0;  // of current
  std::shared_ptr<ScanFile> current;
  ScanCounters counters;
  int64_t files_read = 0;
  int64_t files_skipped = 0;
};

struct ParquetLocalState : LocalTableScanState {
  ParquetScanState* global = nullptr;
  std::shared_ptr<ScanFile> file;
  ScanCounters counters;
  std::unique_ptr<RowGroupReader> row_group;

  // Adds this thread's counters to the scan's.
  void Flush() {
    row_group.reset();
    std::lock_guard<std::mutex> lock(global->mutex);
    global->counters += counters;
    counters = ScanCounters();
  }
  ~ParquetLocalState() override { Flush(); }
};

}  // namespace

ParquetSource::ParquetSource(std::string pattern, ParquetSourceOptions options)
    : pattern_(std::move(pattern)), options_(options) {
  files_ = FileGlob::Expand(*options_.io, pattern_);
  if (!options_.skipped_folders.empty()) {
    std::string root = FileGlob::FixedPrefix(*options_.io, pattern_);
    std::erase_if(files_, [&](const std::string& f) {
      for (const auto& folder : options_.skipped_folders) {
        std::string prefix = root + "/" + folder + "/";
        if (f.compare(0, prefix.size(), prefix) == 0) return true;
      }
      return false;
    });
    if (files_.empty()) throw IOError("no files found in directory \"" + pattern_ + "\"");
  }
  std::vector<std::unique_ptr<ParquetReader>> readers;
  readers.push_back(ParquetReader::Open(*options_.io, files_[0]));
  if (options_.union_by_name) {
    for (size_t f = 1; f < files_.size(); ++f) readers.push_back(ParquetReader::Open(*options_.io, files_[f]));
  }
  std::vector<std::string> lower_names;
  for (size_t f = 0; f < readers.size(); ++f) {
    for (const ParquetColumn& column : readers[f]->columns()) {
      std::string lower = ToLower(column.name);
      size_t c = 0;
      while (c < lower_names.size() && lower_names[c] != lower) ++c;
      if (c == lower_names.size()) {
        names_.push_back(column.name);
        lower_names.push_back(lower);
        types_.push_back(column.type);
      } else if (!CanReadAs(column, types_[c])) {
        // why: a later file may hold the wider type (int then bigint): widen the schema
        bool widen = false;
        for (size_t g = 0; g < f && !widen; ++g) {
          int k = FindByName(*readers[g], names_[c]);
          widen = k < 0 || CanReadAs(readers[g]->columns()[k], column.type);
        }
        if (!widen) {
          throw InvalidInputError("read_parquet: column \"" + column.name + "\" is " +
                                  column.type.ToString() + " in \"" + files_[f] + "\" but " +
                                  types_[c].ToString() + " in another file");
        }
        types_[c] = column.type;
      }
    }
    estimated_rows_ += static_cast<size_t>(readers[f]->num_rows());
  }
  if (!options_.union_by_name) estimated_rows_ *= files_.size();
  file_columns_ = names_.size();
  partition_values_.resize(files_.size());
  if (options_.hive_partitioning) {
    HivePartitioning partitioning(files_, FileGlob::FixedPrefix(*options_.io, pattern_));
    std::vector<size_t> keep;
    for (size_t k = 0; k < partitioning.names().size(); ++k) {
      // why: a column stored in the files wins over a directory of the same name
      std::string lower = ToLower(partitioning.names()[k]);
      bool stored = false;
      for (const auto& n : lower_names) stored = stored || n == lower;
      if (stored) continue;
      keep.push_back(k);
      names_.push_back(partitioning.names()[k]);
      types_.push_back(partitioning.types()[k]);
    }
    for (size_t f = 0; f < files_.size(); ++f) {
      for (size_t k : keep) partition_values_[f].push_back(partitioning.values(f)[k]);
    }
  }
}

std::string ParquetSource::DisplayName() const {
  return "parquet " + pattern_ + " (" + std::to_string(files_.size()) +
         (files_.size() == 1 ? " file)" : " files)");
}

std::unique_ptr<TableScanState> ParquetSource::InitScan(const ScanRequest& request) const {
  auto state = std::make_unique<ParquetScanState>();
  state->column_ids = request.column_ids;
  state->column_fields = request.column_fields;
  std::vector<const BoundExpression*> filters = request.filters;
  // runtime filters (dynamic partition pruning): the build keys' IN list, or their range
  // (two conjuncts), prune folders by their partition values and row groups by statistics
  for (const ScanRequest::DynamicFilter& r : request.runtime_filters) {
    if (r.bloom && r.column && *r.column < request.column_ids.size() &&
        request.column_ids[*r.column] >= file_columns_) {
      state->partition_blooms.emplace_back(request.column_ids[*r.column], r.bloom);
    }
    if (r.expression->kind != BoundExpressionKind::kAnd) {
      filters.push_back(r.expression);
      continue;
    }
    for (const auto& conjunct : r.expression->children) filters.push_back(conjunct.get());
  }
  for (const BoundExpression* filter : filters) {
    std::optional<ColumnPredicate> predicate = ColumnPredicateTranslator::Translate(*filter);
    if (!predicate || predicate->column < 0 ||
        static_cast<size_t>(predicate->column) >= request.column_ids.size()) {
      continue;
    }
    predicate->column = static_cast<int>(request.column_ids[predicate->column]);
    state->predicates.push_back(std::move(*predicate));
    state->predicates.back().SortIn();
  }
  return state;
}

std::unique_ptr<LocalTableScanState> ParquetSource::InitLocal(TableScanState& global) const {
  auto local = std::make_unique<ParquetLocalState>();
  local->global = &static_cast<ParquetScanState&>(global);
  return local;
}

namespace {

// Returns false when the file's partition values rule out every predicate's rows.
bool PartitionsMayMatch(const std::vector<ColumnPredicate>& predicates, size_t file_columns,
                        const std::vector<Value>& values) {
  for (const ColumnPredicate& p : predicates) {
    if (static_cast<size_t>(p.column) < file_columns) continue;
    const Value& v = values[p.column - file_columns];
    ColumnStatistics stats;
    stats.num_values = 1;
    stats.null_count = v.is_null() ? 1 : 0;
    if (!v.is_null()) stats.min = stats.max = v;
    if (!p.MayMatch(stats)) return false;
  }
  return true;
}

}  // namespace

bool ParquetSource::Scan(TableScanState& global, LocalTableScanState* local, DataChunk& out) const {
  auto& g = static_cast<ParquetScanState&>(global);
  if (!local) throw InternalError("read_parquet: a scan thread has no local state");
  auto& l = static_cast<ParquetLocalState&>(*local);
  for (;;) {
    if (!l.row_group) {
      int row_group = -1;
      RowSlice slice;
      {
        std::lock_guard<std::mutex> lock(g.mutex);
        while (row_group < 0) {
          if (g.current && g.next_morsel < g.current->morsels.size()) {
            l.file = g.current;
            std::tie(row_group, slice) = g.current->morsels[g.next_morsel++];
            break;
          }
          g.current.reset();
          if (g.next_file >= files_.size()) break;
          size_t f = g.next_file++;
          g.next_morsel = 0;
          bool bloom_miss = false;
          for (const auto& [column, bloom] : g.partition_blooms) {
            const Value& value = partition_values_[f][column - file_columns_];
            bloom_miss = bloom_miss || (!value.is_null() && !bloom->MayContain(HashValue(value)));
          }
          if (options_.prune_files &&
              (bloom_miss || !PartitionsMayMatch(g.predicates, file_columns_, partition_values_[f]))) {
            ++g.files_skipped;
            continue;
          }
          // why: opened under the lock so each file's footer is read once and shared
          auto file = std::make_shared<ScanFile>();
          file->index = f;
          file->reader = ParquetReader::Open(*options_.io, files_[f]);
          for (size_t i = 0; i < g.column_ids.size(); ++i) {
            size_t s = g.column_ids[i];
            if (s >= file_columns_) {
              file->slots.push_back(-1);
              file->constants.push_back(partition_values_[f][s - file_columns_]);
              file->direct = false;
              continue;
            }
            int c = FindByName(*file->reader, names_[s]);
            if (c < 0) {
              if (!options_.union_by_name) {
                throw InvalidInputError("read_parquet: file \"" + files_[f] +
                                        "\" has no column \"" + names_[s] +
                                        "\" (the first file has); read with union_by_name => true");
              }
              file->slots.push_back(-1);
              file->constants.push_back(Value::Null(types_[s]));
              file->direct = false;
              continue;
            }
            if (!CanReadAs(file->reader->columns()[c], types_[s])) {
              throw InvalidInputError(
                  "read_parquet: column \"" + names_[s] + "\" is " +
                  file->reader->columns()[c].type.ToString() + " in file \"" + files_[f] +
                  "\" but " + types_[s].ToString() +
                  " in the first file; union_by_name => true takes the wider type");
            }
            file->slots.push_back(static_cast<int>(file->projection.size()));
            file->constants.emplace_back();
            file->projection.push_back(c);
            file->read_types.push_back(types_[s]);
            const ParquetColumn& column = file->reader->columns()[c];
            std::shared_ptr<const ParquetNode> node;
            if (i < g.column_fields.size() && !g.column_fields[i].whole() && column.nested) {
              node = SelectFields(column.nested, g.column_fields[i]);
            }
            file->select_fields = file->select_fields || node;
            file->read_nodes.push_back(std::move(node));
            file->promote = file->promote || file->reader->columns()[c].type != types_[s];
          }
          for (const ColumnPredicate& p : g.predicates) {
            if (!options_.prune_row_groups || static_cast<size_t>(p.column) >= file_columns_)
              continue;
            int c = FindByName(*file->reader, names_[p.column]);
            if (c < 0) continue;
            ColumnPredicate mapped = p;
            mapped.column = c;
            file->predicates.push_back(std::move(mapped));
          }
          for (int rg = 0; rg < file->reader->num_row_groups(); ++rg) {
            for (RowSlice part : file->reader->SliceRowGroup(rg, file->projection, kRowsPerSlice)) {
              file->morsels.emplace_back(rg, part);
            }
          }
          ++g.files_read;
          g.current = std::move(file);
        }
      }
      if (row_group < 0) {
        l.file.reset();
        l.Flush();
        out.SetSize(0);
        return false;
      }
      l.row_group = l.file->reader->ReadRowGroup(row_group, l.file->projection, l.file->predicates,
                                                 &l.counters,
                                                 l.file->promote ? &l.file->read_types : nullptr,
                                                 l.file->select_fields ? &l.file->read_nodes : nullptr, slice);
    }
    const ScanFile& file = *l.file;
    if (file.direct) {
      if (l.row_group->Next(out)) return true;
    } else {
      DataChunk chunk;
      if (l.row_group->Next(chunk)) {
        size_t n = chunk.size();
        for (size_t i = 0; i < file.slots.size(); ++i) {
          if (file.slots[i] >= 0) {
            out.column(i) = chunk.column(static_cast<size_t>(file.slots[i]));
            continue;
          }
          Vector& vector = out.column(i);
          if (vector.capacity() < n) vector.Reserve(n);
          vector.Fill(file.constants[i], n);
        }
        out.SetSize(n);
        return true;
      }
    }
    l.row_group.reset();
  }
}

ScanMetrics ParquetSource::Metrics(TableScanState& global) const {
  auto& g = static_cast<ParquetScanState&>(global);
  std::lock_guard<std::mutex> lock(g.mutex);
  const ScanCounters& c = g.counters;
  ScanMetrics metrics;
  // why: the same lines as an Iceberg scan's, so EXPLAIN ANALYZE and system.scans read alike
  auto read_of_total = [](int64_t read, int64_t total) {
    return std::to_string(read) + " read / " + std::to_string(total) + " total";
  };
  metrics.lines.emplace_back("files",
                             read_of_total(g.files_read, static_cast<int64_t>(files_.size())) +
                                 " (partition pruned " + std::to_string(g.files_skipped) + ")");
  metrics.lines.emplace_back("row groups", c.RowGroupsText());
  metrics.lines.emplace_back("pages", std::to_string(c.pages_read) + " read, " +
                                          std::to_string(c.pages_skipped) + " skipped");
  metrics.lines.emplace_back("rows decoded", std::to_string(c.rows_read));
  metrics.lines.emplace_back("bytes decoded", std::to_string(c.bytes_read));
  return metrics;
}

}  // namespace floe
