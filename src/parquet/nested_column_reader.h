#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "common/field_selection.h"
#include "common/vector.h"
#include "parquet/column_reader.h"
#include "parquet/parquet_schema.h"

namespace floe {

/// Reads a struct, list or map column: one ColumnReader per leaf gives each leaf's levels
/// and values for a batch of rows, and the column's ParquetNode tree assembles them into a
/// nested vector (the Dremel record assembly, a node at a time over the whole batch).
class NestedColumnReader {
 public:
  /// Takes the column's tree and a reader per leaf of it, in the tree's order.
  NestedColumnReader(std::shared_ptr<const ParquetNode> root, std::vector<std::unique_ptr<ColumnReader>> leaves);

  /// Assembles the next n rows into rows [0, n) of out.
  void Read(size_t n, Vector& out);
  /// Skips n rows.
  void Skip(size_t n);

 private:
  struct LeafBatch {
    std::vector<uint8_t> defs;
    std::vector<uint8_t> reps;
    Vector values;
    size_t value_count = 0;
  };

  void ReadLeaves(size_t n);
  // Structs only (no list or map): each leaf decoded straight into its vector, an entry per
  // row, and each struct NULL where its first leaf's level says so.
  void ReadStructs(const ParquetNode& node, Vector& out, size_t n);
  // Fills rows [at, at + count) of out with the node's values of this batch.
  void Assemble(const ParquetNode& node, Vector& out, size_t at, size_t count);
  // Returns the entries of the node's first leaf that start its values.
  void Slots(const ParquetNode& node, const LeafBatch& batch, std::vector<uint32_t>* slots) const;

  std::shared_ptr<const ParquetNode> root_;
  std::vector<std::unique_ptr<ColumnReader>> readers_;
  std::vector<LeafBatch> batches_;
  std::unordered_map<const ParquetNode*, size_t> leaf_of_node_;
  bool structs_only_ = true;
  std::vector<std::vector<uint8_t>> struct_defs_;  // per leaf, when structs_only_
  std::vector<uint8_t> struct_all_present_;        // per leaf: no NULL in this batch
};

/// Returns the leaves of a nested column's tree, in order.
std::vector<const ParquetNode*> NestedLeaves(const ParquetNode& root);

/// Returns the tree that reads only the selected fields of a struct column (the others
/// read as NULL, their leaves never decoded); `node` itself when the selection is whole.
std::shared_ptr<const ParquetNode> SelectFields(std::shared_ptr<const ParquetNode> node,
                                                const FieldSelection& selection);

}  // namespace floe
