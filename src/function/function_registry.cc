#include "function/function_registry.h"

#include <cctype>

#include "function/aggregates/register_aggregates.h"
#include "function/scalar/register_scalar_functions.h"

namespace floe {

const FunctionRegistry& FunctionRegistry::BuiltIn() {
  static const FunctionRegistry registry = [] {
    FunctionRegistry r;
    RegisterScalarFunctions(r);
    RegisterAggregateFunctions(r);
    return r;
  }();
  return registry;
}

void FunctionRegistry::AddScalar(const std::string& name, ScalarBinder binder) {
  scalars_[name] = std::move(binder);
}

void FunctionRegistry::AddAggregate(const std::string& name, AggregateBinder binder) {
  aggregates_[name] = std::move(binder);
}

const ScalarBinder* FunctionRegistry::FindScalar(const std::string& name) const {
  auto it = scalars_.find(name);
  return it == scalars_.end() ? nullptr : &it->second;
}

const AggregateBinder* FunctionRegistry::FindAggregate(const std::string& name) const {
  auto it = aggregates_.find(name);
  return it == aggregates_.end() ? nullptr : &it->second;
}

std::vector<std::string> FunctionRegistry::Names() const {
  std::vector<std::string> names;
  names.reserve(scalars_.size() + aggregates_.size());
  for (const auto& [name, binder] : scalars_) {
    // Operators ("+", "<=>") are not names a user would misspell.
    if (std::isalpha(static_cast<unsigned char>(name[0]))) names.push_back(name);
  }
  for (const auto& [name, binder] : aggregates_) names.push_back(name);
  return names;
}

}  // namespace floe
