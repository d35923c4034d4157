// The variant functions of Spark 4.0 (catalyst's variantExpressions.scala over
// common/variant): parse_json / try_parse_json build a variant from JSON text as Spark's
// VariantBuilder.parseJson does; variant_get / try_variant_get follow a JSON path ($, .key,
// ['key'], ["key"], [index]) and cast what they find (VariantGet.cast: function/variant_cast.h);
// is_variant_null tells a variant null from SQL NULL; schema_of_variant names a value's type.

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <string>
#include <variant>

#include "common/decimal.h"
#include "common/exception.h"
#include "common/utf8.h"
#include "common/variant.h"
#include "common/variant_builder.h"
#include "function/cast_kernels.h"
#include "function/function_registry.h"
#include "function/scalar/json_reader.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/variant_cast.h"
#include "sql/parser.h"

namespace floe {

namespace {

using Args = std::vector<const Vector*>;

// ---- parse_json

// Appends a JSON number as VariantBuilder.parseJson does: an integer that fits a bigint in
// the narrowest integer; otherwise, written without an exponent and within 38 digits and a
// scale of 38, a decimal (BigDecimal's unscaled digits and scale, trailing zeros kept);
// anything else a double.
void AppendNumber(const std::string& text, VariantBuilder* b) {
  bool plain = text.find_first_of("eE") == std::string::npos;
  size_t dot = text.find('.');
  if (plain && dot == std::string::npos) {
    errno = 0;
    char* end = nullptr;
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (errno == 0 && end && *end == '\0') return b->AppendLong(v);
  }
  if (plain) {
    std::string digits;
    for (char c : text) {
      if (c >= '0' && c <= '9') digits += c;
    }
    int scale = dot == std::string::npos ? 0 : static_cast<int>(text.size() - dot - 1);
    size_t first = digits.find_first_not_of('0');
    size_t precision = first == std::string::npos ? 1 : digits.size() - first;
    if (scale <= LogicalType::kMaxDecimalPrecision && precision <= static_cast<size_t>(LogicalType::kMaxDecimalPrecision)) {
      int128_t unscaled = 0;
      for (size_t i = first == std::string::npos ? digits.size() : first; i < digits.size(); ++i) {
        unscaled = unscaled * 10 + (digits[i] - '0');
      }
      return b->AppendDecimal(text[0] == '-' ? -unscaled : unscaled, scale);
    }
  }
  b->AppendDouble(std::strtod(text.c_str(), nullptr));
}

void AppendJsonValue(const JsonValue& v, VariantBuilder* b) {
  switch (v.kind) {
    case JsonValue::Kind::kNull: return b->AppendNull();
    case JsonValue::Kind::kBool: return b->AppendBoolean(v.boolean);
    case JsonValue::Kind::kNumber: return AppendNumber(v.text, b);
    case JsonValue::Kind::kString: return b->AppendString(v.text);
    case JsonValue::Kind::kArray: {
      size_t start = b->Position();
      std::vector<size_t> offsets;
      offsets.reserve(v.items.size());
      for (const auto& item : v.items) {
        offsets.push_back(b->Position());
        AppendJsonValue(item, b);
      }
      return b->FinishArray(start, offsets);
    }
    case JsonValue::Kind::kObject: {
      size_t start = b->Position();
      std::vector<VariantBuilder::Field> fields;
      fields.reserve(v.members.size());
      for (const auto& m : v.members) {
        fields.push_back(b->AddKey(m.name, b->Position()));
        AppendJsonValue(m.value, b);
      }
      return b->FinishObject(start, std::move(fields));
    }
  }
}

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
                       if (!ParseStrictJson(text[i].view(), &json, &end)) {
                         malformed = "not JSON";
                       } else {
                         VariantBuilder builder;
                         AppendJsonValue(json, &builder);
                         packed = builder.Finish();
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

// The schema of a variant value as Spark's SchemaOfVariant infers it: an object's fields in
// key order, an array's elements merged into one type.
struct VariantSchema {
  enum class Kind { kScalar, kDecimal, kObject, kArray } kind = Kind::kScalar;
  std::string name;  // a scalar's: BIGINT, VOID, VARIANT, ...
  int precision = 0, scale = 0;
  std::vector<std::pair<std::string, VariantSchema>> fields;  // an object's, sorted; an array's element
  bool operator==(const VariantSchema&) const = default;
};

VariantSchema Scalar(const char* name) {
  VariantSchema s;
  s.name = name;
  return s;
}

VariantSchema DecimalSchema(int precision, int scale) {
  VariantSchema s;
  s.kind = VariantSchema::Kind::kDecimal;
  s.precision = precision;
  s.scale = scale;
  return s;
}

// SchemaOfVariant.mergeSchema: equal types stay; VOID gives way; decimals (a bigint as
// decimal(20,0)) widen to hold both, or become DOUBLE past 38 digits; a number with a double
// is a double; objects merge field by field, arrays element by element; anything else VARIANT.
VariantSchema MergeSchema(const VariantSchema& a, const VariantSchema& b) {
  using Kind = VariantSchema::Kind;
  if (a == b) return a;
  if (a.kind == Kind::kScalar && a.name == "VOID") return b;
  if (b.kind == Kind::kScalar && b.name == "VOID") return a;
  auto as_decimal = [](const VariantSchema& s) -> std::optional<VariantSchema> {
    if (s.kind == Kind::kDecimal) return s;
    if (s.kind == Kind::kScalar && s.name == "BIGINT") return DecimalSchema(20, 0);
    return std::nullopt;
  };
  auto da = as_decimal(a), db = as_decimal(b);
  if (da && db) {
    int scale = std::max(da->scale, db->scale);
    int range = std::max(da->precision - da->scale, db->precision - db->scale);
    return range + scale > LogicalType::kMaxDecimalPrecision ? Scalar("DOUBLE") : DecimalSchema(range + scale, scale);
  }
  auto is_double = [](const VariantSchema& s) { return s.kind == Kind::kScalar && s.name == "DOUBLE"; };
  if ((da && is_double(b)) || (db && is_double(a))) return Scalar("DOUBLE");
  if (a.kind == Kind::kArray && b.kind == Kind::kArray) {
    VariantSchema s = a;
    s.fields[0].second = MergeSchema(a.fields[0].second, b.fields[0].second);
    return s;
  }
  if (a.kind == Kind::kObject && b.kind == Kind::kObject) {
    VariantSchema s;
    s.kind = Kind::kObject;
    size_t i = 0, j = 0;
    while (i < a.fields.size() || j < b.fields.size()) {
      int c = i == a.fields.size()   ? 1
              : j == b.fields.size() ? -1
                                     : CompareUtf16Order(a.fields[i].first, b.fields[j].first);
      if (c < 0) s.fields.push_back(a.fields[i++]);
      else if (c > 0) s.fields.push_back(b.fields[j++]);
      else s.fields.emplace_back(a.fields[i].first, MergeSchema(a.fields[i].second, b.fields[j].second)), ++i, ++j;
    }
    return s;
  }
  return Scalar("VARIANT");
}

VariantSchema SchemaOf(const VariantRef& v) {
  switch (v.type()) {
    case VariantType::kObject: {
      VariantSchema s;
      s.kind = VariantSchema::Kind::kObject;
      for (size_t i = 0, n = v.ObjectSize(); i < n; ++i) {
        auto field = v.FieldAt(i);
        s.fields.emplace_back(std::string(field.first), SchemaOf(field.second));
      }
      return s;
    }
    case VariantType::kArray: {
      VariantSchema element = Scalar("VOID");
      for (size_t i = 0, n = v.ArraySize(); i < n; ++i) element = MergeSchema(element, SchemaOf(v.ElementAt(i)));
      VariantSchema s;
      s.kind = VariantSchema::Kind::kArray;
      s.fields.emplace_back("", std::move(element));
      return s;
    }
    case VariantType::kDecimal: {
      int precision, scale;
      v.GetStrippedDecimal(&precision, &scale);
      return DecimalSchema(precision, scale);
    }
    default: return Scalar(VariantTypeName(v.type()));
  }
}

// Returns a field name as Spark's DDL writes it: bare when an identifier, else in backticks.
std::string QuoteFieldName(const std::string& name) {
  bool bare = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0]));
  for (char c : name) bare = bare && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
  if (bare) return name;
  std::string out = "`";
  for (char c : name) {
    out += c;
    if (c == '`') out += '`';
  }
  return out + "`";
}

