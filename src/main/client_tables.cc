// How the session finds what a statement reads and writes: temporary and catalog tables,
// metadata and system tables, table functions as sources; catalog tables as the sinks and
// delete targets of INSERT and DELETE plans, with the session's settings.
#include "catalog/time_travel.h"
#include "common/ascii_case.h"
#include "common/exception.h"
#include "execution/table_sinks/iceberg_delete_target.h"
#include "execution/table_sinks/iceberg_row_change_target.h"
#include "execution/table_sinks/iceberg_table_sink.h"
#include "execution/table_sinks/memory_table_sink.h"
#include "execution/table_sources/iceberg_table_source.h"
#include "execution/table_sources/memory_table.h"
#include "execution/table_sources/metadata_table_source.h"
#include "execution/table_sources/parquet_source.h"
#include "execution/table_sources/parquet_table_function.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/metadata_columns.h"
#include "execution/table_sources/range_source.h"
#include "execution/table_sources/system_tables.h"
#include "iceberg/scan/data_file_reader.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/write/insert_change.h"
#include "iceberg/write/transaction.h"
#include "iceberg/write/write_properties.h"
#include "main/client_context.h"
#include "optimizer/optimizer.h"
#include "planner/binder.h"
#include "planner/logical_insert.h"
#include "planner/logical_projection.h"

