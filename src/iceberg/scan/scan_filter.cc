#include "iceberg/scan/scan_filter.h"

#include "common/exception.h"
#include "common/vector_operations.h"
#include "iceberg/expressions/file_metrics.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {

namespace {

bool IsFloating(const Type& type) { return type.kind() == TypeKind::kFloat || type.kind() == TypeKind::kDouble; }

// Returns the value of a summary bound, or NULL when absent or unreadable.
Value SummaryBound(const TypePtr& type, const std::optional<std::string>& bytes) {
  if (!type || !bytes) return Value();
  try {
    return SingleValueSerialization::FromBytes(*type, *bytes);
  } catch (const Exception&) {
    return Value();
  }
}

// Returns false only when `value`, the one value a column holds besides NULLs, is no key
// of the Bloom filter. A NULL value (unknown) never rules anything out.
bool MayBeKey(const BloomFilter& bloom, const Value& value) {
  return value.is_null() || bloom.MayContain(HashValue(value));
}

const PruneCounters kStaticCounters{nullptr, &SpecScanMetrics::data_files_manifest_pruned,
                                    &SpecScanMetrics::data_files_partition_pruned,
                                    &SpecScanMetrics::data_files_metrics_pruned, nullptr};
const PruneCounters kDynamicCounters{&SpecScanMetrics::manifests_dynamic_pruned,
                                     &SpecScanMetrics::data_files_dynamic_pruned,
                                     &SpecScanMetrics::data_files_dynamic_pruned,
                                     &SpecScanMetrics::data_files_dynamic_pruned,
                                     &SpecScanMetrics::partitions_dynamic_pruned};

}  // namespace

SpecFilter::SpecFilter(const ExpressionPtr& expression, const PartitionSpec& spec, const Schema& schema,
                       const std::vector<ColumnBloomFilter>& blooms)
    : manifest_(expression, spec, schema), partition_(manifest_.partition_filter(), spec) {
  for (const ColumnBloomFilter& b : blooms) {
    const NestedField* source = schema.FindFieldById(b.field_id);
    if (!source || !source->type()->IsPrimitive() || !b.bloom) continue;
    for (size_t i = 0; i < spec.fields().size(); ++i) {
      const PartitionField& field = spec.fields()[i];
      if (field.source_id() == b.field_id && field.transform().IsIdentity()) {
        identity_blooms_.push_back({i, source->type(), b.bloom.get()});
      }
    }
  }
}

bool SpecFilter::MayMatchManifest(const ManifestFile& manifest) const {
  if (!manifest_.Eval(manifest)) return false;
  // A manifest whose summary bounds of an identity field meet holds one value there
  // besides NULLs (never a key) and, for a float with contains_nan false, no NaN.
  for (const IdentityBloom& b : identity_blooms_) {
    if (b.position >= manifest.partitions.size()) continue;
    const PartitionFieldSummary& s = manifest.partitions[b.position];
    if (IsFloating(*b.type) && s.contains_nan != false) continue;
    Value lower = SummaryBound(b.type, s.lower_bound), upper = SummaryBound(b.type, s.upper_bound);
    if (lower.is_null() || upper.is_null() || lower.Compare(upper) != 0) continue;
    if (!MayBeKey(*b.bloom, lower)) return false;
  }
  return true;
}

bool SpecFilter::MayMatchPartition(const std::vector<Value>& partition) const {
  if (!partition_.Eval(partition)) return false;
  for (const IdentityBloom& b : identity_blooms_) {
    if (b.position >= partition.size()) continue;
    const Value& value = partition[b.position];
    // every row of the file has this value in the column; NULL equals no key
    if (value.is_null() || !MayBeKey(*b.bloom, value)) return false;
  }
  return true;
}

ScanFilter::ScanFilter(Kind kind, ExpressionPtr expression, const Schema& schema, std::vector<ColumnBloomFilter> blooms)
    : kind_(kind),
      expression_(std::move(expression)),
      schema_(&schema),
      blooms_(std::move(blooms)),
      metrics_(schema, expression_) {}

const PruneCounters& ScanFilter::counters() const {
  return kind_ == Kind::kStatic ? kStaticCounters : kDynamicCounters;
}

void ScanFilter::Prepare(const PartitionSpec& spec) {
  auto& slot = specs_[spec.spec_id()];
  if (!slot) slot = std::make_unique<SpecFilter>(expression_, spec, *schema_, blooms_);
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

bool ScanFilter::MayMatchMetrics(const DataFile& file) const {
  if (!metrics_.Eval(file)) return false;
  // A file whose bounds of a column meet holds one value there besides NULLs (never a
  // key) and, for a float with a NaN count of 0, no NaN. Bounds that meet are never
  // truncated ones: a truncated upper bound is above every value, the lower one not.
  for (const ColumnBloomFilter& b : blooms_) {
    const NestedField* field = schema_->FindFieldById(b.field_id);
    if (!field || !field->type()->IsPrimitive() || !b.bloom) continue;
    if (IsFloating(*field->type())) {
      auto nans = MetricCount(file.nan_value_counts, b.field_id);
      if (!nans || *nans != 0) continue;
    }
    Value lower = MetricBound(file.lower_bounds, b.field_id, *field->type());
    Value upper = MetricBound(file.upper_bounds, b.field_id, *field->type());
    if (lower.is_null() || upper.is_null() || lower.Compare(upper) != 0) continue;
    if (!MayBeKey(*b.bloom, lower)) return false;
  }
  return true;
}

std::map<int, ExpressionPtr> ScanFilter::PartitionFilters() const {
  std::map<int, ExpressionPtr> out;
  for (const auto& [spec_id, f] : specs_) out[spec_id] = f->partition_filter();
  return out;
}

}  // namespace floe::iceberg
