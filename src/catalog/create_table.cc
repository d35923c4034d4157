// CREATE [OR REPLACE] TABLE [AS] on the catalog: the new table's schema, partition spec and
// properties from the statement; its commit, creating the table or replacing it in one
// transaction (an AS query's rows, written by the caller's plan, in its first snapshot).
#include "catalog/create_table.h"

#include "catalog/catalog_table_operations.h"
#include "catalog/table_commit.h"
#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/exception.h"
#include "iceberg/partition_spec_builder.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/type.h"
#include "iceberg/write/conflict_validation.h"
#include "iceberg/write/transaction.h"

namespace floe {

namespace {

std::string WithoutTrailingSlashes(std::string location) {
  while (location.size() > 1 && location.back() == '/') location.pop_back();
  return location;
}

}  // namespace

// (Spark keeps them, and so does the Iceberg schema it creates: a required nested field is
// checked as rows are written)
iceberg::TypePtr WithFieldOptions(const iceberg::TypePtr& type, const ParsedType& parsed) {
  const auto& fields = type->fields();
  if (fields.empty() || parsed.children.size() != fields.size()) return type;
  switch (type->kind()) {
    case iceberg::TypeKind::kStruct: {
      std::vector<iceberg::NestedField> out;
      for (size_t i = 0; i < fields.size(); ++i) {
        bool required = i < parsed.field_not_null.size() && parsed.field_not_null[i];
        std::string doc = i < parsed.field_comments.size() ? parsed.field_comments[i] : std::string();
        out.emplace_back(fields[i].id(), fields[i].name(), WithFieldOptions(fields[i].type(), parsed.children[i]),
                         required, doc);
      }
      return iceberg::Type::Struct(std::move(out));
    }
    case iceberg::TypeKind::kList:
      return iceberg::Type::List(fields[0].id(), fields[0].required(),
                                 WithFieldOptions(fields[0].type(), parsed.children[0]));
    case iceberg::TypeKind::kMap:
      return iceberg::Type::Map(fields[0].id(), WithFieldOptions(fields[0].type(), parsed.children[0]), fields[1].id(),
                                fields[1].required(), WithFieldOptions(fields[1].type(), parsed.children[1]));
    default:
      return type;
  }
}

namespace {

iceberg::Schema SchemaOf(const CreateTableStatement& statement, const ResolvedTableName& name,
                         const std::vector<QueryColumn>& query_columns) {
  std::vector<iceberg::NestedField> fields;
  // top-level fields take ids 1..n, their nested fields the ids after (Iceberg's AssignFreshIds)
  int next_id = static_cast<int>(query_columns.size() + statement.columns.size());
  auto add = [&](const std::string& column, const LogicalType& type, bool required, const std::string& doc,
                 const ParsedType* parsed) {
    for (const auto& f : fields) {
      if (ToLower(f.name()) == ToLower(column)) {
        throw InvalidInputError("[COLUMN_ALREADY_EXISTS] column " + column + " appears twice in " + name.ToString());
      }
    }
    iceberg::TypePtr field_type = iceberg::Type::FromLogicalType(type, &next_id);
    if (parsed) field_type = WithFieldOptions(field_type, *parsed);
    fields.emplace_back(static_cast<int>(fields.size() + 1), column, std::move(field_type), required, doc);
  };
  for (const auto& c : query_columns) {
    add(c.name, c.type.id() == TypeId::kNull ? LogicalType(TypeId::kString) : c.type, false, "", nullptr);
  }
  for (const auto& c : statement.columns) {
    // why: Iceberg 1.10's Spark catalog does not declare column defaults, and Spark refuses
    // a DEFAULT for it (floe reads v3 defaults other writers set; it does not set them)
    if (c.default_value) {
      throw NotImplementedError("Cannot create column " + c.name + " with a DEFAULT value: setting default values in "
                                "Spark is currently unsupported");
    }
    add(c.name, ColumnType(c.type), c.not_null, c.comment.value_or(""), &c.type);
  }
  if (fields.empty()) throw InvalidInputError("table " + name.ToString() + " needs at least one column");
  return iceberg::Schema(0, std::move(fields));
}

iceberg::PartitionSpec SpecOf(const CreateTableStatement& statement, const ResolvedTableName& name,
                              const iceberg::Schema& schema) {
  iceberg::PartitionSpecBuilder builder(schema);
  for (const auto& p : statement.partitioned_by) {
    iceberg::Transform transform = iceberg::Transform::FromSparkFunction(p.transform, p.param);
    const iceberg::NestedField* source = schema.FindFieldByName(p.column, false);
    if (!source) {
      throw BinderError("[UNRESOLVED_COLUMN] partition column `" + p.column + "` not found in " + name.ToString());
    }
    builder.Add(schema.FindColumnName(source->id()), transform);
  }
  iceberg::PartitionSpec spec = builder.Build(0);
  iceberg::CheckRedundantTimePartitions(spec, schema);
  return spec;
}

std::map<std::string, std::string> PropertiesOf(const CreateTableStatement& statement) {
  std::map<std::string, std::string> properties;
  for (const auto& [k, v] : statement.properties) {
    properties[k] = v;  // format-version: the builder upgrades the new table (2 or 3)
  }
  if (statement.comment) properties["comment"] = *statement.comment;
  iceberg::CheckCommitProperties(properties);
  return properties;
}

// The replacement of `base` (read from `base_file`): as Java's buildReplacement.
iceberg::TableMetadata Replacement(const TableCreation& creation, const iceberg::TableMetadata& base,
                                   const std::string& base_file, int64_t now) {
  std::string location = WithoutTrailingSlashes(creation.location.value_or(base.location));
  return iceberg::TableMetadataBuilder::Replacement(base, base_file, creation.schema, creation.spec,
                                                    iceberg::SortOrder::Unsorted(), location, creation.properties)
      .Build(now);
}

}  // namespace

LogicalType ColumnType(const ParsedType& type) {
  LogicalType out;
  bool unstorable = type.ToType(&out) && out.Contains([](const LogicalType& t) {
    return t.id() == TypeId::kNull || t.id() == TypeId::kInterval;
  });
  if (!type.ToType(&out) || unstorable) {
    throw NotImplementedError("unsupported column type " + type.ToString());
  }
  return out;
}

bool IsFileTableProvider(const std::string& provider) { return provider == "parquet"; }

std::optional<FileTableEntry> PrepareFileTable(TableCatalog& tables, const CreateTableStatement& statement,
                                               const std::string& current_namespace) {
  ResolvedTableName name = tables.ResolveForCreate(statement.name, current_namespace);
  std::string what = "CREATE TABLE " + name.ToString() + " USING " + statement.provider;
  auto refuse = [&](const std::string& clause) {
    throw NotImplementedError(what + ": " + clause +
                              " is not supported; a parquet table takes its columns and hive partitions from the "
                              "files at its LOCATION, and floe writes only Iceberg tables");
  };
  if (!statement.location) refuse("a table without LOCATION");
  if (!statement.columns.empty()) refuse("a column list");
  if (!statement.partitioned_by.empty()) refuse("PARTITIONED BY");
  if (statement.query) refuse("AS query");
  if (!statement.properties.empty()) refuse("TBLPROPERTIES");
  if (!statement.options.empty()) refuse("OPTIONS");
  if (statement.comment) refuse("COMMENT");
  if (statement.or_replace || statement.replace) refuse("REPLACE");
  if (tables.catalog().NameTaken(name.namespace_name, name.table_name)) {
    if (statement.if_not_exists) return std::nullopt;
    throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table " + name.ToString() +
                       " because it already exists");
  }
  return FileTableEntry{name.namespace_name, name.table_name, statement.provider,
                        WithoutTrailingSlashes(*statement.location)};
}

