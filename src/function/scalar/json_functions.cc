// to_json and from_json as Spark 4.0 has them (catalyst's StructsToJson / JsonToStructs over
// Jackson): to_json writes a struct, array or map compactly, leaves out NULL struct fields
// (spark.sql.jsonGenerator.ignoreNullFields, true by default) but writes NULL array elements
// and map values, quotes NaN and Infinity, and formats dates and timestamps with the JSON
// options' defaults; from_json reads a struct, array or map given as a DDL schema string, in
// PERMISSIVE mode: a malformed record is a struct of NULLs (NULL for an array or map), and a
// root struct's field whose value does not fit its type is NULL alone (SPARK-33134).
// JsonFunctionsSuite's cases are ported in test/sql/nested/json.test.

#include <charconv>
#include <cmath>
#include <string>

#include "common/ascii_case.h"
#include "common/base64.h"
#include "common/double_format.h"
#include "common/exception.h"
#include "common/json_string.h"
#include "common/variant.h"
#include "function/cast.h"
#include "function/function_registry.h"
#include "function/scalar/datetime_formatter.h"
#include "function/scalar/json_reader.h"
#include "function/scalar/json_variant.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "sql/parser.h"

namespace floe {

namespace {

// The JSON options floe reads (JSONOptions' names); the others are refused, not ignored.
struct JsonOptions {
  bool ignore_null_fields = true;
  bool fail_fast = false;
  std::string timestamp_format = "yyyy-MM-dd'T'HH:mm:ss.SSSXXX";
  std::string timestamp_ntz_format = "yyyy-MM-dd'T'HH:mm:ss.SSS";
  std::string date_format = "yyyy-MM-dd";
  bool custom_timestamp = false;
  bool custom_timestamp_ntz = false;
  bool custom_date = false;
};

// The date and timestamp patterns of a set of options, compiled.
struct JsonFormatters {
  explicit JsonFormatters(const JsonOptions& options)
      : timestamp(options.timestamp_format), timestamp_ntz(options.timestamp_ntz_format), date(options.date_format) {}
  DateTimeFormatter timestamp;
  DateTimeFormatter timestamp_ntz;
  DateTimeFormatter date;
};

JsonOptions ReadOptions(const char* name, const ScalarBindInput& input, size_t index, bool reading) {
  JsonOptions options;
  if (input.arg_types.size() <= index) return options;
  const Value* map = ConstantArg(input, index);
  if (input.arg_types[index].id() != TypeId::kMap || !map) {
    throw BinderError(std::string("[INVALID_OPTIONS.NON_MAP_FUNCTION] ") + name + ": Must use a map() function for options.");
  }
  const LogicalType& t = input.arg_types[index];
  if (!t.key().IsStringLike() || !t.value().IsStringLike()) {
    throw BinderError(std::string("[INVALID_OPTIONS.NON_STRING_TYPE] ") + name +
                      ": A type of keys and values in map() must be string, but got " + t.ToString() + ".");
  }
  if (map->is_null()) return options;
  const auto& kv = map->children();
  for (size_t k = 0; k + 1 < kv.size(); k += 2) {
    if (kv[k].is_null() || kv[k + 1].is_null()) continue;
    std::string key = kv[k].str();
    const std::string& value = kv[k + 1].str();
    auto flag = [&] {
      if (EqualsIgnoreCase(value, "true")) return true;
      if (EqualsIgnoreCase(value, "false")) return false;
      throw BinderError(std::string(name) + ": option " + key + " must be true or false, got '" + value + "'");
    };
    if (key == "timestampFormat") {
      options.timestamp_format = value, options.custom_timestamp = true;
    } else if (key == "timestampNTZFormat") {
      options.timestamp_ntz_format = value, options.custom_timestamp_ntz = true;
    } else if (key == "dateFormat") {
      options.date_format = value, options.custom_date = true;
    } else if (!reading && key == "ignoreNullFields") {
      options.ignore_null_fields = flag();
    } else if (reading && key == "mode") {
      std::string mode = ToUpper(value);
      if (mode == "FAILFAST") {
        options.fail_fast = true;
      } else if (mode != "PERMISSIVE") {
        throw BinderError("[PARSE_MODE_UNSUPPORTED] from_json() doesn't support the " + value +
                          " mode. Acceptable modes are PERMISSIVE and FAILFAST.");
      }
    } else {
      throw NotImplementedError(std::string(name) + ": the JSON option '" + key + "' is not supported by floe");
    }
  }
  JsonFormatters check(options);  // the patterns compile now, so a bad one fails the statement, not a row
  return options;
}

// ---- to_json

class JsonWriter {
 public:
  JsonWriter(const JsonOptions& options, const FunctionContext& context)
      : options_(options), context_(context), formats_(options) {}

