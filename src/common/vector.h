#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "common/check.h"
#include "common/string_heap.h"
#include "common/types.h"
#include "common/value.h"

namespace floe {

/// The most rows a batch holds.
constexpr size_t kBatchSize = 2048;

/// Validity bitmap: bit i set means row i is not NULL. Empty means all valid.
class Validity {
 public:
  bool AllValid() const { return bits_.empty(); }
  bool IsValid(size_t i) const { return bits_.empty() || ((bits_[i >> 6] >> (i & 63)) & 1); }
  void SetInvalid(size_t i) {
    if (bits_.empty()) bits_.assign(words_, ~uint64_t{0});
    bits_[i >> 6] &= ~(uint64_t{1} << (i & 63));
  }
  void SetValid(size_t i) {
    if (bits_.empty()) return;
    bits_[i >> 6] |= uint64_t{1} << (i & 63);
  }
  void Set(size_t i, bool valid) { valid ? SetValid(i) : SetInvalid(i); }
  /// Marks rows [from, from + count) NULL, a word at a time.
  void SetInvalidRange(size_t from, size_t count) {
    if (count == 0) return;
    if (bits_.empty()) bits_.assign(words_, ~uint64_t{0});
    size_t i = from, end = from + count;
    for (; i < end && (i & 63); ++i) bits_[i >> 6] &= ~(uint64_t{1} << (i & 63));
    for (; i + 64 <= end; i += 64) bits_[i >> 6] = 0;
    for (; i < end; ++i) bits_[i >> 6] &= ~(uint64_t{1} << (i & 63));
  }
  void Resize(size_t capacity) {
    words_ = (capacity + 63) / 64;
    if (!bits_.empty()) bits_.resize(words_, ~uint64_t{0});
  }
  void Reset() { bits_.clear(); }
  /// Returns the raw words, for whole-word loops; empty when all valid.
  const uint64_t* words() const { return bits_.empty() ? nullptr : bits_.data(); }

 private:
  std::vector<uint64_t> bits_;
  size_t words_ = 0;
};

/// Row indexes into a batch, kept after a filter.
struct SelectionVector {
  std::vector<uint32_t> indexes;
  size_t size() const { return indexes.size(); }
};

/// A column of up to `capacity` values of one type: typed storage plus validity.
/// String values point into `heap()` or into heaps shared from other vectors.
class Vector {
 public:
  Vector() = default;
  explicit Vector(LogicalType type, size_t capacity = kBatchSize);

  const LogicalType& type() const { return type_; }
  size_t capacity() const { return capacity_; }

  template <typename T>
  T* Data() {
    return reinterpret_cast<T*>(data_.get());
  }
  template <typename T>
  const T* Data() const {
    return reinterpret_cast<const T*>(data_.get());
  }
  uint8_t* RawData() { return data_.get(); }
  const uint8_t* RawData() const { return data_.get(); }

  Validity& validity() { return validity_; }
  const Validity& validity() const { return validity_; }
  bool IsNull(size_t i) const { return !validity_.IsValid(i); }
  void SetNull(size_t i, bool is_null) { validity_.Set(i, !is_null); }

  /// Returns the heap that owns strings written into this vector.
  StringHeap& heap();
  /// Keeps another vector's heaps alive, so its StringRefs may be copied here.
  void ShareHeapsOf(const Vector& other);
  /// Copies a string into this vector's heap and stores it at row i.
  void SetString(size_t i, std::string_view s) { Data<StringRef>()[i] = heap().Add(s); }

  /// Grows the storage to hold `capacity` rows, keeping the values.
  void Reserve(size_t capacity);
  /// Forgets values and NULLs, keeping the type and capacity (heaps are released).
  void Reset();
  /// Returns true when no other vector shares this one's buffers (its children's included).
  bool Unshared() const;
  /// Zeroes the slots that refer to other memory (strings, list entries), a struct's too.
  void ZeroReferences();

  /// Reads row i as a Value (slow; for results, constants and tests).
  Value GetValue(size_t i) const;
  /// Writes a Value (of this vector's type, or NULL) at row i.
  void SetValue(size_t i, const Value& value);
  /// Sets rows [0, n) to `value`, a string's bytes stored once (a file's constant column).
  void Fill(const Value& value, size_t n);