std::optional<TableCreation> PrepareTableCreation(TableCatalog& tables, const iceberg::LocationRemapper& remapper,
                                                  const CreateTableStatement& statement,
                                                  const std::string& current_namespace,
                                                  const std::vector<QueryColumn>& query_columns,
                                                  const std::optional<FileTableBackup>& replacing) {
  if (!statement.provider.empty() && statement.provider != "iceberg") {
    throw NotImplementedError("USING " + statement.provider +
                              " tables are not supported; floe tables are Iceberg (or parquet over a LOCATION)");
  }
  TableCreation creation;
  creation.name = tables.ResolveForCreate(statement.name, current_namespace);
  const ResolvedTableName& name = creation.name;
  creation.replaces_file_table = replacing;
  bool file_table = tables.catalog().LoadFileTable(name.namespace_name, name.table_name).has_value();
  if (replacing && !file_table) {
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Cannot find source table '" + name.ToString() + "'");
  }
  if (file_table && !replacing) {
    if (statement.if_not_exists) return std::nullopt;
    throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table " + name.ToString() +
                       " because it already exists as a parquet table (CALL system.migrate('" + name.ToString() +
                       "') converts it to Iceberg in place)");
  }
  bool exists = tables.catalog().LoadTable(name.namespace_name, name.table_name).has_value();
  if (exists && statement.if_not_exists) return std::nullopt;
  if (exists && !statement.or_replace) {
    throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table " + name.ToString() +
                       " because it already exists");
  }
  if (!exists && statement.replace && !statement.or_replace) {
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Cannot replace table " + name.ToString() + ": not found");
  }
  creation.schema = SchemaOf(statement, name, query_columns);
  creation.spec = SpecOf(statement, name, creation.schema);
  creation.properties = PropertiesOf(statement);
  creation.location = statement.location;
  iceberg::TableMetadata metadata;
  if (exists) {
    // The rows are written with the replacement's field ids and spec, decided on the table
    // as read: the commit requires it unchanged.
    creation.replaced = tables.Load(name, remapper);
    const iceberg::TableMetadata& old = *creation.replaced->metadata;
    metadata = Replacement(creation, old, "", old.last_updated_ms);
  } else {
    std::string location = WithoutTrailingSlashes(
        statement.location ? *statement.location : tables.DefaultLocation(name.namespace_name, name.table_name));
    metadata = iceberg::TableMetadataBuilder::NewTable(creation.schema, creation.spec, iceberg::SortOrder::Unsorted(),
                                                       location, creation.properties)
                   .Build(NowMillis());
  }
  tables.CheckWritable(metadata, remapper);
  // why: names and properties must be valid UTF-8 before data files carry the schema
  iceberg::TableMetadata::ValidateText(metadata.ToJson());
  creation.metadata = std::make_shared<const iceberg::TableMetadata>(std::move(metadata));
  return creation;
}

