#pragma once

#include <memory>
#include <string>

#include "iceberg/location_remapper.h"
#include "iceberg/table_metadata.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// A table as a catalog holds it at one moment: the metadata pointer and what it points to.
struct TableState {
  /// The location of the metadata file; empty for a table not yet created.
  std::string metadata_location;
  std::shared_ptr<const TableMetadata> metadata;
};

/// What a Transaction needs of the catalog that holds a table, as Iceberg Java's
/// TableOperations: the current state, the one compare-and-swap of the metadata pointer,
/// and where the table's files are read and written.
class TableOperations {
 public:
  virtual ~TableOperations() = default;

  /// The table's name for messages ("ns.t").
  virtual std::string name() const = 0;
  /// The FileIO the table's files are read and written through.
  virtual FileIO& io() = 0;
  /// Maps the locations the metadata names to the paths `io` reads.
  virtual const LocationRemapper& remapper() const = 0;

  /// Returns the table as the catalog holds it now; throws CatalogError when it is gone.
  virtual TableState Refresh() = 0;
  /// Throws when files of `metadata` would be written where they may not be (outside
  /// the warehouse through a symbolic link).
  virtual void CheckWritable(const TableMetadata& metadata) = 0;
  /// Points the catalog at `new_location` if it still points at `base_location` and
  /// returns true; returns false when another commit changed it first. An empty
  /// `base_location` creates the table; that throws CatalogError when the name is taken.
  virtual bool Swap(const std::string& base_location, const std::string& new_location) = 0;
};

}  // namespace floe::iceberg
