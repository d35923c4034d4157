#include "parquet/parquet_schema.h"

#include "common/decimal.h"
#include "common/exception.h"

namespace floe {

using namespace parquet;  // NOLINT: the Parquet enums read best unqualified here

namespace {

using Kind = LogicalTypeInfo::Kind;

[[noreturn]] void Corrupt(const std::string& what) {
  throw FormatError("corrupt Parquet schema: " + what);
}

// Returns the fewest bytes whose two's complement holds every decimal of `precision`.
int DecimalBytes(int precision) {
  int n = 1;
  while (n < 16 && Pow10(precision) > (int128_t{1} << (8 * n - 1))) ++n;
  return n;
}

// Fills the floe type and conversion of a leaf element.
void ResolveLeaf(const SchemaElement& e, ParquetColumn* col) {
  const LogicalTypeInfo& lt = e.logical_type;
  ConvertedType ct = e.converted_type;
  col->physical_type = *e.type;
  col->type_length = e.type_length;
  bool is_decimal = lt.kind == Kind::kDecimal || ct == ConvertedType::kDecimal;
  int precision = lt.kind == Kind::kDecimal ? lt.decimal_precision : e.precision;
  int scale = lt.kind == Kind::kDecimal ? lt.decimal_scale : e.scale;
  if (is_decimal) {
    if (precision <= 0 || precision > LogicalType::kMaxDecimalPrecision || scale < 0 ||
        scale > precision) {
      col->unsupported = "decimal(" + std::to_string(precision) + "," + std::to_string(scale) +
                         ") is not supported (precision must be 1..38)";
      return;
    }
  }
  bool is_unsigned = (lt.kind == Kind::kInteger && !lt.is_signed) ||
                     ct == ConvertedType::kUint8 || ct == ConvertedType::kUint16 ||
                     ct == ConvertedType::kUint32 || ct == ConvertedType::kUint64;
  int bit_width = lt.kind == Kind::kInteger ? lt.bit_width : 0;
  if (ct == ConvertedType::kInt8 || ct == ConvertedType::kUint8) bit_width = 8;
  if (ct == ConvertedType::kInt16 || ct == ConvertedType::kUint16) bit_width = 16;
  if (ct == ConvertedType::kUint32) bit_width = 32;
  if (ct == ConvertedType::kUint64) bit_width = 64;
  col->legacy_stats_usable = !is_unsigned;
  col->is_unsigned = is_unsigned;
  col->is_uuid = lt.kind == Kind::kUuid;
  switch (*e.type) {
    case PhysicalType::kBoolean: col->type = TypeId::kBoolean; return;
    case PhysicalType::kInt32:
      if (is_decimal) {
        col->type = LogicalType::Decimal(precision, scale);
        col->conversion = ParquetConversion::kInt32ToInt128;
      } else if (lt.kind == Kind::kDate || ct == ConvertedType::kDate) {
        col->type = TypeId::kDate;
      } else if (is_unsigned && bit_width == 32) {
        col->type = TypeId::kInt64;
        col->conversion = ParquetConversion::kUint32ToInt64;
      } else if (bit_width == 8 || bit_width == 16) {
        // Spark's ParquetToSparkSchemaConverter: INT(8) tinyint, INT(16) smallint, and the
        // unsigned ones one size up (UINT(8) smallint, UINT(16) int).
        if (!is_unsigned) {
          col->type = bit_width == 8 ? TypeId::kInt8 : TypeId::kInt16;
          col->conversion = bit_width == 8 ? ParquetConversion::kInt32ToInt8
                                           : ParquetConversion::kInt32ToInt16;
        } else if (bit_width == 8) {
          col->type = TypeId::kInt16;
          col->conversion = ParquetConversion::kInt32ToInt16;
        } else {
          col->type = TypeId::kInt32;
        }
      } else if (lt.kind == Kind::kTime || ct == ConvertedType::kTimeMillis) {
        col->type = TypeId::kTime;
        col->conversion = ParquetConversion::kTimeMillisToMicros;
      } else {
        col->type = TypeId::kInt32;
      }
      return;
    case PhysicalType::kInt64:
      if (is_decimal) {
        col->type = LogicalType::Decimal(precision, scale);
        col->conversion = ParquetConversion::kInt64ToInt128;
      } else if (lt.kind == Kind::kTimestamp) {
        col->type = lt.is_adjusted_to_utc ? TypeId::kTimestamp : TypeId::kTimestampNtz;
        if (lt.unit == TimeUnit::kMillis) col->conversion = ParquetConversion::kMillisToMicros;
        // nanoseconds are kept (Iceberg v3's timestamp_ns / timestamptz_ns)
        if (lt.unit == TimeUnit::kNanos) {
          col->type = lt.is_adjusted_to_utc ? TypeId::kTimestampNs : TypeId::kTimestampNtzNs;
        }
      } else if (ct == ConvertedType::kTimestampMillis || ct == ConvertedType::kTimestampMicros) {
        col->type = TypeId::kTimestamp;
        if (ct == ConvertedType::kTimestampMillis) {
          col->conversion = ParquetConversion::kMillisToMicros;
        }
      } else if (is_unsigned) {
        col->type = LogicalType::Decimal(20, 0);
        col->conversion = ParquetConversion::kUint64ToInt128;
      } else if (lt.kind == Kind::kTime || ct == ConvertedType::kTimeMicros) {
        col->type = TypeId::kTime;
        if (lt.unit == TimeUnit::kNanos) col->conversion = ParquetConversion::kNanosToMicros;
      } else {
        col->type = TypeId::kInt64;
      }
      return;
    case PhysicalType::kInt96:
      col->type = TypeId::kTimestamp;
      col->conversion = ParquetConversion::kInt96ToMicros;
      col->stats_usable = false;  // INT96 statistics have no defined order
      col->legacy_stats_usable = false;
      return;
    case PhysicalType::kFloat: col->type = TypeId::kFloat; return;
    case PhysicalType::kDouble: col->type = TypeId::kDouble; return;
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
      col->legacy_stats_usable = false;  // written in signed byte order by old writers
      if (*e.type == PhysicalType::kFixedLenByteArray && (e.type_length <= 0)) {
        Corrupt("FIXED_LEN_BYTE_ARRAY column \"" + e.name + "\" has no length");
      }
      if (is_decimal) {
        col->type = LogicalType::Decimal(precision, scale);
        col->conversion = ParquetConversion::kBytesToInt128;
      } else if (*e.type == PhysicalType::kByteArray &&
                 (lt.kind == Kind::kString || lt.kind == Kind::kEnum || lt.kind == Kind::kJson ||
                  ct == ConvertedType::kUtf8 || ct == ConvertedType::kEnum ||
                  ct == ConvertedType::kJson)) {
        col->type = TypeId::kString;
      } else {
        col->type = TypeId::kBinary;
        // why: FLOAT16 and INTERVAL bytes do not sort like their values
        if (lt.kind == Kind::kFloat16 || ct == ConvertedType::kInterval) col->stats_usable = false;
      }
      return;
  }
}

bool IsListGroup(const SchemaElement& e) {
  return e.logical_type.kind == Kind::kList || e.converted_type == ConvertedType::kList;
}

bool IsMapGroup(const SchemaElement& e) {
  return e.logical_type.kind == Kind::kMap || e.converted_type == ConvertedType::kMap ||
         e.converted_type == ConvertedType::kMapKeyValue;
}

// Builds the nodes of a nested column from the flattened schema (the Parquet format's
// LogicalTypes.md "Nested Types", with its backward-compatibility rules for lists and maps).
class NestedBuilder {
 public:
  NestedBuilder(const std::vector<SchemaElement>& schema, size_t* next, int* leaf)
      : schema_(schema), next_(*next), leaf_(*leaf) {}