  void Write(const Value& v, const LogicalType& type, std::string* out) {
    if (v.is_null()) {
      *out += "null";
      return;
    }
    switch (type.id()) {
      case TypeId::kBoolean: *out += v.boolean() ? "true" : "false"; return;
      case TypeId::kInt8:
      case TypeId::kInt16:
      case TypeId::kInt32:
      case TypeId::kInt64: *out += std::to_string(v.int64()); return;
      case TypeId::kFloat:
      case TypeId::kDouble: {
        double d = type.id() == TypeId::kFloat ? v.float32() : v.float64();
        std::string text = type.id() == TypeId::kFloat ? FormatFloat(v.float32()) : FormatDouble(d);
        // Jackson quotes the non-numeric numbers (QUOTE_NON_NUMERIC_NUMBERS)
        if (std::isfinite(d)) *out += text;
        else AppendJsonString(text, out);
        return;
      }
      case TypeId::kDecimal: *out += CastValue(v, TypeId::kString, context_).str(); return;
      case TypeId::kString: AppendJsonString(v.str(), out); return;
      case TypeId::kBinary: AppendJsonString(Base64Encode(v.str()), out); return;
      // (Spark's to_json writes a variant as its own JSON, timestamps in the session zone)
      case TypeId::kVariant: VariantRef::Unpack(v.str()).AppendJson(*context_.time_zone, out); return;
      case TypeId::kDate:
        AppendJsonString(formats_.date.Format(int64_t{v.int32()} * 86400000000LL, TimeZone::Utc()), out);
        return;
      case TypeId::kTimestamp: AppendJsonString(formats_.timestamp.Format(v.int64(), *context_.time_zone), out); return;
      case TypeId::kTimestampNtz: AppendJsonString(formats_.timestamp_ntz.Format(v.int64(), TimeZone::Utc()), out); return;
      case TypeId::kTimestampNs:
      case TypeId::kTimestampNtzNs: AppendJsonString(CastValue(v, TypeId::kString, context_).str(), out); return;
      case TypeId::kStruct: {
        out->push_back('{');
        bool first = true;
        for (size_t f = 0; f < type.fields().size(); ++f) {
          const Value& field = v.children()[f];
          if (field.is_null() && options_.ignore_null_fields) continue;
          if (!first) out->push_back(',');
          first = false;
          AppendJsonString(type.fields()[f].first, out);
          out->push_back(':');
          Write(field, type.fields()[f].second, out);
        }
        out->push_back('}');
        return;
      }
      case TypeId::kList: {
        out->push_back('[');
        for (size_t k = 0; k < v.children().size(); ++k) {
          if (k) out->push_back(',');
          Write(v.children()[k], type.element(), out);
        }
        out->push_back(']');
        return;
      }
      case TypeId::kMap: {
        out->push_back('{');
        const auto& kv = v.children();
        for (size_t k = 0; k + 1 < kv.size(); k += 2) {
          if (k) out->push_back(',');
          AppendJsonString(CastValue(kv[k], TypeId::kString, context_).str(), out);
          out->push_back(':');
          Write(kv[k + 1], type.value(), out);  // a NULL value is written: null
        }
        out->push_back('}');
        return;
      }
      default: AppendJsonString(CastValue(v, TypeId::kString, context_).str(), out); return;
    }
  }

