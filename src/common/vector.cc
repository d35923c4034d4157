#include "common/vector.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

namespace floe {

Vector::Vector(LogicalType type, size_t capacity) : type_(type) {
  for (const auto& f : type_.fields()) {
    children_.emplace_back(f.second, type_.id() == TypeId::kStruct ? capacity : 0);
  }
  Reserve(capacity);
}

StringHeap& Vector::heap() {
  if (!heap_) heap_ = std::make_shared<StringHeap>();
  return *heap_;
}

void Vector::ShareHeapsOf(const Vector& other) {
  if (&other == this) return;
  constexpr size_t kScanned = 16;
  auto add = [&](const std::shared_ptr<StringHeap>& h) {
    if (!h || h == heap_) return;
    // why: each heap listed once, even when rows are copied one at a time from a vector
    // sharing many heaps (a list's elements, a struct's strings); a short list is scanned,
    // a long one indexed
    if (shared_heaps_.size() < kScanned) {
      for (const auto& s : shared_heaps_) {
        if (s == h) return;
      }
    } else {
      if (shared_heap_index_.empty()) {
        for (const auto& s : shared_heaps_) shared_heap_index_.insert(s.get());
      }
      if (!shared_heap_index_.insert(h.get()).second) return;
    }
    shared_heaps_.push_back(h);
  };
  add(other.heap_);
  for (const auto& h : other.shared_heaps_) add(h);
}

void Vector::Reserve(size_t capacity) {
  if (capacity <= capacity_ && data_) return;
  size_t width = PhysicalSize(type_.id());
  // why: calloc, not new + memset: a large buffer comes zeroed from the system and its pages
  // are touched as rows arrive, not all at once (a 100M-row join table would spend most of
  // a second in one memset no cancel could interrupt)
  auto* bytes = static_cast<uint8_t*>(std::calloc(capacity * width + 16, 1));
  if (!bytes) throw std::bad_alloc();
  std::shared_ptr<uint8_t[]> data(bytes, [](uint8_t* p) { std::free(p); });
  if (data_ && capacity_ > 0) std::memcpy(data.get(), data_.get(), capacity_ * width);
  data_ = std::move(data);
  capacity_ = capacity;
  validity_.Resize(capacity);
  if (type_.id() == TypeId::kStruct) {
    for (auto& c : children_) c.Reserve(capacity);
  }
}

void Vector::ZeroReferences() {
  TypeId id = type_.id();
  if (data_ && (type_.HasStringStorage() || id == TypeId::kList || id == TypeId::kMap)) {
    std::memset(data_.get(), 0, capacity_ * PhysicalSize(id));
  }
  if (id == TypeId::kStruct) {
    for (auto& c : children_) c.ZeroReferences();
  }
}

bool Vector::Unshared() const {
  if (data_ && data_.use_count() > 1) return false;
  for (const auto& c : children_) {
    if (!c.Unshared()) return false;
  }
  return true;
}

void Vector::Reset() {
  validity_.Reset();
  heap_.reset();
  shared_heaps_.clear();
  shared_heap_index_.clear();
  for (auto& c : children_) c.Reset();
  child_size_ = 0;
}

size_t Vector::ReserveElements(size_t extra) {
  size_t need = child_size_ + extra;
  for (auto& c : children_) {
    if (c.capacity() < need) c.Reserve(std::max(need, c.capacity() * 2));
  }
  return child_size_;
}

void Vector::CopyNested(const Vector& src, const uint32_t* sel, size_t from, size_t to, size_t count) {
  if (type_.id() == TypeId::kStruct) {
    for (size_t k = 0; k < count; ++k) {
      size_t row = sel ? sel[k] : from + k;
      validity_.Set(to + k, src.validity_.IsValid(row));
    }
    for (size_t c = 0; c < children_.size(); ++c) {
      if (sel) {
        children_[c].GatherAt(to, src.children_[c], sel, count);
      } else {
        children_[c].CopyRange(src.children_[c], from, to, count);
      }
    }
    return;
  }
  // a list or map: its rows' elements are appended to this vector's children
  const auto* in = src.Data<ListEntry>();
  auto* out = Data<ListEntry>();
  size_t total = 0;
  for (size_t k = 0; k < count; ++k) {
    size_t row = sel ? sel[k] : from + k;
    if (src.validity_.IsValid(row)) total += in[row].length;
  }
  size_t at = ReserveElements(total);
  for (size_t k = 0; k < count; ++k) {
    size_t row = sel ? sel[k] : from + k;
    bool valid = src.validity_.IsValid(row);
    validity_.Set(to + k, valid);
    size_t length = valid ? in[row].length : 0;
    out[to + k] = ListEntry{at, length};
    for (size_t c = 0; c < children_.size(); ++c) {
      children_[c].CopyRange(src.children_[c], in[row].offset, at, length);
    }
    at += length;
  }
  child_size_ = at;
}

Value Vector::GetValue(size_t i) const {
  if (IsNull(i)) return Value::Null(type_);
  switch (type_.id()) {
    case TypeId::kNull: return Value::Null(type_);
    case TypeId::kBoolean: return Value::Boolean(Data<uint8_t>()[i] != 0);
    case TypeId::kInt8: return Value::Int8(Data<int8_t>()[i]);
    case TypeId::kInt16: return Value::Int16(Data<int16_t>()[i]);
    case TypeId::kInt32: return Value::Int32(Data<int32_t>()[i]);
    case TypeId::kInt64: return Value::Int64(Data<int64_t>()[i]);
    case TypeId::kFloat: return Value::Float(Data<float>()[i]);
    case TypeId::kDouble: return Value::Double(Data<double>()[i]);
    case TypeId::kDecimal:
      return Value::Decimal(Data<int128_t>()[i], type_.precision(), type_.scale());
    case TypeId::kString: return Value::String(Data<StringRef>()[i].str());
    case TypeId::kBinary: return Value::Binary(Data<StringRef>()[i].str());
    case TypeId::kVariant: return Value::Variant(Data<StringRef>()[i].str());
    case TypeId::kDate: return Value::Date(Data<int32_t>()[i]);
    case TypeId::kTimestamp: return Value::Timestamp(Data<int64_t>()[i]);
    case TypeId::kTimestampNtz: return Value::TimestampNtz(Data<int64_t>()[i]);
    case TypeId::kTimestampNs: return Value::TimestampNs(Data<int64_t>()[i]);
    case TypeId::kTimestampNtzNs: return Value::TimestampNtzNs(Data<int64_t>()[i]);
    case TypeId::kTime: return Value::Time(Data<int64_t>()[i]);
    case TypeId::kInterval: return Value::IntervalValue(Data<Interval>()[i]);
    case TypeId::kStruct: {
      std::vector<Value> fields;
      fields.reserve(children_.size());
      for (const auto& c : children_) fields.push_back(c.GetValue(i));
      return Value::Struct(type_, std::move(fields));
    }
    case TypeId::kList: {
      ListEntry e = Data<ListEntry>()[i];
      std::vector<Value> elements;
      elements.reserve(e.length);
      for (uint64_t k = 0; k < e.length; ++k) elements.push_back(children_[0].GetValue(e.offset + k));
      return Value::List(type_, std::move(elements));
    }
    case TypeId::kMap: {
      ListEntry e = Data<ListEntry>()[i];
      std::vector<Value> keys, values;
      for (uint64_t k = 0; k < e.length; ++k) {
        keys.push_back(children_[0].GetValue(e.offset + k));
        values.push_back(children_[1].GetValue(e.offset + k));
      }
      return Value::Map(type_, keys, values);
    }
  }
  return Value::Null(type_);
}

void Vector::Fill(const Value& v, size_t n) {
  if (n == 0) return;
  if (v.is_null() || type_.IsNested()) {
    for (size_t r = 0; r < n; ++r) SetValue(r, v);
    return;
  }
  SetValue(0, v);
  const size_t width = PhysicalSize(type_.id());
  uint8_t* data = data_.get();
  for (size_t r = 1; r < n; ++r) {
    std::memcpy(data + r * width, data, width);  // a string's reference to the one copy
    SetNull(r, false);
  }
}

void Vector::SetValue(size_t i, const Value& v) {
  if (v.is_null()) {
    SetNull(i, true);
    if (type_.id() == TypeId::kStruct) {
      for (auto& c : children_) c.SetValue(i, Value::Null());
    } else if (type_.id() == TypeId::kList || type_.id() == TypeId::kMap) {
      Data<ListEntry>()[i] = ListEntry{child_size_, 0};
    }
    return;
  }
  SetNull(i, false);
  switch (type_.id()) {
    case TypeId::kNull: SetNull(i, true); break;
    case TypeId::kBoolean: Data<uint8_t>()[i] = v.boolean() ? 1 : 0; break;
    case TypeId::kInt8: Data<int8_t>()[i] = v.int8(); break;
    case TypeId::kInt16: Data<int16_t>()[i] = v.int16(); break;
    case TypeId::kInt32:
    case TypeId::kDate: Data<int32_t>()[i] = v.int32(); break;
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNtz:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs: Data<int64_t>()[i] = v.int64(); break;
    case TypeId::kFloat: Data<float>()[i] = v.float32(); break;
    case TypeId::kDouble: Data<double>()[i] = v.float64(); break;
    case TypeId::kDecimal: Data<int128_t>()[i] = v.decimal(); break;
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant: SetString(i, v.str()); break;
    case TypeId::kInterval: Data<Interval>()[i] = v.interval(); break;
    case TypeId::kStruct:
      for (size_t c = 0; c < children_.size(); ++c) {
        children_[c].SetValue(i, c < v.children().size() ? v.children()[c] : Value::Null());
      }
      break;
    case TypeId::kList:
    case TypeId::kMap: {
      size_t n = v.ChildCount();
      size_t at = ReserveElements(n);
      size_t stride = children_.size();
      for (size_t k = 0; k < n; ++k) {
        for (size_t c = 0; c < stride; ++c) children_[c].SetValue(at + k, v.children()[k * stride + c]);
      }
      Data<ListEntry>()[i] = ListEntry{at, n};
      child_size_ = at + n;
      break;
    }
  }
}

void Vector::CopyRow(const Vector& src, size_t from, size_t to) {
  if (type_.IsNested()) return CopyNested(src, nullptr, from, to, 1);
  size_t width = PhysicalSize(type_.id());
  std::memcpy(data_.get() + to * width, src.data_.get() + from * width, width);
  validity_.Set(to, src.validity_.IsValid(from));
}

void Vector::CopyRange(const Vector& src, size_t from, size_t to, size_t count) {
  if (count == 0) return;
  if (type_.IsNested()) return CopyNested(src, nullptr, from, to, count);
  size_t width = PhysicalSize(type_.id());
  std::memcpy(data_.get() + to * width, src.data_.get() + from * width, count * width);
  if (src.validity_.AllValid()) {
    if (!validity_.AllValid()) {
      for (size_t k = 0; k < count; ++k) validity_.SetValid(to + k);
    }
  } else {
    for (size_t k = 0; k < count; ++k) validity_.Set(to + k, src.validity_.IsValid(from + k));
  }
  if (type_.HasStringStorage()) ShareHeapsOf(src);
}

// Copies the fixed-width values of rows sel[0..count) of `in` to out[0..count).
static void CopySelected(uint8_t* out, const uint8_t* in, size_t width, const uint32_t* sel, size_t count) {
  switch (width) {
    case 1:
      for (size_t k = 0; k < count; ++k) out[k] = in[sel[k]];
      break;
    case 2:
      for (size_t k = 0; k < count; ++k) {
        reinterpret_cast<uint16_t*>(out)[k] = reinterpret_cast<const uint16_t*>(in)[sel[k]];
      }
      break;
    case 4:
      for (size_t k = 0; k < count; ++k) {
        reinterpret_cast<uint32_t*>(out)[k] = reinterpret_cast<const uint32_t*>(in)[sel[k]];
      }
      break;
    case 8:
      for (size_t k = 0; k < count; ++k) {
        reinterpret_cast<uint64_t*>(out)[k] = reinterpret_cast<const uint64_t*>(in)[sel[k]];
      }
      break;
    case 16: {  // StringRef, decimals, intervals: two words (in place: may be itself)
      auto* o = reinterpret_cast<uint64_t*>(out);
      const auto* i = reinterpret_cast<const uint64_t*>(in);
      for (size_t k = 0; k < count; ++k) {
        uint64_t lo = i[2 * size_t{sel[k]}], hi = i[2 * size_t{sel[k]} + 1];
        o[2 * k] = lo;
        o[2 * k + 1] = hi;
      }
      break;
    }
    default:
      for (size_t k = 0; k < count; ++k) {
        std::memmove(out + k * width, in + size_t{sel[k]} * width, width);  // (in place: may be itself)
      }
  }
}

void Vector::GatherAt(size_t at, const Vector& src, const uint32_t* sel, size_t count) {
  if (type_.IsNested()) return CopyNested(src, sel, 0, at, count);
  size_t width = PhysicalSize(type_.id());
  CopySelected(data_.get() + at * width, src.data_.get(), width, sel, count);
  if (!src.validity_.AllValid()) {
    for (size_t k = 0; k < count; ++k) SetNull(at + k, src.IsNull(sel[k]));
  }
  if (type_.HasStringStorage()) ShareHeapsOf(src);
}

bool Vector::CompactInPlace(const uint32_t* sel, size_t count) {
  if (type_.IsNested() || !Unshared()) return false;
  size_t width = PhysicalSize(type_.id());
  // sel[k] >= k and increasing: each row moves down, after the rows it overwrites are read;
  // the rows before the first one dropped stay where they are
  size_t same = 0;
  while (same < count && sel[same] == same) ++same;
  CopySelected(data_.get() + same * width, data_.get(), width, sel + same, count - same);
  if (!validity_.AllValid()) {
    for (size_t k = same; k < count; ++k) validity_.Set(k, validity_.IsValid(sel[k]));
  }
  return true;
}

void Vector::Gather(const Vector& src, const uint32_t* sel, size_t count) {
  if (type_.IsNested()) {
    validity_.Reset();
    child_size_ = 0;
    for (auto& c : children_) c.Reset();
    return CopyNested(src, sel, 0, 0, count);
  }
  CopySelected(data_.get(), src.data_.get(), PhysicalSize(type_.id()), sel, count);
  if (src.validity_.AllValid()) {
    validity_.Reset();
  } else {
    Validity v;
    v.Resize(capacity_);
    for (size_t k = 0; k < count; ++k) {
      if (!src.validity_.IsValid(sel[k])) v.SetInvalid(k);
    }
    validity_ = std::move(v);
  }
  if (type_.HasStringStorage()) ShareHeapsOf(src);
}

void DataChunk::Initialize(const std::vector<LogicalType>& types, size_t capacity) {
  columns_.clear();
  columns_.reserve(types.size());
  for (const auto& t : types) columns_.emplace_back(t, capacity);
  capacity_ = capacity;
  size_ = 0;
  proven_filters = 0;
}

std::vector<LogicalType> DataChunk::Types() const {
  std::vector<LogicalType> types;
  types.reserve(columns_.size());
  for (const auto& c : columns_) types.push_back(c.type());
  return types;
}

void DataChunk::Recycle(const std::vector<LogicalType>& types) {
  bool reuse = columns_.size() == types.size() && capacity_ == kBatchSize;
  for (size_t i = 0; reuse && i < types.size(); ++i) {
    reuse = columns_[i].type() == types[i] && columns_[i].capacity() >= kBatchSize && columns_[i].Unshared();
  }
  if (!reuse) return Initialize(types);
  Reset();
  // why: a string or list slot of a NULL row left stale would point into a released heap
  // or past the elements; zeroed, as a new vector's, it is empty
  for (auto& c : columns_) c.ZeroReferences();
}

void DataChunk::Reset() {
  for (auto& c : columns_) c.Reset();
  size_ = 0;
  proven_filters = 0;
}

void DataChunk::Slice(const SelectionVector& sel) {
  // The slice holds just its rows: small slices of many batches must stay small.
  size_t capacity = std::max<size_t>(sel.size(), 1);
  for (auto& c : columns_) {
    Vector out(c.type(), capacity);
    out.Gather(c, sel.indexes.data(), sel.size());
    if (c.type().HasStringStorage()) out.ShareHeapsOf(c);
    c = std::move(out);
  }
  size_ = sel.size();
  capacity_ = capacity;
}

void DataChunk::Filter(const SelectionVector& sel) {
  for (auto& c : columns_) {
    if (c.CompactInPlace(sel.indexes.data(), sel.size())) continue;
    Vector out(c.type(), capacity_);
    out.Gather(c, sel.indexes.data(), sel.size());
    if (c.type().HasStringStorage()) out.ShareHeapsOf(c);
    c = std::move(out);
  }
  size_ = sel.size();
}

void DataChunk::Append(const DataChunk& other, size_t from, size_t count) {
  if (size_ + count > capacity_) {
    size_t cap = std::max(capacity_ * 2, size_ + count);
    for (auto& c : columns_) c.Reserve(cap);
    capacity_ = cap;
  }
  for (size_t i = 0; i < columns_.size(); ++i) {
    columns_[i].CopyRange(other.column(i), from, size_, count);
  }
  size_ += count;
}

std::vector<Value> DataChunk::GetRow(size_t i) const {
  std::vector<Value> row;
  row.reserve(columns_.size());
  for (const auto& c : columns_) row.push_back(c.GetValue(i));
  return row;
}

}  // namespace floe
