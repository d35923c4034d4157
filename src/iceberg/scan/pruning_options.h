#pragma once

namespace floe::iceberg {

/// Which pruning layers a scan uses; switching one off never changes results.
struct PruningOptions {
  bool manifests = true;
  bool partitions = true;
  bool file_metrics = true;
  bool row_groups = true;
};

}  // namespace floe::iceberg
