#include "iceberg/scan/partition_index_lookup.h"

#include <algorithm>

#include "iceberg/expressions/predicate.h"

namespace floe::iceberg {

namespace {

// Appends the conjuncts of an expression.
void Conjuncts(const Expression& e, std::vector<const Expression*>* out) {
  if (e.op() == Operation::kAnd) {
    Conjuncts(*e.left(), out);
    Conjuncts(*e.right(), out);
  } else {
    out->push_back(&e);
  }
}

}  // namespace

bool PartitionIndexCandidates(const CachedManifest& manifest, const PartitionSpec& spec,
                              const Expression& partition_filter, std::vector<uint32_t>* out) {
  std::vector<const Expression*> conjuncts;
  Conjuncts(partition_filter, &conjuncts);
  for (const Expression* c : conjuncts) {
    if (!c->IsPredicate()) continue;
    const auto& p = static_cast<const Predicate&>(*c);
    size_t pos = 0;
    while (pos < spec.fields().size() && spec.fields()[pos].field_id() != p.field_id()) ++pos;
    if (pos >= manifest.order_by_field.size()) continue;
    const std::vector<uint32_t>& order = manifest.order_by_field[pos];
    if (order.empty() || p.literal_count() == 0) continue;
    // why: comparisons across types would not follow the index's order
    const Value& sample = manifest.entries[order.front()].partition[pos];
    const Value* lo = nullptr;
    const Value* hi = nullptr;
    Value sorted_lo, sorted_hi;  // a sorted list's first and last value
    bool lo_open = false, hi_open = false;
    switch (p.op()) {
      case Operation::kEq: lo = hi = &p.literal(); break;
      case Operation::kGt: lo = &p.literal(); lo_open = true; break;
      case Operation::kGtEq: lo = &p.literal(); break;
      case Operation::kLt: hi = &p.literal(); hi_open = true; break;
      case Operation::kLtEq: hi = &p.literal(); break;
      case Operation::kIn:
        if (const auto& sorted = p.sorted_literals()) {
          sorted_lo = sorted->front();
          sorted_hi = sorted->back();
          lo = &sorted_lo;
          hi = &sorted_hi;
          break;
        }
        for (const auto& v : p.literals()) {
          if (!lo || v.Compare(*lo) < 0) lo = &v;
          if (!hi || v.Compare(*hi) > 0) hi = &v;
        }
        break;
      default: continue;
    }
    // the whole type: decimals of another scale would not compare in the index's order
    if ((lo && lo->type() != sample.type()) || (hi && hi->type() != sample.type())) continue;
    if (sample.type().IsFloating()) continue;  // NaN has no place in a range
    const auto& entries = manifest.entries;
    auto value_of = [&](uint32_t i) -> const Value& { return entries[i].partition[pos]; };
    auto begin = order.begin(), end = order.end();
    if (lo) {
      begin = lo_open ? std::upper_bound(order.begin(), order.end(), *lo,
                                         [&](const Value& v, uint32_t i) { return v.Compare(value_of(i)) < 0; })
                      : std::lower_bound(order.begin(), order.end(), *lo,
                                         [&](uint32_t i, const Value& v) { return value_of(i).Compare(v) < 0; });
    }
    if (hi) {
      end = hi_open ? std::lower_bound(begin, order.end(), *hi,
                                       [&](uint32_t i, const Value& v) { return value_of(i).Compare(v) < 0; })
                    : std::upper_bound(begin, order.end(), *hi,
                                       [&](const Value& v, uint32_t i) { return v.Compare(value_of(i)) < 0; });
    }
    out->assign(begin, std::max(begin, end));
    std::sort(out->begin(), out->end());  // in manifest order, as without the index
    return true;
  }
  return false;
}

}  // namespace floe::iceberg
