// GROUP BY: plain expressions, ALL, ROLLUP / CUBE / GROUPING SETS (also mixed, and Spark's
// older `GROUP BY a, b WITH ROLLUP` / `GROUP BY a, b GROUPING SETS (..)` forms), expanded
// into grouping sets over a list of distinct expressions.
#include <algorithm>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "sql/keyword.h"
#include "sql/parser.h"

namespace floe {
namespace {

constexpr size_t kMaxGroupingSets = 4096;

// Identifies equal grouping expressions: columns by name ignoring case, others by text.
std::string GroupingKey(const ParsedExpression& expr) {
  if (expr.kind == ExpressionKind::kColumnRef) {
    return "c:" + ToLower(expr.As<ColumnRefExpression>().FullName());
  }
  return "e:" + expr.ToString();
}

}  // namespace

void Parser::ParseGroupBy(SelectNode& select) {
  pos_ += 2;  // GROUP BY
  GroupByClause& group_by = select.group_by;
  if (PeekWord("ALL") && !PeekOp("(", 1)) {
    Next();
    group_by.all = true;
    return;
  }
  std::vector<std::string> keys;
  auto add = [&](ExpressionPtr expr) -> size_t {
    std::string key = GroupingKey(*expr);
    for (size_t i = 0; i < keys.size(); ++i) {
      if (keys[i] == key) return i;
    }
    keys.push_back(key);
    group_by.expressions.push_back(std::move(expr));
    return keys.size() - 1;
  };
  auto parse_index_list = [&]() {
    std::vector<size_t> indexes;
    ExpectOp("(");
    if (!PeekOp(")")) {
      do {
        indexes.push_back(add(ParseExpr()));
      } while (AcceptOp(","));
    }
    ExpectOp(")");
    return indexes;
  };
  auto rollup = [](const std::vector<size_t>& items) {
    std::vector<std::vector<size_t>> sets;
    for (size_t n = items.size() + 1; n-- > 0;) {
      sets.emplace_back(items.begin(), items.begin() + static_cast<ptrdiff_t>(n));
    }
    return sets;
  };
  auto cube = [](const std::vector<size_t>& items) {
    // Spark's order: for (a, b): (a, b), (a), (b), ().
    std::vector<std::vector<size_t>> sets = {{}};
    for (size_t k = items.size(); k-- > 0;) {
      std::vector<std::vector<size_t>> with;
      for (const auto& set : sets) {
        std::vector<size_t> extended = {items[k]};
        extended.insert(extended.end(), set.begin(), set.end());
        with.push_back(std::move(extended));
      }
      with.insert(with.end(), sets.begin(), sets.end());
      sets = std::move(with);
    }
    return sets;
  };
  auto parse_grouping_sets = [&]() {
    std::vector<std::vector<size_t>> sets;
    ExpectOp("(");
    do {
      if (PeekOp("(")) {
        sets.push_back(parse_index_list());
      } else {
        sets.push_back({add(ParseExpr())});
      }
    } while (AcceptOp(","));
    ExpectOp(")");
    return sets;
  };
  const Token& first = Peek();
  std::vector<std::vector<std::vector<size_t>>> elements;
  std::vector<size_t> plain;
  bool has_sets = false;
  do {
    if ((PeekWord("ROLLUP") || PeekWord("CUBE")) && PeekOp("(", 1)) {
      bool is_rollup = PeekWord("ROLLUP");
      Next();
      std::vector<size_t> items = parse_index_list();
      if (!is_rollup && items.size() > 12) ErrorAt(first, "too many CUBE columns (at most 12)");
      elements.push_back(is_rollup ? rollup(items) : cube(items));
      has_sets = true;
    } else if (PeekWord("GROUPING") && PeekWord("SETS", 1)) {
      pos_ += 2;
      elements.push_back(parse_grouping_sets());
      has_sets = true;
    } else if (PeekOp("(") && PeekOp(")", 1)) {
      // GROUP BY (): the empty grouping, one group of every row.
      pos_ += 2;
      elements.push_back({{}});
      group_by.empty_set = true;
    } else {
      size_t index = add(ParseExpr());
      plain.push_back(index);
      elements.push_back({{index}});
    }
  } while (AcceptOp(","));
  if (!has_sets && PeekWord("WITH") && (PeekWord("ROLLUP", 1) || PeekWord("CUBE", 1))) {
    bool is_rollup = PeekWord("ROLLUP", 1);
    pos_ += 2;
    group_by.grouping_sets = is_rollup ? rollup(plain) : cube(plain);
    return;
  }
  if (!has_sets && PeekWord("GROUPING") && PeekWord("SETS", 1)) {
    pos_ += 2;  // Spark's older form: GROUP BY a, b GROUPING SETS ((a, b), (a))
    group_by.grouping_sets = parse_grouping_sets();
    return;
  }
  if (!has_sets) return;
  std::vector<std::vector<size_t>> product = {{}};
  for (const auto& element : elements) {
    std::vector<std::vector<size_t>> next;
    for (const auto& prefix : product) {
      for (const auto& set : element) {
        std::vector<size_t> combined = prefix;
        for (size_t index : set) {
          if (std::find(combined.begin(), combined.end(), index) == combined.end()) {
            combined.push_back(index);
          }
        }
        next.push_back(std::move(combined));
        if (next.size() > kMaxGroupingSets) {
          ErrorAt(first,
                  "too many grouping sets (more than " + std::to_string(kMaxGroupingSets) + ")");
        }
      }
    }
    product = std::move(next);
  }
  group_by.grouping_sets = std::move(product);
}

}  // namespace floe
