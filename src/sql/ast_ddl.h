#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sql/ast_statement.h"

namespace floe {

/// A column in CREATE TABLE or ALTER TABLE ADD COLUMNS: name type [NOT NULL] [COMMENT '..'].
struct ColumnDefinition {
  std::string name;
  ParsedType type;
  bool not_null = false;
  std::optional<std::string> comment;
  /// Holds DEFAULT expr, or null.
  ExpressionPtr default_value;
  /// Holds FIRST / AFTER col placement for ALTER TABLE ADD COLUMN (`after` empty = none).
  bool first = false;
  std::string after;
  SourcePosition position;
};

/// One partition field or sort key source: `col`, `days(ts)`, `bucket(16, id)`,
/// `truncate(4, s)`. Spark spellings are kept (years/year, days/day/date, hours/date_hour);
/// the Iceberg layer maps them to transforms.
struct PartitionTransform {
  /// Holds the transform name lower-cased as written; "identity" for a bare column.
  std::string transform;
  /// Holds the source column (dotted for nested fields).
  std::string column;
  /// Holds N of bucket(N, c) / W of truncate(W, c).
  std::optional<int64_t> param;
  SourcePosition position;
  /// Returns the transform as written back: `bucket(16, id)`, `days(ts)`, `id`.
  std::string ToString() const;
};

/// CREATE [OR REPLACE] [TEMPORARY] TABLE [IF NOT EXISTS] name [(cols)] [USING ..]
/// [PARTITIONED BY (..)] [LOCATION '..'] [COMMENT '..'] [TBLPROPERTIES (..)] [AS query];
/// also REPLACE TABLE .. (replace set, or_replace clear).
struct CreateTableStatement : Statement {
  CreateTableStatement() : Statement(StatementKind::kCreateTable) {}

  QualifiedName name;
  bool or_replace = false;
  bool replace = false;
  bool temporary = false;
  bool if_not_exists = false;
  std::vector<ColumnDefinition> columns;
  /// Holds the USING provider lower-cased ("iceberg", "parquet"), or empty.
  std::string provider;
  std::vector<PartitionTransform> partitioned_by;
  std::optional<std::string> location;
  std::optional<std::string> comment;
  std::vector<std::pair<std::string, std::string>> properties;
  /// Holds OPTIONS (..) key/values.
  std::vector<std::pair<std::string, std::string>> options;
  /// Holds the AS query, or null.
  QueryNodePtr query;
};

/// CREATE [OR REPLACE] [TEMPORARY] VIEW [IF NOT EXISTS] name [(cols)] [COMMENT ..] AS query.
struct CreateViewStatement : Statement {
  CreateViewStatement() : Statement(StatementKind::kCreateView) {}

  QualifiedName name;
  bool or_replace = false;
  bool temporary = false;
  bool if_not_exists = false;
  std::vector<std::string> column_names;
  std::optional<std::string> comment;
  std::vector<std::pair<std::string, std::string>> properties;
  QueryNodePtr query;
  /// Holds the query's source text, for storing the view definition.
  std::string query_text;
};

/// Names what a DROP or DESCRIBE statement acts on (kFunction: DESCRIBE FUNCTION only).
enum class ObjectType : uint8_t { kTable, kView, kNamespace, kFunction };

/// DROP TABLE|VIEW [IF EXISTS] name [PURGE]; DROP NAMESPACE|SCHEMA|DATABASE [IF EXISTS]
/// name [CASCADE|RESTRICT].
struct DropStatement : Statement {
  DropStatement() : Statement(StatementKind::kDrop) {}

  ObjectType object_type = ObjectType::kTable;
  QualifiedName name;
  bool if_exists = false;
  bool temporary = false;
  bool purge = false;
  bool cascade = false;
};

/// CREATE NAMESPACE|SCHEMA|DATABASE [IF NOT EXISTS] name [COMMENT ..] [LOCATION ..]
/// [WITH (DB)PROPERTIES (..)].
struct CreateNamespaceStatement : Statement {
  CreateNamespaceStatement() : Statement(StatementKind::kCreateNamespace) {}

