// CALL system.compute_table_stats(table, snapshot_id, columns): the number of distinct values
// of each column, as Iceberg 1.10's ComputeTableStatsProcedure (ComputeTableStatsSparkAction,
// NDVSketchUtil) computes and stores it: a theta sketch per column (iceberg_theta_sketch over
// the snapshot's rows), each a zstd blob of type apache-datasketches-theta-v1 with an `ndv`
// property (the estimate, truncated) in one Puffin file <location>/metadata/<snapshot>-<uuid>.stats,
// registered under `statistics` for that snapshot (replacing an earlier file for it) in one
// commit. The same scan gives the statistics Spark's ANALYZE TABLE ... FOR COLUMNS keeps
// (null count, min, max, average and longest length), stored as floe.* properties of each
// column's blob. Returns the file's location; no row for a table without snapshots.
#include <algorithm>
#include <string>

#include <nlohmann/json.hpp>

#include "common/date_time.h"
#include "common/exception.h"
#include "common/theta_sketch.h"
#include "iceberg/procedures/procedure.h"
#include "iceberg/puffin/puffin_file.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/uuid.h"
#include "iceberg/write/transaction.h"
#include "sql/parser.h"
#include "sql/qualified_name.h"

namespace floe::iceberg {

namespace {

// What Spark's ANALYZE TABLE ... FOR COLUMNS keeps of a column of this type
// (AnalyzeColumnCommand.statExprs): min and max for numbers, booleans, dates and
// timestamps; the average and longest length measured for strings (characters) and binary
// (bytes), the type's fixed size (DataType.defaultSize) for the others. A measured column
// of NULLs only is given its type's default size (AnalyzeColumnCommand.rowToColumnStat).
struct ColumnStatKind {
  bool min_max = false;
  bool measured_length = false;
  int64_t fixed_length = -1;  // -1: none, or measured
  int64_t null_length = -1;   // a measured column's length when every value is NULL
};

ColumnStatKind StatKindOf(const LogicalType& type) {
  switch (type.id()) {
    case TypeId::kBoolean:
    case TypeId::kInt8: return {true, false, 1};
    case TypeId::kInt16: return {true, false, 2};
    case TypeId::kInt32:
    case TypeId::kFloat:
    case TypeId::kDate: return {true, false, 4};
    case TypeId::kInt64:
    case TypeId::kDouble:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTime: return {true, false, 8};
    case TypeId::kDecimal: return {true, false, type.precision() <= 18 ? 8 : 16};
    case TypeId::kString: return {false, true, -1, 20};
    case TypeId::kBinary: return {false, true, -1, 100};
    default: return {};
  }
}

class ComputeTableStats final : public Procedure {
 public:
  std::string name() const override { return "compute_table_stats"; }
  std::vector<ProcedureParameter> parameters() const override {
    return {{"table", TypeId::kString, true},
            {"snapshot_id", TypeId::kInt64, false},
            {"columns", LogicalType::List(TypeId::kString), false}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& args) const override {
    ProcedureResult result;
    result.names = {"statistics_file"};
    result.types = {TypeId::kString};
    std::string table_name = args.String("table", name());
    std::unique_ptr<ProcedureTable> table = engine.LoadTable(table_name);
    const TableMetadata& m = *table->state().metadata;
    const Snapshot* snapshot = m.CurrentSnapshot();
    if (args.Has("snapshot_id")) {
      snapshot = m.SnapshotById(args.Long("snapshot_id", name()));
      if (!snapshot) throw InvalidInputError("Snapshot not found: " + std::to_string(args.Long("snapshot_id", name())));
    }
    if (!snapshot) return result;  // "No snapshot to compute stats for table"
    const Schema* schema = snapshot->schema_id ? m.SchemaById(*snapshot->schema_id) : nullptr;
    if (!schema) schema = &m.CurrentSchema();

    // the columns: as given (each once), else every top-level primitive column
    std::vector<std::string> columns;
    if (args.Has("columns")) {
      for (const Value& v : args.values.at("columns").children()) {
        if (v.is_null()) throw InvalidInputError("compute_table_stats: a column name is NULL");
        if (std::find(columns.begin(), columns.end(), v.str()) == columns.end()) columns.push_back(v.str());
      }
      if (columns.empty()) throw InvalidInputError("Columns cannot be null/empty");
    } else {
      for (const NestedField& f : schema->fields()) {
        if (f.type()->IsPrimitive()) columns.push_back(f.name());
      }
    }
    if (columns.empty()) throw InvalidInputError("No columns found to compute stats");
    std::vector<const NestedField*> fields;
    std::vector<ColumnStatKind> kinds;
    std::string select;
    for (const std::string& column : columns) {
      const NestedField* field = schema->FindFieldByName(column);
      if (!field) throw InvalidInputError("Can't find column " + column + " in " + table_name + "'s schema");
      if (!field->type()->IsPrimitive()) {
        throw InvalidInputError("Can't compute stats on non-primitive type column: " + column + " (" +
                                field->type()->ToString() + ")");
      }
      fields.push_back(field);
      // a top-level name is one identifier (dots and all); a nested field is a path of them
      bool top_level = false;
      for (const NestedField& f : schema->fields()) top_level = top_level || f.name() == column;
      std::string reference;
      for (size_t start = 0;;) {
        size_t dot = top_level ? std::string::npos : column.find('.', start);
        std::string part = column.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        reference += (reference.empty() ? "" : ".") + QuoteIdentifierIfNeeded(part);
        if (dot == std::string::npos) break;
        start = dot + 1;
      }
      // per column: the sketch, the NULL count, min and max as text, the lengths
      const ColumnStatKind& kind = kinds.emplace_back(StatKindOf(field->type()->ToLogicalType()));
      select += (select.empty() ? "" : ", ") + std::string("iceberg_theta_sketch(") + reference + ")";
      select += ", count(*) - count(" + reference + ")";
      select += kind.min_max ? ", CAST(min(" + reference + ") AS STRING), CAST(max(" + reference + ") AS STRING)"
                             : ", NULL, NULL";
      select += kind.measured_length ? ", CAST(ceil(avg(length(" + reference + "))) AS BIGINT), CAST(max(length(" +
                                           reference + ")) AS BIGINT)"
                                     : ", NULL, NULL";
    }
    constexpr size_t kPerColumn = 6;
    // min and max of a timestamp are kept as UTC text, whatever the session's zone
    // (CatalogColumnStat.toExternalString formats them with ZoneOffset.UTC)
    std::vector<std::vector<Value>> rows;
    {
      ScopedSetting utc(engine, "spark.sql.session.timeZone", "UTC");
      rows = engine.Execute(*Parser::ParseStatement("SELECT " + select + " FROM " + table_name + " VERSION AS OF " +
                                                    std::to_string(snapshot->snapshot_id)));
    }
    if (rows.size() != 1 || rows[0].size() != kPerColumn * fields.size()) {
      throw InternalError("compute_table_stats: the sketch query returned no single row");
    }

    std::string location = m.location + "/metadata/" + std::to_string(snapshot->snapshot_id) + "-" + Uuid::Random() +
                           ".stats";
    FileIO& io = table->operations().io();
    std::string local = table->operations().remapper().Remap(location);
    nlohmann::json entry;
    try {
      std::unique_ptr<OutputFile> out = io.Create(local);
      PuffinWriter writer(*out);
      nlohmann::json blobs = nlohmann::json::array();
      for (size_t i = 0; i < fields.size(); ++i) {
        const std::vector<Value>& row = rows[0];
        size_t at = kPerColumn * i;
        std::string bytes = row[at].str();
        auto ndv = static_cast<int64_t>(ThetaSketch::Deserialize(bytes).Estimate());  // Java's (long) cast
        BlobMetadata blob;
        blob.type = "apache-datasketches-theta-v1";
        blob.fields = {fields[i]->id()};
        blob.snapshot_id = snapshot->snapshot_id;
        blob.sequence_number = snapshot->sequence_number;
        blob.compression_codec = "zstd";
        blob.properties = {{"ndv", std::to_string(ndv)}};
        // Spark's other column statistics, as properties of the same blob under floe's own
        // names (Puffin allows any; Iceberg and Trino read only ndv)
        blob.properties["floe.null-count"] = row[at + 1].ToString();
        if (!row[at + 2].is_null()) blob.properties["floe.min"] = row[at + 2].str();
        if (!row[at + 3].is_null()) blob.properties["floe.max"] = row[at + 3].str();
        const ColumnStatKind& kind = kinds[i];
        if (kind.fixed_length >= 0) {
          blob.properties["floe.avg-len"] = blob.properties["floe.max-len"] = std::to_string(kind.fixed_length);
        } else if (kind.measured_length && !row[at + 4].is_null()) {
          blob.properties["floe.avg-len"] = row[at + 4].ToString();
          blob.properties["floe.max-len"] = row[at + 5].ToString();
        } else if (kind.measured_length) {
          blob.properties["floe.avg-len"] = blob.properties["floe.max-len"] = std::to_string(kind.null_length);
        }
        const BlobMetadata& written = writer.Add(blob, bytes);
        nlohmann::json jb = {{"type", written.type},
                             {"snapshot-id", written.snapshot_id},
                             {"sequence-number", written.sequence_number},
                             {"fields", written.fields},
                             {"properties", written.properties}};
        blobs.push_back(std::move(jb));
      }
      writer.Finish();
      entry = {{"snapshot-id", snapshot->snapshot_id},
               {"statistics-path", location},
               {"file-size-in-bytes", writer.file_size()},
               {"file-footer-size-in-bytes", writer.footer_size()},
               {"blob-metadata", std::move(blobs)}};
      int64_t snapshot_id = snapshot->snapshot_id;
      Transaction txn(table->operations(), table->state());
      txn.UpdateMetadata([&](const TableMetadata& current, const std::string& file) -> std::optional<TableMetadata> {
        if (!current.SnapshotById(snapshot_id)) {
          throw InvalidInputError("Snapshot not found: " + std::to_string(snapshot_id) + " (expired meanwhile)");
        }
        TableMetadata next = current;
        nlohmann::json kept = nlohmann::json::array();
        for (const auto& s : next.statistics) {
          if (!s.is_object() || s.value("snapshot-id", int64_t{-1}) != snapshot_id) kept.push_back(s);
        }
        kept.push_back(entry);
        next.statistics = std::move(kept);
        TableMetadataBuilder builder(std::move(next), file);
        return builder.Build(NowMillis());
      });
      txn.Commit();
    } catch (...) {
      DeleteQuietly(io, {local});
      throw;
    }
    result.rows.push_back({Value::String(location)});
    return result;
  }
};

}  // namespace

const Procedure& ComputeTableStatsProcedure() {
  static const ComputeTableStats procedure;
  return procedure;
}

}  // namespace floe::iceberg
