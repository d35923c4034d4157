#include "parquet/nested_column_writer.h"

#include <algorithm>

#include "common/exception.h"
#include "common/variant.h"
#include "parquet/parquet_schema.h"

namespace floe {

using namespace parquet;  // NOLINT: the Parquet enums read best unqualified here

struct NestedColumnWriter::Node {
  TypeId kind = TypeId::kNull;  // kStruct, kList, kMap, or another id for a leaf
  std::string name;
  bool optional = true;
  int def = 0;  // the definition level when the value is present
  int rep = 0;  // a list's or map's: the repetition level of its elements after the first
  int leaf = -1;
  bool stored = true;  // false: a field the file leaves out (Iceberg's unknown)
  std::vector<Node> children;
};

struct NestedColumnWriter::LeafBuffer {
  std::vector<uint8_t> defs;
  std::vector<uint8_t> reps;
  std::vector<uint32_t> rows;  // of `source`, the values written
  const Vector* source = nullptr;
  std::vector<std::string_view> parts;  // a variant's metadata or value: the values written
};

namespace {

// The children a nested field is written with: its own, or ones without ids (nullable but
// for a map's key).
std::vector<ParquetWriterField> ChildFields(const ParquetWriterField& f) {
  if (!f.children.empty()) return f.children;
  std::vector<ParquetWriterField> out;
  for (const auto& [name, type] : f.type.fields()) {
    ParquetWriterField c;
    c.name = name;
    c.type = type;
    c.nullable = !(f.type.id() == TypeId::kMap && name == "key");
    out.push_back(std::move(c));
  }
  return out;
}

SchemaElement Group(const std::string& name, int field_id, Repetition repetition, int children) {
  SchemaElement e;
  e.name = name;
  if (field_id >= 0) e.field_id = field_id;
  e.repetition = repetition;
  e.num_children = children;
  return e;
}

class Builder {
 public:
  Builder(std::vector<SchemaElement>* schema, std::vector<ParquetWriterField>* leaves)
      : schema_(schema), leaves_(leaves) {}

  // Adds the field at definition level `def` of its parent and repetition level `rep`.
  template <typename Node>
  Node Add(const ParquetWriterField& f, int parent_def, int rep, std::vector<std::string> path, bool repeated = false) {
    Node node;
    if (!f.stored) {
      node.stored = false;
      return node;
    }
    node.kind = f.type.IsNested() || f.type.id() == TypeId::kVariant ? f.type.id() : TypeId::kNull;
    node.name = f.name;
    node.optional = f.nullable;
    node.def = parent_def + (f.nullable ? 1 : 0);
    // why: levels are written as bytes (and floe reads 64 levels of nesting at most)
    if (node.def > 200 || rep > 200 || path.size() > 64) {
      throw NotImplementedError("column \"" + (path.empty() ? f.name : path[0]) + "\" is nested too deeply to write");
    }
    path.push_back(f.name);
    Repetition repetition = repeated ? Repetition::kRepeated : f.nullable ? Repetition::kOptional : Repetition::kRequired;
    if (f.type.id() == TypeId::kVariant) {
      // Parquet's VariantEncoding.md, as Iceberg's TypeToMessageType writes it: a group
      // (VARIANT(1)) { required binary metadata; required binary value; }, unshredded
      SchemaElement group = Group(f.name, f.field_id, repetition, 2);
      group.logical_type.kind = LogicalTypeInfo::Kind::kVariant;
      schema_->push_back(group);
      for (const char* part : {"metadata", "value"}) {
        ParquetWriterField c;
        c.name = part;
        c.type = TypeId::kBinary;
        c.nullable = false;
        node.children.push_back(Add<Node>(c, node.def, rep, path));
      }
      return node;
    }
    if (!f.type.IsNested()) {
      schema_->push_back(ParquetSchema::ToElement(f.name, f.field_id, f.type, f.nullable));
      ParquetWriterField leaf = f;
      leaf.path = path;
      leaf.max_def = node.def;
      leaf.max_rep = rep;
      leaf.children.clear();
      node.leaf = static_cast<int>(leaves_->size());
      leaves_->push_back(std::move(leaf));
      return node;
    }
    std::vector<ParquetWriterField> children = ChildFields(f);
    if (f.type.id() == TypeId::kStruct) {
      auto stored = std::count_if(children.begin(), children.end(), [](const auto& c) { return c.stored; });
      schema_->push_back(Group(f.name, f.field_id, repetition, static_cast<int>(stored)));
      for (const auto& c : children) node.children.push_back(Add<Node>(c, node.def, rep, path));
      return node;
    }
    for (const auto& c : children) {
      if (!c.stored) throw NotImplementedError("column \"" + f.name + "\": a list or map of a type never stored");
    }
    // LIST: <group> (LIST) { repeated group list { <element> } }; MAP: <group> (MAP) {
    // repeated group key_value { required <key>; <value> } }
    bool list = f.type.id() == TypeId::kList;
    SchemaElement outer = Group(f.name, f.field_id, repetition, 1);
    outer.converted_type = list ? ConvertedType::kList : ConvertedType::kMap;
    outer.logical_type.kind = list ? LogicalTypeInfo::Kind::kList : LogicalTypeInfo::Kind::kMap;
    schema_->push_back(outer);
    const char* repeated_name = list ? "list" : "key_value";
    schema_->push_back(Group(repeated_name, -1, Repetition::kRepeated, static_cast<int>(children.size())));
    path.push_back(repeated_name);
    node.rep = rep + 1;
    for (size_t i = 0; i < children.size(); ++i) {
      ParquetWriterField c = children[i];
      c.name = list ? "element" : (i == 0 ? "key" : "value");
      if (!list && i == 0) c.nullable = false;
      node.children.push_back(Add<Node>(c, node.def + 1, node.rep, path));
    }
    return node;
  }

