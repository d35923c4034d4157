// ALTER TABLE on Iceberg tables: metadata-only commits (schema, partition spec, sort
// order, properties, branches and tags) and renames.
#include "catalog/alter_table.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <limits>

#include "common/ascii_case.h"
#include "catalog/create_table.h"
#include "catalog/table_commit.h"
#include "common/date_time.h"
#include "common/exception.h"
#include "iceberg/partition_spec_builder.h"
#include "iceberg/table_metadata_builder.h"
#include "iceberg/type.h"

namespace floe {

namespace {

iceberg::Transform TransformOf(const PartitionTransform& p) {
  return iceberg::Transform::FromSparkFunction(p.transform, p.param);
}

const iceberg::NestedField& FieldByName(const iceberg::Schema& schema, const std::string& name,
                                        const std::string& table) {
  const iceberg::NestedField* f = schema.FindFieldByName(name, false);
  if (!f) throw BinderError("[UNRESOLVED_COLUMN] column `" + name + "` not found in " + table);
  return *f;
}

// Returns the fields with the one at `path` (names, case-insensitive, through structs and a
// list's `element` or a map's `key` / `value`) changed by `edit`, which gets the fields of
// the path's parent and the last name and returns the parent's new fields.
using FieldEdit = std::function<std::vector<iceberg::NestedField>(const std::vector<iceberg::NestedField>& siblings,
                                                                  const std::string& name)>;

std::vector<iceberg::NestedField> EditFields(const std::vector<iceberg::NestedField>& fields,
                                             const std::vector<std::string>& path, size_t depth, const FieldEdit& edit,
                                             const std::string& column) {
  if (depth + 1 == path.size()) return edit(fields, path[depth]);
  std::vector<iceberg::NestedField> out = fields;
  for (auto& f : out) {
    if (!EqualsIgnoreCase(f.name(), path[depth])) continue;
    // descend: a struct's fields, or the struct inside a list's element / a map's value
    std::function<iceberg::TypePtr(const iceberg::TypePtr&, size_t)> descend = [&](const iceberg::TypePtr& type,
                                                                                  size_t at) -> iceberg::TypePtr {
      const iceberg::Type& t = *type;
      if (t.kind() == iceberg::TypeKind::kStruct) {
        return iceberg::Type::Struct(EditFields(t.fields(), path, at, edit, column));
      }
      if (t.kind() == iceberg::TypeKind::kList && at < path.size() && EqualsIgnoreCase(path[at], "element")) {
        const auto& e = t.fields()[0];
        return iceberg::Type::List(e.id(), e.required(), descend(e.type(), at + 1));
      }
      if (t.kind() == iceberg::TypeKind::kMap && at < path.size() &&
          (EqualsIgnoreCase(path[at], "key") || EqualsIgnoreCase(path[at], "value"))) {
        const auto& k = t.fields()[0];
        const auto& v = t.fields()[1];
        bool key = EqualsIgnoreCase(path[at], "key");
        return iceberg::Type::Map(k.id(), key ? descend(k.type(), at + 1) : k.type(), v.id(), v.required(),
                                  key ? v.type() : descend(v.type(), at + 1));
      }
      throw BinderError("[UNRESOLVED_COLUMN] column `" + column + "`: `" + path[at - 1] + "` is a " + t.ToString() +
                        ", not a struct");
    };
    f = iceberg::NestedField(f.id(), f.name(), descend(f.type(), depth + 1), f.required(), f.doc());
    return out;
  }
  throw BinderError("[UNRESOLVED_COLUMN] column `" + column + "` not found");
}

std::vector<std::string> SplitPath(const std::string& name) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t dot; (dot = name.find('.', start)) != std::string::npos; start = dot + 1) {
    parts.push_back(name.substr(start, dot - start));
  }
  parts.push_back(name.substr(start));
  return parts;
}

