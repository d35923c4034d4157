// Statements on Iceberg tables in the warehouse catalog: namespaces, CREATE [OR REPLACE]
// TABLE [AS], DESCRIBE, SHOW; the sinks and delete targets through which INSERT and DELETE
// plans write them.
#include <chrono>

#include "catalog/table_commit.h"
#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/exception.h"
#include "execution/chunk_collection.h"
#include "execution/expression_executor.h"
#include "execution/physical_planner.h"
#include "execution/pipeline_executor.h"
#include "execution/table_sinks/iceberg_delete_target.h"
#include "execution/table_sinks/iceberg_table_sink.h"
#include "execution/table_sinks/memory_table_sink.h"
#include "execution/table_sources/memory_table.h"
#include "function/type_coercion.h"
#include "iceberg/partition_spec_builder.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/type.h"
#include "iceberg/uuid.h"
#include "iceberg/write/insert_change.h"
#include "iceberg/write/partitioned_data_writer.h"
#include "main/client_context.h"
#include "main/show_pattern.h"
#include "optimizer/optimizer.h"
#include "planner/binder.h"
#include "planner/logical_insert.h"
#include "planner/logical_operator.h"
#include "planner/logical_projection.h"
#include "sql/parser.h"
#include <set>

namespace floe {

namespace {

LogicalType ResolveColumnType(const ParsedType& type) {
  LogicalType out;
  int p = type.params.size() > 0 ? static_cast<int>(type.params[0]) : 10;
  int s = type.params.size() > 1 ? static_cast<int>(type.params[1]) : 0;
  if (!ParseTypeName(type.name, p, s, type.has_params, &out) || out.id() == TypeId::kNull ||
      out.id() == TypeId::kInterval) {
    throw NotImplementedError("unsupported column type " + type.ToString());
  }
  return out;
}

parquet::Codec CodecByName(const std::string& raw) {
  std::string name = ToLower(raw);
  if (name == "zstd") return parquet::Codec::kZstd;
  if (name == "snappy") return parquet::Codec::kSnappy;
  if (name == "gzip") return parquet::Codec::kGzip;
  if (name == "lz4" || name == "lz4_raw") return parquet::Codec::kLz4Raw;
  if (name == "uncompressed" || name == "none") return parquet::Codec::kUncompressed;
  throw InvalidInputError("unknown write.parquet.compression-codec '" + raw +
                          "' (zstd, snappy, gzip, lz4, uncompressed)");
}

}  // namespace

TableCatalog& ClientContext::Tables() {
  if (!tables_) tables_ = std::make_unique<TableCatalog>(database_.catalog(), database_.warehouse(), Io());
  return *tables_;
}


iceberg::LocationRemapper ClientContext::Remapper() const {
  return iceberg::LocationRemapper::FromSetting(settings_.Get("floe.location_map"));
}

Result ClientContext::ExecuteCreateNamespace(const CreateNamespaceStatement& statement) {
  std::vector<std::string> parts = statement.name.parts;
  if (parts.size() == 2 && ToLower(parts[0]) == ToLower(Tables().catalog().name())) parts.erase(parts.begin());
  if (parts.size() != 1) {
    throw NotImplementedError("nested namespaces are not supported: " + statement.name.ToString());
  }
  std::map<std::string, std::string> properties(statement.properties.begin(), statement.properties.end());
  if (statement.comment) properties["comment"] = *statement.comment;
  if (statement.location) properties["location"] = *statement.location;
  if (!Tables().catalog().CreateNamespace(parts[0], properties) && !statement.if_not_exists) {
    throw CatalogError("[SCHEMA_ALREADY_EXISTS] Cannot create namespace " + parts[0] +
                       " because it already exists");
  }
  return Result();
}

Result ClientContext::ExecuteUse(const UseStatement& statement) {
  std::vector<std::string> parts = statement.name.parts;
  if (parts.size() == 2 && ToLower(parts[0]) == ToLower(Tables().catalog().name())) parts.erase(parts.begin());
  if (parts.size() == 1 && ToLower(parts[0]) == ToLower(Tables().catalog().name())) {
    current_namespace_ = "default";
    return Result();
  }
  if (parts.size() != 1) throw NotImplementedError("nested namespaces are not supported");
  if (!Tables().catalog().NamespaceExists(parts[0]) && parts[0] != "default") {
    throw CatalogError("[SCHEMA_NOT_FOUND] The namespace " + parts[0] + " cannot be found");
  }
  current_namespace_ = parts[0];
  return Result();
}

Result ClientContext::CreateIcebergTable(const CreateTableStatement& statement) {
  if (!statement.provider.empty() && statement.provider != "iceberg") {
    throw NotImplementedError("USING " + statement.provider + " tables are not supported; floe tables are Iceberg");
  }
  ResolvedTableName name = Tables().ResolveForCreate(statement.name, current_namespace_);
  SqliteCatalog& catalog = Tables().catalog();
  bool exists = catalog.LoadTable(name.namespace_name, name.table_name).has_value();
  if (exists && statement.if_not_exists) return Result();
  if (exists && !statement.or_replace) {
    throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table " + name.ToString() +
                       " because it already exists");
  }
  if (!exists && statement.replace && !statement.or_replace) {
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Cannot replace table " + name.ToString() + ": not found");
  }
  // Columns: declared, or those of the AS query.
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::vector<bool> required;
  std::vector<std::string> docs;
  LogicalOperatorPtr query_plan;
  bool has_query = statement.query != nullptr;
  if (has_query) {
    Binder binder(*this);
    BoundQuery bound = binder.BindQuery(*statement.query);
    query_plan = std::move(bound.plan);
    for (size_t i = 0; i < query_plan->types.size(); ++i) {
      names.push_back(i < bound.names.size() ? bound.names[i] : "col" + std::to_string(i + 1));
      LogicalType t = query_plan->types[i];
      types.push_back(t.id() == TypeId::kNull ? LogicalType(TypeId::kString) : t);
      required.push_back(false);
      docs.push_back("");
    }
  }
  for (const auto& column : statement.columns) {
    names.push_back(column.name);
    types.push_back(ResolveColumnType(column.type));
    required.push_back(column.not_null);
    docs.push_back(column.comment.value_or(""));
  }
  if (names.empty()) throw InvalidInputError("table " + name.ToString() + " needs at least one column");
  std::vector<iceberg::NestedField> fields;
  for (size_t i = 0; i < names.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (ToLower(names[j]) == ToLower(names[i])) {
        throw InvalidInputError("[COLUMN_ALREADY_EXISTS] column " + names[i] + " appears twice in " +
                                name.ToString());
      }
    }
    fields.emplace_back(static_cast<int>(i + 1), names[i], iceberg::Type::FromLogicalType(types[i]),
                        required[i], docs[i]);
  }
  iceberg::Schema schema(0, fields);
  iceberg::PartitionSpecBuilder spec_builder(schema);
  for (const auto& p : statement.partitioned_by) {
    iceberg::Transform transform = iceberg::Transform::FromSparkFunction(p.transform, p.param);
    const iceberg::NestedField* source = schema.FindFieldByName(p.column, false);
    if (!source) {
      throw BinderError("[UNRESOLVED_COLUMN] partition column `" + p.column + "` not found in " +
                        name.ToString());
    }
    spec_builder.Add(source->name(), transform);
  }
  iceberg::PartitionSpec spec = spec_builder.Build(0);
  iceberg::CheckRedundantTimePartitions(spec, schema);
  std::map<std::string, std::string> properties;
  for (const auto& [k, v] : statement.properties) {
    if (k == "format-version") {
      if (v != "2") throw NotImplementedError("floe writes Iceberg format version 2, not " + v);
      continue;
    }
    properties[k] = v;
  }
  if (statement.comment) properties["comment"] = *statement.comment;
  iceberg::CheckCommitProperties(properties);
  std::string location = statement.location
                             ? *statement.location
                             : Tables().DefaultLocation(name.namespace_name, name.table_name);
  while (location.size() > 1 && location.back() == '/') location.pop_back();
  if (exists) {
    return ReplaceIcebergTable(name, schema, spec, statement.location, properties,
                               has_query ? std::move(query_plan) : nullptr);
  }
  iceberg::TableMetadata metadata =
      iceberg::TableMetadataBuilder::NewTable(schema, spec, iceberg::SortOrder::Unsorted(), location, properties)
          .Build(NowMillis());
  Tables().CheckWritable(metadata, Remapper());
  // why: names and properties must be valid UTF-8 before data files carry the schema
  iceberg::TableMetadata::ValidateText(metadata.ToJson());
  std::unique_ptr<CatalogTableOperations> ops = OperationsFor(name);
  if (!has_query) {
    iceberg::Transaction::CreateTable(*ops, metadata).Commit();
    return Result();
  }
  // CTAS: a plan that writes the rows, then creates the table with them as its first
  // snapshot in one commit, so a failure anywhere leaves no table and no files.
  auto created = std::make_shared<const iceberg::TableMetadata>(std::move(metadata));
  auto commit = [&](std::vector<iceberg::DataFile> files, bool) {
    iceberg::Transaction create = iceberg::Transaction::CreateTable(*ops, *created);
    if (!files.empty()) {
      iceberg::SnapshotChange change;
      change.added = std::move(files);
      create.AddSnapshot(std::move(change));
    }
    create.Commit();
  };
  Result result;
  RecordStatement(RunWrite(InsertPlan(name.ToString(), created, commit, std::move(query_plan))), &result);
  return result;
}

