#pragma once

#include <string>
#include <vector>

#include "common/value.h"
#include "common/vector.h"
#include "function/cast.h"
#include "function/function_context.h"
#include "function/function_registry.h"

namespace floe::testing {

/// Builds a vector of `type` holding the values (NULLs allowed).
inline Vector MakeVector(const LogicalType& type, const std::vector<Value>& values) {
  Vector v(type, std::max<size_t>(values.size(), 1));
  for (size_t i = 0; i < values.size(); ++i) v.SetValue(i, values[i]);
  return v;
}

/// Binds `name` for the columns' types (the constants given as literals), casts the
/// columns to the bound types and runs the kernel, as the binder and executor would.
inline std::vector<Value> CallColumns(const std::string& name,
                                      const std::vector<std::vector<Value>>& columns,
                                      const std::vector<LogicalType>& types,
                                      const FunctionContext& context = FunctionContext(),
                                      LogicalType* return_type = nullptr, bool constants = false) {
  const ScalarBinder* binder = FunctionRegistry::BuiltIn().FindScalar(name);
  if (binder == nullptr) throw InvalidInputError("no function " + name);
  ScalarBindInput input;
  input.arg_types = types;
  for (const auto& column : columns) {
    if (constants && column.size() == 1)
      input.constant_args.push_back(column[0]);
    else
      input.constant_args.push_back(std::nullopt);
  }
  BoundScalarFunction bound = (*binder)(input);
  size_t count = columns.empty() ? 1 : columns[0].size();
  std::vector<Vector> cast_args;
  for (size_t c = 0; c < columns.size(); ++c) {
    Vector raw = MakeVector(types[c], columns[c]);
    Vector cast(bound.arg_types[c], count);
    CastVector(raw, count, cast, context);
    cast_args.push_back(std::move(cast));
  }
  std::vector<const Vector*> args;
  for (const auto& v : cast_args) args.push_back(&v);
  Vector result(bound.return_type, count);
  bound.kernel(args, count, result, context);
  if (return_type != nullptr) *return_type = bound.return_type;
  std::vector<Value> out;
  for (size_t i = 0; i < count; ++i) out.push_back(result.GetValue(i));
  return out;
}

/// Calls a function on one row of literal arguments (constants visible to the binder).
inline Value Call(const std::string& name, const std::vector<Value>& args,
                  const FunctionContext& context = FunctionContext(),
                  LogicalType* return_type = nullptr) {
  std::vector<std::vector<Value>> columns;
  std::vector<LogicalType> types;
  for (const auto& a : args) {
    columns.push_back({a});
    types.push_back(a.type());
  }
  return CallColumns(name, columns, types, context, return_type, true)[0];
}

inline Value Str(const std::string& s) { return Value::String(s); }
inline Value I32(int32_t v) { return Value::Int32(v); }
inline Value I64(int64_t v) { return Value::Int64(v); }
inline Value F64(double v) { return Value::Double(v); }
inline Value Dec(const std::string& text, int precision, int scale) {
  return CastValue(Value::String(text), LogicalType::Decimal(precision, scale), FunctionContext());
}

}  // namespace floe::testing
