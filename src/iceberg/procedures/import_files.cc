// Importing Parquet files other writers wrote into an Iceberg table without rewriting them
// (Iceberg 1.10's SparkTableUtil.importSparkPartitions with TableMigrationUtil): the files
// of a folder in the Hive layout, their partitions matched to an identity spec of the
// table, a name mapping when the table has none, metrics from each footer, one append.
// add_files and snapshot share it.
#include "iceberg/procedures/import_files.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/exception.h"
#include "common/sql_text.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/scan/snapshot_files.h"
#include "iceberg/single_value_parser.h"
#include "iceberg/single_value_serialization.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/write/transaction.h"
#include "parquet/footer_metrics.h"
#include "parquet/parquet_reader.h"

namespace floe::iceberg {

namespace {

// MappingUtil.create: every field by id with its current name, nested fields included.
nlohmann::json MappingOf(const std::vector<NestedField>& fields) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& f : fields) {
    nlohmann::json entry = {{"field-id", f.id()}, {"names", {f.name()}}};
    if (f.type()->IsNested()) entry["fields"] = MappingOf(f.type()->fields());
    out.push_back(std::move(entry));
  }
  return out;
}

// Conversions.fromPartitionString: a folder's value as a value of the partition's type
// (__HIVE_DEFAULT_PARTITION__, NULL).
Value PartitionValue(const Type& type, const std::string& text, const std::string& what) {
  if (text == "__HIVE_DEFAULT_PARTITION__") return Value::Null(type.ToLogicalType());
  switch (type.kind()) {
    case TypeKind::kBoolean:
    case TypeKind::kInt:
    case TypeKind::kLong:
    case TypeKind::kFloat:
    case TypeKind::kDouble: {
      nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
      if (json.is_discarded() || json.is_string() || json.is_null()) {
        throw InvalidInputError("Cannot add files: partition value '" + text + "' of " + what + " is not a " +
                                type.ToString());
      }
      return SingleValueParser::FromJson(type, json, what);
    }
    case TypeKind::kBinary:
    case TypeKind::kFixed:
      throw NotImplementedError("import of Parquet files: a " + type.ToString() + " identity partition is not supported (" + what + ")");
    default:
      return SingleValueParser::FromJson(type, nlohmann::json(text), what);
  }
}

}  // namespace

std::string ParquetSourcePath(ProcedureEngine& engine, const std::string& source, bool* is_table) {
  *is_table = false;
  size_t dot = source.find('.');
  std::string format = dot == std::string::npos ? "" : ToLower(source.substr(0, dot));
  if (format == "`parquet`") format = "parquet";
  std::string path = dot == std::string::npos ? "" : source.substr(dot + 1);
  if (path.size() >= 2 && path.front() == '`' && path.back() == '`') path = path.substr(1, path.size() - 2);
  if ((format == "orc" || format == "avro") && !path.empty()) {
    throw NotImplementedError("floe imports Parquet files only, not " + format + " (" + source + ")");
  }
  if (format == "parquet" && !path.empty() && path.find("://") == std::string::npos && path[0] != '/') {
    // why: the manifests record the path; a relative one would resolve against whichever
    // folder a reader runs in (Spark qualifies it the same way)
    path = std::filesystem::absolute(path).lexically_normal().string();
  }
  if (format != "parquet" || path.empty()) {
    // a catalog table: one of parquet, as Java's actions take a Spark session catalog table
    std::optional<ProcedureEngine::FileTable> table;
    try {
      table = engine.FindFileTable(source);
    } catch (const InvalidInputError&) {  // not a table name at all
    }
    if (table) {
      *is_table = true;
      return table->location;
    }
    throw InvalidInputError("source_table must name Parquet files as parquet.`/path/to/folder` or a parquet table "
                            "(CREATE TABLE .. USING parquet LOCATION), not '" + source + "'");
  }
  return path;
}

namespace {

std::string Quote(const std::string& name) {
  std::string out = "`";
  for (char c : name) out += c == '`' ? std::string("``") : std::string(1, c);
  return out + "`";
}

}  // namespace

