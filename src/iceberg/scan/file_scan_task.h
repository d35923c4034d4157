#pragma once

#include <memory>
#include <string>
#include <vector>

#include "iceberg/expressions/expression.h"
#include "iceberg/manifests/manifest_entry.h"

namespace floe::iceberg {

/// A delete file that applies to a task's data file, with its data sequence number.
struct DeleteFileRef {
  DataFile file;
  /// The location to read it from (remapped).
  std::string local_path;
  int64_t data_sequence_number = 0;
};

/// One data file a scan reads, with the delete files that apply to it (spec "Scan
/// Planning"): position deletes of its partition with a sequence number at least its
/// own, equality deletes of its partition (or global ones) with a greater one.
struct FileScanTask {
  /// The data file as the manifest names it (file_path as written).
  DataFile data_file;
  /// The location to read it from (remapped).
  std::string local_path;
  int64_t data_sequence_number = 0;
  std::vector<std::shared_ptr<const DeleteFileRef>> deletes;
  /// True when the scan's filter expression holds for every row of the file (by the
  /// strict projection of its partition). That expression may be wider than a query's
  /// own filter (parts it could not express become true), so only a caller whose
  /// conversion was exact may drop its row filter for the file.
  bool all_rows_match = false;
  /// What of the scan's static filter is left to test on the file's rows once its
  /// partition tuple is known (ResidualEvaluator): true exactly when all_rows_match.
  ExpressionPtr residual;
};

}  // namespace floe::iceberg
