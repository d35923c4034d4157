#include "function/scalar/signature.h"

#include "common/exception.h"
#include "function/type_coercion.h"

namespace floe {

std::string TypeList(const std::vector<LogicalType>& types) {
  std::string out;
  for (size_t i = 0; i < types.size(); ++i) {
    if (i) out += ", ";
    out += types[i].ToString();
  }
  return out;
}

BoundScalarFunction Bound(std::string name, std::vector<LogicalType> arg_types,
                          LogicalType return_type, ScalarKernel kernel) {
  BoundScalarFunction bound;
  bound.name = std::move(name);
  bound.arg_types = std::move(arg_types);
  bound.return_type = std::move(return_type);
  bound.kernel = std::move(kernel);
  return bound;
}

const Value* ConstantArg(const ScalarBindInput& input, size_t i) {
  if (i < input.constant_args.size() && input.constant_args[i]) return &*input.constant_args[i];
  return input.constant_arg ? input.constant_arg(i) : nullptr;
}

void ThrowArgumentTypes(const std::string& name, const ScalarBindInput& input,
                        const std::string& expected) {
  throw BinderError("[DATATYPE_MISMATCH] function " + name + " does not accept (" +
                    TypeList(input.arg_types) + "); it expects " + expected);
}

void CheckArgumentCount(const std::string& name, const ScalarBindInput& input, size_t min,
                        size_t max) {
  size_t n = input.arg_types.size();
  if (n >= min && n <= max) return;
  std::string expected =
      min == max ? std::to_string(min) : std::to_string(min) + " to " + std::to_string(max);
  throw BinderError("[WRONG_NUM_ARGS] function " + name + " requires " + expected +
                    " arguments but got " + std::to_string(n));
}

ScalarBinder SignatureBinder(std::string name, std::vector<Signature> overloads, bool foldable) {
  return [name, overloads, foldable](const ScalarBindInput& input) {
    const Signature* chosen = nullptr;
    for (const Signature& s : overloads) {
      if (s.arg_types == input.arg_types) {
        chosen = &s;
        break;
      }
    }
    for (size_t k = 0; chosen == nullptr && k < overloads.size(); ++k) {
      const Signature& s = overloads[k];
      if (s.arg_types.size() != input.arg_types.size()) continue;
      bool fits = true;
      for (size_t i = 0; i < s.arg_types.size() && fits; ++i) {
        fits = CanImplicitCast(input.arg_types[i], s.arg_types[i]);
      }
      if (fits) chosen = &s;
    }
    if (chosen == nullptr) {
      bool arity_matches = false;
      std::string expected;
      for (const Signature& s : overloads) {
        arity_matches |= s.arg_types.size() == input.arg_types.size();
        if (!expected.empty()) expected += " or ";
        expected += "(" + TypeList(s.arg_types) + ")";
      }
      if (!arity_matches) {
        throw BinderError("[WRONG_NUM_ARGS] function " + name + " does not take " +
                          std::to_string(input.arg_types.size()) + " arguments; it expects " +
                          expected);
      }
      ThrowArgumentTypes(name, input, expected);
    }
    BoundScalarFunction bound;
    bound.name = name;
    bound.arg_types = chosen->arg_types;
    bound.return_type = chosen->return_type;
    bound.kernel = chosen->kernel;
    bound.foldable = foldable;
    return bound;
  };
}

}  // namespace floe