  // Parses the field at next_: its parent's value is present from `parent_def`, and its
  // own values start at (slot_def, slot_rep). `as_required`: the element's repetition is
  // already counted by the caller (a repeated field that is its own list's element).
  ParquetNode Field(int parent_def, int slot_def, int slot_rep, bool as_required, int depth) {
    if (depth > 64) Corrupt("nested too deeply");
    const SchemaElement& e = At(next_);
    ParquetNode node;
    node.name = e.name;
    node.field_id = e.field_id ? *e.field_id : -1;
    node.slot_def = slot_def;
    node.slot_rep = slot_rep;
    if (!as_required && e.repetition == Repetition::kRepeated) {
      // a repeated field outside a LIST group: a list, never NULL, of required elements
      node.kind = ParquetNode::Kind::kList;
      node.def_level = parent_def;
      node.element_def = parent_def + 1;
      node.element_rep = slot_rep + 1;
      node.children.push_back(Field(node.element_def, node.element_def, node.element_rep, true, depth + 1));
      node.type = LogicalType::List(node.children[0].type);
      return node;
    }
    bool optional = !as_required && e.repetition != Repetition::kRequired;
    node.def_level = parent_def + (optional ? 1 : 0);
    if (e.type) {
      ++next_;
      node.kind = ParquetNode::Kind::kLeaf;
      node.leaf.name = e.name;
      node.leaf.field_id = node.field_id;
      node.leaf.optional = node.def_level > 0;
      node.leaf.leaf_index = leaf_++;
      node.leaf.max_def = node.def_level;
      node.leaf.max_rep = slot_rep;
      ResolveLeaf(e, &node.leaf);
      if (!node.leaf.unsupported.empty()) throw NotImplementedError(node.leaf.unsupported);
      node.type = node.leaf.type;
      return node;
    }
    if (e.num_children < 0) Corrupt("negative num_children");
    if (IsListGroup(e)) {
      ++next_;
      if (e.num_children != 1) Corrupt("LIST group \"" + e.name + "\" without exactly one child");
      const SchemaElement& r = At(next_);
      if (r.repetition != Repetition::kRepeated) Corrupt("LIST group \"" + e.name + "\" whose child is not repeated");
      node.kind = ParquetNode::Kind::kList;
      node.element_def = node.def_level + 1;
      node.element_rep = slot_rep + 1;
      // Spark's ParquetToSparkSchemaConverter.isElementType: the repeated field is itself the
      // element (2-level lists) when it is a primitive, a group of several fields, or named
      // "array" (parquet-avro) or "<list>_tuple" (parquet-thrift)
      bool two_level = r.type || r.num_children > 1 || r.name == "array" || r.name == e.name + "_tuple";
      if (two_level) {
        node.children.push_back(Field(node.element_def, node.element_def, node.element_rep, true, depth + 1));
      } else {
        ++next_;
        if (r.num_children != 1) Corrupt("LIST group \"" + e.name + "\" with an empty repeated group");
        node.children.push_back(Field(node.element_def, node.element_def, node.element_rep, false, depth + 1));
      }
      node.type = LogicalType::List(node.children[0].type);
      return node;
    }
    if (IsMapGroup(e)) {
      ++next_;
      if (e.num_children != 1) Corrupt("MAP group \"" + e.name + "\" without exactly one child");
      const SchemaElement& kv = At(next_++);
      if (kv.repetition != Repetition::kRepeated || kv.type || kv.num_children != 2) {
        Corrupt("MAP group \"" + e.name + "\" without a repeated key_value group of two fields");
      }
      node.kind = ParquetNode::Kind::kMap;
      node.element_def = node.def_level + 1;
      node.element_rep = slot_rep + 1;
      node.children.push_back(Field(node.element_def, node.element_def, node.element_rep, false, depth + 1));
      node.children.push_back(Field(node.element_def, node.element_def, node.element_rep, false, depth + 1));
      node.type = LogicalType::Map(node.children[0].type, node.children[1].type);
      return node;
    }
    ++next_;
    if (e.num_children == 0) Corrupt("group \"" + e.name + "\" without fields");
    node.kind = ParquetNode::Kind::kStruct;
    std::vector<StructField> fields;
    for (int i = 0; i < e.num_children; ++i) {
      node.children.push_back(Field(node.def_level, slot_def, slot_rep, false, depth + 1));
      fields.emplace_back(node.children.back().name, node.children.back().type);
    }
    node.type = LogicalType::Struct(std::move(fields));
    // (a group annotated VARIANT reads as one: Spark's and Iceberg's files, floe's own)
    if (e.logical_type.kind == LogicalTypeInfo::Kind::kVariant) return VariantNode(node);
    return node;
  }

