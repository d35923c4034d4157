// Functions of structs, arrays and maps (Spark 4.0's complexTypeCreator, complexTypeExtractors
// and collectionOperations), with ANSI mode's errors: a[i] and element_at out of bounds
// raise (INVALID_ARRAY_INDEX, INVALID_ARRAY_INDEX_IN_ELEMENT_AT; try_element_at and get give
// NULL), a missing map key gives NULL (SPARK-40066), size(NULL) is NULL.

#include <algorithm>
#include <string>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "common/vector_operations.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/type_coercion.h"

namespace floe {

namespace {

const LogicalType kInt = TypeId::kInt32;

// Returns the common type of `types` for a constructor's elements, keys or values.
LogicalType CommonType(const std::string& name, const std::vector<LogicalType>& types, const ScalarBindInput& input) {
  LogicalType common = TypeId::kNull;
  for (const auto& t : types) {
    auto wider = WiderType(common, t);
    if (!wider) {
      throw BinderError("[DATATYPE_MISMATCH.DATA_DIFF_TYPES] Cannot resolve " + name + "(...): its arguments must be of one type, got " +
                        TypeList(input.arg_types));
    }
    common = *wider;
  }
  return common;
}

[[noreturn]] void IndexOutOfBounds(const char* error_class, int64_t index, uint64_t size, const char* instead) {
  throw OutOfRangeError(std::string("[") + error_class + "] The index " + std::to_string(index) +
                        " is out of bounds. The array has " + std::to_string(size) + " elements. Use " + instead +
                        " to tolerate accessing element at invalid index and return NULL instead. If necessary "
                        "set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.");
}

// Reads the integer index argument of row i (any integer type).
int64_t IndexAt(const Vector& v, size_t i) {
  switch (v.type().id()) {
    case TypeId::kInt8: return v.Data<int8_t>()[i];
    case TypeId::kInt16: return v.Data<int16_t>()[i];
    case TypeId::kInt32: return v.Data<int32_t>()[i];
    default: return v.Data<int64_t>()[i];
  }
}

// Writes element `element` of list child `from` (or NULL when element < 0) to row i.
void SetFrom(Vector& result, size_t i, const Vector& from, int64_t element) {
  if (element < 0) {
    result.SetValue(i, Value::Null());
    return;
  }
  result.CopyRange(from, static_cast<size_t>(element), i, 1);
}

// Returns the row of the map's keys equal to `key` (row k of keys_in), or -1.
int64_t FindKey(const Vector& map, size_t i, const Vector& keys_in, size_t k) {
  ListEntry e = map.Data<ListEntry>()[i];
  for (uint64_t j = 0; j < e.length; ++j) {
    if (!map.child(0).IsNull(e.offset + j) && CompareRows(map.child(0), e.offset + j, keys_in, k) == 0) {
      return static_cast<int64_t>(e.offset + j);
    }
  }
  return -1;
}

// get_struct_field(s, 'name'): the field of a struct, as `s.name` binds.
BoundScalarFunction GetStructField(const ScalarBindInput& input) {
  CheckArgumentCount("get_struct_field", input, 2, 2);
  const Value* name = ConstantArg(input, 1);
  if (input.arg_types[0].id() != TypeId::kStruct || !name || name->is_null()) {
    ThrowArgumentTypes("get_struct_field", input, "a struct and a field name");
  }
  const auto& fields = input.arg_types[0].fields();
  size_t index = fields.size();
  for (size_t f = 0; f < fields.size(); ++f) {
    if (!EqualsIgnoreCase(fields[f].first, name->str())) continue;
    if (index != fields.size()) {
      throw BinderError("[AMBIGUOUS_REFERENCE_TO_FIELDS] Ambiguous reference to the field `" + name->str() + "` of " +
                        input.arg_types[0].ToString());
    }
    index = f;
  }
  if (index == fields.size()) {
    std::vector<std::string> names;
    for (const auto& f : fields) names.push_back("`" + f.first + "`");
    std::string list;
    for (size_t k = 0; k < names.size(); ++k) list += (k ? ", " : "") + names[k];
    throw BinderError("[FIELD_NOT_FOUND] No such struct field `" + name->str() + "` in " + list + ".");
  }
  return Bound("get_struct_field", input.arg_types, fields[index].second,
               [index](const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
                 const Vector& s = *args[0];
                 result.CopyRange(s.child(index), 0, 0, count);
                 for (size_t i = 0; i < count; ++i) {
                   if (s.IsNull(i)) result.SetValue(i, Value::Null());
                 }
               });
}

// The kernel of a[i] (zero_based, raising), element_at (raising) and try_element_at / get
// (NULL) over arrays, and of m[k] / element_at over maps (NULL when the key is missing).
ScalarKernel ElementKernel(bool zero_based, bool raise, const char* error_class, const char* instead) {
  return [=](const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext& ctx) {
    const Vector& base = *args[0];
    const Vector& index = *args[1];
    bool fail = raise && !ctx.try_mode;
    for (size_t i = 0; i < count; ++i) {
      if (base.IsNull(i) || index.IsNull(i)) {
        result.SetValue(i, Value::Null());
        continue;
      }
      if (base.type().id() == TypeId::kMap) {
        SetFrom(result, i, base.child(1), FindKey(base, i, index, i));
        continue;
      }
      ListEntry e = base.Data<ListEntry>()[i];
      int64_t k = IndexAt(index, i);
      int64_t position = -1;  // from 0
      if (zero_based) {
        position = k;
      } else if (k == 0) {
        if (fail) {
          throw OutOfRangeError("[INVALID_INDEX_OF_ZERO] The index 0 is invalid. An index shall be either < 0 or > 0 "
                                "(the first element has index 1).");
        }
      } else {
        position = k > 0 ? k - 1 : static_cast<int64_t>(e.length) + k;
      }
      if (position < 0 || position >= static_cast<int64_t>(e.length)) {
        if (fail) IndexOutOfBounds(error_class, k, e.length, instead);
        result.SetValue(i, Value::Null());
        continue;
      }
      SetFrom(result, i, base.child(0), static_cast<int64_t>(e.offset) + position);
    }
  };
}

ScalarBinder ElementBinder(std::string name, bool zero_based, bool raise, const char* error_class, const char* instead) {
  return [=](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 2, 2);
    const LogicalType& base = input.arg_types[0];
    ScalarKernel kernel = ElementKernel(zero_based, raise, error_class, instead);
    if (base.id() == TypeId::kList) {
      if (!input.arg_types[1].IsInteger() && input.arg_types[1].id() != TypeId::kNull) {
        ThrowArgumentTypes(name, input, "an array and an integer index");
      }
      return Bound(name, {base, kInt}, base.element(), kernel);
    }
    if (base.id() == TypeId::kMap) {
      if (!CanImplicitCast(input.arg_types[1], base.key())) ThrowArgumentTypes(name, input, "a map and a key of its key type");
      return Bound(name, {base, base.key()}, base.value(), kernel);
    }
    ThrowArgumentTypes(name, input, "an array or a map");
  };
}

// array(e1, e2, ...)
BoundScalarFunction MakeArray(const ScalarBindInput& input) {
  LogicalType element = CommonType("array", input.arg_types, input);
  if (element.id() == TypeId::kNull && input.arg_types.empty()) element = TypeId::kNull;
  std::vector<LogicalType> args(input.arg_types.size(), element);
  return Bound("array", args, LogicalType::List(element),
               [](const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
                 size_t n = args.size();
                 size_t at = result.ReserveElements(n * count);
                 auto* entries = result.Data<ListEntry>();
                 for (size_t i = 0; i < count; ++i) {
                   for (size_t k = 0; k < n; ++k) result.child(0).CopyRange(*args[k], i, at + k, 1);
                   entries[i] = ListEntry{at, n};
                   result.SetNull(i, false);
                   at += n;
                 }
                 result.SetChildSize(at);
               });
}

// map(k1, v1, k2, v2, ...): NULL keys and duplicate keys raise, as Spark 4.0 does by
// default (NULL_MAP_KEY; DUPLICATED_MAP_KEY under spark.sql.mapKeyDedupPolicy=EXCEPTION).
BoundScalarFunction MakeMap(const ScalarBindInput& input) {
  if (input.arg_types.size() % 2 != 0) {
    throw BinderError("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] map expects a positive even number of arguments, got " +
                      std::to_string(input.arg_types.size()));
  }
  std::vector<LogicalType> keys, values;
  for (size_t i = 0; i < input.arg_types.size(); ++i) (i % 2 ? values : keys).push_back(input.arg_types[i]);
  LogicalType key = CommonType("map", keys, input), value = CommonType("map", values, input);
  std::vector<LogicalType> args;
  for (size_t i = 0; i < input.arg_types.size(); ++i) args.push_back(i % 2 ? value : key);
  return Bound("map", args, LogicalType::Map(key, value),
               [](const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
                 size_t n = args.size() / 2;
                 size_t at = result.ReserveElements(n * count);
                 auto* entries = result.Data<ListEntry>();
                 for (size_t i = 0; i < count; ++i) {
                   for (size_t k = 0; k < n; ++k) {
                     const Vector& key = *args[2 * k];
                     if (key.IsNull(i)) throw InvalidInputError("[NULL_MAP_KEY] Cannot use null as map key.");
                     for (size_t j = 0; j < k; ++j) {
                       if (CompareRows(*args[2 * j], i, key, i) == 0) {
                         throw InvalidInputError("[DUPLICATED_MAP_KEY] Duplicate map key " + key.GetValue(i).ToString() +
                                                 " was found, please check the input data.");
                       }
                     }
                     result.child(0).CopyRange(key, i, at + k, 1);
                     result.child(1).CopyRange(*args[2 * k + 1], i, at + k, 1);
                   }
                   entries[i] = ListEntry{at, n};
                   result.SetNull(i, false);
                   at += n;
                 }
                 result.SetChildSize(at);
               });
}

// named_struct(name1, v1, ...): names are string literals.
BoundScalarFunction NamedStruct(const ScalarBindInput& input) {
  if (input.arg_types.empty() || input.arg_types.size() % 2 != 0) {
    throw BinderError("[WRONG_NUM_ARGS.WITHOUT_SUGGESTION] named_struct expects a positive even number of arguments, got " +
                      std::to_string(input.arg_types.size()));
  }
  std::vector<StructField> fields;
  for (size_t i = 0; i < input.arg_types.size(); i += 2) {
    const Value* name = ConstantArg(input, i);
    if (!name || name->is_null() || name->type().id() != TypeId::kString) {
      throw BinderError("[DATATYPE_MISMATCH.CREATE_NAMED_STRUCT_WITHOUT_FOLDABLE_STRING] named_struct's odd arguments "
                        "must be string literals, got " + input.arg_types[i].ToString());
    }
    fields.emplace_back(name->str(), input.arg_types[i + 1].id() == TypeId::kNull ? LogicalType(TypeId::kNull)
                                                                                   : input.arg_types[i + 1]);
  }
  return Bound("named_struct", input.arg_types, LogicalType::Struct(fields),
               [](const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
                 for (size_t k = 1; k < args.size(); k += 2) result.child(k / 2).CopyRange(*args[k], 0, 0, count);
                 for (size_t i = 0; i < count; ++i) result.SetNull(i, false);
               });
}

// size(a) / cardinality(a): the elements of an array or entries of a map; NULL for NULL.
void Size(const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
  const Vector& v = *args[0];
  for (size_t i = 0; i < count; ++i) {
    result.SetNull(i, v.IsNull(i));
    result.Data<int32_t>()[i] = v.IsNull(i) ? 0 : static_cast<int32_t>(v.Data<ListEntry>()[i].length);
  }
}

BoundScalarFunction SizeBinder(const std::string& name, const ScalarBindInput& input) {
  CheckArgumentCount(name, input, 1, 1);
  TypeId id = input.arg_types[0].id();
  if (id != TypeId::kList && id != TypeId::kMap) ThrowArgumentTypes(name, input, "an array or a map");
  return Bound(name, input.arg_types, kInt, Size);
}

// map_keys(m) / map_values(m): one of the map's children as an array.
ScalarBinder MapPart(std::string name, size_t part) {
  return [=](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 1, 1);
    if (input.arg_types[0].id() != TypeId::kMap) ThrowArgumentTypes(name, input, "a map");
    const LogicalType& t = part == 0 ? input.arg_types[0].key() : input.arg_types[0].value();
    return Bound(name, input.arg_types, LogicalType::List(t),
                 [part](const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
                   const Vector& m = *args[0];
                   auto* entries = result.Data<ListEntry>();
                   for (size_t i = 0; i < count; ++i) {
                     bool null = m.IsNull(i);
                     ListEntry e = null ? ListEntry{} : m.Data<ListEntry>()[i];
                     size_t at = result.ReserveElements(e.length);
                     result.child(0).CopyRange(m.child(part), e.offset, at, e.length);
                     result.SetChildSize(at + e.length);
                     entries[i] = ListEntry{at, e.length};
                     result.SetNull(i, null);
                   }
                 });
  };
}

