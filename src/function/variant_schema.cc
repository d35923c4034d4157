#include "function/variant_schema.h"

#include <algorithm>
#include <cctype>

#include "common/utf8.h"

namespace floe {

namespace {

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

}  // namespace

VariantSchema MergeVariantSchema(const VariantSchema& a, const VariantSchema& b) {
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
    s.fields[0].second = MergeVariantSchema(a.fields[0].second, b.fields[0].second);
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
      else s.fields.emplace_back(a.fields[i].first, MergeVariantSchema(a.fields[i].second, b.fields[j].second)), ++i, ++j;
    }
    return s;
  }
  return Scalar("VARIANT");
}

VariantSchema SchemaOfVariant(const VariantRef& v) {
  switch (v.type()) {
    case VariantType::kObject: {
      VariantSchema s;
      s.kind = VariantSchema::Kind::kObject;
      for (size_t i = 0, n = v.ObjectSize(); i < n; ++i) {
        auto field = v.FieldAt(i);
        s.fields.emplace_back(std::string(field.first), SchemaOfVariant(field.second));
      }
      return s;
    }
    case VariantType::kArray: {
      VariantSchema element = Scalar("VOID");
      for (size_t i = 0, n = v.ArraySize(); i < n; ++i) element = MergeVariantSchema(element, SchemaOfVariant(v.ElementAt(i)));
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

std::string VariantSchemaText(const VariantSchema& s) {
  switch (s.kind) {
    case VariantSchema::Kind::kScalar: return s.name;
    case VariantSchema::Kind::kDecimal: return "DECIMAL(" + std::to_string(s.precision) + "," + std::to_string(s.scale) + ")";
    case VariantSchema::Kind::kArray: return "ARRAY<" + VariantSchemaText(s.fields[0].second) + ">";
    case VariantSchema::Kind::kObject: {
      std::string out = "OBJECT<";
      for (size_t i = 0; i < s.fields.size(); ++i) {
        if (i) out += ", ";
        out += QuoteFieldName(s.fields[i].first) + ": " + VariantSchemaText(s.fields[i].second);
      }
      return out + ">";
    }
  }
  return "?";
}

}  // namespace floe