void CommitTableCreation(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
                         const TableCreation& creation, std::vector<iceberg::DataFile> files) {
  auto add_rows = [&](iceberg::Transaction& txn) {
    if (files.empty()) return;
    iceberg::SnapshotChange change;
    change.added = std::move(files);
    txn.AddSnapshot(std::move(change));
  };
  if (!creation.replaced) {
    CommitNewTable(tables, io, remapper, creation, add_rows);
    return;
  }
  // One replace transaction, as Iceberg's: one swap of the metadata pointer, so a failure
  // anywhere before it leaves the old table as it was.
  CommitToTable(tables, io, remapper, *creation.replaced, [&](iceberg::Transaction& txn) {
    txn.RequireUnchanged("replaced");
    txn.UpdateMetadata([&](const iceberg::TableMetadata& m, const std::string& file) {
      return std::optional<iceberg::TableMetadata>(Replacement(creation, m, file, NowMillis()));
    });
    add_rows(txn);
  });
}

iceberg::TableState CommitNewTable(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
                                   const TableCreation& creation,
                                   const std::function<void(iceberg::Transaction&)>& changes) {
  CatalogTableOperations ops(tables.catalog(), creation.name.namespace_name, creation.name.table_name,
                             tables.warehouse(), io, remapper);
  if (creation.replaces_file_table) ops.ReplaceFileTable(*creation.replaces_file_table);
  try {
    iceberg::Transaction create = iceberg::Transaction::CreateTable(ops, *creation.metadata);
    changes(create);
    return create.Commit();
  } catch (...) {
    // The failed transaction deleted its files, the data writer its partition folders; the
    // table's metadata/ and data/ folders and its location go too when empty (a location
    // that was an empty folder before is removed as well: it held nothing)
    const std::string location = remapper.Remap(creation.metadata->location);
    try {
      for (const char* folder : {"/metadata", "/data"}) io.DeleteEmptyFolder(location + folder);
      io.DeleteEmptyFolder(location);
    } catch (const std::exception&) {  // the creation's error is the one to report
    }
    throw;
  }
}

}  // namespace floe
