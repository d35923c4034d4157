#include "iceberg/scan/data_file_reader.h"

#include <algorithm>
#include <limits>

#include "common/exception.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/metadata_columns.h"
#include "iceberg/scan/nested_projection.h"
#include "iceberg/scan/partition_constants.h"
#include "parquet/nested_column_reader.h"

namespace floe::iceberg {

namespace {

std::optional<ColumnPredicate::Op> ColumnOp(Operation op) {
  switch (op) {
    case Operation::kEq:
    case Operation::kIsNan: return ColumnPredicate::Op::kEq;
    case Operation::kLt: return ColumnPredicate::Op::kLt;
    case Operation::kLtEq: return ColumnPredicate::Op::kLe;
    case Operation::kGt: return ColumnPredicate::Op::kGt;
    case Operation::kGtEq: return ColumnPredicate::Op::kGe;
    case Operation::kIsNull: return ColumnPredicate::Op::kIsNull;
    case Operation::kNotNull: return ColumnPredicate::Op::kIsNotNull;
    case Operation::kIn: return ColumnPredicate::Op::kIn;
    default: return std::nullopt;
  }
}

void Conjuncts(const ExpressionPtr& e, std::vector<ExpressionPtr>* out) {
  if (e->op() == Operation::kAnd) {
    Conjuncts(e->left(), out);
    Conjuncts(e->right(), out);
  } else {
    out->push_back(e);
  }
}

// Returns `x > v` for `x > v or is_nan(x)` (and >=), the form IcebergFilterConverter gives a
// Spark comparison on a floating-point column: ColumnPredicate's > and >= order NaN above
// every number already, so the row group statistics can prune by it; nullptr otherwise.
ExpressionPtr GreaterOrNaN(const ExpressionPtr& e) {
  if (e->op() != Operation::kOr || !e->left()->IsPredicate() || !e->right()->IsPredicate()) return nullptr;
  const auto* a = static_cast<const Predicate*>(e->left().get());
  const auto* b = static_cast<const Predicate*>(e->right().get());
  if (a->op() == Operation::kIsNan) std::swap(a, b);
  bool greater = a->op() == Operation::kGt || a->op() == Operation::kGtEq;
  if (!greater || b->op() != Operation::kIsNan || a->field_id() != b->field_id()) return nullptr;
  return e->left().get() == a ? e->left() : e->right();
}

// Appends to *path the ids from `field` down to the field `id` through structs only; false
// when `id` is not `field` or a field of its structs.
bool StructPath(const NestedField& field, int id, std::vector<int>* path) {
  path->push_back(field.id());
  if (field.id() == id) return true;
  if (field.type()->kind() == TypeKind::kStruct) {
    for (const auto& child : field.type()->fields()) {
      if (StructPath(child, id, path)) return true;
    }
  }
  path->pop_back();
  return false;
}

// Opens the task's file; an encrypted one (a key_metadata in its manifest entry, format
// version 3 table encryption) is refused before its bytes are read as Parquet.
std::unique_ptr<ParquetReader> OpenUnencrypted(FileIO& io, const FileScanTask& task) {
  if (task.data_file.key_metadata) {
    throw NotImplementedError("data file " + task.data_file.file_path +
                              " is encrypted (its manifest entry has key_metadata); floe does not read encrypted tables");
  }
  return ParquetReader::Open(io, task.local_path);
}

}  // namespace

DataFileReader::DataFileReader(FileIO& io, const FileScanTask& task, const Schema& schema, const PartitionSpec* spec,
                               std::vector<int> field_ids, const ExpressionPtr& filter,
                               const LocationRemapper& remapper, const NameMapping& mapping, bool prune_row_groups,
                               DeleteFileCache* cache, const std::vector<FieldSelection>* selections)
    : reader_(OpenUnencrypted(io, task)), prune_row_groups_(prune_row_groups) {
  if (!task.deletes.empty()) {
    std::unique_ptr<DeleteFileCache> own;
    if (!cache) cache = (own = std::make_unique<DeleteFileCache>(io, schema, remapper, mapping)).get();
    deletes_ = std::make_unique<DeleteFilter>(task, *cache);
    if (deletes_->empty()) deletes_.reset();
  }
  std::map<int, int> slot_of_column;
  auto add_column = [&](int col, const LogicalType& type, std::shared_ptr<const ParquetNode> node) {
    auto it = slot_of_column.find(col);
    if (it != slot_of_column.end()) return it->second;
    int slot = static_cast<int>(projection_.size());
    projection_.push_back(col);
    read_types_.push_back(type);
    read_nodes_.push_back(std::move(node));
    slot_of_column[col] = slot;
    return slot;
  };
  // The spec's column projection, in its order: the file's column with the field id; the
  // identity partition value; the name mapping's column (files without ids); NULL.
  std::map<int, Value> partition_values;
  if (spec) partition_values = IdentityPartitionValues(*spec, schema, task.data_file.partition);
  std::map<int, int> file_column_of_id;
  for (size_t i = 0; i < reader_->columns().size(); ++i) {
    if (reader_->columns()[i].field_id >= 0) file_column_of_id.emplace(reader_->columns()[i].field_id, static_cast<int>(i));
  }
  std::vector<std::pair<int, int>> constant_slots;  // field id, index in constants_
  auto constant_slot = [&](int id, Value value) {
    for (const auto& [cid, index] : constant_slots) {
      if (cid == id) return -2 - index;
    }
    constant_slots.emplace_back(id, static_cast<int>(constants_.size()));
    constants_.push_back(std::move(value));
    return -2 - static_cast<int>(constants_.size() - 1);
  };
  auto slot_of = [&](int id, const NestedField& field, const FieldSelection* selection) {
    // The spec's column projection: the identity partition value, the file's column (by
    // id or name mapping), the field's initial-default, else NULL.
    if (!file_column_of_id.count(id)) {
      if (auto value = partition_values.find(id); value != partition_values.end()) return constant_slot(id, value->second);
    }
    int col = mapping.FindColumn(*reader_, id, field.name());
    if (col < 0) {
      if (auto value = InitialDefault(field)) return constant_slot(id, std::move(*value));
    }
    if (col < 0 || !reader_->columns()[col].unsupported.empty()) return -1;
    const ParquetColumn& column = reader_->columns()[col];
    std::shared_ptr<const ParquetNode> node;
    if (field.type()->IsNested() || field.type()->kind() == TypeKind::kVariant) {
      if (!column.nested) {
        throw FormatError("data file " + reader_->path() + ": column \"" + column.name + "\" is not nested but " +
                          "field " + field.name() + " is a " + field.type()->ToString());
      }
      bool has_ids = column.field_id >= 0;
      const NameMapping::MappedField* mapped = has_ids ? nullptr : mapping.Find(mapping.fields(), id, field.name());
      try {
        node = ProjectNested(*column.nested, *field.type(), has_ids, mapping, mapped);
        if (selection) node = SelectFields(std::move(node), *selection);
      } catch (const FormatError& e) {
        throw FormatError("data file " + reader_->path() + ": " + e.what());
      }
    }
    return add_column(col, field.type()->ToLogicalType(), std::move(node));
  };
  first_row_id_ = task.data_file.first_row_id;
  data_sequence_number_ = task.data_sequence_number;
  lineage_.assign(field_ids.size(), 0);
  for (size_t i = 0; i < field_ids.size(); ++i) {
    int id = field_ids[i];
    if (id == MetadataColumns::kFilePathFieldId) {  // the same for every row of the file
      types_.push_back(TypeId::kString);
      slot_of_field_.push_back(constant_slot(id, Value::String(task.data_file.file_path)));
      continue;
    }
    if (MetadataColumns::IsRowLineage(id) || id == MetadataColumns::kRowPositionFieldId) {
      // lineage is stored by files that moved rows (compaction), else NULL: inherited
      // (Next); the position is always computed
      lineage_[i] = id == MetadataColumns::kRowIdFieldId ? 1 : id == MetadataColumns::kRowPositionFieldId ? 3 : 2;
      types_.push_back(TypeId::kInt64);
      auto col = lineage_[i] == 3 ? file_column_of_id.end() : file_column_of_id.find(id);
      slot_of_field_.push_back(col == file_column_of_id.end() ? -1 : add_column(col->second, TypeId::kInt64, nullptr));
      continue;
    }
    const NestedField* field = schema.FindFieldById(id);
    if (!field) throw InvalidInputError("cannot read field " + std::to_string(id));
    types_.push_back(field->type()->ToLogicalType());
    slot_of_field_.push_back(slot_of(id, *field, selections && i < selections->size() ? &(*selections)[i] : nullptr));
  }
  if (deletes_) {
    for (int id : deletes_->equality_field_ids()) {
      const NestedField* field = schema.FindFieldById(id);
      equality_slots_[id] = field && field->type()->IsPrimitive() ? slot_of(id, *field, nullptr) : -1;
    }
  }
  // Constant slots (encoded -2 - index while file columns were still being added) follow
  // the file's columns.
  auto resolve = [&](int slot) { return slot <= -2 ? static_cast<int>(projection_.size()) + (-2 - slot) : slot; };
  for (int& slot : slot_of_field_) slot = resolve(slot);
  for (auto& [id, slot] : equality_slots_) slot = resolve(slot);
  // a flat file column that one field reads: its vectors can pass between out and the batch
  std::vector<int> uses(projection_.size());
  for (int slot : slot_of_field_) {
    if (slot >= 0 && static_cast<size_t>(slot) < uses.size()) ++uses[static_cast<size_t>(slot)];
  }
  for (size_t slot = 0; slot < projection_.size(); ++slot) {
    reusable_slot_.push_back(uses[slot] == 1 && !read_types_[slot].IsNested() && !read_nodes_[slot]);
  }
  int64_t start = 0;
  for (int rg = 0; rg < reader_->num_row_groups(); ++rg) {
    row_group_start_.push_back(start);
    start += reader_->RowGroupNumRows(rg);
  }
  if (prune_row_groups_) BuildPredicates(filter, schema, mapping);
}

void DataFileReader::BuildPredicates(const ExpressionPtr& filter, const Schema& schema, const NameMapping& mapping) {
  if (!filter) return;
  std::vector<ExpressionPtr> conjuncts;
  Conjuncts(RewriteNot(filter), &conjuncts);
  for (auto c : conjuncts) {
    if (auto spark_order = GreaterOrNaN(c)) c = spark_order;
    if (!c->IsPredicate()) continue;
    const auto& p = static_cast<const Predicate&>(*c);
    auto op = ColumnOp(p.op());
    const NestedField* field = schema.FindFieldById(p.field_id());
    if (!op || !field) continue;
    // the top-level field holding it, and the ids of the structs down to it (s.a.b)
    std::vector<int> path;
    const NestedField* top = nullptr;
    for (const auto& f : schema.fields()) {
      if (StructPath(f, p.field_id(), &path)) {
        top = &f;
        break;
      }
    }
    if (!top) continue;  // inside a list or map: no value per row
    int col = mapping.FindColumn(*reader_, top->id(), top->name());
    if (col < 0 || !reader_->columns()[col].unsupported.empty()) continue;
    int leaf_index = -1;
    if (path.size() > 1) {
      // a field inside structs: its leaf's statistics, found by field id (files with ids)
      const ParquetColumn& column = reader_->columns()[col];
      const ParquetNode* node = column.nested && column.field_id >= 0 ? column.nested.get() : nullptr;
      for (size_t k = 1; node && k < path.size(); ++k) {
        const ParquetNode* next = nullptr;
        if (node->kind == ParquetNode::Kind::kStruct) {
          for (const auto& c : node->children) {
            if (c.field_id == path[k]) next = &c;
          }
        }
        node = next;
      }
      if (!node || node->kind != ParquetNode::Kind::kLeaf || !reader_->StructLeaf(node->leaf.leaf_index)) continue;
      leaf_index = node->leaf.leaf_index;
    }
    // is_nan(x) is x = NaN in ColumnPredicate's (Spark's) order, where NaN equals NaN
    // (a runtime filter's many keys: shared, sorted once by the predicate)
    std::vector<Value> literals =
        p.op() == Operation::kIsNan ? std::vector<Value>{Value::Double(std::numeric_limits<double>::quiet_NaN())}
        : p.sorted_literals()       ? std::vector<Value>{}
                                    : p.literals();
    predicates_.push_back(ColumnPredicate{col, *op, std::move(literals), leaf_index, p.sorted_literals()});
  }
}

void DataFileReader::InheritRowLineage(uint8_t kind, int64_t first_position, size_t n, const SelectionVector* rows,
                                       Vector* column) const {
  // Spec "Row Lineage": a NULL _row_id is the file's first_row_id plus the row's position
  // (NULL when the file has none: written before the table became v3); a NULL
  // _last_updated_sequence_number is the file's data sequence number. _pos (kind 3) is
  // the position itself: row r's is first_position + r, or + rows[r] when the batch holds
  // only the rows `rows` lists.
  bool row_id = kind == 1;
  if (row_id && !first_row_id_) return;
  int64_t base = kind == 1 ? *first_row_id_ : 0;
  auto* values = column->Data<int64_t>();
  for (size_t r = 0; r < n; ++r) {
    if (!column->IsNull(r)) continue;
    int64_t offset = rows ? rows->indexes[r] : static_cast<int64_t>(r);
    values[r] = kind == 2 ? data_sequence_number_ : base + first_position + offset;
    column->SetNull(r, false);
  }
}

std::unique_ptr<DataFileReader::RowGroupCursor> DataFileReader::ReadRowGroup(
    int row_group, ScanCounters* counters, RowSlice slice, std::vector<int64_t>* positions_buffer) const {
  bool by_bloom = false;
  if (prune_row_groups_ && !predicates_.empty() && !reader_->RowGroupMayMatch(row_group, predicates_, &by_bloom)) {
    if (counters && slice.begin == 0) {
      ++counters->row_groups_skipped;
      counters->row_groups_bloom_skipped += by_bloom ? 1 : 0;
    }
    return nullptr;
  }
  int64_t rows = reader_->RowGroupNumRows(row_group);
  int64_t end = slice.end < 0 ? rows : std::min(slice.end, rows);
  auto cursor = std::make_unique<RowGroupCursor>();
  cursor->file_ = this;
  cursor->row_group_start_ = row_group_start_[row_group];
  cursor->next_position_ = cursor->row_group_start_ + slice.begin;
  cursor->end_position_ = cursor->row_group_start_ + end;
  if (projection_.empty()) {
    if (counters) {
      if (slice.begin == 0) ++counters->row_groups_read;
      counters->rows_read += std::max<int64_t>(0, end - slice.begin);
    }
    return cursor;
  }
  // (pages skipped by the page index: each batch says where its rows are, for position
  // deletes, _pos and _row_id)
  cursor->rows_ =
      reader_->ReadRowGroup(row_group, projection_, predicates_, counters, &read_types_, &read_nodes_, slice);
  if (DecoderLeavesOutDeletes()) {
    // deleted rows are left out as the columns are decoded (their values never copied); a
    // deletion vector is expanded a window of rows at a time, for the rows read
    std::vector<int64_t>* scratch = positions_buffer ? positions_buffer : &cursor->deleted_;
    cursor->rows_->SetDeletedRows(
        [deletes = deletes_.get(), scratch](int64_t begin, int64_t end) {
          return deletes->PositionsIn(begin, end, scratch);
        },
        row_group_start_[row_group]);
  }
  return cursor;
}

bool DataFileReader::RowGroupCursor::Next(DataChunk& out) {
  const DataFileReader& f = *file_;
  while (true) {
    size_t n;
    int64_t first;
    if (rows_) {
      if (!rows_->Next(chunk_)) return false;
      n = chunk_.size();
      // (the page index may have skipped rows before the batch)
      first = row_group_start_ + rows_->batch_start();
    } else {
      if (next_position_ >= end_position_) return false;
      n = static_cast<size_t>(std::min<int64_t>(kBatchSize, end_position_ - next_position_));
      first = next_position_;
      next_position_ += static_cast<int64_t>(n);
    }
    if (n == 0) continue;
    for (const Value& constant : f.constants_) {
      Vector column(constant.type(), std::max(n, kBatchSize));
      column.Fill(constant, n);
      chunk_.columns().push_back(std::move(column));
    }
    bool filter = f.deletes_ && !(rows_ && f.DecoderLeavesOutDeletes());
    if (filter) f.deletes_->Filter(chunk_, n, first, f.equality_slots_, &keep_, &batch_deleted_);
    if (filter && keep_.size() == 0) {
      chunk_.columns().resize(f.projection_.size());  // drop the constants appended above
      continue;
    }
    if (out.Types() != f.types_) out.Initialize(f.types_);
    for (size_t i = 0; i < f.types_.size(); ++i) {
      int slot = f.slot_of_field_[i];
      if (slot >= 0) {
        // out's vector of the last batch takes the batch's place, to be decoded into next
        // when nothing else holds it (no allocation, no zeroing: see below); else the two share
        auto at = static_cast<size_t>(slot);
        Vector& batch = chunk_.column(at);
        Vector& last = out.column(i);
        if (at < f.projection_.size() && f.reusable_slot_[at] && last.type() == batch.type() &&
            last.capacity() == batch.capacity()) {
          std::swap(last, batch);
        } else {
          last = batch;
        }
      } else {
        Vector nulls(f.types_[i], std::max(n, kBatchSize));
        for (size_t r = 0; r < n; ++r) nulls.SetNull(r, true);
        out.column(i) = std::move(nulls);
      }
      if (f.lineage_[i]) {
        // (the rows of those from `first` the batch holds, when deletes left some out)
        const SelectionVector* rows = rows_ ? rows_->batch_selection() : nullptr;
        f.InheritRowLineage(f.lineage_[i], first, n, rows, &out.column(i));
      }
    }
    out.SetSize(n);
    // the batch's buffers now belong to `out`; the next batch decodes into out's last ones
    // where nothing else holds them (a kept batch, a join's build side), else into new ones
    chunk_.columns().resize(f.projection_.size());  // (the constants appended above)
    for (size_t slot = 0; slot < chunk_.ColumnCount(); ++slot) {
      if (!f.reusable_slot_[slot] || !chunk_.column(slot).Unshared()) {
        chunk_.column(slot) = Vector(f.read_types_[slot], chunk_.capacity());
      }
    }
    if (filter && keep_.size() < n) out.Filter(keep_);
    return true;
  }
}

}  // namespace floe::iceberg