std::string CreateTableSqlFor(ProcedureEngine& engine, const ParquetSource& source, const std::string& procedure,
                              const std::string& table_name, const std::optional<std::string>& location,
                              const std::map<std::string, std::string>& properties) {
  // the schema: the first file's columns, then the folder columns
  std::unique_ptr<ParquetReader> first = ParquetReader::Open(engine.io(), source.files.front());
  std::string columns;
  std::vector<std::string> seen;
  for (const auto& c : first->columns()) {
    if (!c.unsupported.empty() && !c.nested) {
      throw InvalidInputError("Cannot " + procedure + " " + source.files.front() + ": column " + c.name +
                              " cannot be read (" + c.unsupported + ")");
    }
    columns += (columns.empty() ? "" : ", ") + Quote(c.name) + " " + c.type.ToString();
    seen.push_back(ToLower(c.name));
  }
  std::string partitioned;
  std::vector<LogicalType> types = engine.HivePartitionTypes(source.files, source.root);
  for (size_t k = 0; k < source.keys.size() && k < types.size(); ++k) {
    const std::string& key = source.partitions.front()[k].first;
    partitioned += (partitioned.empty() ? "" : ", ") + Quote(key);
    if (std::find(seen.begin(), seen.end(), ToLower(key)) != seen.end()) continue;
    columns += ", " + Quote(key) + " " + types[k].ToString();
  }
  std::string sql = "CREATE TABLE " + table_name + " (" + columns + ") USING iceberg";
  if (!partitioned.empty()) sql += " PARTITIONED BY (" + partitioned + ")";
  if (location) sql += " LOCATION " + SqlStringLiteral(*location);
  std::string props;
  for (const auto& [k, v] : properties) {
    props += (props.empty() ? "" : ", ") + SqlStringLiteral(k) + " = " + SqlStringLiteral(v);
  }
  if (!props.empty()) sql += " TBLPROPERTIES (" + props + ")";
  return sql;
}

ParquetSource ListParquetSource(ProcedureEngine& engine, const std::string& root, bool table_folder) {
  // the files, as Spark's partition discovery lists them (hidden and _ files skipped)
  ParquetSource src;
  src.root = root;
  std::vector<std::string>& files = src.files;
  if (engine.io().Exists(root)) {
    files.push_back(root);
  } else {
    for (const FileInfo& f : engine.io().List(root)) {
      std::string rest = f.path.substr(std::min(f.path.size(), root.size()));
      if (table_folder && (rest.rfind("/metadata/", 0) == 0 || rest.rfind("/data/", 0) == 0)) continue;
      bool hidden = false;
      size_t start = 0;
      while (start < rest.size()) {
        size_t end = rest.find('/', start);
        std::string part = rest.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!part.empty() && (part[0] == '.' || part[0] == '_')) hidden = true;
        if (end == std::string::npos) break;
        start = end + 1;
      }
      if (!hidden) files.push_back(f.path);
    }
  }
  if (files.empty()) throw InvalidInputError("No files to import at " + root + " (a missing or empty folder)");
  auto& partitions = src.partitions;
  auto& keys = src.keys;
  for (const auto& f : files) {
    partitions.push_back(engine.HivePartition(f, root));
    std::vector<std::string> these;
    for (const auto& [k, v] : partitions.back()) these.push_back(ToLower(k));
    if (partitions.size() == 1) keys = these;
    if (these != keys) {
      throw InvalidInputError("Cannot import the files under " + root + ": they are not all in one partition layout");
    }
  }
  return src;
}

ImportResult ImportParquetFiles(ProcedureEngine& engine, const std::string& table_name, const ParquetSource& src,
                                const std::map<std::string, std::string>& filter, bool check_duplicates) {
  std::unique_ptr<ProcedureTable> table = engine.LoadTable(table_name);
  Transaction txn(table->operations(), table->state());
  bool any = AddImportToTransaction(engine, *table->state().metadata, table_name, src, filter, check_duplicates, &txn);
  return ImportResultOf(txn.Commit(), any);
}

