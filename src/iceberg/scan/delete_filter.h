#pragma once

#include <map>
#include <string>
#include <unordered_set>
#include <vector>

#include "common/vector.h"
#include "iceberg/location_remapper.h"
#include "iceberg/scan/file_scan_task.h"
#include "iceberg/scan/name_mapping.h"
#include "iceberg/schema.h"

namespace floe::iceberg {

/// The deletes of one data file, loaded from its task's delete files: the positions its
/// position deletes name (their file_path compared as written and remapped) and the
/// key sets of its equality deletes (Java's DeleteFilter).
class DeleteFilter {
 public:
  /// Reads the task's delete files; throws IOError or FormatError.
  DeleteFilter(const FileScanTask& task, const Schema& schema, const LocationRemapper& remapper,
               const NameMapping& mapping);

  /// Returns true when no row is deleted.
  bool empty() const { return positions_.empty() && equality_.empty(); }
  /// Returns true when position deletes apply (rows must then keep their positions).
  bool has_positions() const { return !positions_.empty(); }
  /// Returns the field ids equality deletes compare, sorted.
  const std::vector<int>& equality_field_ids() const { return equality_field_ids_; }

  /// Keeps in `keep` the rows [0, count) of a batch that are not deleted. Row i is at file
  /// position first_position + i; `column_of` maps an equality field id to its column
  /// in `chunk` (-1: the file lacks it, so its values are NULL).
  void Filter(const DataChunk& chunk, size_t count, int64_t first_position, const std::map<int, int>& column_of,
              SelectionVector* keep) const;

 private:
  struct EqualitySet {
    std::vector<int> field_ids;
    std::unordered_set<std::string> keys;
  };
  void LoadPositions(const DeleteFileRef& file, const FileScanTask& task, const LocationRemapper& remapper);
  void LoadEquality(const DeleteFileRef& file, const Schema& schema, const NameMapping& mapping);

  std::vector<int64_t> positions_;  // sorted
  std::vector<EqualitySet> equality_;
  std::vector<int> equality_field_ids_;
};

/// Appends the key of one value to an equality delete key.
void AppendKey(const Value& value, std::string* key);

}  // namespace floe::iceberg