// array_contains(a, v): true when an element equals v; NULL when not found and an element is
// NULL (three-valued), or when a or v is NULL. array_position(a, v): the first equal
// element's position from 1, 0 when none.
ScalarBinder ArraySearch(std::string name, bool position) {
  return [=](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 2, 2);
    if (input.arg_types[0].id() != TypeId::kList) ThrowArgumentTypes(name, input, "an array and a value");
    auto common = WiderType(input.arg_types[0].element(), input.arg_types[1]);
    if (!common || (input.arg_types[0].element() != *common && !input.arg_types[0].element().IsNumeric())) {
      ThrowArgumentTypes(name, input, "an array and a value of its element type");
    }
    LogicalType element = input.arg_types[0].element();
    return Bound(name, {input.arg_types[0], element}, position ? LogicalType(TypeId::kInt64) : LogicalType(TypeId::kBoolean),
                 [position](const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
                   const Vector& a = *args[0];
                   const Vector& v = *args[1];
                   for (size_t i = 0; i < count; ++i) {
                     if (a.IsNull(i) || v.IsNull(i)) {
                       result.SetNull(i, true);
                       continue;
                     }
                     ListEntry e = a.Data<ListEntry>()[i];
                     int64_t found = 0;
                     bool saw_null = false;
                     for (uint64_t k = 0; k < e.length && !found; ++k) {
                       if (a.child(0).IsNull(e.offset + k)) {
                         saw_null = true;
                       } else if (CompareRows(a.child(0), e.offset + k, v, i) == 0) {
                         found = static_cast<int64_t>(k) + 1;
                       }
                     }
                     if (position) {
                       result.SetNull(i, false);
                       result.Data<int64_t>()[i] = found;
                     } else {
                       result.SetNull(i, !found && saw_null);
                       result.Data<uint8_t>()[i] = found ? 1 : 0;
                     }
                   }
                 });
  };
}

}  // namespace

