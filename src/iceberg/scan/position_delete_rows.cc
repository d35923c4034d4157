// Reading a position delete file row by row, with the deleted rows it may keep: what
// rewrite_position_delete_files and rewrite_table_path write again (the scan's
// DeleteFileCache reads only the paths and positions).
#include "iceberg/scan/position_delete_rows.h"

#include "iceberg/manifests/data_file.h"
#include "iceberg/scan/data_file_reader.h"
#include "iceberg/scan/name_mapping.h"
#include "parquet/scan_counters.h"

namespace floe::iceberg {

std::vector<NestedField> PositionDeleteColumns(const Schema* row_schema) {
  std::vector<NestedField> columns = {
      NestedField::Required(kDeleteFilePathFieldId, "file_path", Type::Primitive(TypeKind::kString)),
      NestedField::Required(kDeletePosFieldId, "pos", Type::Primitive(TypeKind::kLong))};
  if (row_schema) {
    columns.push_back(NestedField::Optional(kDeleteRowFieldId, "row", Type::Struct(row_schema->fields())));
  }
  return columns;
}

void DeletedRows::Add(int64_t pos, Value row) {
  if (!row.is_null() && rows.size() < positions.size()) rows.resize(positions.size());
  positions.push_back(pos);
  if (!rows.empty() || !row.is_null()) rows.push_back(std::move(row));
}

std::map<std::string, DeletedRows> ReadPositionDeleteRows(FileIO& io, const DeleteFileRef& file,
                                                          const Schema& schema, const LocationRemapper& remapper) {
  const Schema deletes(0, PositionDeleteColumns(&schema));
  FileScanTask task;
  task.data_file = file.file;
  task.local_path = file.local_path;
  DataFileReader reader(io, task, deletes, nullptr, {kDeleteFilePathFieldId, kDeletePosFieldId, kDeleteRowFieldId},
                        Expression::AlwaysTrue(), remapper, NameMapping(), false);
  std::map<std::string, DeletedRows> out;
  ScanCounters counters;
  DataChunk chunk;
  for (int rg = 0; rg < reader.num_row_groups(); ++rg) {
    auto cursor = reader.ReadRowGroup(rg, &counters);
    while (cursor && cursor->Next(chunk)) {
      const Vector& paths = chunk.column(0);
      const Vector& positions = chunk.column(1);
      const Vector& rows = chunk.column(2);
      DeletedRows* current = nullptr;
      std::string_view current_path;
      for (size_t i = 0; i < chunk.size(); ++i) {
        if (paths.IsNull(i) || positions.IsNull(i)) continue;
        std::string_view path = paths.Data<StringRef>()[i].view();
        if (!current || path != current_path) {
          current = &out[std::string(path)];
          current_path = path;
        }
        current->Add(positions.Data<int64_t>()[i], rows.IsNull(i) ? Value() : rows.GetValue(i));
      }
    }
  }
  return out;
}

}  // namespace floe::iceberg