std::string SchemaText(const VariantSchema& s) {
  switch (s.kind) {
    case VariantSchema::Kind::kScalar: return s.name;
    case VariantSchema::Kind::kDecimal: return "DECIMAL(" + std::to_string(s.precision) + "," + std::to_string(s.scale) + ")";
    case VariantSchema::Kind::kArray: return "ARRAY<" + SchemaText(s.fields[0].second) + ">";
    case VariantSchema::Kind::kObject: {
      std::string out = "OBJECT<";
      for (size_t i = 0; i < s.fields.size(); ++i) {
        if (i) out += ", ";
        out += QuoteFieldName(s.fields[i].first) + ": " + SchemaText(s.fields[i].second);
      }
      return out + ">";
    }
  }
  return "?";
}

BoundScalarFunction BindSchemaOfVariant(const ScalarBindInput& input) {
  CheckArgumentCount("schema_of_variant", input, 1, 1);
  TypeId t = input.arg_types[0].id();
  if (t != TypeId::kVariant && t != TypeId::kNull) ThrowArgumentTypes("schema_of_variant", input, "(variant)");
  return Bound("schema_of_variant", {TypeId::kVariant}, TypeId::kString,
               [](const Args& a, size_t count, Vector& result, const FunctionContext&) {
                 const StringRef* packed = a[0]->Data<StringRef>();
                 for (size_t i = 0; i < count; ++i) {
                   result.SetNull(i, a[0]->IsNull(i));
                   if (!a[0]->IsNull(i)) result.SetString(i, SchemaText(SchemaOf(VariantRef::Unpack(packed[i].view()))));
                 }
               });
}

BoundScalarFunction BindIsVariantNull(const ScalarBindInput& input) {
  CheckArgumentCount("is_variant_null", input, 1, 1);
  TypeId t = input.arg_types[0].id();
  if (t != TypeId::kVariant && t != TypeId::kNull) ThrowArgumentTypes("is_variant_null", input, "(variant)");
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