  QualifiedName name;
  bool if_not_exists = false;
  std::optional<std::string> comment;
  std::optional<std::string> location;
  std::vector<std::pair<std::string, std::string>> properties;
};

/// Names the one change an ALTER TABLE statement makes.
enum class AlterTableAction : uint8_t {
  kRenameTable,            // RENAME TO new_name
  kAddColumns,             // ADD COLUMN(S) (..) / ADD COLUMN c t
  kDropColumns,            // DROP COLUMN(S) [IF EXISTS] a, b
  kRenameColumn,           // RENAME COLUMN a TO b
  kAlterColumn,            // ALTER|CHANGE [COLUMN] c TYPE t | SET/DROP NOT NULL | COMMENT '..'
  kSetProperties,          // SET TBLPROPERTIES (..)
  kUnsetProperties,        // UNSET TBLPROPERTIES [IF EXISTS] (..)
  kAddPartitionField,      // ADD PARTITION FIELD transform [AS name]
  kDropPartitionField,     // DROP PARTITION FIELD transform|name
  kReplacePartitionField,  // REPLACE PARTITION FIELD x WITH transform [AS name]
  kWriteOrder,             // WRITE [LOCALLY] ORDERED BY .. | DISTRIBUTED BY PARTITION ..
                           // | UNORDERED
  kSetLocation,            // SET LOCATION '..'
  kCreateBranch,           // CREATE [OR REPLACE] BRANCH [IF NOT EXISTS] name ..
  kCreateTag,              // CREATE [OR REPLACE] TAG [IF NOT EXISTS] name ..
  kDropBranch,             // DROP BRANCH [IF EXISTS] name
  kDropTag,                // DROP TAG [IF EXISTS] name
  kSetIdentifierFields,    // SET IDENTIFIER FIELDS a, b (column_names)
  kDropIdentifierFields,   // DROP IDENTIFIER FIELDS a, b (column_names)
};

/// One key of WRITE ORDERED BY: a column or transform, direction, null order.
struct SortField {
  PartitionTransform term;
  OrderDirection direction = OrderDirection::kDefault;
  NullOrder null_order = NullOrder::kDefault;
};

/// Names the distribution of WRITE .. clauses.
enum class WriteDistribution : uint8_t {
  kUnspecified,
  kPartition,  // DISTRIBUTED BY PARTITION
  kNone,       // UNORDERED
};

/// ALTER TABLE name <action>; the fields used depend on `action`.
struct AlterTableStatement : Statement {
  AlterTableStatement() : Statement(StatementKind::kAlterTable) {}

  QualifiedName table;
  AlterTableAction action = AlterTableAction::kRenameTable;
  bool if_exists = false;
  /// Holds RENAME TO's new table name.
  QualifiedName new_table_name;
  /// Holds ADD COLUMNS' columns.
  std::vector<ColumnDefinition> columns;
  /// Holds the column(s) of DROP COLUMNS, RENAME COLUMN, ALTER COLUMN (dotted names).
  std::vector<std::string> column_names;
  /// Holds RENAME COLUMN's new name.
  std::string new_column_name;
  /// Holds ALTER COLUMN .. TYPE t.
  std::optional<ParsedType> new_type;
  /// Holds ALTER COLUMN .. SET NOT NULL (true) / DROP NOT NULL (false).
  std::optional<bool> set_not_null;
  /// Holds ALTER COLUMN .. COMMENT '..'.
  std::optional<std::string> new_comment;
  /// Holds ALTER COLUMN .. FIRST / AFTER c.
  bool first = false;
  std::string after;
  /// Holds SET TBLPROPERTIES' entries.
  std::vector<std::pair<std::string, std::string>> properties;
  /// Holds UNSET TBLPROPERTIES' keys.
  std::vector<std::string> property_keys;
  /// Holds the partition field of ADD / DROP / the new one of REPLACE PARTITION FIELD.
  std::optional<PartitionTransform> partition_field;
  /// Holds the replaced field of REPLACE PARTITION FIELD (a transform or a field name).
  std::optional<PartitionTransform> replaced_partition_field;
  /// Holds ADD / REPLACE PARTITION FIELD .. AS name.
  std::string partition_field_name;
  /// Holds WRITE [LOCALLY] ORDERED BY keys; empty for UNORDERED.
  std::vector<SortField> sort_fields;
  bool locally_ordered = false;
  WriteDistribution distribution = WriteDistribution::kUnspecified;
  /// Holds SET LOCATION's location.
  std::string location;
  /// Holds the branch or tag name and its options.
  std::string ref_name;
  bool or_replace = false;
  /// False for REPLACE BRANCH|TAG without CREATE OR (the ref must exist).
  bool ref_create = true;
  bool if_not_exists = false;
  std::optional<int64_t> ref_snapshot_id;
  /// Holds RETAIN n DAYS|HOURS|MINUTES in milliseconds (the ref's max-ref-age-ms).
  std::optional<int64_t> ref_retain_ms;
  /// Holds WITH SNAPSHOT RETENTION n SNAPSHOTS (the branch's min-snapshots-to-keep).
  std::optional<int64_t> ref_min_snapshots;
  /// Holds WITH SNAPSHOT RETENTION .. n DAYS|HOURS|MINUTES (max-snapshot-age-ms).
  std::optional<int64_t> ref_max_snapshot_age_ms;
};

}  // namespace floe
