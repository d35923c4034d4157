#include "execution/aggregate_hash_table.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "common/vector_operations.h"

namespace floe {

AggregateHashTable::AggregateHashTable(std::vector<LogicalType> key_types,
                                       const std::vector<BoundAggregate>* aggregates)
    : key_types_(std::move(key_types)), aggregates_(aggregates) {
  row_size_ = sizeof(uint64_t);  // the hash
  for (const auto& agg : *aggregates_) {
    size_t align = std::max<size_t>(agg.function->state_alignment, 1);
    row_size_ = (row_size_ + align - 1) / align * align;
    offsets_.push_back(row_size_);
    row_size_ += agg.function->state_size;
    row_alignment_ = std::max(row_alignment_, align);
  }
  row_size_ = (row_size_ + row_alignment_ - 1) / row_alignment_ * row_alignment_;
  slots_.assign(1024, 0);
  mask_ = slots_.size() - 1;
}

AggregateHashTable::~AggregateHashTable() {
  for (size_t a = 0; a < aggregates_->size(); ++a) {
    const auto& destroy = (*aggregates_)[a].function->destroy;
    if (!destroy) continue;
    for (size_t g = 0; g < group_count_; ++g) destroy(State(static_cast<uint32_t>(g), a));
  }
}

void AggregateHashTable::Grow() {
  std::vector<uint32_t> slots(slots_.size() * 2, 0);
  uint64_t mask = slots.size() - 1;
  for (size_t g = 0; g < group_count_; ++g) {
    uint64_t pos = HashAt(static_cast<uint32_t>(g)) & mask;
    while (slots[pos] != 0) pos = (pos + 1) & mask;
    slots[pos] = static_cast<uint32_t>(g + 1);
  }
  slots_ = std::move(slots);
  mask_ = mask;
}

uint32_t AggregateHashTable::NewGroup(const std::vector<const Vector*>& keys, size_t row,
                                      uint64_t hash) {
  uint32_t g = static_cast<uint32_t>(group_count_++);
  size_t block = g / kRowsPerBlock, at = g % kRowsPerBlock;
  if (block >= blocks_.size()) {
    // new[] aligns to 16 (__STDCPP_DEFAULT_NEW_ALIGNMENT__), the most any state asks.
    blocks_.emplace_back(new uint8_t[kRowsPerBlock * row_size_]);
    auto& vectors = key_blocks_.emplace_back();
    for (const auto& t : key_types_) vectors.emplace_back(t, kRowsPerBlock);
  }
  auto& vectors = key_blocks_[block];
  for (size_t k = 0; k < vectors.size(); ++k) {
    vectors[k].CopyRow(*keys[k], row, at);
    if (key_types_[k].HasStringStorage() && !keys[k]->IsNull(row)) {
      // Own the bytes: the input batch goes away.
      vectors[k].SetString(at, keys[k]->Data<StringRef>()[row].view());
    }
    // Spark groups by normalized floats (NormalizeFloatingNumbers): the key of the group
    // holding -0.0 and 0.0 is 0.0, of every NaN one NaN, whichever row came first
    if (key_types_[k].id() == TypeId::kDouble) {
      double& d = vectors[k].Data<double>()[at];
      if (d == 0) d = 0.0;
      if (std::isnan(d)) d = std::numeric_limits<double>::quiet_NaN();
    } else if (key_types_[k].id() == TypeId::kFloat) {
      float& f = vectors[k].Data<float>()[at];
      if (f == 0) f = 0.0f;
      if (std::isnan(f)) f = std::numeric_limits<float>::quiet_NaN();
    }
  }
  *reinterpret_cast<uint64_t*>(BlockRow(g)) = hash;
  for (size_t a = 0; a < aggregates_->size(); ++a) {
    (*aggregates_)[a].function->initialize(State(g, a));
  }
  return g;
}

void AggregateHashTable::HashKeys(const std::vector<const Vector*>& keys, size_t count,
                                  uint64_t* hashes) {
  std::fill(hashes, hashes + count, uint64_t{0x12345});
  for (size_t k = 0; k < keys.size(); ++k) HashVector(*keys[k], count, hashes, k > 0);
}

void AggregateHashTable::FindOrCreateGroups(const std::vector<const Vector*>& keys, size_t count,
                                            uint32_t* groups) {
  std::vector<uint64_t> hashes(count);
  HashKeys(keys, count, hashes.data());
  FindOrCreateGroups(keys, count, groups, hashes.data());
}

void AggregateHashTable::FindOrCreateGroups(const std::vector<const Vector*>& keys, size_t count,
                                            uint32_t* groups, const uint64_t* hashes) {
  for (size_t i = 0; i < count; ++i) {
    if ((group_count_ + 1) * 2 > slots_.size()) Grow();
    uint64_t h = hashes[i];
    uint64_t pos = h & mask_;
    for (;;) {
      uint32_t slot = slots_[pos];
      if (slot == 0) {
        uint32_t g = NewGroup(keys, i, h);
        slots_[pos] = g + 1;
        groups[i] = g;
        break;
      }
      uint32_t g = slot - 1;
      if (HashAt(g) == h) {
        bool equal = true;
        for (size_t k = 0; k < keys.size() && equal; ++k) {
          equal = RowsEqualNullSafe(KeyAt(k, g), g % kRowsPerBlock, *keys[k], i);
        }
        if (equal) {
          groups[i] = g;
          break;
        }
      }
      pos = (pos + 1) & mask_;
    }
  }
}

void AggregateHashTable::Merge(AggregateHashTable& other) {
  std::vector<uint32_t> all(other.group_count_);
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<uint32_t>(i);
  Merge(other, all.data(), all.size());
}

void AggregateHashTable::Merge(AggregateHashTable& other, const uint32_t* groups, size_t n) {
  std::vector<uint32_t> found(kBatchSize);
  std::vector<uint64_t> hashes(kBatchSize);
  std::vector<Vector> batch;
  for (const auto& t : other.key_types_) batch.emplace_back(t, kBatchSize);
  std::vector<const Vector*> ptrs;
  for (const auto& v : batch) ptrs.push_back(&v);
  for (size_t start = 0; start < n; start += kBatchSize) {
    size_t count = std::min(kBatchSize, n - start);
    const uint32_t* sel = groups + start;
    // Strings keep pointing into `other`, alive until this returns.
    for (size_t k = 0; k < batch.size(); ++k) {
      batch[k].Reset();
      for (size_t i = 0; i < count; ++i) {
        batch[k].CopyRow(other.KeyAt(k, sel[i]), sel[i] % kRowsPerBlock, i);
      }
    }
    for (size_t i = 0; i < count; ++i) hashes[i] = other.HashAt(sel[i]);
    FindOrCreateGroups(ptrs, count, found.data(), hashes.data());
    for (size_t a = 0; a < aggregates_->size(); ++a) {
      const auto& combine = (*aggregates_)[a].function->combine;
      for (size_t i = 0; i < count; ++i) combine(other.State(sel[i], a), State(found[i], a));
    }
  }
}

void AggregateHashTable::GatherKeys(size_t k, size_t start, size_t count, Vector& out) const {
  size_t done = 0;
  while (done < count) {
    size_t g = start + done;
    size_t at = g % kRowsPerBlock;
    size_t n = std::min(count - done, kRowsPerBlock - at);
    out.CopyRange(key_blocks_[g / kRowsPerBlock][k], at, done, n);
    done += n;
  }
}

}  // namespace floe
