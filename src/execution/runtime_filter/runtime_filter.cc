#include "execution/runtime_filter/runtime_filter.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>

#include "common/exception.h"
#include "common/huge_pages.h"
#include "common/radix_sort.h"
#include "common/vector_operations.h"
#include "function/function_registry.h"

namespace floe {

namespace {

// Orders two keys as Spark orders them: NaN above every number, -0.0 equal to 0.0.
template <typename T>
int CompareKeys(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}
template <typename T>
int CompareFloatKeys(T a, T b) {
  bool an = std::isnan(a), bn = std::isnan(b);
  if (an || bn) return an && bn ? 0 : (an ? 1 : -1);
  return a < b ? -1 : (b < a ? 1 : 0);
}
template <>
int CompareKeys(const float& a, const float& b) {
  return CompareFloatKeys(a, b);
}
template <>
int CompareKeys(const double& a, const double& b) {
  return CompareFloatKeys(a, b);
}

template <typename T, typename F>
void WithTypedComparator(const Vector& keys, F&& f) {
  const T* data = keys.Data<T>();
  // sorts rows by their keys, the keys copied beside them: no lookups in the column
  auto sort_rows = [data](std::vector<uint32_t>* rows) {
    std::vector<std::pair<T, uint32_t>> items;
    items.reserve(rows->size());
    for (uint32_t r : *rows) items.emplace_back(data[r], r);
    std::sort(items.begin(), items.end(),
              [](const auto& a, const auto& b) { return CompareKeys(a.first, b.first) < 0; });
    for (size_t i = 0; i < items.size(); ++i) (*rows)[i] = items[i].second;
  };
  f([data](size_t i, size_t j) { return CompareKeys(data[i], data[j]); }, sort_rows);
}

// Sorts rows of a string or binary column by their bytes (compared as unsigned, as
// StringRef::Compare does): by the 8 bytes that follow the prefix all of them share, a radix
// sort of integers, then each run of rows with the same 8 bytes by their whole strings.
void SortStringRows(const StringRef* data, std::vector<uint32_t>* rows) {
  if (rows->size() < 2) return;
  StringRef first = data[(*rows)[0]];
  size_t shared = first.size;
  for (uint32_t r : *rows) {
    StringRef s = data[r];
    size_t n = std::min<size_t>(shared, s.size), i = 0;
    while (i < n && s.data[i] == first.data[i]) ++i;
    shared = i;
  }
  // (a string that ends within the 8 bytes is padded with zero bytes: "a" and "a\0" tie,
  // and their run is then sorted by the whole strings)
  auto next_bytes = [data, shared](uint32_t r) {
    StringRef s = data[r];
    uint64_t key = 0;
    for (size_t i = shared; i < shared + 8; ++i) key = key << 8 | (i < s.size ? static_cast<uint8_t>(s.data[i]) : 0);
    return key;
  };
  std::vector<std::pair<uint64_t, uint32_t>> items;
  items.reserve(rows->size());
  for (uint32_t r : *rows) items.emplace_back(next_bytes(r), r);
  RadixSortBy(items.data(), items.data() + items.size(),
              [](const std::pair<uint64_t, uint32_t>& e) { return e.first; });
  for (size_t i = 0; i < items.size();) {
    size_t j = i + 1;
    while (j < items.size() && items[j].first == items[i].first) ++j;
    if (j - i > 1) {
      std::sort(items.begin() + static_cast<ptrdiff_t>(i), items.begin() + static_cast<ptrdiff_t>(j),
                [data](const auto& a, const auto& b) { return data[a.second].Compare(data[b.second]) < 0; });
    }
    i = j;
  }
  for (size_t i = 0; i < items.size(); ++i) (*rows)[i] = items[i].second;
}

// Calls f with a comparator of two rows of `keys` (NULLs excluded) and a sort of rows by
// it, typed for the column's type so that the loops they run inline it.
template <typename F>
void WithRowComparator(const Vector& keys, F&& f) {
  switch (keys.type().id()) {
    case TypeId::kBoolean: return WithTypedComparator<uint8_t>(keys, f);
    case TypeId::kInt32:
    case TypeId::kDate: return WithTypedComparator<int32_t>(keys, f);
    case TypeId::kInt64:
    case TypeId::kTimestamp:
    case TypeId::kTime:
    case TypeId::kTimestampNs:
    case TypeId::kTimestampNtzNs:
    case TypeId::kTimestampNtz: return WithTypedComparator<int64_t>(keys, f);
    case TypeId::kFloat: return WithTypedComparator<float>(keys, f);
    case TypeId::kDouble: return WithTypedComparator<double>(keys, f);
    case TypeId::kDecimal: return WithTypedComparator<int128_t>(keys, f);
    case TypeId::kString:
    case TypeId::kBinary: {
      const StringRef* data = keys.Data<StringRef>();
      return f([data](size_t i, size_t j) { return data[i].Compare(data[j]); },
               [data](std::vector<uint32_t>* rows) { SortStringRows(data, rows); });
    }
    default: {
      auto cmp = [&keys](size_t i, size_t j) { return CompareRows(keys, i, keys, j); };
      auto sort_rows = [&cmp](std::vector<uint32_t>* rows) {
        std::sort(rows->begin(), rows->end(), [&](uint32_t a, uint32_t b) { return cmp(a, b) < 0; });
      };
      return f(cmp, sort_rows);
    }
  }
}

// Finds the rows of the smallest and the largest non-NULL key (the first of equal
// ones); -1 when every key is NULL.
template <typename Cmp>
void MinMaxRows(const Validity& validity, size_t count, Cmp cmp, int64_t* low, int64_t* high) {
  for (size_t i = 0; i < count; ++i) {
    if (!validity.IsValid(i)) continue;
    if (*low < 0) {
      *low = *high = static_cast<int64_t>(i);
    } else if (cmp(i, static_cast<size_t>(*low)) < 0) {
      *low = static_cast<int64_t>(i);
    } else if (cmp(i, static_cast<size_t>(*high)) > 0) {
      *high = static_cast<int64_t>(i);
    }
  }
}

// MinMaxRows for an integer-like column of T: the smallest and the largest key kept in
// registers (a loop the compiler vectorizes when no key is NULL), then the first row of
// each.
template <typename T>
void IntegerMinMaxRows(const Vector& keys, size_t count, int64_t* low, int64_t* high) {
  const T* data = keys.Data<T>();
  const Validity& validity = keys.validity();
  T lo = std::numeric_limits<T>::max(), hi = std::numeric_limits<T>::min();
  bool any = false;
  if (validity.AllValid()) {
    for (size_t i = 0; i < count; ++i) {
      lo = std::min(lo, data[i]);
      hi = std::max(hi, data[i]);
    }
    any = count > 0;
  } else {
    for (size_t i = 0; i < count; ++i) {
      if (!validity.IsValid(i)) continue;
      any = true;
      lo = std::min(lo, data[i]);
      hi = std::max(hi, data[i]);
    }
  }
  if (!any) return;
  auto first_row = [&](T key) {
    size_t i = 0;
    while (data[i] != key || !validity.IsValid(i)) ++i;
    return static_cast<int64_t>(i);
  };
  *low = first_row(lo);
  *high = first_row(hi);
}

// Fills `rows` with the first row of each distinct non-NULL key, in order of first
// appearance (open addressing on the hashes, rows compared only when hashes meet);
// returns false, and stops, once there are more than `max_values`.
template <typename Cmp>
bool DistinctRows(const Validity& validity, size_t count, const uint64_t* hashes, Cmp cmp, size_t max_values,
                  std::vector<uint32_t>* rows) {
  // row + 1; 0 is empty. Sized for up to 64K keys at once: most growth steps skipped, and
  // little zeroed for a few keys among millions of rows
  size_t initial = 16;
  while (initial < 2 * std::min<size_t>({count, max_values + 1, size_t{1} << 16})) initial *= 2;
  std::vector<uint32_t> slots;
  // (a large table is asked huge pages before it is zeroed: see AdviseHugePages)
  auto make_slots = [&slots](size_t size) {
    std::vector<uint32_t> fresh;
    fresh.reserve(size);
    AdviseHugePages(fresh.data(), size * sizeof(uint32_t));
    fresh.resize(size, 0);
    slots.swap(fresh);
  };
  make_slots(initial);
  auto insert = [&](uint32_t row, uint64_t hash, bool check) {
    size_t mask = slots.size() - 1;
    for (size_t s = hash & mask;; s = (s + 1) & mask) {
      uint32_t other = slots[s];
      if (other == 0) {
        slots[s] = row + 1;
        return true;
      }
      if (check && hashes[other - 1] == hash && cmp(other - 1, row) == 0) return false;
    }
  };
  for (size_t i = 0; i < count; ++i) {
    if (!validity.IsValid(i)) continue;
    if ((rows->size() + 1) * 2 > slots.size()) {
      make_slots(slots.size() * 2);
      for (uint32_t r : *rows) insert(r, hashes[r], false);
    }
    if (!insert(static_cast<uint32_t>(i), hashes[i], true)) continue;
    rows->push_back(static_cast<uint32_t>(i));
    if (rows->size() > max_values) return false;
  }
  return true;
}

// Returns `left <op> right` bound as the binder would, for pruning.
BoundExpressionPtr Compare(const std::string& op, BoundExpressionPtr left, BoundExpressionPtr right) {
  auto node = std::make_unique<BoundExpression>();
  node->kind = BoundExpressionKind::kFunction;
  node->type = TypeId::kBoolean;
  node->text = "(" + left->text + " " + op + " " + right->text + ")";
  const ScalarBinder* binder = FunctionRegistry::BuiltIn().FindScalar(op);
  if (binder) {
    ScalarBindInput input;
    input.arg_types = {left->type, right->type};
    input.constant_args = {std::nullopt, right->constant};
    try {
      node->function = std::make_shared<BoundScalarFunction>((*binder)(input));
    } catch (const Exception&) {
      // why: the filter is only converted for pruning, which reads the operator's name
    }
  }
  if (!node->function) {
    node->function = std::make_shared<BoundScalarFunction>();
    node->function->name = op;
  }
  node->children.push_back(std::move(left));
  node->children.push_back(std::move(right));
  return node;
}

// Returns the distinct non-NULL keys of rows [0, count) of an integer column of T,
// ascending: the keys themselves radix sorted, then made unique.
template <typename T>
std::vector<int64_t> SortDistinctIntegers(const Vector& keys, size_t count) {
  const T* data = keys.Data<T>();
  const Validity& validity = keys.validity();
  std::vector<uint64_t> sorted(count);
  size_t n = 0;
  for (size_t i = 0; i < count; ++i) {
    sorted[n] = OrderedKey(static_cast<int64_t>(data[i]));
    n += validity.IsValid(i);
  }
  sorted.resize(n);
  RadixSortBy(sorted.data(), sorted.data() + sorted.size(), [](uint64_t k) { return k; });
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  // (OrderedKey flips the sign bit: applied again, it gives the key back)
  std::vector<int64_t> out(sorted.size());
  for (size_t i = 0; i < sorted.size(); ++i) out[i] = static_cast<int64_t>(OrderedKey(static_cast<int64_t>(sorted[i])));
  return out;
}

}  // namespace

bool RuntimeFilter::SampleShowsMoreKeys(const Validity& validity, size_t count, size_t non_null, const uint64_t* hashes,
                                        size_t max_values) {
  if (non_null <= max_values || max_values == 0) return non_null > max_values;
  constexpr size_t kDraws = 32768;
  std::vector<uint32_t> rows(kDraws);
  uint64_t state = 0x9e3779b97f4a7c15ULL;
  for (auto& r : rows) {
    // splitmix64
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    r = static_cast<uint32_t>((z ^ (z >> 31)) % count);
  }
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  std::vector<uint64_t> sample;
  sample.reserve(rows.size());
  for (uint32_t r : rows) {
    if (validity.IsValid(r)) sample.push_back(hashes[r]);
  }
  auto n = static_cast<double>(non_null);
  auto s = static_cast<double>(sample.size());
  double expected = s * (s - 1) / 2 * (n / static_cast<double>(max_values) - 1) / (n - 1);
  if (expected < 64) return false;
  std::sort(sample.begin(), sample.end());
  double pairs = 0;
  for (size_t i = 0; i < sample.size();) {
    size_t j = i;
    while (j < sample.size() && sample[j] == sample[i]) ++j;
    auto run = static_cast<double>(j - i);
    pairs += run * (run - 1) / 2;
    i = j;
  }
  return pairs < expected / 4;
}

bool RuntimeFilter::ListIntegerKeys(const Vector& keys, size_t count, RuntimeFilter* filter) {
  std::vector<int64_t> sorted;
  auto sort = [&](auto zero) { sorted = SortDistinctIntegers<decltype(zero)>(keys, count); };
  if (!SortedValues::WithIntegerType(keys.type(), sort)) return false;
  if (sorted.empty()) return true;  // no key but NULL: nothing matches
  filter->values_ = SortedValues::OfIntegers(keys.type(), std::move(sorted));
  filter->min_ = filter->values_->front();
  filter->max_ = filter->values_->back();
  return true;
}

std::shared_ptr<const RuntimeFilter> RuntimeFilter::FromBuildKeys(const Vector& keys, size_t count,
                                                                  size_t max_values, const uint64_t* given) {
  auto start = std::chrono::steady_clock::now();
  std::shared_ptr<RuntimeFilter> filter(new RuntimeFilter());
  auto finished = [&] {
    filter->collect_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return filter;
  };
  filter->type_ = keys.type();
  filter->build_rows_ = count;
  filter->max_values_ = max_values;
  const Validity& validity = keys.validity();
  // No more rows than keys may be listed: integer keys are listed by sorting them, no hash pass
  if (count <= max_values && ListIntegerKeys(keys, count, filter.get())) return finished();
  std::vector<uint64_t> own;
  if (!given) {
    own.resize(count);
    HashVector(keys, count, own.data(), false);
  }
  const uint64_t* hashes = given ? given : own.data();
  int64_t low = -1, high = -1;
  bool integers = SortedValues::WithIntegerType(
      keys.type(), [&](auto zero) { IntegerMinMaxRows<decltype(zero)>(keys, count, &low, &high); });
  size_t non_null = 0;
  if (validity.AllValid()) {
    non_null = count;
  } else {
    for (size_t i = 0; i < count; ++i) non_null += validity.IsValid(i);
  }
  std::vector<uint32_t> rows;
  bool listed = false;
  WithRowComparator(keys, [&](auto cmp, auto sort_rows) {
    if (!integers) MinMaxRows(validity, count, cmp, &low, &high);
    if (low < 0 || SampleShowsMoreKeys(validity, count, non_null, hashes, max_values)) return;
    listed = DistinctRows(validity, count, hashes, cmp, max_values, &rows);
    if (listed) sort_rows(&rows);
  });
  if (low < 0) return finished();  // no key but NULL: nothing matches
  filter->min_ = keys.GetValue(static_cast<size_t>(low));
  filter->max_ = keys.GetValue(static_cast<size_t>(high));
  if (listed) {
    filter->values_ = SortedValues::OfRows(keys, rows.data(), rows.size());
    return finished();
  }
  // More than max_values (the distinct pass stopped counting, or a sample showed it would):
  // every non-NULL key into a Bloom filter sized by their count, an upper bound of the
  // distinct ones.
  auto bloom = std::make_shared<BloomFilter>(non_null);
  bloom->InsertMany(hashes, count, [&validity](size_t i) { return !validity.IsValid(i); });
  filter->bloom_ = std::move(bloom);
  return finished();
}

bool RuntimeFilter::MayContain(const Value& value) const {
  if (value.is_null()) return false;  // NULL never equals a key
  if (exact()) {
    return values_->Contains(value);
  }
  if (value.Compare(min_) < 0 || value.Compare(max_) > 0) return false;
  // why: a decimal hashes its unscaled digits, which another scale would change
  if (type_.id() == TypeId::kDecimal && value.type().scale() != type_.scale()) return true;
  return bloom_->MayContain(HashValue(value));
}

BoundExpressionPtr RuntimeFilter::ToExpression(const BoundExpression& probe_key) const {
  if (min_.is_null()) return BoundExpression::MakeConstant(Value::Boolean(false), "false");
  if (!exact()) {
    auto low_cmp = Compare(">=", probe_key.Copy(), BoundExpression::MakeConstant(min_, min_.ToString()));
    auto high_cmp = Compare("<=", probe_key.Copy(), BoundExpression::MakeConstant(max_, max_.ToString()));
    auto both = std::make_unique<BoundExpression>();
    both->kind = BoundExpressionKind::kAnd;
    both->type = TypeId::kBoolean;
    both->text = low_cmp->text + " AND " + high_cmp->text;
    both->children.push_back(std::move(low_cmp));
    both->children.push_back(std::move(high_cmp));
    return both;
  }
  auto in = std::make_unique<BoundExpression>();
  in->kind = BoundExpressionKind::kIn;
  in->type = TypeId::kBoolean;
  in->text = probe_key.text + " IN (" + std::to_string(values_->size()) + " values)";
  in->children.push_back(probe_key.Copy());
  in->in_list = values_;
  return in;
}

std::string RuntimeFilter::Describe() const {
  if (exact()) return std::to_string(values_->size()) + " distinct keys";
  return "min/max range and Bloom filter (more than " + std::to_string(max_values_) + " distinct keys)";
}

}  // namespace floe
