#include "execution/aggregate_hash_table.h"

#include <cstring>

#include "common/vector_operations.h"

namespace floe {

AggregateHashTable::AggregateHashTable(std::vector<LogicalType> key_types,
                                       const std::vector<BoundAggregate>* aggregates)
    : key_types_(std::move(key_types)), aggregates_(aggregates) {
  for (const auto& agg : *aggregates_) {
    offsets_.push_back(row_size_);
    row_size_ += (agg.function->state_size + 15) / 16 * 16;
  }
  if (row_size_ == 0) row_size_ = 16;
  for (const auto& t : key_types_) keys_.emplace_back(t, 1024);
  key_capacity_ = 1024;
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
    uint64_t pos = hashes_[g] & mask;
    while (slots[pos] != 0) pos = (pos + 1) & mask;
    slots[pos] = static_cast<uint32_t>(g + 1);
  }
  slots_ = std::move(slots);
  mask_ = mask;
}

uint32_t AggregateHashTable::NewGroup(const std::vector<const Vector*>& keys, size_t row,
                                      uint64_t hash) {
  uint32_t g = static_cast<uint32_t>(group_count_++);
  if (group_count_ > key_capacity_) {
    key_capacity_ *= 2;
    for (auto& k : keys_) k.Reserve(key_capacity_);
  }
  for (size_t k = 0; k < keys_.size(); ++k) {
    keys_[k].CopyRow(*keys[k], row, g);
    if (key_types_[k].IsStringLike() && !keys[k]->IsNull(row)) {
      // Own the bytes: the input batch goes away.
      keys_[k].SetString(g, keys[k]->Data<StringRef>()[row].view());
    }
  }
  hashes_.push_back(hash);
  if (g / kRowsPerBlock >= blocks_.size()) {
    blocks_.push_back(std::make_unique<uint8_t[]>(kRowsPerBlock * row_size_));
  }
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
      if (hashes_[g] == h) {
        bool equal = true;
        for (size_t k = 0; k < keys.size() && equal; ++k) {
          equal = RowsEqualNullSafe(keys_[k], g, *keys[k], i);
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
  for (const auto& k : other.keys_) batch.emplace_back(k.type(), kBatchSize);
  std::vector<const Vector*> ptrs;
  for (const auto& v : batch) ptrs.push_back(&v);
  for (size_t start = 0; start < n; start += kBatchSize) {
    size_t count = std::min(kBatchSize, n - start);
    const uint32_t* sel = groups + start;
    for (size_t k = 0; k < batch.size(); ++k) {
      batch[k].Reset();
      batch[k].Gather(other.keys_[k], sel, count);
    }
    for (size_t i = 0; i < count; ++i) hashes[i] = other.hashes_[sel[i]];
    FindOrCreateGroups(ptrs, count, found.data(), hashes.data());
    for (size_t a = 0; a < aggregates_->size(); ++a) {
      const auto& combine = (*aggregates_)[a].function->combine;
      for (size_t i = 0; i < count; ++i) combine(other.State(sel[i], a), State(found[i], a));
    }
  }
}

}  // namespace floe
