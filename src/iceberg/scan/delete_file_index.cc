#include "iceberg/scan/delete_file_index.h"

#include "common/exception.h"
#include "iceberg/expressions/predicate.h"
#include "iceberg/single_value_serialization.h"

namespace floe::iceberg {

namespace {

// Returns false when the delete file's file_path bounds exclude the data file's path.
bool MayReferTo(const DeleteFileRef& d, const std::string& path) {
  auto lower = d.file.lower_bounds.find(kDeleteFilePathFieldId);
  auto upper = d.file.upper_bounds.find(kDeleteFilePathFieldId);
  if (lower != d.file.lower_bounds.end() && path < lower->second) return false;
  if (upper != d.file.upper_bounds.end() && path > upper->second) return false;
  return true;
}

}  // namespace

std::string PartitionKey(int spec_id, const std::vector<Value>& partition) {
  std::string key = std::to_string(spec_id);
  for (const auto& v : partition) {
    key += '\x1f';
    key += v.is_null() ? std::string("\x01") : v.ToString();
  }
  return key;
}

DeleteFileIndex::DeleteFileIndex(const TableMetadata& metadata, const Schema& schema,
                                 const std::vector<ManifestEntry>& entries, const LocationRemapper& remapper)
    : schema_(schema) {
  for (const auto& e : entries) {
    auto ref = std::make_shared<DeleteFileRef>();
    ref->file = e.data_file;
    ref->local_path = remapper.Remap(e.data_file.file_path);
    ref->data_sequence_number = e.sequence_number.value_or(0);
    const PartitionSpec* spec = metadata.SpecById(e.data_file.spec_id);
    bool global = !spec || spec->IsUnpartitioned();
    Bucket& bucket = global ? global_ : by_partition_[PartitionKey(e.data_file.spec_id, e.data_file.partition)];
    if (e.data_file.IsDeletionVector()) {
      // A data file has at most one deletion vector (Java's DeleteFileIndex.add).
      if (!e.data_file.referenced_data_file) {
        throw FormatError("deletion vector in " + ref->local_path + " names no referenced_data_file");
      }
      auto [it, added] = dv_by_path_.emplace(*e.data_file.referenced_data_file, ref);
      if (!added) {
        throw FormatError("two deletion vectors apply to data file " + *e.data_file.referenced_data_file + ": in " +
                          it->second->local_path + " and " + ref->local_path);
      }
    } else if (e.data_file.content == FileContent::kPositionDeletes) {
      bucket.position.push_back(std::move(ref));
    } else {
      bucket.equality.push_back(std::move(ref));
    }
    ++size_;
  }
}

std::vector<std::shared_ptr<const DeleteFileRef>> DeleteFileIndex::ForDataFile(int64_t data_sequence_number,
                                                                              const DataFile& file) const {
  std::vector<std::shared_ptr<const DeleteFileRef>> out;
  // A deletion vector replaces the position delete files of its data file (Java's
  // DeleteFileIndex.forDataFile); equality deletes still apply.
  std::shared_ptr<const DeleteFileRef> dv;
  if (!dv_by_path_.empty()) {
    if (auto it = dv_by_path_.find(file.file_path); it != dv_by_path_.end()) {
      dv = it->second;
      if (dv->data_sequence_number < data_sequence_number) {
        throw FormatError("deletion vector in " + dv->local_path + " has data sequence number " +
                          std::to_string(dv->data_sequence_number) + ", older than its data file " + file.file_path +
                          " (" + std::to_string(data_sequence_number) + ")");
      }
      out.push_back(dv);
    }
  }
  auto add = [&](const Bucket& bucket) {
    for (const auto& d : bucket.position) {
      if (dv) break;
      if (d->data_sequence_number >= data_sequence_number && MayReferTo(*d, file.file_path)) out.push_back(d);
    }
    for (const auto& d : bucket.equality) {
      if (d->data_sequence_number > data_sequence_number && MayMatch(*d, file)) out.push_back(d);
    }
  };
  add(global_);
  auto it = by_partition_.find(PartitionKey(file.spec_id, file.partition));
  if (it != by_partition_.end()) add(it->second);
  return out;
}

bool DeleteFileIndex::MayMatch(const DeleteFileRef& deletes, const DataFile& file) const {
  // Rows match only when every equality field is equal (NULL equal to NULL): one field
  // whose values cannot meet rules the whole file out.
  for (int id : deletes.file.equality_ids) {
    const NestedField* field = schema_.FindFieldById(id);
    if (!field || !field->type()->IsPrimitive()) continue;
    auto nulls = [&](const DataFile& f) {
      auto it = f.null_value_counts.find(id);
      return it == f.null_value_counts.end() || it->second != 0;  // unknown: maybe
    };
    if (nulls(deletes.file) && nulls(file)) continue;
    bool floating = field->type()->kind() == TypeKind::kFloat || field->type()->kind() == TypeKind::kDouble;
    auto nans = [&](const DataFile& f) {
      auto it = f.nan_value_counts.find(id);
      return floating && (it == f.nan_value_counts.end() || it->second != 0);
    };
    if (nans(deletes.file) && nans(file)) continue;  // NaN rows are outside the bounds
    auto bound = [&](const std::map<int, std::string>& bounds) -> Value {
      auto it = bounds.find(id);
      if (it == bounds.end()) return Value();
      try {
        return SingleValueSerialization::FromBytes(*field->type(), it->second);
      } catch (const Exception&) {
        return Value();
      }
    };
    Value dl = bound(deletes.file.lower_bounds), du = bound(deletes.file.upper_bounds);
    Value fl = bound(file.lower_bounds), fu = bound(file.upper_bounds);
    if (dl.is_null() || du.is_null() || fl.is_null() || fu.is_null()) continue;
    if (IsNan(dl) || IsNan(du) || IsNan(fl) || IsNan(fu)) continue;
    if (du.Compare(fl) < 0 || dl.Compare(fu) > 0) return false;
  }
  return true;
}

}  // namespace floe::iceberg
