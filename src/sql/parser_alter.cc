// ALTER TABLE: renames, columns, properties, and Iceberg's partition evolution, write
// order, branches and tags (Iceberg's Spark SQL extensions).
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/parser.h"

namespace floe {

StatementPtr Parser::ParseAlter() {
  ExpectWord("ALTER");
  ExpectWord("TABLE");
  auto alter = std::make_unique<AlterTableStatement>();
  alter->table = ParseQualifiedName();
  auto dotted_name = [this]() {
    std::string name = ParseAnyWord();
    while (AcceptOp(".")) name += "." + ParseAnyWord();
    return name;
  };
  if (AcceptWord("RENAME")) {
    if (AcceptWord("TO")) {
      alter->action = AlterTableAction::kRenameTable;
      alter->new_table_name = ParseQualifiedName();
    } else {
      ExpectWord("COLUMN");
      alter->action = AlterTableAction::kRenameColumn;
      alter->column_names.push_back(dotted_name());
      ExpectWord("TO");
      alter->new_column_name = ParseAnyWord();
    }
  } else if (AcceptWord("ADD")) {
    ParseAlterAdd(*alter);
  } else if (AcceptWord("DROP")) {
    if (PeekWord("IDENTIFIER") && PeekWord("FIELDS", 1)) {
      pos_ += 2;
      alter->action = AlterTableAction::kDropIdentifierFields;
      do {
        alter->column_names.push_back(dotted_name());
      } while (AcceptOp(","));
    } else if (PeekWord("PARTITION") && PeekWord("FIELD", 1)) {
      pos_ += 2;
      alter->action = AlterTableAction::kDropPartitionField;
      alter->partition_field = ParsePartitionTransform();
    } else if (PeekWord("BRANCH") || PeekWord("TAG")) {
      alter->action =
          PeekWord("BRANCH") ? AlterTableAction::kDropBranch : AlterTableAction::kDropTag;
      Next();
      if (AcceptWord("IF")) {
        ExpectWord("EXISTS");
        alter->if_exists = true;
      }
      alter->ref_name = ParseAnyWord();
    } else {
      if (!AcceptWord("COLUMNS")) ExpectWord("COLUMN");
      alter->action = AlterTableAction::kDropColumns;
      if (AcceptWord("IF")) {
        ExpectWord("EXISTS");
        alter->if_exists = true;
      }
      bool parenthesized = AcceptOp("(");
      do {
        alter->column_names.push_back(dotted_name());
      } while (AcceptOp(","));
      if (parenthesized) ExpectOp(")");
    }
  } else if (PeekWord("REPLACE") && PeekWord("PARTITION", 1) && PeekWord("FIELD", 2)) {
    pos_ += 3;
    alter->action = AlterTableAction::kReplacePartitionField;
    alter->replaced_partition_field = ParsePartitionTransform();
    ExpectWord("WITH");
    alter->partition_field = ParsePartitionTransform();
    if (AcceptWord("AS")) alter->partition_field_name = ParseAnyWord();
  } else if (AcceptWord("ALTER") || AcceptWord("CHANGE")) {
    ParseAlterColumn(*alter);
  } else if (AcceptWord("SET")) {
    if (PeekWord("IDENTIFIER") && PeekWord("FIELDS", 1)) {
      pos_ += 2;
      alter->action = AlterTableAction::kSetIdentifierFields;
      do {
        alter->column_names.push_back(dotted_name());
      } while (AcceptOp(","));
    } else if (AcceptWord("TBLPROPERTIES") || AcceptWord("PROPERTIES")) {
      alter->action = AlterTableAction::kSetProperties;
      alter->properties = ParseProperties();
    } else {
      ExpectWord("LOCATION");
      alter->action = AlterTableAction::kSetLocation;
      alter->location = ParseStringLiteral();
    }
  } else if (AcceptWord("UNSET")) {
    if (!AcceptWord("TBLPROPERTIES")) ExpectWord("PROPERTIES");
    alter->action = AlterTableAction::kUnsetProperties;
    if (AcceptWord("IF")) {
      ExpectWord("EXISTS");
      alter->if_exists = true;
    }
    ExpectOp("(");
    do {
      alter->property_keys.push_back(ParsePropertyKey());
    } while (AcceptOp(","));
    ExpectOp(")");
  } else if (AcceptWord("WRITE")) {
    ParseAlterWriteOrder(*alter);
  } else if (PeekWord("CREATE") || PeekWord("REPLACE")) {
    bool create = AcceptWord("CREATE");
    alter->ref_create = create;
    if (!create) {
      Next();
      alter->or_replace = true;
    } else if (AcceptWord("OR")) {
      ExpectWord("REPLACE");
      alter->or_replace = true;
    }
    if (AcceptWord("BRANCH")) {
      alter->action = AlterTableAction::kCreateBranch;
    } else {
      ExpectWord("TAG");
      alter->action = AlterTableAction::kCreateTag;
    }
    if (AcceptWord("IF")) {
      ExpectWord("NOT");
      ExpectWord("EXISTS");
      alter->if_not_exists = true;
    }
    alter->ref_name = ParseAnyWord();
    if (PeekWord("AS") && PeekWord("OF", 1)) {
      pos_ += 2;
      ExpectWord("VERSION");
      alter->ref_snapshot_id = ParseInteger();
    }
    // n DAYS|HOURS|MINUTES, in milliseconds
    auto parse_duration = [this]() {
      int64_t amount = ParseInteger();
      int64_t unit_ms;
      if (AcceptWord("DAYS")) {
        unit_ms = 86'400'000;
      } else if (AcceptWord("HOURS")) {
        unit_ms = 3'600'000;
      } else {
        ExpectWord("MINUTES");
        unit_ms = 60'000;
      }
      if (amount < 0 || amount > INT64_MAX / unit_ms) SyntaxError();
      return amount * unit_ms;
    };
    if (AcceptWord("RETAIN")) alter->ref_retain_ms = parse_duration();
    if (alter->action == AlterTableAction::kCreateBranch && AcceptWord("WITH")) {
      // WITH SNAPSHOT RETENTION [n SNAPSHOTS] [n DAYS|HOURS|MINUTES], at least one
      ExpectWord("SNAPSHOT");
      ExpectWord("RETENTION");
      if (PeekWord("SNAPSHOTS", 1)) {
        alter->ref_min_snapshots = ParseInteger();
        ExpectWord("SNAPSHOTS");
      }
      if (!alter->ref_min_snapshots || !AtStatementEnd()) alter->ref_max_snapshot_age_ms = parse_duration();
    }
  } else {
    SyntaxError();
  }
  return alter;
}

void Parser::ParseAlterAdd(AlterTableStatement& alter) {
  if (PeekWord("PARTITION") && PeekWord("FIELD", 1)) {
    pos_ += 2;
    alter.action = AlterTableAction::kAddPartitionField;
    alter.partition_field = ParsePartitionTransform();
    if (AcceptWord("AS")) alter.partition_field_name = ParseAnyWord();
    return;
  }
  if (!AcceptWord("COLUMNS")) ExpectWord("COLUMN");
  alter.action = AlterTableAction::kAddColumns;
  bool parenthesized = AcceptOp("(");
  do {
    // `s.f INT` adds a field to struct s (Iceberg's Spark DDL): the path, then the last
    // part read again as the definition's name
    std::string path = ParseAnyWord();
    while (AcceptOp(".")) path += "." + ParseAnyWord();
    --pos_;
    ColumnDefinition column = ParseColumnDefinition();
    column.name = path;
    alter.columns.push_back(std::move(column));
  } while (AcceptOp(","));
  if (parenthesized) ExpectOp(")");
}

void Parser::ParseAlterColumn(AlterTableStatement& alter) {
  AcceptWord("COLUMN");
  alter.action = AlterTableAction::kAlterColumn;
  std::string name = ParseAnyWord();
  while (AcceptOp(".")) name += "." + ParseAnyWord();
  alter.column_names.push_back(std::move(name));
  bool changed = false;
  while (!AtStatementEnd()) {
    if (AcceptWord("TYPE")) {
      alter.new_type = ParseType();
    } else if (PeekWord("SET") && PeekWord("NOT", 1) && PeekWord("NULL", 2)) {
      pos_ += 3;
      alter.set_not_null = true;
    } else if (PeekWord("DROP") && PeekWord("NOT", 1) && PeekWord("NULL", 2)) {
      pos_ += 3;
      alter.set_not_null = false;
    } else if (AcceptWord("COMMENT")) {
      alter.new_comment = ParseStringLiteral();
    } else if (AcceptWord("FIRST")) {
      alter.first = true;
    } else if (AcceptWord("AFTER")) {
      alter.after = ParseAnyWord();
    } else if (!changed && alter.column_names.size() == 1 && Peek().type == TokenType::kWord &&
               !alter.new_type) {
      // Spark's ALTER COLUMN c bigint, without TYPE.
      alter.new_type = ParseType();
    } else {
      SyntaxError();
    }
    changed = true;
  }
  if (!changed) SyntaxError();
}

void Parser::ParseAlterWriteOrder(AlterTableStatement& alter) {
  alter.action = AlterTableAction::kWriteOrder;
  auto parse_sort_fields = [this, &alter]() {
    do {
      SortField field;
      field.term = ParsePartitionTransform();
      if (AcceptWord("ASC")) {
        field.direction = OrderDirection::kAscending;
      } else if (AcceptWord("DESC")) {
        field.direction = OrderDirection::kDescending;
      }
      if (AcceptWord("NULLS")) {
        if (AcceptWord("FIRST")) {
          field.null_order = NullOrder::kNullsFirst;
        } else {
          ExpectWord("LAST");
          field.null_order = NullOrder::kNullsLast;
        }
      }
      alter.sort_fields.push_back(std::move(field));
    } while (AcceptOp(","));
  };
  if (AcceptWord("UNORDERED")) {
    alter.distribution = WriteDistribution::kNone;
    return;
  }
  if (AcceptWord("DISTRIBUTED")) {
    ExpectWord("BY");
    ExpectWord("PARTITION");
    alter.distribution = WriteDistribution::kPartition;
    if (AcceptWord("LOCALLY")) {
      ExpectWord("ORDERED");
      ExpectWord("BY");
      alter.locally_ordered = true;
      parse_sort_fields();
    }
    return;
  }
  if (AcceptWord("LOCALLY")) alter.locally_ordered = true;
  ExpectWord("ORDERED");
  ExpectWord("BY");
  bool parenthesized = AcceptOp("(");
  parse_sort_fields();
  if (parenthesized) ExpectOp(")");
}

}  // namespace floe