 private:
  const JsonOptions& options_;
  const FunctionContext& context_;
  JsonFormatters formats_;
};

BoundScalarFunction BindToJson(const ScalarBindInput& input) {
  CheckArgumentCount("to_json", input, 1, 2);
  const LogicalType& type = input.arg_types[0];
  if (!type.IsNested() && type.id() != TypeId::kNull && type.id() != TypeId::kVariant) {
    throw BinderError("[DATATYPE_MISMATCH.INVALID_JSON_SCHEMA] Cannot resolve to_json: the input of type " +
                      type.ToString() + " must be a struct, an array, a map or a variant.");
  }
  JsonOptions options = ReadOptions("to_json", input, 1, false);
  std::vector<LogicalType> args = input.arg_types;
  return Bound("to_json", args, TypeId::kString,
               [options, type](const std::vector<const Vector*>& a, size_t count, Vector& result,
                               const FunctionContext& context) {
                 JsonWriter writer(options, context);
                 std::string text;
                 for (size_t i = 0; i < count; ++i) {
                   if (a[0]->IsNull(i)) {
                     result.SetNull(i, true);
                     continue;
                   }
                   text.clear();
                   writer.Write(a[0]->GetValue(i), type, &text);
                   result.SetString(i, text);
                 }
               });
}

// ---- from_json

// The schema of from_json: a type (`array<int>`, `struct<a: int>`) or, as Spark's fromDDL
// falls back to, a column list (`a INT, b STRING`) read as a struct.
LogicalType ReadSchema(const std::string& text) {
  LogicalType type;
  bool resolved = false;
  try {
    resolved = Parser::ParseTypeName(text).ToType(&type);
  } catch (const Exception&) {
  }
  if (!resolved) {
    try {
      resolved = Parser::ParseTypeName("STRUCT<" + text + ">").ToType(&type);
    } catch (const Exception&) {
    }
  }
  if (!resolved) {
    throw BinderError("[PARSE_SYNTAX_ERROR] from_json: cannot read the schema '" + text +
                      "': give a type (struct<a: int>, array<string>, map<string, int>) or columns (a INT, b STRING)");
  }
  if (!type.IsNested() && type.id() != TypeId::kVariant) {
    throw BinderError("[DATATYPE_MISMATCH.INVALID_JSON_SCHEMA] from_json: the schema " + type.ToString() +
                      " must be a struct, an array, a map or a variant.");
  }
  if (type.Contains([](const LogicalType& t) { return t.id() == TypeId::kMap && !t.key().IsStringLike(); })) {
    throw BinderError("[DATATYPE_MISMATCH.INVALID_JSON_MAP_KEY_TYPE] from_json: the schema " + type.ToString() +
                      " has a map whose keys are not strings.");
  }
  return type;
}

class JsonConverter {
 public:
  JsonConverter(const JsonOptions& options, const FunctionContext& context)
      : options_(options), context_(context), formats_(options) {
    try_context_ = context;
    try_context_.try_mode = true;
  }

  // The row's value; throws in FAILFAST mode where PERMISSIVE gives NULLs.
  Value Root(std::string_view text, const LogicalType& type) {
    size_t start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return Value::Null(type);
    JsonValue json;
    bool parsed = ParseJson(text, &json);
    if (parsed && json.kind == JsonValue::Kind::kNull) return Value::Null(type);
    Value out;
    if (type.id() == TypeId::kStruct) {
      if (!parsed || json.kind != JsonValue::Kind::kObject) {
        Malformed(text);
        std::vector<Value> nulls;
        for (const auto& f : type.fields()) nulls.push_back(Value::Null(f.second));
        return Value::Struct(type, std::move(nulls));
      }
      return PartialStruct(json, type, text);
    }
    if (parsed && type.id() == TypeId::kList && json.kind == JsonValue::Kind::kArray &&
        type.element().id() == TypeId::kStruct) {
      // an array of objects: each object's fields in part (SPARK-33134)
      std::vector<Value> items;
      bool ok = true;
      for (const auto& item : json.items) {
        if (item.kind == JsonValue::Kind::kObject) {
          items.push_back(PartialStruct(item, type.element(), text));
        } else if (item.kind == JsonValue::Kind::kNull) {
          items.push_back(Value::Null(type.element()));
        } else {
          ok = false;
          break;
        }
      }
      if (ok) return Value::List(type, std::move(items));
    } else if (parsed && Convert(json, type, &out)) {
      return out;
    }
    Malformed(text);
    return Value::Null(type);
  }

 private:
  void Malformed(std::string_view text) const {
    if (!options_.fail_fast) return;
    std::string record(text.substr(0, 100));
    if (text.size() > 100) record += "...";
    throw ConversionError("[MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION] Malformed records are detected in record parsing: " +
                          record + ". Parse Mode: FAILFAST. To process malformed records as null result, try setting the option 'mode' as 'PERMISSIVE'.");
  }

  // The fields of an object, each NULL alone when its value does not fit.
  Value PartialStruct(const JsonValue& json, const LogicalType& type, std::string_view text) {
    std::vector<Value> fields;
    for (const auto& [name, field_type] : type.fields()) {
      const JsonValue* member = Member(json, name);
      Value v;
      if (!member) {
        v = Value::Null(field_type);
      } else if (!Convert(*member, field_type, &v)) {
        Malformed(text);
        v = Value::Null(field_type);
      }
      fields.push_back(std::move(v));
    }
    return Value::Struct(type, std::move(fields));
  }