 private:
  std::vector<SchemaElement>* schema_;
  std::vector<ParquetWriterField>* leaves_;
};

}  // namespace

NestedColumnWriter::NestedColumnWriter(const ParquetWriterField& field, std::vector<SchemaElement>* schema,
                                       std::vector<ParquetWriterField>* leaves) {
  size_t first = leaves->size();
  root_ = std::make_unique<Node>(Builder(schema, leaves).Add<Node>(field, 0, 0, {}));
  buffers_.resize(leaves->size() - first);
  // leaf indexes relative to this column
  std::vector<Node*> stack{root_.get()};
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    if (n->leaf >= 0) n->leaf -= static_cast<int>(first);
    for (auto& c : n->children) stack.push_back(&c);
  }
}

NestedColumnWriter::~NestedColumnWriter() = default;

void NestedColumnWriter::Empty(const Node& node, int def, int rep) {
  if (!node.stored) return;
  if (node.leaf >= 0) {
    buffers_[node.leaf].defs.push_back(static_cast<uint8_t>(def));
    buffers_[node.leaf].reps.push_back(static_cast<uint8_t>(rep));
    return;
  }
  for (const auto& c : node.children) Empty(c, def, rep);
}

void NestedColumnWriter::Shred(const Node& node, const Vector& v, size_t row, int rep) {
  if (!node.stored) return;
  if (v.IsNull(row)) {
    if (!node.optional) throw ConstraintError("NULL value in required Parquet field \"" + node.name + "\"");
    return Empty(node, node.def - 1, rep);
  }
  if (node.leaf >= 0) {
    LeafBuffer& b = buffers_[node.leaf];
    if (b.source && b.source != &v) throw InternalError("a nested leaf's values in two vectors");
    b.source = &v;
    b.defs.push_back(static_cast<uint8_t>(node.def));
    b.reps.push_back(static_cast<uint8_t>(rep));
    b.rows.push_back(static_cast<uint32_t>(row));
    return;
  }
  if (node.kind == TypeId::kStruct) {
    for (size_t c = 0; c < node.children.size(); ++c) Shred(node.children[c], v.child(c), row, rep);
    return;
  }
  if (node.kind == TypeId::kVariant) {
    VariantRef variant = VariantRef::Unpack(v.Data<StringRef>()[row].view());
    for (size_t c = 0; c < 2; ++c) {
      LeafBuffer& b = buffers_[node.children[c].leaf];
      b.defs.push_back(static_cast<uint8_t>(node.children[c].def));
      b.reps.push_back(static_cast<uint8_t>(rep));
      b.parts.push_back(c == 0 ? variant.metadata() : variant.ValueBytes());
    }
    return;
  }
  ListEntry e = v.Data<ListEntry>()[row];
  if (e.length == 0) {
    for (const auto& c : node.children) Empty(c, node.def, rep);
    return;
  }
  for (uint64_t k = 0; k < e.length; ++k) {
    for (size_t c = 0; c < node.children.size(); ++c) {
      Shred(node.children[c], v.child(c), e.offset + k, k == 0 ? rep : node.rep);
    }
  }
}

void NestedColumnWriter::Write(const Vector& vector, size_t offset, size_t n,
                               const std::vector<ColumnWriter*>& leaf_writers) {
  for (auto& b : buffers_) b = LeafBuffer();
  for (size_t r = offset; r < offset + n; ++r) Shred(*root_, vector, r, 0);
  for (size_t i = 0; i < buffers_.size(); ++i) {
    LeafBuffer& b = buffers_[i];
    if (!b.parts.empty()) {
      // (the views point into the vector being written, alive through this call)
      Vector values(TypeId::kBinary, b.parts.size());
      for (size_t k = 0; k < b.parts.size(); ++k) {
        values.Data<StringRef>()[k] = StringRef(b.parts[k].data(), static_cast<uint32_t>(b.parts[k].size()));
      }
      leaf_writers[i]->WriteLevels(values, b.defs.data(), b.reps.data(), b.defs.size());
      continue;
    }
    const LogicalType& type = b.source ? b.source->type() : LogicalType(TypeId::kNull);
    Vector values(b.source ? type : LogicalType(TypeId::kInt64), std::max<size_t>(b.rows.size(), 1));
    if (b.source) values.Gather(*b.source, b.rows.data(), b.rows.size());
    leaf_writers[i]->WriteLevels(values, b.defs.data(), b.reps.data(), b.defs.size());
  }
}

}  // namespace floe