  /// Copies row `from` of `src` (same type) to row `to` of this vector.
  void CopyRow(const Vector& src, size_t from, size_t to);
  /// Copies `count` rows of src starting at `from` to this vector at `to`, strings shared.
  void CopyRange(const Vector& src, size_t from, size_t to, size_t count);
  /// Gathers src rows named by sel into rows [0, sel.size()) of this vector.
  void Gather(const Vector& src, const uint32_t* sel, size_t count);
  /// Keeps the rows named by sel (increasing) as rows [0, count), moving them within this
  /// vector's own buffers; false (nothing done) for a nested or shared vector.
  bool CompactInPlace(const uint32_t* sel, size_t count);
  /// Gathers src rows named by sel into rows [at, at + count), keeping the rows before
  /// (the vector must have room).
  void GatherAt(size_t at, const Vector& src, const uint32_t* sel, size_t count);

  // Nested vectors. A struct has one child per field, as many rows as itself; a list one
  // child of elements and a map two (keys, values), `child_size()` rows long, each row a
  // ListEntry into them. A NULL struct's children are NULL at its row too.

  /// Returns child i (a struct's field, a list's elements, a map's keys or values).
  Vector& child(size_t i) { return children_[i]; }
  const Vector& child(size_t i) const { return children_[i]; }
  size_t ChildCount() const { return children_.size(); }
  /// Returns how many rows of a list's or map's children are used.
  size_t child_size() const { return child_size_; }
  /// Makes room for `extra` more elements of a list or map; returns the first free one.
  size_t ReserveElements(size_t extra);
  /// Records that `n` elements of a list's or map's children are now used.
  void SetChildSize(size_t n) { child_size_ = n; }

 private:
  // Copies rows [from, from + count) of a nested src to rows [to, ...) of this vector.
  void CopyNested(const Vector& src, const uint32_t* sel, size_t from, size_t to, size_t count);

  LogicalType type_;
  size_t capacity_ = 0;
  std::shared_ptr<uint8_t[]> data_;
  Validity validity_;
  std::shared_ptr<StringHeap> heap_;
  std::vector<std::shared_ptr<StringHeap>> shared_heaps_;
  // the heaps of shared_heaps_ once they are many, so each is listed once
  std::unordered_set<const StringHeap*> shared_heap_index_;
  std::vector<Vector> children_;
  size_t child_size_ = 0;
};

/// A batch of rows: one vector per column and a row count.
class DataChunk {
 public:
  DataChunk() = default;
  explicit DataChunk(const std::vector<LogicalType>& types, size_t capacity = kBatchSize) {
    Initialize(types, capacity);
  }
  void Initialize(const std::vector<LogicalType>& types, size_t capacity = kBatchSize);
  /// Initialize for the next batch of a loop: keeps the columns' buffers (reset, their
  /// contents stale) when they have these types and nothing else holds them, so a scan's
  /// batches reuse memory instead of allocating and zeroing it each time.
  void Recycle(const std::vector<LogicalType>& types);

  size_t size() const { return size_; }
  void SetSize(size_t size) { size_ = size; }
  size_t ColumnCount() const { return columns_.size(); }
  size_t capacity() const { return capacity_; }
  /// Records that every column has been grown (Vector::Reserve) to `capacity` rows.
  void SetCapacity(size_t capacity) { capacity_ = capacity; }
  Vector& column(size_t i) { return columns_[i]; }
  const Vector& column(size_t i) const { return columns_[i]; }
  std::vector<Vector>& columns() { return columns_; }
  std::vector<LogicalType> Types() const;

  /// Empties the batch for reuse.
  void Reset();
  /// Keeps only the rows named by sel (in order), compacting in place.
  void Slice(const SelectionVector& sel);
  /// Keeps only the rows named by sel (increasing), moving them within each column's own
  /// buffers where it can (no allocation: for a batch filtered as it is read, as deleted
  /// rows are); the capacity stays.
  void Filter(const SelectionVector& sel);
  /// Appends rows [from, from+count) of other (same types); grows if needed.
  void Append(const DataChunk& other, size_t from, size_t count);
  /// Returns row i, column by column, as Values.
  std::vector<Value> GetRow(size_t i) const;

  /// Set by a table scan: bit i means every row of this batch is known to pass the
  /// scan's filter i (an Iceberg file whose partition values prove it); 0 = nothing known.
  uint64_t proven_filters = 0;

 private:
  std::vector<Vector> columns_;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace floe