// Finds the current spec's field a DROP / REPLACE names: by field name, or by transform.
int FindPartitionField(const iceberg::PartitionSpec& spec, const iceberg::Schema& schema,
                       const PartitionTransform& p) {
  for (size_t i = 0; i < spec.fields().size(); ++i) {
    const auto& f = spec.fields()[i];
    if (p.transform == "identity" && ToLower(f.name()) == ToLower(p.column)) return static_cast<int>(i);
  }
  iceberg::Transform t = TransformOf(p);
  const iceberg::NestedField* source = schema.FindFieldByName(p.column, false);
  for (size_t i = 0; i < spec.fields().size(); ++i) {
    const auto& f = spec.fields()[i];
    if (source && f.source_id() == source->id() && f.transform() == t) return static_cast<int>(i);
  }
  return -1;
}

bool IsSafeWidening(const LogicalType& from, const LogicalType& to) {
  if (from == to) return true;
  if (from.id() == TypeId::kInt32 && to.id() == TypeId::kInt64) return true;
  if (from.id() == TypeId::kFloat && to.id() == TypeId::kDouble) return true;
  if (from.id() == TypeId::kDecimal && to.id() == TypeId::kDecimal) {
    return to.scale() == from.scale() && to.precision() >= from.precision();
  }
  return false;
}

