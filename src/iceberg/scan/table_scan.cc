#include "iceberg/scan/table_scan.h"

#include "common/exception.h"
#include "iceberg/scan/snapshot_files.h"

namespace floe::iceberg {

TableScan::TableScan(FileIO& io, std::shared_ptr<const TableMetadata> metadata, std::optional<int64_t> snapshot_id,
                     ExpressionPtr filter, LocationRemapper remapper, PruningOptions options)
    : io_(io),
      metadata_(std::move(metadata)),
      filter_(filter ? std::move(filter) : Expression::AlwaysTrue()),
      remapper_(std::move(remapper)),
      options_(options) {
  if (snapshot_id) {
    snapshot_ = metadata_->SnapshotById(*snapshot_id);
    if (!snapshot_) throw InvalidInputError("table has no snapshot with id " + std::to_string(*snapshot_id));
  } else {
    snapshot_ = metadata_->CurrentSnapshot();
  }
  schema_ = &metadata_->ReadSchema(snapshot_, snapshot_id.has_value());
}

void TableScan::SetDynamicFilter(ExpressionPtr filter, std::vector<ColumnBloomFilter> blooms) {
  dynamic_filter_ = std::move(filter);
  dynamic_blooms_ = std::move(blooms);
}

std::vector<FileScanTask> TableScan::PlanFiles() {
  if (!snapshot_) return {};
  std::vector<ManifestFile> manifests = SnapshotManifests(io_, *snapshot_, remapper_);
  planning_ = std::make_unique<ManifestGroup>(io_, metadata_, *schema_, remapper_, options_);
  planning_->FilterWith(ScanFilter(ScanFilter::Kind::kStatic, filter_, *schema_));
  if (dynamic_filter_) {
    planning_->FilterWith(ScanFilter(ScanFilter::Kind::kDynamic, dynamic_filter_, *schema_, dynamic_blooms_));
  }
  return planning_->PlanFiles(manifests, &metrics_);
}

std::map<int, ExpressionPtr> TableScan::PartitionFiltersOf(ScanFilter::Kind kind) const {
  std::map<int, ExpressionPtr> out;
  if (!planning_) return out;
  for (const ScanFilter& f : planning_->filters()) {
    if (f.kind() != kind) continue;
    for (auto& [spec_id, e] : f.PartitionFilters()) {
      auto [it, fresh] = out.emplace(spec_id, e);
      if (!fresh) it->second = Expression::And(it->second, e);
    }
  }
  return out;
}

std::map<int, ExpressionPtr> TableScan::PartitionFilters() const {
  return PartitionFiltersOf(ScanFilter::Kind::kStatic);
}

std::map<int, ExpressionPtr> TableScan::DynamicPartitionFilters() const {
  return PartitionFiltersOf(ScanFilter::Kind::kDynamic);
}

}  // namespace floe::iceberg