Result ClientContext::ReplaceIcebergTable(const ResolvedTableName& name, const iceberg::Schema& schema,
                                          const iceberg::PartitionSpec& spec,
                                          const std::optional<std::string>& location,
                                          const std::map<std::string, std::string>& properties,
                                          LogicalOperatorPtr query) {
  // One replace transaction, as Iceberg's: same uuid, snapshots and refs; the new schema,
  // spec and properties; the new rows in a snapshot of their own; one swap of the metadata
  // pointer, so a failure anywhere before it leaves the old table as it was.
  iceberg::LocationRemapper remapper = Remapper();
  LoadedTable old = Tables().Load(name, remapper);
  std::string new_location = location ? *location : old.metadata->location;
  while (new_location.size() > 1 && new_location.back() == '/') new_location.pop_back();
  auto replace = [&](const iceberg::TableMetadata& base, const std::string& base_file, int64_t now) {
    return iceberg::TableMetadataBuilder::Replacement(base, base_file, schema, spec, iceberg::SortOrder::Unsorted(),
                                                      new_location, properties)
        .Build(now);
  };
  // The rows are written with the replacement's field ids and spec, decided on the table
  // as read: the commit requires it unchanged.
  iceberg::TableMetadata replacement = replace(*old.metadata, "", old.metadata->last_updated_ms);
  Tables().CheckWritable(replacement, remapper);
  iceberg::TableMetadata::ValidateText(replacement.ToJson());
  // The replacement and the AS query's rows, if any, in one transaction.
  auto commit = [&](std::vector<iceberg::DataFile> files, bool) {
    CommitToTable(Tables(), Io(), Remapper(), old, [&](iceberg::Transaction& txn) {
      txn.RequireUnchanged("replaced");
      txn.UpdateMetadata([&](const iceberg::TableMetadata& m, const std::string& file) {
        return std::optional<iceberg::TableMetadata>(replace(m, file, NowMillis()));
      });
      if (!files.empty()) {
        iceberg::SnapshotChange change;
        change.added = std::move(files);
        txn.AddSnapshot(std::move(change));
      }
    });
  };
  if (!query) {
    commit({}, false);
    return Result();
  }
  Result result;
  RecordStatement(RunWrite(InsertPlan(name.ToString(), std::make_shared<const iceberg::TableMetadata>(replacement),
                                      commit, std::move(query))),
                  &result);
  return result;
}