// ALTER TABLE .. CREATE / REPLACE / DROP BRANCH or TAG.
void AlterRefs(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
               const AlterTableStatement& statement, const LoadedTable& loaded) {
  const std::string& ref_name = statement.ref_name;
  const std::string table_name = loaded.name.ToString();
  bool branch = statement.action == AlterTableAction::kCreateBranch || statement.action == AlterTableAction::kDropBranch;
  const char* kind = branch ? "Branch" : "Tag";
  if (statement.action == AlterTableAction::kDropBranch || statement.action == AlterTableAction::kDropTag) {
    // Iceberg's removeBranch / removeTag, with Spark's IF EXISTS.
    CommitMetadataUpdate(tables, io, remapper, loaded, [&](const LoadedTable& table) -> std::optional<iceberg::TableMetadata> {
      const iceberg::TableMetadata& m = *table.metadata;
      if (branch && ref_name == "main") throw InvalidInputError("Cannot remove main branch of " + table_name);
      auto it = m.refs.find(ref_name);
      if (it == m.refs.end()) {
        if (statement.if_exists) return std::nullopt;
        throw InvalidInputError(std::string(kind) + " does not exist: " + ref_name + " (table " + table_name + ")");
      }
      if (it->second.is_branch != branch) {
        throw InvalidInputError("Ref " + ref_name + " of " + table_name + " is a " + (branch ? "tag not a branch"
                                                                                            : "branch not a tag"));
      }
      iceberg::TableMetadataBuilder builder(m, table.metadata_location);
      builder.RemoveRef(ref_name);
      return builder.Build(NowMillis());
    });
    return;
  }
  // CREATE [OR REPLACE] / REPLACE, as Iceberg's Spark CreateOrReplaceBranchExec / TagExec.
  if (!branch && statement.ref_min_snapshots) {
    throw InvalidInputError("Tags do not support setting minSnapshotsToKeep");
  }
  if (statement.ref_min_snapshots &&
      (*statement.ref_min_snapshots <= 0 || *statement.ref_min_snapshots > std::numeric_limits<int32_t>::max())) {
    throw InvalidInputError("Min snapshots to keep must be greater than 0, got " +
                            std::to_string(*statement.ref_min_snapshots));
  }
  const iceberg::TableMetadata& first = *loaded.metadata;
  bool exists = first.refs.count(ref_name) > 0;
  bool replace = statement.or_replace && (!statement.ref_create || exists);
  if (!replace && exists && statement.if_not_exists) return;
  bool keep_ref_snapshot = false;
  // A branch of a table without snapshots starts at an empty snapshot of its own (Java's
  // createBranch(name)), in the same commit as its retention settings.
  std::optional<iceberg::SnapshotChange> empty_snapshot;
  if (branch && !replace && !exists && !statement.ref_snapshot_id && !first.CurrentSnapshot()) {
    empty_snapshot.emplace();
    empty_snapshot->operation = "append";
    empty_snapshot->branch = ref_name;
    keep_ref_snapshot = true;
  }
  auto update = [&](const LoadedTable& table) -> std::optional<iceberg::TableMetadata> {
    const iceberg::TableMetadata& m = *table.metadata;
    auto it = m.refs.find(ref_name);
    // Decided again on a retry: a concurrent commit may have created the ref meanwhile.
    bool replace = keep_ref_snapshot || (statement.or_replace && (!statement.ref_create || it != m.refs.end()));
    std::optional<int64_t> snapshot_id = statement.ref_snapshot_id;
    if (keep_ref_snapshot && it != m.refs.end()) snapshot_id = it->second.snapshot_id;
    // the snapshot current when the statement read the table, also on a retry after a
    // concurrent commit (Spark's CreateOrReplaceBranchExec / TagExec take its id before
    // committing; Iceberg's SnapshotManager re-applies createTag(name, id) as it was)
    if (!snapshot_id && first.CurrentSnapshot()) snapshot_id = first.CurrentSnapshot()->snapshot_id;
    if (!snapshot_id) {
      throw InvalidInputError(std::string("Cannot complete ") + (replace ? "replace " : "create ") +
                              (branch ? "branch" : "tag") + " operation on " + table_name + ", main has no snapshot");
    }
    if (!m.SnapshotById(*snapshot_id)) {
      throw InvalidInputError("Cannot set " + ref_name + " to unknown snapshot: " + std::to_string(*snapshot_id));
    }
    iceberg::SnapshotRef ref;
    if (replace) {
      if (it == m.refs.end()) {
        throw InvalidInputError(std::string(kind) + " does not exist: " + ref_name + " (table " + table_name + ")");
      }
      if (it->second.is_branch != branch) {
        throw InvalidInputError("Ref " + ref_name + " of " + table_name + " is a " +
                                (branch ? "tag not a branch" : "branch not a tag"));
      }
      ref = it->second;  // replacing keeps the retention settings
    } else if (it != m.refs.end()) {
      if (statement.if_not_exists) return std::nullopt;
      throw InvalidInputError("Ref " + ref_name + " already exists in " + table_name);
    }
    ref.snapshot_id = *snapshot_id;
    ref.is_branch = branch;
    if (statement.ref_min_snapshots) ref.min_snapshots_to_keep = static_cast<int>(*statement.ref_min_snapshots);
    if (statement.ref_max_snapshot_age_ms) ref.max_snapshot_age_ms = *statement.ref_max_snapshot_age_ms;
    if (statement.ref_retain_ms) ref.max_ref_age_ms = *statement.ref_retain_ms;
    iceberg::TableMetadataBuilder builder(m, table.metadata_location);
    builder.SetRef(ref_name, ref);
    return builder.Build(NowMillis());
  };
  bool retention = statement.ref_min_snapshots || statement.ref_max_snapshot_age_ms || statement.ref_retain_ms;
  CommitToTable(tables, io, remapper, loaded, [&](iceberg::Transaction& txn) {
    if (empty_snapshot) txn.AddSnapshot(*empty_snapshot);
    if (empty_snapshot && !retention) return;
    txn.UpdateMetadata([&](const iceberg::TableMetadata& m, const std::string& file) {
      return update(LoadedTable{loaded.name, file, std::make_shared<const iceberg::TableMetadata>(m)});
    });
  });
  return;
}

}  // namespace

iceberg::SortOrder SortOrderOf(const std::vector<SortField>& sort_fields, const iceberg::Schema& schema,
                               const std::string& table_name) {
  std::vector<iceberg::SortField> fields;
  for (const auto& sf : sort_fields) {
    iceberg::SortField field;
    field.transform = TransformOf(sf.term);
    field.source_id = FieldByName(schema, sf.term.column, table_name).id();
    field.direction = sf.direction == OrderDirection::kDescending ? iceberg::SortDirection::kDescending
                                                                  : iceberg::SortDirection::kAscending;
    bool nulls_first = sf.null_order == NullOrder::kDefault ? sf.direction != OrderDirection::kDescending
                                                            : sf.null_order == NullOrder::kNullsFirst;
    field.null_order = nulls_first ? iceberg::NullOrder::kNullsFirst : iceberg::NullOrder::kNullsLast;
    fields.push_back(field);
  }
  return iceberg::SortOrder(1, fields);
}

