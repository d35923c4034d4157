#include "optimizer/statistics/filter_estimation.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "common/value.h"

namespace floe {

namespace {

bool IsColumn(const BoundExpression& e) { return e.kind == BoundExpressionKind::kColumnRef; }
bool IsLiteral(const BoundExpression& e) { return e.kind == BoundExpressionKind::kConstant; }

const std::string* ComparisonName(const BoundExpression& e) {
  if (e.kind != BoundExpressionKind::kFunction || !e.function || e.children.size() != 2) return nullptr;
  static const std::set<std::string> kComparisons = {"=", "<=>", "<", "<=", ">", ">=", "<>"};
  return kComparisons.count(e.function->name) ? &e.function->name : nullptr;
}

// `literal op column` as `column op' literal`
std::string Mirror(const std::string& op) {
  if (op == "<") return ">";
  if (op == "<=") return ">=";
  if (op == ">") return "<";
  if (op == ">=") return "<=";
  return op;
}

double Bound(double p) { return std::max(0.0, std::min(1.0, p)); }

}  // namespace

double SparkCeil(double value) {
  double nearest = std::round(value);
  if (std::fabs(value - nearest) <= 1e-9 * std::max(1.0, std::fabs(value))) return nearest;
  return std::ceil(value);
}

FilterEstimation::FilterEstimation(const PlanStatistics& child, const std::vector<LogicalType>& types,
                                   bool child_is_table)
    : child_(child), types_(types), child_is_table_(child_is_table) {}

const ColumnStat* FilterEstimation::Get(size_t column) const {
  auto it = updated_.find(column);
  if (it != updated_.end()) return &it->second;
  return child_.Column(column);
}

std::optional<PlanStatistics> FilterEstimation::Estimate(const std::vector<const BoundExpression*>& conjuncts) {
  if (!child_.row_count) return std::nullopt;
  double selectivity = 1;
  for (const BoundExpression* c : conjuncts) selectivity *= Selectivity(*c, true).value_or(1.0);
  double rows = SparkCeil(*child_.row_count * selectivity);
  PlanStatistics out;
  out.row_count = rows;
  if (rows > 0) {
    // ColumnStatsMap.outputColumnStats: the narrowed statistics, counts scaled with the rows
    out.columns.resize(types_.size());
    for (size_t i = 0; i < types_.size(); ++i) {
      const ColumnStat* original = child_.Column(i);
      if (!original) continue;
      ColumnStat stat = *Get(i);
      stat.distinct_count = UpdateStat(*child_.row_count, rows, original->distinct_count, stat.distinct_count);
      stat.null_count = UpdateStat(*child_.row_count, rows, original->null_count, stat.null_count);
      out.columns[i] = stat;
    }
  }
  out.size_in_bytes = SparkOutputSize(types_, rows, out.columns);
  return out;
}

std::optional<double> FilterEstimation::Selectivity(const BoundExpression& condition, bool update) {
  switch (condition.kind) {
    case BoundExpressionKind::kAnd: {
      double p = 1;
      for (const auto& c : condition.children) p *= Selectivity(*c, update).value_or(1.0);
      return p;
    }
    case BoundExpressionKind::kOr: {
      std::optional<double> p;
      for (const auto& c : condition.children) {
        double q = Selectivity(*c, false).value_or(1.0);
        p = p ? *p + q - *p * q : q;
      }
      return p;
    }
    case BoundExpressionKind::kNot: {
      const BoundExpression& inner = *condition.children[0];
      // NOT pushed down: NOT (a AND b) is NOT a OR NOT b, NOT (a OR b) is NOT a AND NOT b
      if (inner.kind == BoundExpressionKind::kAnd || inner.kind == BoundExpressionKind::kOr) {
        std::optional<double> p;
        for (const auto& c : inner.children) {
          auto negated = std::make_unique<BoundExpression>();
          negated->kind = BoundExpressionKind::kNot;
          negated->type = condition.type;
          negated->children.push_back(c->Copy());
          double q = Selectivity(*negated, false).value_or(1.0);
          if (!p) {
            p = q;
          } else {
            p = inner.kind == BoundExpressionKind::kAnd ? *p + q - *p * q : *p * q;
          }
        }
        return p;
      }
      if (inner.kind == BoundExpressionKind::kNot) return Selectivity(*inner.children[0], false);
      if (IsLiteral(inner) && inner.constant.is_null()) {
        std::optional<double> p = SingleCondition(inner, false);
        return p ? std::optional<double>(Bound(*p)) : std::nullopt;
      }
      std::optional<double> p = Selectivity(inner, false);
      return p ? std::optional<double>(1.0 - *p) : std::nullopt;
    }
    default: break;
  }
  // Spark's a <> b is NOT (a = b); a NOT IN (...) is NOT (a IN (...))
  if (const std::string* op = ComparisonName(condition); op && *op == "<>") {
    auto equal = condition.Copy();
    equal->function = std::make_shared<BoundScalarFunction>(*condition.function);
    equal->function->name = "=";
    std::optional<double> p = Selectivity(*equal, false);
    return p ? std::optional<double>(1.0 - *p) : std::nullopt;
  }
  if (condition.kind == BoundExpressionKind::kIn && condition.negated) {
    auto in = condition.Copy();
    in->negated = false;
    std::optional<double> p = Selectivity(*in, false);
    return p ? std::optional<double>(1.0 - *p) : std::nullopt;
  }
  std::optional<double> p = SingleCondition(condition, update);
  return p ? std::optional<double>(Bound(*p)) : std::nullopt;
}

std::optional<double> FilterEstimation::SingleCondition(const BoundExpression& condition, bool update) {
  if (IsLiteral(condition)) {
    const Value& v = condition.constant;
    if (v.is_null()) return 0.0;
    if (v.type().id() == TypeId::kBoolean) return v.boolean() ? 1.0 : 0.0;
    return std::nullopt;
  }
  if (const std::string* op = ComparisonName(condition)) {
    const BoundExpression& a = *condition.children[0];
    const BoundExpression& b = *condition.children[1];
    bool equality = *op == "=" || *op == "<=>";
    if (IsColumn(a) && IsLiteral(b)) {
      return equality ? Equality(a.index, b.constant, update) : Comparison(*op, a.index, b.constant, update);
    }
    if (IsLiteral(a) && IsColumn(b)) {
      return equality ? Equality(b.index, a.constant, update) : Comparison(Mirror(*op), b.index, a.constant, update);
    }
    if (IsColumn(a) && IsColumn(b)) return TwoColumns(*op, a.index, b.index, update);
    return std::nullopt;
  }
  switch (condition.kind) {
    case BoundExpressionKind::kIn: {
      if (!IsColumn(*condition.children[0])) return std::nullopt;
      std::vector<Value> values;
      if (condition.in_list) {
        values = condition.in_list->ToValues();
      } else {
        for (size_t i = 1; i < condition.children.size(); ++i) {
          if (!IsLiteral(*condition.children[i])) return std::nullopt;
          values.push_back(condition.children[i]->constant);
        }
      }
      return InSet(condition.children[0]->index, values, update);
    }
    // Spark estimates null checks directly over a table only, whose null counts are exact
    case BoundExpressionKind::kIsNull:
    case BoundExpressionKind::kIsNotNull:
      if (!child_is_table_ || !IsColumn(*condition.children[0])) return std::nullopt;
      return NullCheck(condition.children[0]->index, condition.kind == BoundExpressionKind::kIsNull, update);
    default: return std::nullopt;
  }
}

std::optional<double> FilterEstimation::Equality(size_t column, const Value& literal, bool update) {
  const ColumnStat* stat = Get(column);
  if (!stat) return std::nullopt;
  const LogicalType& type = types_[column];
  // ValueInterval: strings have no interval (always within); a column without min and max is
  // NullValueInterval, which holds nothing
  bool within;
  std::optional<double> value = SparkStatDouble(literal);
  if (type.IsStringLike()) {
    within = true;
  } else if (!stat->HasMinMaxStats()) {
    within = false;
  } else if (!HasNumericInterval(type) || !value) {
    return std::nullopt;
  } else {
    within = *stat->min <= *value && *value <= *stat->max;
  }
  if (!within) return 0.0;
  std::optional<double> ndv = stat->distinct_count;
  if (update) {
    ColumnStat narrowed = *stat;
    narrowed.distinct_count = 1;
    narrowed.null_count = 0;
    if (!type.IsStringLike()) narrowed.min = narrowed.max = value;
    updated_[column] = narrowed;
  }
  if (!ndv) return std::nullopt;
  return 1.0 / *ndv;
}

std::optional<double> FilterEstimation::Comparison(const std::string& op, size_t column, const Value& literal,
                                                   bool update) {
  const ColumnStat* stat = Get(column);
  if (!stat || !HasNumericInterval(types_[column])) return std::nullopt;
  std::optional<double> value = SparkStatDouble(literal);
  if (!stat->HasMinMaxStats() || !stat->distinct_count || !value) return std::nullopt;
  double min = *stat->min, max = *stat->max, ndv = *stat->distinct_count, v = *value;
  bool no_overlap, complete;
  if (op == "<") {
    no_overlap = v <= min, complete = v > max;
  } else if (op == "<=") {
    no_overlap = v < min, complete = v >= max;
  } else if (op == ">") {
    no_overlap = v >= max, complete = v < min;
  } else {
    no_overlap = v > max, complete = v <= min;
  }
  if (no_overlap) return 0.0;
  if (complete) return 1.0;
  // partial overlap: the covered part of [min, max], the values assumed uniform
  double percent;
  if (op == "<") {
    percent = v == max ? 1.0 - 1.0 / ndv : (v - min) / (max - min);
  } else if (op == "<=") {
    percent = v == min ? 1.0 / ndv : (v - min) / (max - min);
  } else if (op == ">") {
    percent = v == min ? 1.0 - 1.0 / ndv : (max - v) / (max - min);
  } else {
    percent = v == max ? 1.0 / ndv : (max - v) / (max - min);
  }
  if (update) {
    ColumnStat narrowed = *stat;
    (op == ">" || op == ">=" ? narrowed.min : narrowed.max) = v;
    narrowed.distinct_count = SparkCeil(ndv * percent);
    narrowed.null_count = 0;
    updated_[column] = narrowed;
  }
  return percent;
}

std::optional<double> FilterEstimation::InSet(size_t column, const std::vector<Value>& values, bool update) {
  const ColumnStat* stat = Get(column);
  if (!stat || !stat->distinct_count) return std::nullopt;
  const LogicalType& type = types_[column];
  double ndv = *stat->distinct_count;
  double new_ndv;
  ColumnStat narrowed = *stat;
  if (HasNumericInterval(type)) {
    if (ndv == 0 || !stat->HasMinMaxStats()) return 0.0;
    std::set<double> valid;
    for (const Value& v : values) {
      std::optional<double> d = SparkStatDouble(v);
      if (d && *stat->min <= *d && *d <= *stat->max) valid.insert(*d);
    }
    if (valid.empty()) return 0.0;
    new_ndv = std::min(ndv, static_cast<double>(valid.size()));
    narrowed.min = *valid.begin();
    narrowed.max = *valid.rbegin();
  } else if (type.IsStringLike()) {
    if (ndv == 0) return 0.0;
    std::set<std::string> distinct;
    bool null = false;
    for (const Value& v : values) v.is_null() ? void(null = true) : void(distinct.insert(v.str()));
    new_ndv = std::min(ndv, static_cast<double>(distinct.size() + (null ? 1 : 0)));
  } else {
    return std::nullopt;
  }
  if (update) {
    narrowed.distinct_count = new_ndv;
    narrowed.null_count = 0;
    updated_[column] = narrowed;
  }
  return std::min(new_ndv / ndv, 1.0);
}

std::optional<double> FilterEstimation::NullCheck(size_t column, bool is_null, bool update) {
  const ColumnStat* stat = Get(column);
  if (!stat || !stat->null_count) return std::nullopt;
  double rows = *child_.row_count;
  double null_percent = rows == 0 ? 0 : *stat->null_count > rows ? 1 : *stat->null_count / rows;
  if (update) {
    ColumnStat narrowed = *stat;
    if (is_null) {
      narrowed.distinct_count = 0;
      narrowed.min.reset();
      narrowed.max.reset();
    } else {
      narrowed.null_count = 0;
    }
    updated_[column] = narrowed;
  }
  return is_null ? null_percent : 1.0 - null_percent;
}

std::optional<double> FilterEstimation::TwoColumns(const std::string& op, size_t left, size_t right, bool update) {
  const ColumnStat* l = Get(left);
  const ColumnStat* r = Get(right);
  if (!l || !r || !l->HasCountStats() || !r->HasCountStats()) return std::nullopt;
  if (!HasNumericInterval(types_[left]) || !HasNumericInterval(types_[right])) return std::nullopt;
  if (!l->HasMinMaxStats() || !r->HasMinMaxStats()) return std::nullopt;
  double min_l = *l->min, max_l = *l->max, min_r = *r->min, max_r = *r->max;
  bool all_not_null = *l->null_count == 0 && *r->null_count == 0;
  bool same = min_l == min_r && max_l == max_r && all_not_null && *l->distinct_count == *r->distinct_count;
  bool no_overlap, complete;
  if (op == "<") {
    no_overlap = min_l >= max_r, complete = max_l < min_r && all_not_null;
  } else if (op == "<=") {
    no_overlap = min_l > max_r, complete = max_l <= min_r && all_not_null;
  } else if (op == ">") {
    no_overlap = max_l <= min_r, complete = min_l > max_r && all_not_null;
  } else if (op == ">=") {
    no_overlap = max_l < min_r, complete = min_l >= max_r && all_not_null;
  } else if (op == "=") {
    no_overlap = max_l < min_r || max_r < min_l, complete = same;
  } else {  // <=>: with NULLs, never a certain overlap
    no_overlap = (max_l < min_r || max_r < min_l) && all_not_null, complete = same;
  }
  if (no_overlap) return 0.0;
  if (complete) return 1.0;
  // partial overlap: "Database Systems, the complete book"'s 1/3
  double percent = 1.0 / 3.0;
  if (update) {
    ColumnStat new_l = *l, new_r = *r;
    new_l.distinct_count = SparkCeil(*l->distinct_count * percent);
    new_r.distinct_count = SparkCeil(*r->distinct_count * percent);
    if (op == "<" || op == "<=") {
      if (min_l > min_r) new_r.min = l->min;
      if (max_l > max_r) new_l.max = r->max;
    } else if (op == ">" || op == ">=") {
      if (min_l < min_r) new_l.min = r->min;
      if (max_l < max_r) new_r.max = l->max;
    } else {
      if (min_l < min_r) {
        new_l.min = r->min;
      } else {
        new_r.min = l->min;
      }
      if (max_l < max_r) {
        new_r.max = l->max;
      } else {
        new_l.max = r->max;
      }
    }
    updated_[left] = new_l;
    updated_[right] = new_r;
  }
  return percent;
}

}  // namespace floe