namespace floe {

namespace {

// Write-audit-publish, as Iceberg's SparkWrite stages a commit: a write to a table with
// write.wap.enabled = true while the session sets spark.wap.id is added as a snapshot no
// branch points at (a branch write too: stageOnly wins over toBranch), its summary carrying
// wap.id, until publish_changes picks it.
std::string WapId(const iceberg::TableMetadata& m, const std::string& wap_id) {
  if (wap_id.empty()) return "";
  return ToLower(m.Property("write.wap.enabled", "false")) == "true" ? wap_id : "";
}

void Stage(const std::string& wap_id, iceberg::SnapshotChange* change) {
  if (wap_id.empty()) return;
  change->stage_only = true;
  change->extra_summary["wap.id"] = wap_id;
}

// Write-audit-publish by branch (Iceberg's SparkReadConf.branch, SparkWriteConf.branch): a
// table with write.wap.enabled = true, named without a branch while the session sets
// spark.wap.branch, is written to that branch (the first write creates it from main's head,
// as SnapshotUtil.latestSnapshot) and read at it once it exists. Returns the branch, or "".
std::string WapBranch(const iceberg::TableMetadata& m, const std::string& wap_branch) {
  if (wap_branch.empty()) return "";
  return ToLower(m.Property("write.wap.enabled", "false")) == "true" ? wap_branch : "";
}

// The branch a write to `table` commits to, checked as SparkWriteConf.branch checks it.
std::string WriteBranch(const LoadedTable& table, const std::string& wap_branch_setting,
                        const std::string& wap_id_setting) {
  std::string wap_branch = WapBranch(*table.metadata, wap_branch_setting);
  if (wap_branch.empty()) return table.name.ref;
  if (!WapId(*table.metadata, wap_id_setting).empty()) {
    throw InvalidInputError("Cannot set both WAP ID and branch, but got ID [" + wap_id_setting + "] and branch [" +
                            wap_branch + "]");
  }
  if (!table.name.ref.empty()) {
    throw InvalidInputError("Cannot write to both branch and WAP branch, but got branch [" + table.name.ref +
                            "] and WAP branch [" + wap_branch + "]");
  }
  return wap_branch;
}

// Reads `table` at its WAP branch when it names none and that branch exists.
void ReadWapBranch(LoadedTable* table, const std::string& wap_branch_setting) {
  if (!table->name.ref.empty() || !table->name.metadata_table.empty()) return;
  std::string wap_branch = WapBranch(*table->metadata, wap_branch_setting);
  auto ref = table->metadata->refs.find(wap_branch);
  if (wap_branch.empty() || ref == table->metadata->refs.end()) return;
  table->name.ref = wap_branch;
  table->name.ref_is_branch = ref->second.is_branch;
}

}  // namespace

std::shared_ptr<ViewDefinition> ClientContext::FindView(const QualifiedName& name) {
  return name.parts.size() == 1 ? database_.temp_catalog().FindView(name.parts[0]) : nullptr;
}

std::shared_ptr<TableSource> ClientContext::FindTable(const QualifiedName& name,
                                                      const TimeTravelSpec* time_travel) {
  if (name.parts.size() == 1 && !time_travel) {
    if (auto table = database_.temp_catalog().FindTable(name.parts[0])) return table;
  }
  std::vector<std::string> parts = name.parts;
  if (parts.size() == 3 && ToLower(parts[0]) == ToLower(Tables().catalog().name())) parts.erase(parts.begin());
  if (parts.size() == 2 && ToLower(parts[0]) == "system") {
    if (auto system = MakeSystemTable(ToLower(parts[1]), database_.history(), database_.instrumented_file_io())) {
      return system;
    }
  }
  auto found = Tables().Find(name, current_namespace_, Remapper());
  if (!found) {
    auto file_table = Tables().FindFileTable(name, current_namespace_);
    if (!file_table) return nullptr;
    if (time_travel) {
      throw InvalidInputError("cannot read " + file_table->name() +
                              " AS OF a version or time: it is a parquet table, which has no snapshots");
    }
    return FileTableSource(*file_table);
  }
  LoadedTable& table = *found;
  if (!table.name.metadata_table.empty()) {
    return MakeMetadataTableSource(Io(), Remapper(), table, SelectSnapshot(table, time_travel, time_zone_));
  }
  if (!time_travel) ReadWapBranch(&table, settings_.Get("spark.wap.branch"));
  return MakeIcebergSource(table, time_travel);
}

std::vector<std::string> ClientContext::TableNames() {
  std::vector<std::string> names = database_.temp_catalog().ViewNames();
  for (const auto& n : database_.temp_catalog().TableNames()) names.push_back(n);
  try {
    for (const auto& t : Tables().catalog().ListTables(current_namespace_)) names.push_back(t);
  } catch (const Exception&) {
    // A catalog that cannot be opened only means no suggestions from it.
  }
  return names;
}

std::shared_ptr<TableSource> ClientContext::FindTableFunction(const std::string& name,
                                                              const std::vector<Value>& args,
                                                              const std::vector<std::string>& arg_names) {
  if (name == "last_scan") {
    if (!args.empty()) throw BinderError("last_scan() takes no arguments");
    return MakeSystemTable("last_scan", database_.history(), database_.instrumented_file_io());
  }
  if (name == "range") return RangeSource::FromArguments(args);
  return ParquetTableFunction::Make(name, args, arg_names, ParquetOptions());
}

ParquetSourceOptions ClientContext::ParquetOptions() {
  ParquetSourceOptions parquet;
  parquet.io = &Io();
  bool pruning = settings_.GetBool("floe.pruning.enabled");
  parquet.prune_row_groups = pruning && settings_.GetBool("floe.pruning.row_groups");
  parquet.prune_files = pruning && settings_.GetBool("floe.pruning.partitions");
  return parquet;
}

std::shared_ptr<TableSource> ClientContext::FileTableSource(const FileTableEntry& entry) {
  // As read_parquet(location, hive_partitioning => true): Spark discovers a parquet table's
  // key=value folders as partition columns. Iceberg's metadata and data folders are not its
  // files: after CALL system.migrate, the backup reads what the table held, as a Hive
  // table's backup reads its own partitions only.
  ParquetSourceOptions parquet = ParquetOptions();
  parquet.hive_partitioning = true;
  parquet.skipped_folders = {"metadata", "data"};
  return std::make_shared<ParquetSource>(Remapper().Remap(entry.location), parquet);
}

TableCatalog& ClientContext::Tables() {
  if (!tables_) tables_ = std::make_unique<TableCatalog>(database_.catalog(), database_.warehouse(), Io());
  return *tables_;
}

iceberg::LocationRemapper ClientContext::Remapper() const {
  return iceberg::LocationRemapper::FromSetting(settings_.Get("floe.location_map"));
}

iceberg::DataWriterOptions ClientContext::DataWriterOptionsFor(const iceberg::TableMetadata& m) {
  Tables().CheckWritable(m, Remapper());
  iceberg::DataWriterOptions options;
  options.io = &Io();
  options.data_location = Remapper().Remap(m.Property("write.data.path", m.location + "/data"));
  iceberg::ApplyWriteProperties(m, &options);
  options.memory_limit = settings_.GetInt("floe.write.memory_limit");
  options.threads = Threads();
  options.reservation = &query_context().memory();
  options.spill_io = &Io();
  options.spill_folder = database_.spill_folder();
  return options;
}

std::vector<iceberg::DataFile> ClientContext::RewriteDataFiles(const LoadedTable& table,
                                                               const std::vector<iceberg::FileScanTask>& tasks,
                                                               const iceberg::SortOrder* sort_order,
                                                               const iceberg::PartitionSpec& spec,
                                                               int64_t target_file_size,
                                                               const iceberg::ZOrderOptions* zorder) {
  const iceberg::TableMetadata& m = *table.metadata;
  // v3: the rows keep their _row_id and _last_updated_sequence_number, written as columns
  const iceberg::Schema schema = m.format_version >= 3 ? iceberg::MetadataColumns::WithRowLineage(m.CurrentSchema())
                                                       : m.CurrentSchema();
  std::vector<int> field_ids;
  std::vector<LogicalType> types;
  for (const auto& f : schema.fields()) {
    field_ids.push_back(f.id());
    types.push_back(f.type()->ToLogicalType());
  }
  iceberg::NameMapping mapping = iceberg::NameMapping::FromProperties(m.properties, &schema);
  iceberg::LocationRemapper remapper = Remapper();
  iceberg::DataWriterOptions options = DataWriterOptionsFor(m);
  if (sort_order) options.sort_order = *sort_order;
  if (target_file_size > 0) options.target_file_size = target_file_size;
  if (zorder) {
    options.zorder = *zorder;
    options.sort_order = iceberg::SortOrder::Unsorted();  // the z-order replaces the table's
  }
  iceberg::PartitionedDataWriter writer(schema, spec, options);
  try {
    auto local = writer.NewLocalState();
    for (const auto& task : tasks) {
      iceberg::DataFileReader reader(Io(), task, m.CurrentSchema(), m.SpecById(task.data_file.spec_id), field_ids,
                                     iceberg::Expression::AlwaysTrue(), remapper, mapping, false);
      for (int rg = 0; rg < reader.num_row_groups(); ++rg) {
        auto cursor = reader.ReadRowGroup(rg, nullptr);
        if (!cursor) continue;
        for (;;) {
          query_context_->CheckInterrupted();
          DataChunk rows;
          rows.Initialize(types);
          if (!cursor->Next(rows)) break;
          if (rows.size() > 0) writer.Write(*local, rows);
        }
      }
    }
    writer.Flush(*local);
    auto files = writer.Finish([&](int n, const std::function<void(int)>& fn) {
      database_.scheduler().RunParallel(n, fn);
    });
    for (auto& f : files) f.file_path = remapper.Unmap(f.file_path);
    if (sort_order) {
      // a file's sort_order_id must name one of the table's orders: the one with the same
      // fields, else none (a rewrite's own order is not the table's)
      std::optional<int> id;
      for (const auto& order : m.sort_orders) {
        if (!order.IsUnsorted() && order.fields() == sort_order->fields()) id = order.order_id();
      }
      for (auto& f : files) f.sort_order_id = id;
    }
    return files;
  } catch (...) {
    writer.Abort();
    throw;
  }
}

LogicalOperatorPtr ClientContext::InsertPlan(std::shared_ptr<TableSink> sink, LogicalOperatorPtr query) {
  const std::vector<std::string>& names = sink->names();
  const std::vector<LogicalType>& types = sink->types();
  // The query's columns cast to the table's types (a CTAS column of bare NULLs is a string).
  if (query->types != types) {
    auto projection = std::make_unique<LogicalProjection>();
    for (size_t i = 0; i < types.size(); ++i) {
      projection->expressions.push_back(
          Binder::AddCast(BoundExpression::ColumnRef(i, query->types[i], names[i]), types[i]));
      projection->types.push_back(types[i]);
      projection->names.push_back(names[i]);
    }
    projection->children.push_back(std::move(query));
    query = std::move(projection);
  }
  auto insert = std::make_unique<LogicalInsert>();
  insert->sink = std::move(sink);
  insert->children.push_back(std::move(query));
  return Optimizer::Optimize(std::move(insert), OptimizerSettings());
}

bool ClientContext::FindRowLevelTable(const QualifiedName& name, const std::string& statement,
                                      IcebergRowLevelTable* out, std::optional<LoadedTable>* loaded) {
  *loaded = Tables().Find(name, current_namespace_, Remapper());
  if (!*loaded) Tables().RefuseFileTable(name, current_namespace_, "write to");
  if (!*loaded || !(*loaded)->name.metadata_table.empty()) return false;
  const LoadedTable& table = **loaded;
  const ResolvedTableName& resolved = table.name;
  if (!resolved.ref.empty() && !resolved.ref_is_branch) {
    throw InvalidInputError("Cannot " + statement + " tag " + resolved.ref + " of " + resolved.ToString() +
                            ": tags are read-only");
  }
  out->table_name = resolved.table_name;
  out->display_name = Tables().catalog().name() + "." + resolved.ToString() +
                      (resolved.ref.empty() ? "" : "." + resolved.ref);
  out->metadata = table.metadata;
  std::string branch = WriteBranch(table, settings_.Get("spark.wap.branch"), settings_.Get("spark.wap.id"));
  if (!branch.empty()) {
    out->branch = branch;
    // (a WAP branch not created yet is read at main's head, which its first commit starts from)
    if (const iceberg::Snapshot* head = iceberg::BranchHead(*table.metadata, branch)) {
      out->snapshot_id = head->snapshot_id;
    }
    ReadWapBranch(&**loaded, settings_.Get("spark.wap.branch"));
  }
  out->io = &Io();
  out->remapper = Remapper();
  out->writer = DataWriterOptionsFor(*table.metadata);
  // The commit: the statement's snapshot on the table as read (its branch's).
  std::shared_ptr<CatalogTableOperations> ops = OperationsFor(resolved);
  iceberg::TableState read{table.metadata_location, table.metadata};
  std::string wap_id = WapId(*table.metadata, settings_.Get("spark.wap.id"));
  out->commit = [ops, read, wap_id](iceberg::SnapshotChange change, iceberg::ConflictValidation validation) {
    Stage(wap_id, &change);
    iceberg::Transaction txn(*ops, read);
    txn.AddSnapshot(std::move(change), std::move(validation));
    txn.Commit();
  };
  return true;
}

std::shared_ptr<DeleteTarget> ClientContext::FindDeleteTarget(const QualifiedName& name) {
  IcebergDeleteTarget::Options options;
  std::optional<LoadedTable> table;
  if (!FindRowLevelTable(name, "delete from", &options, &table)) return nullptr;
  bool prune = settings_.GetBool("floe.pruning.enabled");
  options.pruning.manifests = prune && settings_.GetBool("floe.pruning.manifests");
  options.pruning.partitions = prune && settings_.GetBool("floe.pruning.partitions");
  options.pruning.file_metrics = prune && settings_.GetBool("floe.pruning.file_metrics");
  return std::make_shared<IcebergDeleteTarget>(std::move(options));
}

std::shared_ptr<RowChangeTarget> ClientContext::FindRowChangeTarget(const QualifiedName& name,
                                                                    const std::string& statement) {
  if (name.parts.size() == 1 && database_.temp_catalog().FindTable(name.parts[0])) {
    throw NotImplementedError(statement + " of a temporary table is not supported: " + name.ToString() +
                              "; it changes Iceberg tables");
  }
  IcebergRowChangeTarget::Options options;
  std::optional<LoadedTable> table;
  if (!FindRowLevelTable(name, statement, &options, &table)) return nullptr;
  // the statement reads the snapshot it commits on: the same loaded metadata
  options.source = MakeIcebergSource(*table, nullptr);
  return std::make_shared<IcebergRowChangeTarget>(std::move(options));
}

std::shared_ptr<TableSink> ClientContext::FindTableSink(const QualifiedName& name) {
  if (name.parts.size() == 1) {
    if (auto table = database_.temp_catalog().FindTable(name.parts[0])) {
      return std::make_shared<MemoryTableSink>(name.ToString(), table);
    }
  }
  auto found = Tables().Find(name, current_namespace_, Remapper());
  if (!found) Tables().RefuseFileTable(name, current_namespace_, "write to");
  if (!found || !found->name.metadata_table.empty()) return nullptr;
  const LoadedTable& table = *found;
  if (!table.name.ref.empty() && !table.name.ref_is_branch) {
    throw InvalidInputError("Cannot write to tag " + table.name.ref + " of " + table.name.ToString() +
                            ": tags are read-only");
  }
  // The commit: the INSERT's snapshot on the table as read (its branch's, for t.branch_b).
  std::shared_ptr<CatalogTableOperations> ops = OperationsFor(table.name);
  iceberg::TableState read{table.metadata_location, table.metadata};
  std::string branch = WriteBranch(table, settings_.Get("spark.wap.branch"), settings_.Get("spark.wap.id"));
  std::string wap_id = WapId(*table.metadata, settings_.Get("spark.wap.id"));
  auto commit = [ops, read, branch, wap_id](std::vector<iceberg::DataFile> files, const WriteMode& mode) {
    iceberg::InsertKind kind = iceberg::InsertKind::kAppend;
    iceberg::ExpressionPtr filter;
    if (mode.kind == WriteMode::Kind::kOverwritePartitionsDynamic) {
      kind = iceberg::InsertKind::kReplacePartitions;
    } else if (mode.kind == WriteMode::Kind::kOverwriteByExpression) {
      // the static partition values as a row filter on their columns (Spark's deleteExpr)
      kind = iceberg::InsertKind::kOverwriteByFilter;
      const auto& fields = read.metadata->CurrentSchema().fields();
      for (const auto& [column, value] : mode.static_values) {
        int id = fields.at(column).id();
        iceberg::ExpressionPtr term = value.is_null() ? iceberg::Predicate::Make(iceberg::Operation::kIsNull, id, {})
                                                      : iceberg::Predicate::Make(iceberg::Operation::kEq, id, {value});
        filter = filter ? iceberg::Expression::And(filter, term) : term;
      }
    }
    std::optional<iceberg::SnapshotChange> change =
        iceberg::InsertChange(*read.metadata, branch, kind, std::move(filter), std::move(files));
    if (!change) return;
    Stage(wap_id, &*change);
    iceberg::Transaction txn(*ops, read);
    txn.AddSnapshot(std::move(*change));
    txn.Commit();
  };
  return std::make_shared<IcebergTableSink>(table.name.ToString(), table.metadata,
                                            DataWriterOptionsFor(*table.metadata), Remapper(), commit);
}

std::unique_ptr<CatalogTableOperations> ClientContext::OperationsFor(const ResolvedTableName& name) {
  return std::make_unique<CatalogTableOperations>(Tables().catalog(), name.namespace_name, name.table_name,
                                                  Tables().warehouse(), Io(), Remapper());
}

std::shared_ptr<TableSource> ClientContext::MakeIcebergSource(const LoadedTable& table,
                                                              const TimeTravelSpec* time_travel) {
  std::optional<int64_t> snapshot_id;
  if (time_travel || !table.name.ref.empty()) {
    const iceberg::Snapshot* snapshot = SelectSnapshot(table, time_travel, time_zone_);
    if (snapshot) snapshot_id = snapshot->snapshot_id;
  }
  IcebergScanOptions options;
  bool all = settings_.GetBool("floe.pruning.enabled");
  options.prune_manifests = all && settings_.GetBool("floe.pruning.manifests");
  options.prune_partitions = all && settings_.GetBool("floe.pruning.partitions");
  options.prune_file_metrics = all && settings_.GetBool("floe.pruning.file_metrics");
  options.prune_row_groups = all && settings_.GetBool("floe.pruning.row_groups");
  options.time_zone = time_zone_;
  return std::make_shared<IcebergTableSource>(Io(), Tables().catalog().name() + "." + table.name.ToString(),
                                              table.metadata, snapshot_id, Remapper(), options,
                                              BranchRead(table, time_travel));
}

}  // namespace floe
