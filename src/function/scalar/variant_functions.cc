// The variant functions of Spark 4.0 (catalyst's variantExpressions.scala over
// common/variant): parse_json / try_parse_json build a variant from JSON text as Spark's
// VariantBuilder.parseJson does; variant_get / try_variant_get follow a JSON path ($, .key,
// ['key'], ["key"], [index]) and cast what they find (VariantGet.cast: function/variant_cast.h);
// is_variant_null tells a variant null from SQL NULL; schema_of_variant names a value's type
// (schema_of_variant_agg, an aggregate, is in function/aggregates).

#include <string>
#include <variant>

#include "common/exception.h"
#include "common/utf8.h"
#include "common/variant.h"
#include "common/variant_builder.h"
#include "function/cast_kernels.h"
#include "function/function_registry.h"
#include "function/scalar/json_reader.h"
#include "function/scalar/json_variant.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/variant_cast.h"
#include "function/variant_schema.h"
#include "sql/parser.h"

namespace floe {

namespace {

using Args = std::vector<const Vector*>;

// ---- parse_json

ScalarBinder ParseJsonBinder(std::string name, bool try_mode) {
  return [=](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 1, 1);
    TypeId t = input.arg_types[0].id();
    if (t != TypeId::kString && t != TypeId::kNull) ThrowArgumentTypes(name, input, "(string)");
    return Bound(name, {TypeId::kString}, TypeId::kVariant,
                 [=](const Args& a, size_t count, Vector& result, const FunctionContext&) {
                   const StringRef* text = a[0]->Data<StringRef>();
                   for (size_t i = 0; i < count; ++i) {
                     if (a[0]->IsNull(i)) {
                       result.SetNull(i, true);
                       continue;
                     }
                     JsonValue json;
                     size_t end;
                     std::string packed;
                     // (Spark's VariantExpressionEvalUtils.parseJson: a repeated key fails
                     // the parse as malformed JSON does; try_ makes either NULL)
                     std::string malformed;
                     try {
                       // (Spark parses the text as a Java String: ill-formed UTF-8 as U+FFFD)
                       std::string valid;
                       std::string_view input = text[i].view();
                       if (!IsValidUtf8(input)) input = valid = ReplaceInvalidUtf8(input);
                       if (!ParseStrictJson(input, &json, &end)) {
                         malformed = "not JSON";
                       } else {
                         packed = JsonToVariant(json);
                       }
                     } catch (const VariantDuplicateKeyError& e) {
                       malformed = e.what();
                     } catch (const InvalidInputError&) {
                       if (!try_mode) throw;  // VARIANT_SIZE_LIMIT
                     }
                     if (!malformed.empty() && !try_mode) {
                       throw InvalidInputError("[MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION] Malformed records are "
                                               "detected in record parsing: " + QuoteForMessage(text[i].view(), 200) +
                                               " (" + malformed + "). Parse Mode: FAILFAST.");
                     }
                     result.SetNull(i, packed.empty());
                     if (!packed.empty()) result.SetString(i, packed);
                   }
                 });
  };
}

// ---- variant_get

// A step of a variant path: an object key or an array index.
using PathSegment = std::variant<std::string, size_t>;

// Parses a path as Spark's VariantPathParser (its current form: no blanks skipped, quoted
// keys may be empty and hold '?', as SPARK-46761 made get_json_object's): `$` then `.key`
// (up to the next . or [), `['key']`, `["key"]` or `[index]`; false when the path is not of
// this form.
bool ParsePath(std::string_view p, std::vector<PathSegment>* out) {
  size_t i = 0;
  if (i >= p.size() || p[i] != '$') return false;
  ++i;
  while (true) {
    if (i >= p.size()) return true;
    if (p[i] == '.') {
      ++i;
      size_t start = i;
      while (i < p.size() && p[i] != '.' && p[i] != '[') ++i;
      if (i == start) return false;
      out->emplace_back(std::string(p.substr(start, i - start)));
      continue;
    }
    if (p[i] != '[') return false;
    ++i;
    if (i < p.size() && (p[i] == '\'' || p[i] == '"')) {
      char quote = p[i++];
      size_t start = i;
      while (i < p.size() && p[i] != quote) ++i;
      if (i + 1 >= p.size() || p[i + 1] != ']') return false;
      out->emplace_back(std::string(p.substr(start, i - start)));
      i += 2;
      continue;
    }
    size_t start = i;
    size_t index = 0;
    while (i < p.size() && p[i] >= '0' && p[i] <= '9') {
      index = index * 10 + static_cast<size_t>(p[i] - '0');
      // (Spark's toInt: an index beyond an int is no path)
      if (index > static_cast<size_t>(INT32_MAX)) return false;
      ++i;
    }
    if (i == start) return false;
    if (i >= p.size() || p[i] != ']') return false;
    ++i;
    out->emplace_back(index);
  }
}

// Returns the value at the path, or nothing when a key is missing, an index out of range or
// a step meets a value of another kind.
std::optional<VariantRef> Navigate(VariantRef v, const std::vector<PathSegment>& path) {
  for (const auto& step : path) {
    if (const auto* key = std::get_if<std::string>(&step)) {
      if (v.type() != VariantType::kObject) return std::nullopt;
      auto field = v.FieldByKey(*key);
      if (!field) return std::nullopt;
      v = *field;
    } else {
      size_t index = std::get<size_t>(step);
      if (v.type() != VariantType::kArray || index >= v.ArraySize()) return std::nullopt;
      v = v.ElementAt(index);
    }
  }
  return v;
}

ScalarBinder VariantGetBinder(std::string name, bool try_mode) {
  return [=](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 2, 3);
    TypeId t = input.arg_types[0].id();
    if ((t != TypeId::kVariant && t != TypeId::kNull) ||
        (input.arg_types[1].id() != TypeId::kString && input.arg_types[1].id() != TypeId::kNull)) {
      ThrowArgumentTypes(name, input, "(variant, string[, string])");
    }
    // a constant path is parsed here, once; another one row by row (Spark's
    // ToVariantPathSegmentArray), a NULL path giving NULL
    auto invalid_path = [name](const std::string& text) {
      return "[INVALID_VARIANT_GET_PATH] The path `" + text + "` is not a valid variant extraction path in `" + name +
             "`. A valid path should start with `$` and is followed by zero or more segments like `[123]`, `.name`, "
             "`['name']`, or `[\"name\"]`.";
    };
    const Value* path_arg = ConstantArg(input, 1);
    bool constant_path = path_arg != nullptr;
    std::vector<PathSegment> path;
    if (constant_path && !path_arg->is_null() && !ParsePath(path_arg->str(), &path)) {
      throw BinderError(invalid_path(path_arg->str()));
    }
    bool null_path = constant_path && path_arg->is_null();
    LogicalType target = TypeId::kVariant;
    if (input.arg_types.size() == 3) {
      const Value* type_arg = ConstantArg(input, 2);
      if (!type_arg || type_arg->is_null() || type_arg->type().id() != TypeId::kString) {
        throw BinderError("[INVALID_SCHEMA.NON_STRING_LITERAL] The input schema of " + name +
                          " must be a string literal naming a type.");
      }
      bool resolved = false;
      try {
        resolved = Parser::ParseTypeName(type_arg->str()).ToType(&target);
      } catch (const Exception&) {
      }
      if (!resolved) {
        throw BinderError("[INVALID_SCHEMA.PARSE_ERROR] The input schema '" + type_arg->str() + "' of " + name +
                          " is not a type.");
      }
      if (!CanCastVariantTo(target)) {
        throw BinderError("[DATATYPE_MISMATCH.CAST_WITHOUT_SUGGESTION] " + name + " cannot cast \"VARIANT\" to \"" +
                          CastTypeName(target) + "\".");
      }
    }
    std::vector<LogicalType> args = {TypeId::kVariant, TypeId::kString};
    if (input.arg_types.size() == 3) args.push_back(TypeId::kString);
    BoundScalarFunction bound =
        Bound(name, args, target, [=](const Args& a, size_t count, Vector& result, const FunctionContext& context) {
          FunctionContext cast_context = context;
          cast_context.try_mode = try_mode;
          const StringRef* packed = a[0]->Data<StringRef>();
          std::vector<PathSegment> row_path;
          std::string row_path_text;
          bool row_path_parsed = false;
          for (size_t i = 0; i < count; ++i) {
            std::optional<VariantRef> found;
            const std::vector<PathSegment>* steps = &path;
            bool no_path = null_path || (!constant_path && a[1]->IsNull(i));
            if (!constant_path && !no_path) {
              std::string_view text = a[1]->Data<StringRef>()[i].view();
              if (!row_path_parsed || text != row_path_text) {
                row_path.clear();
                row_path_text = std::string(text);
                if (!ParsePath(text, &row_path)) throw InvalidInputError(invalid_path(row_path_text));
                row_path_parsed = true;
              }
              steps = &row_path;
            }
            if (!a[0]->IsNull(i) && !no_path) found = Navigate(VariantRef::Unpack(packed[i].view()), *steps);
            if (!found) {
              result.SetValue(i, Value::Null(target));
              continue;
            }
            result.SetValue(i, CastVariant(*found, target, cast_context));
          }
        });
    bound.evaluated_args = constant_path ? 1 : 2;  // (a constant path and the type are read here)
    return bound;
  };
}