iceberg::DataWriterOptions ClientContext::DataWriterOptionsFor(const iceberg::TableMetadata& m) {
  iceberg::DataWriterOptions options;
  options.io = &Io();
  Tables().CheckWritable(m, Remapper());
  options.data_location = Remapper().Remap(m.Property("write.data.path", m.location + "/data"));
  options.parquet.codec = CodecByName(m.Property("write.parquet.compression-codec", "zstd"));
  auto positive = [&](const std::string& key, const std::string& fallback) {
    std::string text = m.Property(key, fallback);
    try {
      size_t used = 0;
      int64_t v = std::stoll(text, &used);
      if (used == text.size() && v > 0) return v;
    } catch (const std::exception&) {
    }
    throw InvalidInputError("table property " + key + " must be a positive integer, not '" + text + "'");
  };
  std::string level = m.Property("write.parquet.compression-level", "");
  if (!level.empty()) {
    // zstd takes 0 and negative (fast) levels too; the codec checks its own range.
    size_t used = 0;
    int parsed = 0;
    try {
      parsed = std::stoi(level, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != level.size()) {
      throw InvalidInputError("table property write.parquet.compression-level must be an integer, not '" + level +
                              "'");
    }
    options.parquet.compression_level = parsed;
  }
  options.parquet.row_group_size = positive("write.parquet.row-group-size-bytes", "134217728");
  options.target_file_size = positive("write.target-file-size-bytes", "536870912");
  if (const iceberg::SortOrder* order = m.DefaultSortOrder()) options.sort_order = *order;
  options.memory_limit = settings_.GetInt("floe.write.memory_limit");
  options.threads = Threads();
  return options;
}

std::vector<iceberg::DataFile> ClientContext::WriteDataFiles(const LoadedTable& table, const Result& data) {
  const iceberg::TableMetadata& m = *table.metadata;
  iceberg::PartitionedDataWriter writer(m.CurrentSchema(), m.DefaultSpec(), DataWriterOptionsFor(m));
  try {
    auto local = writer.NewLocalState();
    for (const auto& chunk : data.chunks()) writer.Write(*local, *chunk);
    writer.Flush(*local);
    auto files = writer.Finish([&](int n, const std::function<void(int)>& fn) {
      database_.scheduler().RunParallel(n, fn);
    });
    iceberg::LocationRemapper remapper = Remapper();
    for (auto& f : files) f.file_path = remapper.Unmap(f.file_path);
    return files;
  } catch (...) {
    writer.Abort();
    throw;
  }
}

LogicalOperatorPtr ClientContext::InsertPlan(const std::string& table_name,
                                             std::shared_ptr<const iceberg::TableMetadata> metadata,
                                             IcebergTableSink::CommitFiles commit, LogicalOperatorPtr query) {
  const iceberg::Schema& schema = metadata->CurrentSchema();
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  for (const auto& f : schema.fields()) {
    names.push_back(f.name());
    types.push_back(f.type()->ToLogicalType());
  }
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
  iceberg::DataWriterOptions options = DataWriterOptionsFor(*metadata);
  auto insert = std::make_unique<LogicalInsert>();
  insert->sink = std::make_shared<IcebergTableSink>(table_name, std::move(metadata), std::move(options), Remapper(),
                                                    std::move(commit));
  insert->children.push_back(std::move(query));
  return Optimizer::Optimize(std::move(insert), OptimizerSettings());
}

std::shared_ptr<DeleteTarget> ClientContext::FindDeleteTarget(const QualifiedName& name) {
  auto found = Tables().Find(name, current_namespace_, Remapper());
  if (!found || !found->name.metadata_table.empty()) return nullptr;
  const LoadedTable& table = *found;
  const ResolvedTableName& resolved = table.name;
  if (!resolved.ref.empty() && !resolved.ref_is_branch) {
    throw InvalidInputError("Cannot delete from tag " + resolved.ref + " of " + resolved.ToString() +
                            ": tags are read-only");
  }
  IcebergDeleteTarget::Options options;
  options.table_name = resolved.table_name;
  options.display_name = Tables().catalog().name() + "." + resolved.ToString() +
                         (resolved.ref.empty() ? "" : "." + resolved.ref);
  options.metadata = table.metadata;
  if (!resolved.ref.empty()) {
    options.branch = resolved.ref;
    options.snapshot_id = table.metadata->refs.at(resolved.ref).snapshot_id;
  }
  options.io = &Io();
  options.remapper = Remapper();
  bool prune = settings_.GetBool("floe.pruning.enabled");
  options.pruning.manifests = prune && settings_.GetBool("floe.pruning.manifests");
  options.pruning.partitions = prune && settings_.GetBool("floe.pruning.partitions");
  options.pruning.file_metrics = prune && settings_.GetBool("floe.pruning.file_metrics");
  options.writer = DataWriterOptionsFor(*table.metadata);
  // The commit: the DELETE's snapshot on the table as read.
  std::shared_ptr<CatalogTableOperations> ops = OperationsFor(resolved);
  iceberg::TableState read{table.metadata_location, table.metadata};
  options.commit = [ops, read](iceberg::SnapshotChange change, iceberg::ConflictValidation validation) {
    iceberg::Transaction txn(*ops, read);
    txn.AddSnapshot(std::move(change), std::move(validation));
    txn.Commit();
  };
  return std::make_shared<IcebergDeleteTarget>(std::move(options));
}

std::shared_ptr<TableSink> ClientContext::FindTableSink(const QualifiedName& name) {
  if (name.parts.size() == 1) {
    std::lock_guard<std::mutex> lock(database_.mutex());
    auto it = database_.temp_tables().find(ToLower(name.parts[0]));
    if (it != database_.temp_tables().end()) return std::make_shared<MemoryTableSink>(name.ToString(), it->second);
  }
  auto found = Tables().Find(name, current_namespace_, Remapper());
  if (!found || !found->name.metadata_table.empty()) return nullptr;
  const LoadedTable& table = *found;
  if (!table.name.ref.empty() && !table.name.ref_is_branch) {
    throw InvalidInputError("Cannot write to tag " + table.name.ref + " of " + table.name.ToString() +
                            ": tags are read-only");
  }
  // The commit: the INSERT's snapshot on the table as read (its branch's, for t.branch_b).
  std::shared_ptr<CatalogTableOperations> ops = OperationsFor(table.name);
  iceberg::TableState read{table.metadata_location, table.metadata};
  std::string branch = table.name.ref;
  auto commit = [ops, read, branch](std::vector<iceberg::DataFile> files, bool overwrite) {
    std::optional<iceberg::SnapshotChange> change =
        iceberg::InsertChange(*read.metadata, branch, overwrite, std::move(files));
    if (!change) return;
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

Result ClientContext::DescribeIceberg(const LoadedTable& table, bool extended) {
  const ResolvedTableName& name = table.name;
  const iceberg::TableMetadata& m = *table.metadata;
  std::vector<std::vector<std::string>> rows;
  for (const auto& f : m.CurrentSchema().fields()) {
    rows.push_back({f.name(), f.type()->ToLogicalType().ToString(), f.doc()});
  }
  const iceberg::PartitionSpec& spec = m.DefaultSpec();
  if (!spec.fields().empty()) {
    rows.push_back({"", "", ""});
    rows.push_back({"# Partitioning", "", ""});
    for (size_t i = 0; i < spec.fields().size(); ++i) {
      const auto& pf = spec.fields()[i];
      std::string source = m.CurrentSchema().FindColumnName(pf.source_id());
      std::string text = pf.transform().IsIdentity() ? source
                                                     : pf.transform().ToString() + "(" + source + ")";
      rows.push_back({"Part " + std::to_string(i), text, ""});
    }
  }
  if (extended) {
    rows.push_back({"", "", ""});
    rows.push_back({"# Metadata Columns", "", ""});
    rows.push_back({"", "", ""});
    rows.push_back({"# Detailed Table Information", "", ""});
    rows.push_back({"Name", Tables().catalog().name() + "." + name.ToString(), ""});
    rows.push_back({"Type", "MANAGED", ""});
    rows.push_back({"Location", m.location, ""});
    rows.push_back({"Provider", "iceberg", ""});
    rows.push_back({"Format version", std::to_string(m.format_version), ""});
    rows.push_back({"Partition spec id", std::to_string(m.default_spec_id), ""});
    const iceberg::SortOrder* order = m.DefaultSortOrder();
    std::string order_text;
    if (order) {
      for (const auto& sf : order->fields()) {
        if (!order_text.empty()) order_text += ", ";
        order_text += m.CurrentSchema().FindColumnName(sf.source_id) +
                      (sf.direction == iceberg::SortDirection::kAscending ? " ASC" : " DESC") +
                      (sf.null_order == iceberg::NullOrder::kNullsFirst ? " NULLS FIRST" : " NULLS LAST");
      }
    }
    rows.push_back({"Sort order", order_text.empty() ? "unsorted" : order_text, ""});
    const iceberg::Snapshot* current = m.CurrentSnapshot();
    rows.push_back({"Current snapshot", current ? std::to_string(current->snapshot_id) : "none", ""});
    std::string props;
    for (const auto& [k, v] : m.properties) props += (props.empty() ? "" : ",") + k + "=" + v;
    rows.push_back({"Table Properties", "[" + props + "]", ""});
  }
  return TextResult({"col_name", "data_type", "comment"}, rows);
}

Result ClientContext::ShowIceberg(const ShowStatement& statement) {
  SqliteCatalog& catalog = Tables().catalog();
  std::vector<std::vector<std::string>> rows;
  switch (statement.show_kind) {
    case ShowKind::kNamespaces: {
      for (const auto& ns : catalog.ListNamespaces()) {
        if (ShowPatternMatches(statement.pattern, ns)) rows.push_back({ns});
      }
      return TextResult({"namespace"}, rows);
    }
    case ShowKind::kTables: {
      std::string ns = current_namespace_;
      if (!statement.target.parts.empty()) ns = statement.target.parts.back();
      for (const auto& t : catalog.ListTables(ns)) rows.push_back({ns, t, "false"});
      {
        std::lock_guard<std::mutex> lock(database_.mutex());
        for (const auto& [n, t] : database_.temp_tables()) rows.push_back({"", n, "true"});
        for (const auto& [n, v] : database_.views()) rows.push_back({"", n, "true"});
      }
      std::erase_if(rows, [&](const std::vector<std::string>& row) {
        return !ShowPatternMatches(statement.pattern, row[1]);
      });
      return TextResult({"namespace", "tableName", "isTemporary"}, rows);
    }
    case ShowKind::kTblProperties: {
      auto found = Tables().Find(statement.target, current_namespace_, Remapper());
      if (!found) throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + statement.target.ToString());
      const LoadedTable& table = *found;
      std::map<std::string, std::string> props = table.metadata->properties;
      props["format"] = "iceberg/parquet";
      props["current-snapshot-id"] = table.metadata->CurrentSnapshot()
                                         ? std::to_string(table.metadata->CurrentSnapshot()->snapshot_id)
                                         : "none";
      props["format-version"] = std::to_string(table.metadata->format_version);
      for (const auto& [k, v] : props) {
        if (statement.property_key && *statement.property_key != k) continue;
        rows.push_back({k, v});
      }
      return TextResult({"key", "value"}, rows);
    }
    case ShowKind::kCreateTable: {
      auto found = Tables().Find(statement.target, current_namespace_, Remapper());
      if (!found) throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + statement.target.ToString());
      const LoadedTable& table = *found;
      const ResolvedTableName* resolved = &table.name;
      const iceberg::TableMetadata& m = *table.metadata;
      std::string sql = "CREATE TABLE " + catalog.name() + "." + resolved->ToString() + " (\n";
      const auto& fields = m.CurrentSchema().fields();
      for (size_t i = 0; i < fields.size(); ++i) {
        sql += "  " + fields[i].name() + " " + fields[i].type()->ToLogicalType().ToString();
        if (fields[i].required()) sql += " NOT NULL";
        if (!fields[i].doc().empty()) sql += " COMMENT '" + fields[i].doc() + "'";
        sql += i + 1 < fields.size() ? ",\n" : ")\n";
      }
      sql += "USING iceberg\n";
      const auto& spec = m.DefaultSpec();
      if (!spec.fields().empty()) {
        sql += "PARTITIONED BY (";
        for (size_t i = 0; i < spec.fields().size(); ++i) {
          const auto& pf = spec.fields()[i];
          std::string source = m.CurrentSchema().FindColumnName(pf.source_id());
          const auto& t = pf.transform();
          std::string text;
          switch (t.kind()) {
            case iceberg::TransformKind::kIdentity: text = source; break;
            case iceberg::TransformKind::kBucket: text = "bucket(" + std::to_string(t.param()) + ", " + source + ")"; break;
            case iceberg::TransformKind::kTruncate: text = "truncate(" + std::to_string(t.param()) + ", " + source + ")"; break;
            default: text = t.ToString() + "s(" + source + ")"; break;
          }
          sql += (i ? ", " : "") + text;
        }
        sql += ")\n";
      }
      sql += "LOCATION '" + m.location + "'\n";
      if (!m.properties.empty()) {
        sql += "TBLPROPERTIES (\n";
        size_t i = 0;
        for (const auto& [k, v] : m.properties) {
          sql += "  '" + k + "' = '" + v + "'" + (++i < m.properties.size() ? ",\n" : ")\n");
        }
      }
      return TextResult({"createtab_stmt"}, {{sql}});
    }
    default: break;
  }
  throw NotImplementedError("this SHOW statement is not supported yet: " + statement.text);
}

}  // namespace floe