void RegisterNestedFunctions(FunctionRegistry& registry) {
  registry.AddScalar("get_struct_field", GetStructField);
  registry.AddScalar("subscript", ElementBinder("subscript", true, true, "INVALID_ARRAY_INDEX", "the SQL function `get()`"));
  registry.AddScalar("get", ElementBinder("get", true, false, "INVALID_ARRAY_INDEX", ""));
  registry.AddScalar("element_at", ElementBinder("element_at", false, true, "INVALID_ARRAY_INDEX_IN_ELEMENT_AT", "`try_element_at`"));
  registry.AddScalar("try_element_at", ElementBinder("try_element_at", false, false, "", ""));
  registry.AddScalar("array", MakeArray);
  registry.AddScalar("map", MakeMap);
  registry.AddScalar("named_struct", NamedStruct);
  registry.AddScalar("size", [](const ScalarBindInput& input) { return SizeBinder("size", input); });
  registry.AddScalar("cardinality", [](const ScalarBindInput& input) { return SizeBinder("cardinality", input); });
  registry.AddScalar("map_keys", MapPart("map_keys", 0));
  registry.AddScalar("map_values", MapPart("map_values", 1));
  registry.AddScalar("array_contains", ArraySearch("array_contains", false));
  registry.AddScalar("array_position", ArraySearch("array_position", true));
}

}  // namespace floe
