#pragma once

#include <map>
#include <string>
#include <vector>

#include "function/aggregate_function.h"
#include "function/scalar_function.h"

namespace floe {

/// The functions the binder can call, by lower-case name (with aliases).
class FunctionRegistry {
 public:
  /// Returns the registry with every built-in function registered.
  static const FunctionRegistry& BuiltIn();

  void AddScalar(const std::string& name, ScalarBinder binder);
  void AddAggregate(const std::string& name, AggregateBinder binder);

  /// Returns the binder of a scalar function, or null when there is none.
  const ScalarBinder* FindScalar(const std::string& name) const;
  /// Returns the binder of an aggregate function, or null when there is none.
  const AggregateBinder* FindAggregate(const std::string& name) const;
  /// Returns every function name, for "did you mean" suggestions.
  std::vector<std::string> Names() const;

 private:
  std::map<std::string, ScalarBinder> scalars_;
  std::map<std::string, AggregateBinder> aggregates_;
};

}  // namespace floe
