#include "iceberg/scan/table_scan_metrics.h"

namespace floe::iceberg {

namespace {

std::string ReadOfTotal(int64_t read, int64_t total) {
  return std::to_string(read) + " read / " + std::to_string(total) + " total";
}

void AddLines(const SpecScanMetrics& m, const std::string& prefix, bool dynamic,
              std::vector<std::pair<std::string, std::string>>* out) {
  out->emplace_back(prefix + "manifests", ReadOfTotal(m.manifests_read, m.manifests_total));
  if (m.manifest_size_mismatches > 0) {
    out->emplace_back(prefix + "manifest sizes", std::to_string(m.manifest_size_mismatches) +
                                                     " manifests differ from their manifest list (recorded " +
                                                     std::to_string(m.manifest_size_recorded) + " bytes, real " +
                                                     std::to_string(m.manifest_size_real) +
                                                     "); read by their real size");
  }
  if (m.delete_manifests_total > 0) {
    out->emplace_back(prefix + "delete manifests", ReadOfTotal(m.delete_manifests_read, m.delete_manifests_total));
  }
  if (m.manifest_blocks_total > 0) {
    out->emplace_back(prefix + "manifest blocks", ReadOfTotal(m.manifest_blocks_read, m.manifest_blocks_total));
  }
  out->emplace_back(prefix + "partitions", ReadOfTotal(m.partitions_read, m.partitions_total));
  out->emplace_back(prefix + "data files",
                    ReadOfTotal(m.data_files_read, m.data_files_total) + " (manifest pruned " +
                        std::to_string(m.data_files_manifest_pruned) + ", partition pruned " +
                        std::to_string(m.data_files_partition_pruned) + ", metrics pruned " +
                        std::to_string(m.data_files_metrics_pruned) + ")");
  if (dynamic) {
    out->emplace_back(prefix + "manifests pruned dynamically", std::to_string(m.manifests_dynamic_pruned));
    out->emplace_back(prefix + "partitions pruned dynamically", std::to_string(m.partitions_dynamic_pruned));
    out->emplace_back(prefix + "data files pruned dynamically", std::to_string(m.data_files_dynamic_pruned));
  }
  if (m.delete_files_total > 0) {
    out->emplace_back(prefix + "delete files", ReadOfTotal(m.delete_files_read, m.delete_files_total));
  }
  out->emplace_back(prefix + "bytes", ReadOfTotal(m.bytes_read, m.bytes_total));
  out->emplace_back(prefix + "rows", ReadOfTotal(m.rows_read, m.rows_total));
}

}  // namespace

SpecScanMetrics& SpecScanMetrics::operator+=(const SpecScanMetrics& o) {
  manifests_total += o.manifests_total;
  manifests_read += o.manifests_read;
  manifest_size_mismatches += o.manifest_size_mismatches;
  manifest_size_recorded += o.manifest_size_recorded;
  manifest_size_real += o.manifest_size_real;
  delete_manifests_total += o.delete_manifests_total;
  delete_manifests_read += o.delete_manifests_read;
  manifest_blocks_total += o.manifest_blocks_total;
  manifest_blocks_read += o.manifest_blocks_read;
  data_files_total += o.data_files_total;
  data_files_manifest_pruned += o.data_files_manifest_pruned;
  data_files_partition_pruned += o.data_files_partition_pruned;
  data_files_metrics_pruned += o.data_files_metrics_pruned;
  data_files_read += o.data_files_read;
  data_files_all_rows_match += o.data_files_all_rows_match;
  delete_files_total += o.delete_files_total;
  delete_files_read += o.delete_files_read;
  partitions_total += o.partitions_total;
  partitions_read += o.partitions_read;
  bytes_total += o.bytes_total;
  bytes_read += o.bytes_read;
  rows_total += o.rows_total;
  rows_read += o.rows_read;
  manifests_dynamic_pruned += o.manifests_dynamic_pruned;
  data_files_dynamic_pruned += o.data_files_dynamic_pruned;
  partitions_dynamic_pruned += o.partitions_dynamic_pruned;
  return *this;
}

std::vector<std::pair<std::string, std::string>> TableScanMetrics::ToLines() const {
  std::vector<std::pair<std::string, std::string>> out;
  AddLines(total, "", dynamic, &out);
  if (by_spec.size() > 1) {
    for (const auto& [spec_id, m] : by_spec) AddLines(m, "spec " + std::to_string(spec_id) + " ", dynamic, &out);
  }
  return out;
}

}  // namespace floe::iceberg