// ---- is_variant_null, schema_of_variant

// Throws BinderError unless the call has one argument, a variant (or a bare NULL).
void CheckOneVariant(const char* name, const ScalarBindInput& input) {
  CheckArgumentCount(name, input, 1, 1);
  TypeId t = input.arg_types[0].id();
  if (t != TypeId::kVariant && t != TypeId::kNull) ThrowArgumentTypes(name, input, "(variant)");
}

BoundScalarFunction BindSchemaOfVariant(const ScalarBindInput& input) {
  CheckOneVariant("schema_of_variant", input);
  return Bound("schema_of_variant", {TypeId::kVariant}, TypeId::kString,
               [](const Args& a, size_t count, Vector& result, const FunctionContext&) {
                 const StringRef* packed = a[0]->Data<StringRef>();
                 for (size_t i = 0; i < count; ++i) {
                   result.SetNull(i, a[0]->IsNull(i));
                   if (!a[0]->IsNull(i)) result.SetString(i, VariantSchemaText(SchemaOfVariant(VariantRef::Unpack(packed[i].view()))));
                 }
               });
}

BoundScalarFunction BindIsVariantNull(const ScalarBindInput& input) {
  CheckOneVariant("is_variant_null", input);
  return Bound("is_variant_null", {TypeId::kVariant}, TypeId::kBoolean,
               [](const Args& a, size_t count, Vector& result, const FunctionContext&) {
                 // (SQL NULL is not a variant null: false, never NULL)
                 const StringRef* packed = a[0]->Data<StringRef>();
                 for (size_t i = 0; i < count; ++i) {
                   bool null = !a[0]->IsNull(i) && VariantRef::Unpack(packed[i].view()).type() == VariantType::kNull;
                   result.Data<uint8_t>()[i] = null;
                   result.SetNull(i, false);
                 }
               });
}

}  // namespace

void RegisterVariantFunctions(FunctionRegistry& registry) {
  registry.AddScalar("parse_json", ParseJsonBinder("parse_json", false));
  registry.AddScalar("try_parse_json", ParseJsonBinder("try_parse_json", true));
  registry.AddScalar("variant_get", VariantGetBinder("variant_get", false));
  registry.AddScalar("try_variant_get", VariantGetBinder("try_variant_get", true));
  registry.AddScalar("is_variant_null", BindIsVariantNull);
  registry.AddScalar("schema_of_variant", BindSchemaOfVariant);
}

}  // namespace floe