void AlterTable(TableCatalog& tables, FileIO& io, const iceberg::LocationRemapper& remapper,
                const AlterTableStatement& statement, const std::string& current_namespace) {
  if (auto file_table = tables.FindFileTable(statement.table, current_namespace)) {
    // a parquet table is renamed; nothing else about it is the catalog's to change
    std::string name = file_table->name();
    if (statement.action != AlterTableAction::kRenameTable) {
      throw NotImplementedError("ALTER TABLE " + name + ": " + name +
                                " is a parquet table, which floe reads but does not change (CALL system.migrate('" +
                                name + "') converts it to Iceberg in place)");
    }
    ResolvedTableName target = tables.ResolveForCreate(statement.new_table_name, file_table->namespace_name);
    if (!tables.catalog().RenameFileTable(file_table->namespace_name, file_table->table_name, target.namespace_name,
                                          target.table_name)) {
      throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + name);
    }
    return;
  }
  if (statement.action == AlterTableAction::kRenameTable) {
    auto resolved = tables.Resolve(statement.table, current_namespace);
    if (!resolved || !resolved->metadata_table.empty() || !resolved->ref.empty()) {
      if (statement.if_exists) return;
      throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + statement.table.ToString());
    }
    ResolvedTableName target = tables.ResolveForCreate(statement.new_table_name, resolved->namespace_name);
    if (!tables.catalog().RenameTable(resolved->namespace_name, resolved->table_name, target.namespace_name,
                                        target.table_name)) {
      throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + resolved->ToString());
    }
    return;
  }
  auto found = tables.Find(statement.table, current_namespace, remapper);
  if (!found || !found->name.metadata_table.empty() || !found->name.ref.empty()) {
    if (statement.if_exists && statement.action != AlterTableAction::kDropBranch &&
        statement.action != AlterTableAction::kDropTag) {
      return;
    }
    throw CatalogError("[TABLE_OR_VIEW_NOT_FOUND] Table not found: " + statement.table.ToString());
  }
  switch (statement.action) {
    case AlterTableAction::kCreateBranch:
    case AlterTableAction::kCreateTag:
    case AlterTableAction::kDropBranch:
    case AlterTableAction::kDropTag: return AlterRefs(tables, io, remapper, statement, *found);
    default: break;
  }
  const std::string table_name = found->name.ToString();
  // Iceberg Java commits a schema change (SchemaUpdate) and a partition spec change
  // (BaseUpdatePartitionSpec) only on the metadata they were made on: a concurrent commit
  // fails them, in or out of a transaction (TestTransaction.testTransactionRetrySchemaUpdate,
  // "Table metadata refresh is required"). Properties, the sort order and the location are
  // made again on the table as it is (PropertiesUpdate, BaseReplaceSortOrder and SetLocation
  // refresh and retry).
  bool on_read_metadata_only = false;
  switch (statement.action) {
    case AlterTableAction::kAddColumns:
    case AlterTableAction::kDropColumns:
    case AlterTableAction::kRenameColumn:
    case AlterTableAction::kAlterColumn:
    case AlterTableAction::kAddPartitionField:
    case AlterTableAction::kDropPartitionField:
    case AlterTableAction::kReplacePartitionField: on_read_metadata_only = true; break;
    default: break;
  }
  CommitMetadataUpdate(tables, io, remapper, *found, [&](const LoadedTable& table) {
    const iceberg::TableMetadata& m = *table.metadata;
    iceberg::TableMetadataBuilder builder(m, table.metadata_location);
    const iceberg::Schema& schema = m.CurrentSchema();
    auto new_schema = [&](std::vector<iceberg::NestedField> fields) {
      int next_id = 0;
      for (const auto& s : m.schemas) next_id = std::max(next_id, s.schema_id() + 1);
      builder.SetCurrentSchema(iceberg::Schema(next_id, std::move(fields), schema.identifier_field_ids()));
    };
    switch (statement.action) {
      case AlterTableAction::kAddColumns: {
        std::vector<iceberg::NestedField> fields = schema.fields();
        int next = m.last_column_id;
        for (const auto& c : statement.columns) {
          if (schema.FindFieldByName(c.name, false)) {
            throw InvalidInputError("[FIELDS_ALREADY_EXISTS] column " + c.name + " already exists in " + table_name);
          }
          if (c.default_value) {
            // Iceberg's Spark3Util (TestAlterTable.testAddColumnWithDefaultValuesUnsupported)
            throw NotImplementedError("Cannot add column " + c.name +
                                      " since setting default values in Spark is currently unsupported");
          }
          if (c.not_null) {
            throw InvalidInputError("cannot add required column " + c.name +
                                    ": existing rows have no value for it");
          }
          LogicalType type = ColumnType(c.type);
          std::vector<std::string> path = SplitPath(c.name);
          auto add = [&](std::vector<iceberg::NestedField> siblings, const std::string& name) {
            for (const auto& f : siblings) {
              if (EqualsIgnoreCase(f.name(), name)) {
                throw InvalidInputError("[FIELDS_ALREADY_EXISTS] column " + c.name + " already exists in " + table_name);
              }
            }
            // FIRST / AFTER place it among its siblings (Iceberg's UpdateSchema moveFirst /
            // moveAfter); else it goes last
            size_t at = siblings.size();
            if (c.first) at = 0;
            if (!c.after.empty()) {
              at = siblings.size() + 1;
              for (size_t k = 0; k < siblings.size(); ++k) {
                if (EqualsIgnoreCase(siblings[k].name(), c.after)) at = k + 1;
              }
              if (at > siblings.size()) {
                throw InvalidInputError("cannot add column " + c.name + " after missing column: " + c.after);
              }
            }
            int id = ++next;
            iceberg::TypePtr iceberg_type = WithFieldOptions(iceberg::Type::FromLogicalType(type, &next), c.type);
            siblings.insert(siblings.begin() + static_cast<std::ptrdiff_t>(at),
                            iceberg::NestedField(id, name, iceberg_type, false, c.comment.value_or("")));
            return siblings;
          };
          fields = EditFields(fields, path, 0, add, c.name);
        }
        new_schema(std::move(fields));
        break;
      }
      case AlterTableAction::kDropColumns: {
        bool nested = std::any_of(statement.column_names.begin(), statement.column_names.end(),
                                  [](const std::string& n) { return n.find('.') != std::string::npos; });
        if (nested) {
          // fields inside structs: each dropped from its struct, never the struct's last one,
          // nor one the current partition spec uses
          std::vector<iceberg::NestedField> fields = schema.fields();
          for (const auto& name : statement.column_names) {
            const iceberg::NestedField& target = FieldByName(schema, name, table_name);
            std::vector<int> ids = {target.id()};
            for (size_t i = 0; i < ids.size(); ++i) {
              const iceberg::NestedField* f = schema.FindFieldById(ids[i]);
              for (const auto& child : f->type()->fields()) ids.push_back(child.id());
            }
            for (const auto& pf : m.DefaultSpec().fields()) {
              if (std::find(ids.begin(), ids.end(), pf.source_id()) != ids.end()) {
                throw InvalidInputError("cannot drop column " + name + ": the current partition spec uses it (" +
                                        pf.name() + ")");
              }
            }
            fields = EditFields(fields, SplitPath(name), 0,
                                [&](const std::vector<iceberg::NestedField>& siblings, const std::string& leaf) {
                                  std::vector<iceberg::NestedField> kept;
                                  for (const auto& f : siblings) {
                                    if (!EqualsIgnoreCase(f.name(), leaf)) kept.push_back(f);
                                  }
                                  if (kept.empty()) {
                                    throw InvalidInputError("cannot drop column " + name +
                                                            ": it is the only field of its struct");
                                  }
                                  return kept;
                                },
                                name);
          }
          new_schema(std::move(fields));
          break;
        }
        std::vector<iceberg::NestedField> fields;
        for (const auto& f : schema.fields()) {
          bool drop = false;
          for (const auto& name : statement.column_names) drop = drop || ToLower(name) == ToLower(f.name());
          if (!drop) {
            fields.push_back(f);
            continue;
          }
          // the column and every field inside it
          std::vector<int> ids = {f.id()};
          for (size_t i = 0; i < ids.size(); ++i) {
            for (const auto& child : schema.FindFieldById(ids[i])->type()->fields()) ids.push_back(child.id());
          }
          for (const auto& pf : m.DefaultSpec().fields()) {
            if (std::find(ids.begin(), ids.end(), pf.source_id()) != ids.end()) {
              throw InvalidInputError("cannot drop column " + f.name() + ": the current partition spec uses it (" +
                                      pf.name() + ")");
            }
          }
        }
        for (const auto& name : statement.column_names) FieldByName(schema, name, table_name);
        new_schema(std::move(fields));
        break;
      }
      case AlterTableAction::kRenameColumn: {
        const auto& target = FieldByName(schema, statement.column_names.at(0), table_name);
        if (statement.column_names[0].find('.') != std::string::npos) {
          auto rename = [&](std::vector<iceberg::NestedField> siblings, const std::string&) {
            for (auto& f : siblings) {
              if (f.id() != target.id() && EqualsIgnoreCase(f.name(), statement.new_column_name)) {
                throw InvalidInputError("[FIELDS_ALREADY_EXISTS] column " + statement.new_column_name +
                                        " already exists in " + table_name);
              }
            }
            for (auto& f : siblings) {
              if (f.id() == target.id()) {
                f = iceberg::NestedField(f.id(), statement.new_column_name, f.type(), f.required(), f.doc());
              }
            }
            return siblings;
          };
          new_schema(EditFields(schema.fields(), SplitPath(statement.column_names[0]), 0, rename,
                                statement.column_names[0]));
          break;
        }
        if (schema.FindFieldByName(statement.new_column_name, false)) {
          throw InvalidInputError("[FIELDS_ALREADY_EXISTS] column " + statement.new_column_name +
                                  " already exists in " + table_name);
        }
        std::vector<iceberg::NestedField> fields;
        for (const auto& f : schema.fields()) {
          fields.push_back(f.id() == target.id()
                               ? iceberg::NestedField(f.id(), statement.new_column_name, f.type(), f.required(), f.doc())
                               : f);
        }
        new_schema(std::move(fields));
        break;
      }
      case AlterTableAction::kAlterColumn: {
        const auto& target = FieldByName(schema, statement.column_names.at(0), table_name);
        iceberg::TypePtr type = target.type();
        bool required = target.required();
        std::string doc = target.doc();
        if (statement.new_type) {
          LogicalType to = ColumnType(*statement.new_type);
          LogicalType from = target.type()->ToLogicalType();
          if (!IsSafeWidening(from, to)) {
            throw InvalidInputError("[CANNOT_UPDATE_FIELD] cannot change column " + target.name() + " from " +
                                    from.ToString() + " to " + to.ToString() +
                                    ": only int->bigint, float->double and wider decimal precision are allowed");
          }
          type = iceberg::Type::FromLogicalType(to);
        }
        if (statement.set_not_null) {
          if (*statement.set_not_null) {
            throw InvalidInputError("cannot make column " + target.name() + " NOT NULL: existing rows may hold NULL");
          }
          required = false;
        }
        if (statement.new_comment) doc = *statement.new_comment;
        auto replace = [&](std::vector<iceberg::NestedField> siblings, const std::string&) {
          for (auto& f : siblings) {
            if (f.id() == target.id()) f = iceberg::NestedField(f.id(), f.name(), type, required, doc);
          }
          if (!statement.first && statement.after.empty()) return siblings;
          // FIRST / AFTER move it among its siblings (Iceberg's UpdateSchema moveFirst / moveAfter)
          auto it = std::find_if(siblings.begin(), siblings.end(), [&](const auto& f) { return f.id() == target.id(); });
          iceberg::NestedField moved = *it;
          siblings.erase(it);
          size_t at = 0;
          if (!statement.after.empty()) {
            if (EqualsIgnoreCase(statement.after, moved.name())) {
              throw InvalidInputError("cannot move " + moved.name() + " after itself");
            }
            at = siblings.size() + 1;
            for (size_t k = 0; k < siblings.size(); ++k) {
              if (EqualsIgnoreCase(siblings[k].name(), statement.after)) at = k + 1;
            }
            if (at > siblings.size()) {
              throw InvalidInputError("cannot move " + moved.name() + " after missing column: " + statement.after);
            }
          }
          siblings.insert(siblings.begin() + static_cast<std::ptrdiff_t>(at), std::move(moved));
          return siblings;
        };
        new_schema(EditFields(schema.fields(), SplitPath(statement.column_names.at(0)), 0, replace,
                              statement.column_names.at(0)));
        break;
      }
      case AlterTableAction::kSetProperties: {
        std::map<std::string, std::string> updates(statement.properties.begin(), statement.properties.end());
        iceberg::CheckCommitProperties(updates);
        builder.SetProperties(updates);
        break;
      }
      case AlterTableAction::kUnsetProperties: {
        for (const auto& k : statement.property_keys) {
          if (!m.properties.count(k) && !statement.if_exists) {
            throw InvalidInputError("[UNSET_NONEXISTENT_PROPERTIES] property " + k + " is not set on " + table_name);
          }
        }
        builder.RemoveProperties(statement.property_keys);
        break;
      }
      case AlterTableAction::kAddPartitionField:
      case AlterTableAction::kDropPartitionField:
      case AlterTableAction::kReplacePartitionField: {
        const iceberg::PartitionSpec& current = m.DefaultSpec();
        std::optional<int> drop;
        if (statement.action == AlterTableAction::kDropPartitionField) {
          int index = FindPartitionField(current, schema, *statement.partition_field);
          if (index < 0) {
            throw InvalidInputError("cannot drop partition field " + statement.partition_field->ToString() +
                                    ": the current spec of " + table_name + " has no such field");
          }
          drop = index;
        }
        if (statement.action == AlterTableAction::kReplacePartitionField) {
          int index = FindPartitionField(current, schema, *statement.replaced_partition_field);
          if (index < 0) {
            throw InvalidInputError("cannot replace partition field " + statement.replaced_partition_field->ToString() +
                                    ": the current spec of " + table_name + " has no such field");
          }
          drop = index;
        }
        iceberg::PartitionSpecBuilder spec_builder(schema, m.last_partition_id);
        for (size_t i = 0; i < current.fields().size(); ++i) {
          if (drop && static_cast<int>(i) == *drop) continue;
          spec_builder.AddWithId(current.fields()[i]);
        }
        if (statement.action != AlterTableAction::kDropPartitionField) {
          const PartitionTransform& p = *statement.partition_field;
          const auto& source = FieldByName(schema, p.column, table_name);
          iceberg::Transform t = TransformOf(p);
          for (const auto& f : current.fields()) {
            if (f.source_id() == source.id() && f.transform() == t &&
                !(drop && current.fields()[*drop] == f)) {
              throw InvalidInputError("[PARTITION_FIELD_ALREADY_EXISTS] cannot add partition field " + p.ToString() +
                                      ": " + table_name + " is already partitioned by it (" + f.name() + ")");
            }
          }
          std::optional<std::string> field_name;
          if (!statement.partition_field_name.empty()) field_name = statement.partition_field_name;
          spec_builder.Add(schema.FindColumnName(source.id()), t, field_name, /*evolution=*/true);
        }
        // Reuses an identical earlier spec (and its id) when there is one.
        iceberg::PartitionSpec spec = spec_builder.Build(0);
        iceberg::CheckRedundantTimePartitions(spec, schema);
        builder.SetDefaultPartitionSpec(spec);
        break;
      }
      case AlterTableAction::kWriteOrder:
        builder.SetDefaultSortOrder(SortOrderOf(statement.sort_fields, schema, table_name));
        break;
      case AlterTableAction::kSetLocation: builder.SetLocation(statement.location); break;
      default:
        throw NotImplementedError("this ALTER TABLE action is not supported yet: " + statement.text);
    }
    return builder.Build(NowMillis());
  }, on_read_metadata_only ? "altered" : "");
}

}  // namespace floe
