#pragma once

#include <memory>
#include <vector>

#include "common/vector.h"
#include "parquet/column_writer.h"
#include "parquet/parquet_metadata.h"
#include "parquet/parquet_writer_options.h"

namespace floe {

/// Writes a struct, list or map column: lays out its schema elements (3-level lists
/// `list` / `element`, maps `key_value` / `key` / `value`, as Spark, Iceberg and DuckDB
/// write them), and shreds each batch into every leaf's definition and repetition levels
/// and values (the Dremel encoding), which one ColumnWriter per leaf encodes.
class NestedColumnWriter {
 public:
  /// Appends the field's schema elements to `schema` and its leaves (their paths and
  /// levels set) to `leaves`, in order.
  NestedColumnWriter(const ParquetWriterField& field, std::vector<parquet::SchemaElement>* schema,
                     std::vector<ParquetWriterField>* leaves);
  ~NestedColumnWriter();

  /// Shreds rows [offset, offset + n) of the vector into the leaves' writers (the writers
  /// made for the leaves given at construction, in order).
  void Write(const Vector& vector, size_t offset, size_t n, const std::vector<ColumnWriter*>& leaf_writers);

 private:
  struct Node;
  struct LeafBuffer;
  void Shred(const Node& node, const Vector& v, size_t row, int rep);
  void Empty(const Node& node, int def, int rep);

  std::unique_ptr<Node> root_;
  std::vector<LeafBuffer> buffers_;
};

}  // namespace floe