  // The last member of that name (Jackson reads them in turn; the last one stays).
  static const JsonValue* Member(const JsonValue& object, const std::string& name) {
    const JsonValue* found = nullptr;
    for (const auto& [key, value] : object.members) {
      if (key == name) found = &value;
    }
    return found;
  }

  bool Integer(const JsonValue& j, int64_t min, int64_t max, int64_t* out) const {
    if (j.kind != JsonValue::Kind::kNumber) return false;
    const std::string& t = j.text;
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), *out);
    return ec == std::errc() && end == t.data() + t.size() && *out >= min && *out <= max;
  }

  bool Floating(const JsonValue& j, double* out) const {
    std::string t = j.text;
    if (j.kind == JsonValue::Kind::kString) {
      // the special values may come as strings
      if (t == "NaN") return *out = NAN, true;
      if (t == "Infinity" || t == "+Infinity" || t == "+INF" || t == "INF") return *out = INFINITY, true;
      if (t == "-Infinity" || t == "-INF") return *out = -INFINITY, true;
      return false;
    }
    if (j.kind != JsonValue::Kind::kNumber) return false;
    if (t == "NaN") return *out = NAN, true;
    if (t == "Infinity" || t == "+Infinity") return *out = INFINITY, true;
    if (t == "-Infinity") return *out = -INFINITY, true;
    *out = std::strtod(t.c_str(), nullptr);
    return true;
  }

  bool Cast(const std::string& text, const LogicalType& type, Value* out) const {
    try {
      *out = CastValue(Value::String(text), type, try_context_);
    } catch (const Exception&) {
      return false;
    }
    return !out->is_null();
  }

  bool Parse(const DateTimeFormatter& f, const std::string& text, bool instant, int64_t* out) const {
    std::optional<int64_t> offset;
    std::optional<int64_t> local = f.Parse(text, &offset);
    if (!local) return false;
    *out = !instant ? *local : offset ? *local - *offset : context_.time_zone->FromLocal(*local);
    return true;
  }

