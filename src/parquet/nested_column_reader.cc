#include "parquet/nested_column_reader.h"

#include "common/exception.h"
#include "common/variant.h"
#include "parquet/variant_shredding.h"

namespace floe {

namespace {

void CollectLeaves(const ParquetNode& node, std::vector<const ParquetNode*>* out) {
  if (node.kind == ParquetNode::Kind::kLeaf) {
    out->push_back(&node);
    return;
  }
  for (const auto& c : node.children) CollectLeaves(c, out);
}

[[noreturn]] void Corrupt(const ParquetNode& node, const std::string& what) {
  throw FormatError("column \"" + node.name + "\": " + what);
}

// Sets rows [at, at + count) of a vector of any type NULL (a struct's fields with it).
void SetNulls(Vector& out, size_t at, size_t count) {
  out.validity().SetInvalidRange(at, count);
  if (out.type().id() == TypeId::kStruct) {
    for (size_t c = 0; c < out.type().fields().size(); ++c) SetNulls(out.child(c), at, count);
  } else if (out.type().id() == TypeId::kList || out.type().id() == TypeId::kMap) {
    auto* entries = out.Data<ListEntry>();
    for (size_t k = 0; k < count; ++k) entries[at + k] = ListEntry{out.child_size(), 0};
  }
}

// Fills rows [at, at + count) of a missing field: its default in every row, else NULL.
void FillMissing(const ParquetNode& node, Vector& out, size_t at, size_t count) {
  if (!node.default_value) return SetNulls(out, at, count);
  for (size_t k = 0; k < count; ++k) out.SetValue(at + k, *node.default_value);
}

// Returns the selection of the struct fields down to the node's first leaf.
FieldSelection FirstLeafPath(const ParquetNode& node) {
  FieldSelection path;
  if (node.kind != ParquetNode::Kind::kStruct) return path;  // a list or map is read whole
  for (size_t c = 0; c < node.children.size(); ++c) {
    if (node.children[c].FirstLeaf()) {
      path.fields[c] = FirstLeafPath(node.children[c]);
      break;
    }
  }
  return path;
}

ParquetNode Select(const ParquetNode& node, const FieldSelection& selection) {
  ParquetNode out = node;
  if (selection.whole() || node.kind != ParquetNode::Kind::kStruct) return out;
  for (size_t c = 0; c < out.children.size(); ++c) {
    auto it = selection.fields.find(c);
    if (it != selection.fields.end()) {
      out.children[c] = Select(node.children[c], it->second);
      continue;
    }
    ParquetNode& missing = out.children[c];
    missing.kind = ParquetNode::Kind::kMissing;
    missing.children.clear();
  }
  return out;
}

// Packs rows [0, count) of a variant's metadata and value into rows [at, at + count) of
// out, NULL where `is_null` says the group is NULL.
template <typename IsNull>
void PackVariants(const ParquetNode& node, const Vector& metadata, const Vector& value, Vector& out, size_t at,
                  size_t count, IsNull is_null) {
  const StringRef* m = metadata.Data<StringRef>();
  const StringRef* v = value.Data<StringRef>();
  for (size_t k = 0; k < count; ++k) {
    if (is_null(k)) {
      out.SetNull(at + k, true);
      continue;
    }
    if (metadata.IsNull(k) || value.IsNull(k)) Corrupt(node, "a variant without its metadata or value");
    try {
      VariantRef(m[k].view(), v[k].view()).Validate();
    } catch (const FormatError& e) {
      Corrupt(node, e.what());
    }
    out.SetNull(at + k, false);
    out.SetString(at + k, PackVariant(m[k].view(), v[k].view()));
  }
}

// Rebuilds rows [0, count) of a shredded variant's group (read as a struct) into rows
// [at, at + count) of out; NULL where the group is.
void RebuildVariants(const ParquetNode& node, const Vector& group, Vector& out, size_t at, size_t count) {
  for (size_t k = 0; k < count; ++k) {
    if (group.IsNull(k)) {
      out.SetNull(at + k, true);
      continue;
    }
    out.SetNull(at + k, false);
    out.SetString(at + k, RebuildShreddedVariant(node.children[0], group.GetValue(k)));
  }
}

}  // namespace

std::vector<const ParquetNode*> NestedLeaves(const ParquetNode& root) {
  std::vector<const ParquetNode*> leaves;
  CollectLeaves(root, &leaves);
  return leaves;
}

std::shared_ptr<const ParquetNode> SelectFields(std::shared_ptr<const ParquetNode> node,
                                                const FieldSelection& selection) {
  if (selection.whole() || !node) return node;
  auto selected = std::make_shared<ParquetNode>(Select(*node, selection));
  // why: the struct's own NULLs are in its leaves' levels; when the fields read are all
  // missing from the file, read its first leaf for them (the fields read are NULL anyway)
  if (!selected->FirstLeaf() && node->FirstLeaf()) {
    return std::make_shared<ParquetNode>(Select(*node, FirstLeafPath(*node)));
  }
  return selected;
}

NestedColumnReader::NestedColumnReader(std::shared_ptr<const ParquetNode> root,
                                       std::vector<std::unique_ptr<ColumnReader>> leaves)
    : root_(std::move(root)), readers_(std::move(leaves)) {
  std::vector<const ParquetNode*> nodes = NestedLeaves(*root_);
  if (nodes.size() != readers_.size()) throw InvalidInputError("a reader per leaf is needed");
  for (size_t i = 0; i < nodes.size(); ++i) {
    leaf_of_node_[nodes[i]] = i;
    LeafBatch batch;
    batch.values = Vector(nodes[i]->leaf.type, kBatchSize);
    batches_.push_back(std::move(batch));
    structs_only_ = structs_only_ && nodes[i]->leaf.max_rep == 0;
  }
  if (structs_only_) {
    struct_defs_.assign(nodes.size(), std::vector<uint8_t>(kBatchSize));
    struct_all_present_.assign(nodes.size(), 0);
  }
}

void NestedColumnReader::ReadLeaves(size_t n) {
  for (size_t i = 0; i < readers_.size(); ++i) {
    LeafBatch& b = batches_[i];
    b.defs.clear();
    b.reps.clear();
    b.values.Reset();
    b.value_count = 0;
    readers_[i]->ReadLevels(n, &b.defs, &b.reps, b.values, &b.value_count);
  }
}

void NestedColumnReader::Read(size_t n, Vector& out) {
  if (structs_only_ && n <= kBatchSize) return ReadStructs(*root_, out, n);
  ReadLeaves(n);
  Assemble(*root_, out, 0, n);
}

void NestedColumnReader::ReadStructs(const ParquetNode& node, Vector& out, size_t n) {
  switch (node.kind) {
    case ParquetNode::Kind::kLeaf: {
      size_t leaf = leaf_of_node_.at(&node);
      struct_all_present_[leaf] = readers_[leaf]->ReadStructLeaf(n, out, struct_defs_[leaf].data());
      return;
    }
    case ParquetNode::Kind::kStruct: {
      for (size_t c = 0; c < node.children.size(); ++c) ReadStructs(node.children[c], out.child(c), n);
      const ParquetNode* first = node.FirstLeaf();
      if (!first) return SetNulls(out, 0, n);
      size_t leaf = leaf_of_node_.at(first);
      if (struct_all_present_[leaf]) return;  // the leaf has a value in every row: so has the struct
      const uint8_t* defs = struct_defs_[leaf].data();
      for (size_t k = 0; k < n; ++k) {
        if (defs[k] < node.def_level) out.SetNull(k, true);
      }
      return;
    }
    case ParquetNode::Kind::kVariant: {
      Vector metadata(node.children[0].leaf.type, n), value(node.children[1].leaf.type, n);
      ReadStructs(node.children[0], metadata, n);
      ReadStructs(node.children[1], value, n);
      size_t leaf = leaf_of_node_.at(&node.children[0]);
      const uint8_t* defs = struct_defs_[leaf].data();
      bool all_present = struct_all_present_[leaf];
      return PackVariants(node, metadata, value, out, 0, n,
                          [&](size_t k) { return !all_present && defs[k] < node.def_level; });
    }
    case ParquetNode::Kind::kShreddedVariant: {
      Vector group(node.children[0].type, n);
      ReadStructs(node.children[0], group, n);
      return RebuildVariants(node, group, out, 0, n);
    }
    case ParquetNode::Kind::kMissing: return FillMissing(node, out, 0, n);
    default: return SetNulls(out, 0, n);
  }
}

void NestedColumnReader::Skip(size_t n) {
  while (n > 0) {
    size_t k = std::min(n, kBatchSize);
    ReadLeaves(k);
    n -= k;
  }
}

void NestedColumnReader::Slots(const ParquetNode& node, const LeafBatch& b, std::vector<uint32_t>* slots) const {
  slots->clear();
  for (size_t i = 0; i < b.defs.size(); ++i) {
    if (b.reps[i] <= node.slot_rep && b.defs[i] >= node.slot_def) slots->push_back(static_cast<uint32_t>(i));
  }
}

void NestedColumnReader::Assemble(const ParquetNode& node, Vector& out, size_t at, size_t count) {
  const ParquetNode* first = node.FirstLeaf();
  if (!first) return node.kind == ParquetNode::Kind::kMissing ? FillMissing(node, out, at, count) : SetNulls(out, at, count);
  const LeafBatch& b = batches_[leaf_of_node_.at(first)];
  std::vector<uint32_t> slots;
  Slots(node, b, &slots);
  if (slots.size() != count) Corrupt(node, "its leaves' levels disagree on the number of values");
  switch (node.kind) {
    case ParquetNode::Kind::kMissing: return FillMissing(node, out, at, count);
    case ParquetNode::Kind::kLeaf: {
      std::vector<uint32_t> sel(count);
      std::vector<bool> nulls(count);
      size_t value = 0;
      size_t entry = 0;
      int max_def = node.leaf.max_def;
      for (size_t k = 0; k < count; ++k) {
        for (; entry < slots[k]; ++entry) value += b.defs[entry] == max_def;
        nulls[k] = b.defs[slots[k]] < max_def;
        sel[k] = nulls[k] ? 0 : static_cast<uint32_t>(value);
      }
      if (value > b.value_count) Corrupt(node, "fewer values than levels");
      out.GatherAt(at, b.values, sel.data(), count);
      for (size_t k = 0; k < count; ++k) out.SetNull(at + k, nulls[k]);
      return;
    }
    case ParquetNode::Kind::kStruct:
      for (size_t k = 0; k < count; ++k) out.SetNull(at + k, b.defs[slots[k]] < node.def_level);
      for (size_t c = 0; c < node.children.size(); ++c) Assemble(node.children[c], out.child(c), at, count);
      return;
    case ParquetNode::Kind::kVariant: {
      size_t room = std::max<size_t>(count, 1);
      Vector metadata(node.children[0].leaf.type, room), value(node.children[1].leaf.type, room);
      Assemble(node.children[0], metadata, 0, count);
      Assemble(node.children[1], value, 0, count);
      return PackVariants(node, metadata, value, out, at, count,
                          [&](size_t k) { return b.defs[slots[k]] < node.def_level; });
    }
    case ParquetNode::Kind::kShreddedVariant: {
      Vector group(node.children[0].type, std::max<size_t>(count, 1));
      Assemble(node.children[0], group, 0, count);
      return RebuildVariants(node, group, out, at, count);
    }
    case ParquetNode::Kind::kList:
    case ParquetNode::Kind::kMap: {
      auto* entries = out.Data<ListEntry>();
      size_t total = 0;
      std::vector<uint64_t> lengths(count);
      for (size_t k = 0; k < count; ++k) {
        uint32_t start = slots[k];
        size_t end = k + 1 < count ? slots[k + 1] : b.defs.size();
        if (b.defs[start] < node.element_def) continue;  // NULL or empty
        uint64_t n = 0;
        for (size_t i = start; i < end; ++i) {
          n += b.reps[i] <= node.element_rep && b.defs[i] >= node.element_def;
        }
        lengths[k] = n;
        total += n;
      }
      size_t first_element = out.ReserveElements(total);
      size_t next = first_element;
      for (size_t k = 0; k < count; ++k) {
        out.SetNull(at + k, b.defs[slots[k]] < node.def_level);
        entries[at + k] = ListEntry{next, lengths[k]};
        next += lengths[k];
      }
      out.SetChildSize(first_element + total);
      for (size_t c = 0; c < node.children.size(); ++c) Assemble(node.children[c], out.child(c), first_element, total);
      return;
    }
  }
}

}  // namespace floe
