#include "iceberg/scan/scan_filter.h"

#include "common/exception.h"

namespace floe::iceberg {

namespace {

const PruneCounters kStaticCounters{nullptr, &SpecScanMetrics::data_files_manifest_pruned,
                                    &SpecScanMetrics::data_files_partition_pruned,
                                    &SpecScanMetrics::data_files_metrics_pruned, nullptr};
const PruneCounters kDynamicCounters{&SpecScanMetrics::manifests_dynamic_pruned,
                                     &SpecScanMetrics::data_files_dynamic_pruned,
                                     &SpecScanMetrics::data_files_dynamic_pruned,
                                     &SpecScanMetrics::data_files_dynamic_pruned,
                                     &SpecScanMetrics::partitions_dynamic_pruned};

}  // namespace

SpecFilter::SpecFilter(const ExpressionPtr& expression, const PartitionSpec& spec, const Schema& schema)
    : manifest_(expression, spec, schema), partition_(expression, spec, schema) {}

bool SpecFilter::MayMatchManifest(const ManifestFile& manifest) const { return manifest_.Eval(manifest); }

bool SpecFilter::MayMatchPartition(const std::vector<Value>& partition) const { return partition_.Eval(partition); }

ScanFilter::ScanFilter(Kind kind, ExpressionPtr expression, const Schema& schema)
    : kind_(kind), expression_(std::move(expression)), schema_(&schema), metrics_(schema, expression_) {}

const PruneCounters& ScanFilter::counters() const {
  return kind_ == Kind::kStatic ? kStaticCounters : kDynamicCounters;
}

void ScanFilter::Prepare(const PartitionSpec& spec) {
  auto& slot = specs_[spec.spec_id()];
  if (!slot) slot = std::make_unique<SpecFilter>(expression_, spec, *schema_);
}

const SpecFilter& ScanFilter::ForSpec(int spec_id) const {
  auto it = specs_.find(spec_id);
  if (it == specs_.end()) throw InternalError("scan filter used for spec " + std::to_string(spec_id) + " unprepared");
  return *it->second;
}

const SpecFilter* ScanFilter::FindSpec(int spec_id) const {
  auto it = specs_.find(spec_id);
  return it == specs_.end() ? nullptr : it->second.get();
}

bool ScanFilter::MayMatchMetrics(const DataFile& file) const { return metrics_.Eval(file); }

std::map<int, ExpressionPtr> ScanFilter::PartitionFilters() const {
  std::map<int, ExpressionPtr> out;
  for (const auto& [spec_id, f] : specs_) out[spec_id] = f->partition_filter();
  return out;
}

}  // namespace floe::iceberg