 private:
  const SchemaElement& At(size_t i) {
    if (i >= schema_.size()) Corrupt("num_children points past the schema");
    return schema_[i];
  }

  const std::vector<SchemaElement>& schema_;
  size_t& next_;
  int& leaf_;
};

}  // namespace

const ParquetNode* ParquetNode::FirstLeaf() const {
  if (kind == Kind::kLeaf) return this;
  for (const auto& c : children) {
    if (const ParquetNode* l = c.FirstLeaf()) return l;
  }
  return nullptr;
}

namespace {

bool IsBinaryLeaf(const ParquetNode* n) {
  return n && n->kind == ParquetNode::Kind::kLeaf &&
         (n->leaf.type.id() == TypeId::kBinary || n->leaf.type.id() == TypeId::kString);
}

// Checks a shredded value group (VariantShredding.md "Value Shredding"): an optional binary
// `value`, an optional `typed_value`, at least one of them and nothing else; a typed_value
// is a primitive of the spec's table, an object (a group of such groups) or a LIST of them.
void CheckShreddedGroup(const ParquetNode& group, const std::string& where, bool top, int depth) {
  if (depth > 100) throw FormatError(where + " is shredded too deeply");
  if (group.kind != ParquetNode::Kind::kStruct) throw FormatError(where + " is not a group of value and typed_value");
  const ParquetNode* value = nullptr;
  const ParquetNode* typed = nullptr;
  for (const auto& c : group.children) {
    if (c.name == "value" && !value) {
      value = &c;
    } else if (c.name == "typed_value" && !typed) {
      typed = &c;
    } else if (!(top && c.name == "metadata")) {
      throw FormatError(where + " has an unexpected field \"" + c.name + "\"");
    }
  }
  if (value && !IsBinaryLeaf(value)) throw FormatError(where + ".value is not binary");
  if (!value && !typed) throw FormatError(where + " has neither value nor typed_value");
  if (!typed) return;
  const std::string typed_where = where + ".typed_value";
  switch (typed->kind) {
    case ParquetNode::Kind::kStruct:
      for (const auto& field : typed->children) CheckShreddedGroup(field, typed_where + "." + field.name, false, depth + 1);
      return;
    case ParquetNode::Kind::kList:
      return CheckShreddedGroup(typed->children[0], typed_where + ".element", false, depth + 1);
    case ParquetNode::Kind::kLeaf: {
      // the spec's table: signed integers, timestamps in micros or nanos, time in micros,
      // binary as BYTE_ARRAY, uuid as FIXED_LEN_BYTE_ARRAY(16)
      const ParquetColumn& leaf = typed->leaf;
      ParquetConversion conversion = leaf.conversion;
      bool stored_as_is = conversion == ParquetConversion::kNone || conversion == ParquetConversion::kInt32ToInt8 ||
                          conversion == ParquetConversion::kInt32ToInt16 ||
                          conversion == ParquetConversion::kInt32ToInt128 ||
                          conversion == ParquetConversion::kInt64ToInt128 ||
                          conversion == ParquetConversion::kBytesToInt128 || conversion == ParquetConversion::kUuidToString;
      bool binary_ok = leaf.type.id() != TypeId::kBinary || leaf.physical_type == PhysicalType::kByteArray ||
                       (leaf.is_uuid && leaf.type_length == 16);
      const LogicalType& t = leaf.type;
      bool type_ok = t.IsNumeric() || t.IsTemporal() || t.IsStringLike() || t.id() == TypeId::kBoolean ||
                     t.id() == TypeId::kTime;
      if (type_ok && stored_as_is && binary_ok && !leaf.is_unsigned) return;
      throw FormatError(typed_where + " is not of a shredded variant type (" +
                        (leaf.is_unsigned ? std::string("an unsigned integer") : typed->type.ToString()) + ")");
    }
    default: throw FormatError(typed_where + " is not of a shredded variant type");
  }
}

}  // namespace

ParquetNode VariantNode(const ParquetNode& group) {
  const std::string where = "variant column \"" + group.name + "\"";
  if (group.kind == ParquetNode::Kind::kVariant || group.kind == ParquetNode::Kind::kShreddedVariant) return group;
  if (group.kind != ParquetNode::Kind::kStruct) throw FormatError(where + " is not a group");
  const ParquetNode* metadata = nullptr;
  const ParquetNode* value = nullptr;
  bool shredded = false;
  for (const auto& c : group.children) {
    if (c.name == "typed_value") shredded = true;
    if (c.name == "metadata") metadata = &c;
    if (c.name == "value") value = &c;
  }
  if (shredded) {
    if (!IsBinaryLeaf(metadata)) throw FormatError(where + " needs a binary field \"metadata\"");
    CheckShreddedGroup(group, where, true, 0);
    ParquetNode node;
    node.kind = ParquetNode::Kind::kShreddedVariant;
    node.name = group.name;
    node.field_id = group.field_id;
    node.type = TypeId::kVariant;
    node.def_level = group.def_level;
    node.slot_def = group.slot_def;
    node.slot_rep = group.slot_rep;
    node.children = {group};
    return node;
  }
  for (const ParquetNode* part : {metadata, value}) {
    if (!part || part->kind != ParquetNode::Kind::kLeaf ||
        (part->leaf.type.id() != TypeId::kBinary && part->leaf.type.id() != TypeId::kString)) {
      throw FormatError(where + " needs binary fields \"metadata\" and \"value\"");
    }
  }
  ParquetNode node = group;
  node.kind = ParquetNode::Kind::kVariant;
  node.type = TypeId::kVariant;
  node.children = {*metadata, *value};
  return node;
}

std::vector<ParquetColumn> ParquetSchema::FromElements(const std::vector<SchemaElement>& schema) {
  if (schema.empty()) Corrupt("the schema is empty");
  std::vector<ParquetColumn> columns;
  size_t next = 1;
  int leaf = 0;
  // Skips the subtree at `next`, counting its leaves.
  auto skip_subtree = [&](auto&& self, int depth) -> void {
    if (depth > 100) Corrupt("nested too deeply");
    if (next >= schema.size()) Corrupt("num_children points past the schema");
    const SchemaElement& e = schema[next++];
    if (e.type) {
      ++leaf;
      return;
    }
    if (e.num_children < 0) Corrupt("negative num_children");
    for (int i = 0; i < e.num_children; ++i) self(self, depth + 1);
  };
  int root_children = schema[0].num_children;
  if (root_children < 0) Corrupt("negative num_children");
  for (int i = 0; i < root_children; ++i) {
    if (next >= schema.size()) Corrupt("num_children points past the schema");
    const SchemaElement& e = schema[next];
    ParquetColumn col;
    col.name = e.name;
    col.field_id = e.field_id ? *e.field_id : -1;
    col.optional = e.repetition != Repetition::kRequired;
    col.leaf_index = leaf;
    if (!e.type || e.repetition == Repetition::kRepeated) {
      size_t start = next;
      int start_leaf = leaf;
      try {
        NestedBuilder builder(schema, &next, &leaf);
        auto node = std::make_shared<ParquetNode>(builder.Field(0, 0, 0, false, 0));
        col.type = node->type;
        col.optional = node->def_level > 0;
        col.nested = std::move(node);
      } catch (const NotImplementedError& unsupported) {
        next = start;
        leaf = start_leaf;
        col.unsupported = "nested column \"" + e.name + "\": " + unsupported.what();
        skip_subtree(skip_subtree, 0);
      }
    } else {
      ++next;
      ++leaf;
      ResolveLeaf(e, &col);
    }
    columns.push_back(std::move(col));
  }
  if (next != schema.size()) Corrupt("elements after the last column");
  return columns;
}

ParquetColumn ParquetSchema::Promote(const ParquetColumn& column, const LogicalType& type) {
  ParquetColumn out = column;
  out.type = type;
  if (type == column.type) return out;
  TypeId from = column.type.id();
  if (from == TypeId::kInt32 && type.id() == TypeId::kInt64 &&
      column.conversion == ParquetConversion::kNone) {
    out.conversion = ParquetConversion::kInt32ToInt64;
    return out;
  }
  // An INT(8) / INT(16) file column in an Iceberg int or long column: the INT32 values as
  // they are, or widened.
  bool narrow = column.conversion == ParquetConversion::kInt32ToInt8 ||
                column.conversion == ParquetConversion::kInt32ToInt16;
  if (narrow && (type.id() == TypeId::kInt32 || type.id() == TypeId::kInt64 ||
                 (type.id() == TypeId::kInt16 && from == TypeId::kInt8))) {
    out.conversion = type.id() == TypeId::kInt32   ? ParquetConversion::kNone
                     : type.id() == TypeId::kInt64 ? ParquetConversion::kInt32ToInt64
                                                   : ParquetConversion::kInt32ToInt16;
    return out;
  }
  if (from == TypeId::kFloat && type.id() == TypeId::kDouble) {
    out.conversion = ParquetConversion::kFloatToDouble;
    return out;
  }
  // TIMESTAMP(NANOS) in an Iceberg timestamp column of the same kind (files pyarrow wrote,
  // added to a table): floored to microseconds, statistics too
  if (column.conversion == ParquetConversion::kNone &&
      ((from == TypeId::kTimestampNs && type.id() == TypeId::kTimestamp) ||
       (from == TypeId::kTimestampNtzNs && type.id() == TypeId::kTimestampNtz))) {
    out.conversion = ParquetConversion::kNanosToMicros;
    return out;
  }
  // An Iceberg uuid (16 bytes) is a string in SQL, as Spark's TypeToSparkType makes it; its
  // statistics are bytes, not text, so they prune nothing.
  if (from == TypeId::kBinary && type.id() == TypeId::kString && column.conversion == ParquetConversion::kNone) {
    out.conversion = ParquetConversion::kUuidToString;
    out.stats_usable = false;
    out.legacy_stats_usable = false;
    return out;
  }
  if (from == TypeId::kDecimal && type.id() == TypeId::kDecimal &&
      type.scale() == column.type.scale() && type.precision() >= column.type.precision()) {
    return out;  // the unscaled values are the same
  }
  throw InvalidInputError("cannot read Parquet column \"" + column.name + "\" of type " +
                          column.type.ToString() + " as " + type.ToString());
}

PhysicalType ParquetSchema::PhysicalTypeFor(const LogicalType& type, int* type_length) {
  *type_length = 0;
  switch (type.id()) {
    case TypeId::kBoolean: return PhysicalType::kBoolean;
    case TypeId::kInt8:
    case TypeId::kInt16:
    case TypeId::kInt32:
    case TypeId::kDate: return PhysicalType::kInt32;
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs: return PhysicalType::kInt64;
    case TypeId::kFloat: return PhysicalType::kFloat;
    case TypeId::kDouble: return PhysicalType::kDouble;
    case TypeId::kString:
    case TypeId::kBinary: return PhysicalType::kByteArray;
    case TypeId::kDecimal:
      if (type.precision() <= 9) return PhysicalType::kInt32;
      if (type.precision() <= 18) return PhysicalType::kInt64;
      *type_length = DecimalBytes(type.precision());
      return PhysicalType::kFixedLenByteArray;
    default:
      throw NotImplementedError("writing type " + type.ToString() + " to Parquet");
  }
}

SchemaElement ParquetSchema::ToElement(const std::string& name, int field_id,
                                       const LogicalType& type, bool optional) {
  SchemaElement e;
  e.name = name;
  if (field_id >= 0) e.field_id = field_id;
  e.repetition = optional ? Repetition::kOptional : Repetition::kRequired;
  e.type = PhysicalTypeFor(type, &e.type_length);
  LogicalTypeInfo& lt = e.logical_type;
  switch (type.id()) {
    case TypeId::kInt8:
    case TypeId::kInt16:
      // INT(8, true) / INT(16, true) and the legacy INT_8 / INT_16, as Spark and DuckDB write
      lt.kind = Kind::kInteger;
      lt.bit_width = type.id() == TypeId::kInt8 ? 8 : 16;
      lt.is_signed = true;
      e.converted_type = type.id() == TypeId::kInt8 ? ConvertedType::kInt8 : ConvertedType::kInt16;
      break;
    case TypeId::kString:
      lt.kind = Kind::kString;
      e.converted_type = ConvertedType::kUtf8;
      break;
    case TypeId::kDate:
      lt.kind = Kind::kDate;
      e.converted_type = ConvertedType::kDate;
      break;
    case TypeId::kTime:
      lt.kind = Kind::kTime;
      lt.unit = TimeUnit::kMicros;
      lt.is_adjusted_to_utc = false;
      break;
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
      lt.kind = Kind::kTimestamp;
      lt.unit = TimeUnit::kMicros;
      lt.is_adjusted_to_utc = type.id() == TypeId::kTimestamp;
      if (lt.is_adjusted_to_utc) e.converted_type = ConvertedType::kTimestampMicros;
      break;
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:  // no converted type: the legacy ones have no nanoseconds
      lt.kind = Kind::kTimestamp;
      lt.unit = TimeUnit::kNanos;
      lt.is_adjusted_to_utc = type.id() == TypeId::kTimestampNs;
      break;
    case TypeId::kDecimal:
      lt.kind = Kind::kDecimal;
      lt.decimal_precision = type.precision();
      lt.decimal_scale = type.scale();
      e.converted_type = ConvertedType::kDecimal;
      e.precision = type.precision();
      e.scale = type.scale();
      break;
    default: break;
  }
  return e;
}

}  // namespace floe