  bool Convert(const JsonValue& j, const LogicalType& type, Value* out) {
    if (j.kind == JsonValue::Kind::kNull) {
      *out = Value::Null(type);
      return true;
    }
    int64_t n;
    double d;
    switch (type.id()) {
      case TypeId::kBoolean:
        if (j.kind != JsonValue::Kind::kBool) return false;
        return *out = Value::Boolean(j.boolean), true;
      case TypeId::kInt8:
        if (!Integer(j, INT8_MIN, INT8_MAX, &n)) return false;
        return *out = Value::Int8(static_cast<int8_t>(n)), true;
      case TypeId::kInt16:
        if (!Integer(j, INT16_MIN, INT16_MAX, &n)) return false;
        return *out = Value::Int16(static_cast<int16_t>(n)), true;
      case TypeId::kInt32:
        if (!Integer(j, INT32_MIN, INT32_MAX, &n)) return false;
        return *out = Value::Int32(static_cast<int32_t>(n)), true;
      case TypeId::kInt64:
        if (!Integer(j, INT64_MIN, INT64_MAX, &n)) return false;
        return *out = Value::Int64(n), true;
      case TypeId::kFloat:
        if (!Floating(j, &d)) return false;
        return *out = Value::Float(static_cast<float>(d)), true;
      case TypeId::kDouble:
        if (!Floating(j, &d)) return false;
        return *out = Value::Double(d), true;
      case TypeId::kDecimal:
        if (j.kind != JsonValue::Kind::kNumber && j.kind != JsonValue::Kind::kString) return false;
        return Cast(j.text, type, out);
      case TypeId::kString:
        *out = Value::String(j.kind == JsonValue::Kind::kString ? j.text : j.ToJson());
        return true;
      case TypeId::kBinary: {
        std::string bytes;
        if (j.kind != JsonValue::Kind::kString || !Base64Decode(j.text, &bytes)) return false;
        return *out = Value::Binary(std::move(bytes)), true;
      }
      case TypeId::kDate:
        if (j.kind != JsonValue::Kind::kString) return false;
        if (options_.custom_date) {
          if (!Parse(formats_.date, j.text, false, &n)) return false;
          return *out = Value::Date(static_cast<int32_t>(std::floor(static_cast<double>(n) / 86400000000.0))), true;
        }
        return Cast(j.text, type, out);
      case TypeId::kTimestamp:
        if (j.kind == JsonValue::Kind::kNumber && Integer(j, INT64_MIN / 1000000, INT64_MAX / 1000000, &n)) {
          return *out = Value::Timestamp(n * 1000000), true;  // seconds since the epoch
        }
        if (j.kind != JsonValue::Kind::kString) return false;
        if (options_.custom_timestamp) {
          if (!Parse(formats_.timestamp, j.text, true, &n)) return false;
          return *out = Value::Timestamp(n), true;
        }
        return Cast(j.text, type, out);
      case TypeId::kTimestampNtz:
        if (j.kind != JsonValue::Kind::kString) return false;
        if (options_.custom_timestamp_ntz) {
          if (!Parse(formats_.timestamp_ntz, j.text, false, &n)) return false;
          return *out = Value::TimestampNtz(n), true;
        }
        return Cast(j.text, type, out);
      case TypeId::kTimestampNs:
      case TypeId::kTimestampNtzNs:
        if (j.kind != JsonValue::Kind::kString) return false;
        return Cast(j.text, type, out);
      case TypeId::kStruct: {
        if (j.kind != JsonValue::Kind::kObject) return false;
        std::vector<Value> fields;
        for (const auto& [name, field_type] : type.fields()) {
          const JsonValue* member = Member(j, name);
          Value v = Value::Null(field_type);
          if (member && !Convert(*member, field_type, &v)) return false;
          fields.push_back(std::move(v));
        }
        return *out = Value::Struct(type, std::move(fields)), true;
      }
      case TypeId::kList: {
        if (j.kind != JsonValue::Kind::kArray) return false;
        std::vector<Value> items;
        for (const auto& item : j.items) {
          Value v;
          if (!Convert(item, type.element(), &v)) return false;
          items.push_back(std::move(v));
        }
        return *out = Value::List(type, std::move(items)), true;
      }
      case TypeId::kMap: {
        if (j.kind != JsonValue::Kind::kObject) return false;
        std::vector<Value> keys, values;
        for (const auto& [key, member] : j.members) {
          Value v;
          if (!Convert(member, type.value(), &v)) return false;
          keys.push_back(Value::String(key));
          values.push_back(std::move(v));
        }
        return *out = Value::Map(type, keys, values), true;
      }
      case TypeId::kVariant:
        // (Spark's JacksonParser builds the value's variant; a repeated key fails the record)
        try {
          *out = Value::Variant(JsonToVariant(j));
          return true;
        } catch (const InvalidInputError&) {
          return false;
        }
      default: return j.kind == JsonValue::Kind::kString && Cast(j.text, type, out);
    }
  }

  const JsonOptions& options_;
  const FunctionContext& context_;
  FunctionContext try_context_;
  JsonFormatters formats_;
};

BoundScalarFunction BindFromJson(const ScalarBindInput& input) {
  CheckArgumentCount("from_json", input, 2, 3);
  const Value* schema = ConstantArg(input, 1);
  if (!input.arg_types[1].IsStringLike() || !schema || schema->is_null()) {
    throw BinderError("[INVALID_SCHEMA.NON_STRING_LITERAL] from_json: the schema must be a string literal in DDL format, e.g. 'a INT, b STRING'.");
  }
  if (!input.arg_types[0].IsStringLike() && input.arg_types[0].id() != TypeId::kNull) {
    ThrowArgumentTypes("from_json", input, "a JSON string, a schema string and optionally a map of options");
  }
  LogicalType type = ReadSchema(schema->str());
  JsonOptions options = ReadOptions("from_json", input, 2, true);
  std::vector<LogicalType> args = input.arg_types;
  args[0] = TypeId::kString;
  BoundScalarFunction bound = Bound(
      "from_json", args, type,
      [options, type](const std::vector<const Vector*>& a, size_t count, Vector& result, const FunctionContext& context) {
        JsonConverter converter(options, context);
        const auto* text = a[0]->Data<StringRef>();
        for (size_t i = 0; i < count; ++i) {
          if (a[0]->IsNull(i)) {
            result.SetValue(i, Value::Null());
            continue;
          }
          result.SetValue(i, converter.Root(text[i].view(), type));
        }
      });
  bound.evaluated_args = 1;  // the schema and options are read here, once
  return bound;
}

}  // namespace

void RegisterJsonFunctions(FunctionRegistry& registry) {
  registry.AddScalar("to_json", BindToJson);
  registry.AddScalar("from_json", BindFromJson);
}

}  // namespace floe