bool AddImportToTransaction(ProcedureEngine& engine, const TableMetadata& m, const std::string& table_name,
                            const ParquetSource& src, const std::map<std::string, std::string>& filter,
                            bool check_duplicates, Transaction* txn) {
  const auto& files = src.files;
  const auto& partitions = src.partitions;
  const auto& keys = src.keys;
  // SparkTableUtil.findCompatibleSpec: the first spec of identity fields named as the folders
  const PartitionSpec* spec = nullptr;
  for (const auto& s : m.partition_specs) {
    bool identity = std::all_of(s.fields().begin(), s.fields().end(),
                                [](const PartitionField& f) { return f.transform().IsIdentity(); });
    std::vector<std::string> names;
    for (const auto& f : s.fields()) names.push_back(ToLower(f.name()));
    if (identity && names == keys) {
      spec = &s;
      break;
    }
  }
  if (!spec) {
    std::string list;
    for (const auto& k : keys) list += (list.empty() ? "" : ", ") + k;
    throw InvalidInputError("Cannot find a partition spec in Iceberg table " + table_name +
                            " that matches the partition columns ([" + list + "]) in input table");
  }
  // SparkTableUtil.validatePartitionFilter
  std::set<std::string> spec_names;
  for (const auto& f : spec->fields()) spec_names.insert(f.name());
  if (!spec->fields().empty() && !filter.empty()) {
    if (filter.size() > spec->fields().size()) {
      throw InvalidInputError("Cannot add data files to target table " + table_name +
                              " because that table is partitioned, but the number of columns in the provided "
                              "partition filter (" + std::to_string(filter.size()) +
                              ") is greater than the number of partitioned columns in table (" +
                              std::to_string(spec->fields().size()) + ")");
    }
    std::string unmatched, valid;
    for (const auto& [k, v] : filter) {
      if (!spec_names.count(k)) unmatched += (unmatched.empty() ? "" : ", ") + k;
    }
    for (const auto& n : spec_names) valid += (valid.empty() ? "" : ",") + n;
    if (!unmatched.empty()) {
      throw InvalidInputError("Cannot add files to target table " + table_name + ". " + table_name +
                              " is partitioned but the specified partition filter refers to columns that are "
                              "not partitioned: [" + unmatched + "] . Valid partition columns: [" + valid + "]");
    }
  } else if (!filter.empty()) {
    throw InvalidInputError("Cannot use partition filter with an unpartitioned table " + table_name);
  }
  // the files of the partitions the filter keeps
  std::vector<size_t> chosen;
  for (size_t i = 0; i < files.size(); ++i) {
    bool keep = true;
    for (const auto& [k, v] : filter) {
      for (const auto& [fk, fv] : partitions[i]) {
        if (ToLower(fk) == ToLower(k) && fv != v) keep = false;
      }
    }
    if (keep) chosen.push_back(i);
  }
  if (m.DefaultSpec().IsUnpartitioned() && !keys.empty()) {
    throw InvalidInputError("Cannot add partitioned files to an unpartitioned table");
  }
  if (!spec->fields().empty() && chosen.empty()) {
    throw InvalidInputError("Cannot find any matching partitions in table " + table_name);
  }

  // ensureNameMappingPresent: the mapping this import reads the files by
  std::map<std::string, std::string> properties = m.properties;
  bool add_mapping = !properties.count("schema.name-mapping.default");
  if (add_mapping) properties["schema.name-mapping.default"] = MappingOf(m.CurrentSchema().fields()).dump();
  NameMapping mapping = NameMapping::FromProperties(properties, &m.CurrentSchema());
  const Schema& schema = m.CurrentSchema();

  SnapshotChange change;
  change.operation = "append";
  change.owns_added_files = false;  // why: the user's files; a failed commit leaves them
  std::set<std::string> paths;
  for (size_t i : chosen) {
    std::unique_ptr<ParquetReader> reader = ParquetReader::Open(engine.io(), files[i]);
    ParquetFileMetrics metrics = FooterMetrics(*reader, 16);
    DataFile f;
    f.file_path = engine.remapper().Unmap(files[i]);
    f.file_format = "PARQUET";
    f.record_count = metrics.record_count;
    f.file_size_in_bytes = metrics.file_size;
    f.split_offsets = metrics.split_offsets;
    f.spec_id = spec->spec_id();
    for (const auto& field : schema.fields()) {
      int column = mapping.FindColumn(*reader, field.id(), field.name());
      if (column < 0) continue;
      LogicalType type = field.type()->ToLogicalType();
      const ParquetColumn& pc = reader->columns()[column];
      if (!pc.unsupported.empty() && !pc.nested) {
        throw InvalidInputError("Cannot add " + files[i] + ": column " + pc.name + " cannot be read (" +
                                pc.unsupported + ")");
      }
      if (!pc.nested && pc.type != type) {
        try {
          ParquetSchema::Promote(pc, type);  // the promotions a read applies
        } catch (const Exception&) {
          throw InvalidInputError("Cannot add " + files[i] + ": its column " + pc.name + " is " +
                                  pc.type.ToString() + ", the table's " + field.name() + " is " + type.ToString());
        }
      }
      const ParquetFieldMetrics& fm = metrics.fields[column];
      // why: a NULL in a required field would read as a value the table promises is there
      if (field.required() && pc.optional && (fm.null_count != 0 || pc.nested)) {
        throw InvalidInputError("Cannot add " + files[i] + ": the table's " + field.name() +
                                " is NOT NULL and the file's column " + pc.name +
                                (fm.null_count > 0 ? " holds NULLs" : " may hold NULLs (its statistics do not say)"));
      }
      f.column_sizes[field.id()] = fm.column_size;
      f.value_counts[field.id()] = fm.value_count;
      if (fm.null_count >= 0 && !pc.nested) f.null_value_counts[field.id()] = fm.null_count;
      // bounds of the table's type only (a promoted column's are left out)
      if (fm.lower_bound && fm.upper_bound && fm.lower_bound->type().id() == type.id() &&
          fm.upper_bound->type().id() == type.id() && field.type()->IsPrimitive()) {
        f.lower_bounds[field.id()] = SingleValueSerialization::ToBytes(*field.type(), *fm.lower_bound);
        f.upper_bounds[field.id()] = SingleValueSerialization::ToBytes(*field.type(), *fm.upper_bound);
      }
    }
    for (const auto& pf : spec->fields()) {
      const NestedField* source = schema.FindFieldById(pf.source_id());
      std::string text;
      for (const auto& [k, v] : partitions[i]) {
        if (ToLower(k) == ToLower(pf.name())) text = v;
      }
      if (!source) throw InvalidInputError("Cannot import: partition field " + pf.name() + " has no source column");
      f.partition.push_back(PartitionValue(*source->type(), text, pf.name() + " of " + files[i]));
    }
    paths.insert(f.file_path);
    change.added.push_back(std::move(f));
  }
  if (check_duplicates && m.CurrentSnapshot()) {
    std::string duplicates;
    for (const auto& e : SnapshotFiles(engine.io(), m.CurrentSnapshot(), engine.remapper())) {
      if (paths.count(e.data_file.file_path)) duplicates += (duplicates.empty() ? "" : ", ") + e.data_file.file_path;
    }
    if (!duplicates.empty()) {
      throw InvalidInputError("Cannot complete import because data files to be imported already exist within the "
                              "target table: " + duplicates +
                              ".  This is disabled by setting check_duplicate_files to false");
    }
  }

  std::string mapping_json = properties["schema.name-mapping.default"];
  txn->UpdateMetadata([mapping_json](const TableMetadata& current,
                                     const std::string& file) -> std::optional<TableMetadata> {
    if (current.properties.count("schema.name-mapping.default")) return std::nullopt;
    TableMetadataBuilder builder(current, file);
    builder.SetProperties({{"schema.name-mapping.default", mapping_json}});
    return builder.Build(NowMillis());
  });
  if (change.added.empty()) return false;
  txn->AddSnapshot(std::move(change));
  return true;
}

ImportResult ImportResultOf(const TableState& committed, bool appended) {
  int64_t added = 0;
  Value changed = Value::Null(TypeId::kInt64);
  if (appended && committed.metadata && committed.metadata->CurrentSnapshot()) {
    const auto& summary = committed.metadata->CurrentSnapshot()->summary;
    if (auto it = summary.find("added-data-files"); it != summary.end()) added = std::stoll(it->second);
    if (auto it = summary.find("changed-partition-count"); it != summary.end()) {
      changed = Value::Int64(std::stoll(it->second));
    }
  }
  return {added, changed};
}

}  // namespace floe::iceberg
