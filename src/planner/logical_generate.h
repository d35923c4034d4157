#pragma once

#include <vector>

#include "planner/logical_operator.h"

namespace floe {

/// What a generator makes of each element of its array or map argument.
enum class GeneratorKind {
  kExplode,     // the element (an array's) or key and value (a map's)
  kPosExplode,  // its position from 0, then as kExplode
  kInline,      // the fields of a struct element
};

/// Adds a generator's columns to its input's: each input row repeated once per element of
/// `argument` (an array or map over the input), with the element's columns; a NULL or empty
/// argument drops the row, or with `outer` keeps it once with NULL columns (Spark's Generate
/// for explode, explode_outer, posexplode(_outer), inline(_outer) and LATERAL VIEW [OUTER]).
struct LogicalGenerate : LogicalOperator {
  LogicalGenerate() : LogicalOperator(LogicalOperatorType::kGenerate) {}
  BoundExpressionPtr argument;
  GeneratorKind kind = GeneratorKind::kExplode;
  bool outer = false;
  /// The generator as written, for plans.
  std::string text;
  std::string Describe() const override;
  void VisitExpressions(const std::function<void(BoundExpressionPtr&)>& fn) override { fn(argument); }
  /// Returns the types and Spark's names of the columns a generator adds for its argument's
  /// type: col; key, value; pos, ...; a struct element's fields.
  static void GeneratedColumns(GeneratorKind kind, const LogicalType& argument, std::vector<LogicalType>* types,
                               std::vector<std::string>* names);
};

}  // namespace floe
