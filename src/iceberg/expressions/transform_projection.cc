// Per-transform projection rules, as Iceberg Java's ProjectionUtil, Bucket, Truncate,
// Timestamps and Dates: order-preserving transforms turn < v into <= t(v - 1) and so on;
// year/month/day/hour widen bounds below 1970, where old Java writers rounded toward zero.
#include "iceberg/expressions/transform_projection.h"

#include <limits>
#include <unordered_map>

#include "common/exception.h"
#include "common/vector_operations.h"

namespace floe::iceberg {

namespace {

bool IsTemporal(TransformKind kind) {
  return kind == TransformKind::kYear || kind == TransformKind::kMonth || kind == TransformKind::kDay ||
         kind == TransformKind::kHour;
}

bool IsStringLike(const Type& source) {
  return source.kind() == TypeKind::kString || source.kind() == TypeKind::kBinary ||
         source.kind() == TypeKind::kFixed || source.kind() == TypeKind::kUuid;
}

// Returns the length in code points of a string, in bytes for binary.
size_t Length(const Type& source, const std::string& s) {
  if (source.kind() != TypeKind::kString) return s.size();
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

ExpressionPtr Make(Operation op, int id, std::vector<Value> literals) {
  return Predicate::Make(op, id, std::move(literals));
}

ExpressionPtr MakeOne(Operation op, int id, Value literal) {
  if (literal.is_null()) return nullptr;
  return Predicate::Make(op, id, {std::move(literal)});
}

// Returns the distinct results of `t` over values at(0) .. at(n - 1).
template <typename At>
std::vector<Value> ApplyEach(const Transform& t, size_t n, At at) {
  std::vector<Value> out;
  if (n > 16) {
    // a runtime filter's keys, up to millions, often onto few results (16 buckets, 52
    // days): deduplicated by hash as they come, then the distinct ones sorted
    constexpr size_t kLinear = 32;  // up to this many results a scan of them beats hashing
    std::unordered_multimap<uint64_t, size_t> seen;  // hash -> position in out, past kLinear
    // bucket[N] has N results at most: once all are seen, the other keys add none
    size_t most = t.kind() == TransformKind::kBucket && t.param() > 0 ? static_cast<size_t>(t.param()) : SIZE_MAX;
    for (size_t k = 0; k < n && out.size() < most; ++k) {
      Value r = t.Apply(at(k));
      bool repeat = false;
      if (out.size() <= kLinear) {
        for (size_t i = out.size(); i-- > 0 && !repeat;) repeat = out[i].Compare(r) == 0;
      } else {
        auto [first, last] = seen.equal_range(HashValue(r));
        for (auto it = first; it != last && !repeat; ++it) repeat = out[it->second].Compare(r) == 0;
      }
      if (repeat) continue;
      out.push_back(std::move(r));
      if (out.size() == kLinear + 1) {
        for (size_t i = 0; i < out.size(); ++i) seen.emplace(HashValue(out[i]), i);
      } else if (out.size() > kLinear + 1) {
        seen.emplace(HashValue(out.back()), out.size() - 1);
      }
    }
    SortDistinct(&out);
    return out;
  }
  for (size_t k = 0; k < n; ++k) {
    Value r = t.Apply(at(k));
    bool seen = false;
    for (const auto& o : out) seen = seen || o.Compare(r) == 0;
    if (!seen) out.push_back(std::move(r));
  }
  return out;
}

// Returns the distinct results of `t` over the literals of an IN or NOT IN, read from its
// sorted list when it has one (a runtime filter's keys: no Value kept for each).
std::vector<Value> ApplyAll(const Transform& t, const Predicate& p) {
  if (const auto& sorted = p.sorted_literals()) {
    return ApplyEach(t, sorted->size(), [&sorted](size_t i) { return (*sorted)[i]; });
  }
  const std::vector<Value>& values = p.literals();
  return ApplyEach(t, values.size(), [&values](size_t i) -> const Value& { return values[i]; });
}

// Rewrites an inclusive projection of a time transform for values before 1970 (Java's
// ProjectionUtil.fixInclusiveTimeProjection).
ExpressionPtr FixInclusiveTime(ExpressionPtr projected) {
  if (!projected || !projected->IsPredicate()) return projected;
  const auto& p = static_cast<const Predicate&>(*projected);
  switch (p.op()) {
    case Operation::kLt:
    case Operation::kLtEq:
      if (p.literal().int64() < 0) return MakeOne(p.op(), p.field_id(), StepValue(p.literal(), 1));
      return projected;
    case Operation::kEq:
      if (p.literal().int64() < 0) return Make(Operation::kIn, p.field_id(), {p.literal(), StepValue(p.literal(), 1)});
      return projected;
    case Operation::kIn: {
      bool negative = false;
      for (const auto& v : p.literals()) negative = negative || v.int64() < 0;
      if (!negative) return projected;
      std::vector<Value> values = p.literals();
      for (const auto& v : p.literals()) {
        if (v.int64() < 0) values.push_back(StepValue(v, 1));
      }
      return Make(Operation::kIn, p.field_id(), std::move(values));
    }
    default: return projected;
  }
}

// Rewrites a strict projection of a time transform for values before 1970 (Java's
// ProjectionUtil.fixStrictTimeProjection).
ExpressionPtr FixStrictTime(ExpressionPtr projected) {
  if (!projected || !projected->IsPredicate()) return projected;
  const auto& p = static_cast<const Predicate&>(*projected);
  switch (p.op()) {
    case Operation::kGt:
    case Operation::kGtEq:
      if (p.literal().int64() <= 0) return MakeOne(p.op(), p.field_id(), StepValue(p.literal(), 1));
      return projected;
    case Operation::kNotEq:
      if (p.literal().int64() < 0) {
        return Make(Operation::kNotIn, p.field_id(), {p.literal(), StepValue(p.literal(), 1)});
      }
      return projected;
    case Operation::kNotIn: {
      std::vector<Value> values = p.literals();
      for (const auto& v : p.literals()) {
        if (v.int64() < 0) values.push_back(StepValue(v, 1));
      }
      return Make(Operation::kNotIn, p.field_id(), std::move(values));
    }
    default: return projected;
  }
}

// Projects an order-preserving transform of integers, decimals, dates or timestamps.
ExpressionPtr InclusiveOrdered(const Transform& t, int id, const Predicate& p) {
  Value v = p.literal_count() == 1 ? p.literal() : Value();
  switch (p.op()) {
    case Operation::kLt: {
      Value prev = StepValue(v, -1);
      return prev.is_null() ? nullptr : MakeOne(Operation::kLtEq, id, t.Apply(prev));
    }
    case Operation::kLtEq: return MakeOne(Operation::kLtEq, id, t.Apply(v));
    case Operation::kGt: {
      Value next = StepValue(v, 1);
      return next.is_null() ? nullptr : MakeOne(Operation::kGtEq, id, t.Apply(next));
    }
    case Operation::kGtEq: return MakeOne(Operation::kGtEq, id, t.Apply(v));
    case Operation::kEq: return MakeOne(Operation::kEq, id, t.Apply(v));
    case Operation::kIn: return Make(Operation::kIn, id, ApplyAll(t, p));
    default: return nullptr;
  }
}

ExpressionPtr StrictOrdered(const Transform& t, int id, const Predicate& p) {
  Value v = p.literal_count() == 1 ? p.literal() : Value();
  switch (p.op()) {
    case Operation::kLt: return MakeOne(Operation::kLt, id, t.Apply(v));
    case Operation::kLtEq: {
      Value next = StepValue(v, 1);
      return next.is_null() ? nullptr : MakeOne(Operation::kLt, id, t.Apply(next));
    }
    case Operation::kGt: return MakeOne(Operation::kGt, id, t.Apply(v));
    case Operation::kGtEq: {
      Value prev = StepValue(v, -1);
      return prev.is_null() ? nullptr : MakeOne(Operation::kGt, id, t.Apply(prev));
    }
    case Operation::kNotEq: return MakeOne(Operation::kNotEq, id, t.Apply(v));
    case Operation::kNotIn: return Make(Operation::kNotIn, id, ApplyAll(t, p));
    default: return nullptr;
  }
}

ExpressionPtr InclusiveTruncateString(const Transform& t, const Type& source, int id, const Predicate& p) {
  size_t width = static_cast<size_t>(t.param());
  switch (p.op()) {
    case Operation::kLt:
    case Operation::kLtEq: return MakeOne(Operation::kLtEq, id, t.Apply(p.literal()));
    case Operation::kGt:
    case Operation::kGtEq: return MakeOne(Operation::kGtEq, id, t.Apply(p.literal()));
    case Operation::kEq: return MakeOne(Operation::kEq, id, t.Apply(p.literal()));
    case Operation::kIn: return Make(Operation::kIn, id, ApplyAll(t, p));
    case Operation::kStartsWith: {
      if (Length(source, p.literal().str()) >= width) return MakeOne(Operation::kEq, id, t.Apply(p.literal()));
      return MakeOne(Operation::kStartsWith, id, p.literal());
    }
    case Operation::kNotStartsWith: {
      size_t n = Length(source, p.literal().str());
      if (n < width) return MakeOne(Operation::kNotStartsWith, id, p.literal());
      if (n == width) return MakeOne(Operation::kNotEq, id, p.literal());
      return nullptr;
    }
    default: return nullptr;
  }
}

ExpressionPtr StrictTruncateString(const Transform& t, const Type& source, int id, const Predicate& p) {
  size_t width = static_cast<size_t>(t.param());
  switch (p.op()) {
    case Operation::kLt:
    case Operation::kLtEq: return MakeOne(Operation::kLt, id, t.Apply(p.literal()));
    case Operation::kGt:
    case Operation::kGtEq: return MakeOne(Operation::kGt, id, t.Apply(p.literal()));
    case Operation::kNotEq: return MakeOne(Operation::kNotEq, id, t.Apply(p.literal()));
    case Operation::kNotIn: return Make(Operation::kNotIn, id, ApplyAll(t, p));
    case Operation::kStartsWith:
    case Operation::kNotStartsWith:
      if (Length(source, p.literal().str()) <= width) return MakeOne(p.op(), id, p.literal());
      return nullptr;
    default: return nullptr;
  }
}

// The projections every transform but void shares: NULL stays NULL; identity keeps all.
ExpressionPtr Common(const Transform& t, int id, const Predicate& p, bool* done) {
  *done = true;
  if (t.IsVoid()) return nullptr;
  if (p.op() == Operation::kIsNull || p.op() == Operation::kNotNull) return Make(p.op(), id, {});
  if (t.IsIdentity()) return p.WithFieldId(id);
  if (p.op() == Operation::kIsNan || p.op() == Operation::kNotNan) return nullptr;
  *done = false;
  return nullptr;
}

}  // namespace

Value StepValue(const Value& v, int delta) {
  if (v.is_null()) return Value();
  int64_t x = v.int64();
  auto stepped = [&](int64_t lo, int64_t hi) -> std::optional<int64_t> {
    if ((delta > 0 && x >= hi) || (delta < 0 && x <= lo)) return std::nullopt;
    return x + delta;
  };
  constexpr int64_t kMin32 = std::numeric_limits<int32_t>::min(), kMax32 = std::numeric_limits<int32_t>::max();
  constexpr int64_t kMin64 = std::numeric_limits<int64_t>::min(), kMax64 = std::numeric_limits<int64_t>::max();
  switch (v.type().id()) {
    case TypeId::kInt32: {
      auto s = stepped(kMin32, kMax32);
      return s ? Value::Int32(static_cast<int32_t>(*s)) : Value();
    }
    case TypeId::kDate: {
      auto s = stepped(kMin32, kMax32);
      return s ? Value::Date(static_cast<int32_t>(*s)) : Value();
    }
    case TypeId::kInt64: {
      auto s = stepped(kMin64, kMax64);
      return s ? Value::Int64(*s) : Value();
    }
    case TypeId::kTimestamp: {
      auto s = stepped(kMin64, kMax64);
      return s ? Value::Timestamp(*s) : Value();
    }
    case TypeId::kTimestampNtz: {
      auto s = stepped(kMin64, kMax64);
      return s ? Value::TimestampNtz(*s) : Value();
    }
    case TypeId::kTimestampNs: {
      auto s = stepped(kMin64, kMax64);
      return s ? Value::TimestampNs(*s) : Value();
    }
    case TypeId::kTimestampNtzNs: {
      auto s = stepped(kMin64, kMax64);
      return s ? Value::TimestampNtzNs(*s) : Value();
    }
    case TypeId::kTime: {
      auto s = stepped(0, int64_t{86400000000} - 1);
      return s ? Value::Time(*s) : Value();
    }
    case TypeId::kDecimal:
      return Value::Decimal(v.decimal() + delta, v.type().precision(), v.type().scale());
    default: return Value();
  }
}

ExpressionPtr TransformProjection::Inclusive(const Transform& t, const Type& source, int id, const Predicate& p) {
  bool done;
  ExpressionPtr common = Common(t, id, p, &done);
  if (done) return common;
  switch (t.kind()) {
    case TransformKind::kBucket:
      if (p.op() == Operation::kEq) return MakeOne(Operation::kEq, id, t.Apply(p.literal()));
      if (p.op() == Operation::kIn) return Make(Operation::kIn, id, ApplyAll(t, p));
      return nullptr;
    case TransformKind::kTruncate:
      if (IsStringLike(source)) return InclusiveTruncateString(t, source, id, p);
      return InclusiveOrdered(t, id, p);
    default:
      if (IsTemporal(t.kind())) return FixInclusiveTime(InclusiveOrdered(t, id, p));
      return nullptr;
  }
}

ExpressionPtr TransformProjection::Strict(const Transform& t, const Type& source, int id, const Predicate& p) {
  bool done;
  ExpressionPtr common = Common(t, id, p, &done);
  if (done) return common;
  switch (t.kind()) {
    case TransformKind::kBucket:
      if (p.op() == Operation::kNotEq) return MakeOne(Operation::kNotEq, id, t.Apply(p.literal()));
      if (p.op() == Operation::kNotIn) return Make(Operation::kNotIn, id, ApplyAll(t, p));
      return nullptr;
    case TransformKind::kTruncate:
      if (IsStringLike(source)) return StrictTruncateString(t, source, id, p);
      return StrictOrdered(t, id, p);
    default:
      if (IsTemporal(t.kind())) return FixStrictTime(StrictOrdered(t, id, p));
      return nullptr;
  }
}

}  // namespace floe::iceberg
