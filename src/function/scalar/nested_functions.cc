// Functions of structs, arrays and maps (Spark 4.0's complexTypeCreator, complexTypeExtractors
// and collectionOperations), with ANSI mode's errors: a[i] and element_at out of bounds
// raise (INVALID_ARRAY_INDEX, INVALID_ARRAY_INDEX_IN_ELEMENT_AT; try_element_at and get give
// NULL), a missing map key gives NULL (SPARK-40066), size(NULL) is NULL.

#include <algorithm>
#include <functional>
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
  BoundScalarFunction bound =
      Bound("get_struct_field", input.arg_types, fields[index].second,
            [index](const std::vector<const Vector*>& args, size_t count, Vector& result, const FunctionContext&) {
              const Vector& s = *args[0];
              if (!s.child(index).type().IsNested()) {
                // a flat field shares the struct's values; only its own NULLs (a copy) change
                result = s.child(index);
                for (size_t i = 0; i < count && !s.validity().AllValid(); ++i) {
                  if (s.IsNull(i)) result.SetNull(i, true);
                }
                return;
              }
              result.CopyRange(s.child(index), 0, 0, count);
              if (s.validity().AllValid()) return;
              for (size_t i = 0; i < count; ++i) {
                if (s.IsNull(i)) result.SetValue(i, Value::Null());
              }
            });
  bound.evaluated_args = 1;  // the field name is resolved here, once
  return bound;
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
        // always, try_element_at too: Spark's ElementAt raises it whatever failOnError says
        throw OutOfRangeError("[INVALID_INDEX_OF_ZERO] The index 0 is invalid. An index shall be either < 0 or > 0 "
                              "(the first element has index 1).");
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
    // both widened to their common type, as Spark's ArrayContains coerces them
    auto common = WiderType(input.arg_types[0].element(), input.arg_types[1]);
    if (!common) ThrowArgumentTypes(name, input, "an array and a value of its element type");
    if (common->Contains([](const LogicalType& t) { return t.id() == TypeId::kVariant; })) {
      throw BinderError("[DATATYPE_MISMATCH.INVALID_ORDERING_TYPE] " + name + " cannot compare variants");
    }
    LogicalType element = *common;
    return Bound(name, {LogicalType::List(element), element}, position ? LogicalType(TypeId::kInt64) : LogicalType(TypeId::kBoolean),
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

// A kernel computing each row from its arguments as Values: for functions whose work per
// element outweighs the Value round trip (sorting, set operations, rebuilding arrays).
ScalarKernel RowWise(std::function<Value(const std::vector<Value>& args)> fn) {
  return [fn = std::move(fn)](const std::vector<const Vector*>& args, size_t count, Vector& result,
                              const FunctionContext&) {
    std::vector<Value> row(args.size());
    for (size_t i = 0; i < count; ++i) {
      for (size_t k = 0; k < args.size(); ++k) row[k] = args[k]->GetValue(i);
      result.SetValue(i, fn(row));
    }
  };
}

bool AnyNull(const std::vector<Value>& args) {
  return std::any_of(args.begin(), args.end(), [](const Value& v) { return v.is_null(); });
}

// NULL equal to NULL, NaN to NaN: how Spark's array set functions compare elements.
bool SameElement(const Value& a, const Value& b) {
  if (a.is_null() || b.is_null()) return a.is_null() && b.is_null();
  return a.Compare(b) == 0;
}

bool Contains(const std::vector<Value>& list, const Value& v) {
  return std::any_of(list.begin(), list.end(), [&](const Value& e) { return SameElement(e, v); });
}

// The element type arrays share (their common type), or a BinderError.
LogicalType CommonElement(const std::string& name, const ScalarBindInput& input, size_t arrays) {
  LogicalType element = TypeId::kNull;
  for (size_t k = 0; k < arrays; ++k) {
    const LogicalType& t = input.arg_types[k];
    if (t.id() == TypeId::kNull) continue;
    if (t.id() != TypeId::kList) ThrowArgumentTypes(name, input, "arrays");
    auto wider = WiderType(element, t.element());
    if (!wider) ThrowArgumentTypes(name, input, "arrays of one element type");
    element = *wider;
  }
  return element;
}

// sort_array(a[, ascending]): NULLs first ascending, last descending. array_sort(a): ascending,
// NULLs last.
ScalarBinder SortBinder(std::string name, bool nulls_last_always) {
  return [=](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 1, nulls_last_always ? 1 : 2);
    if (input.arg_types[0].id() != TypeId::kList) ThrowArgumentTypes(name, input, "an array");
    if (!input.arg_types[0].element().IsOrderable()) {
      throw BinderError("[DATATYPE_MISMATCH.INVALID_ORDERING_TYPE] " + name + " does not support ordering on type " +
                        input.arg_types[0].ToString());
    }
    std::vector<LogicalType> args = {input.arg_types[0]};
    if (input.arg_types.size() == 2) args.push_back(TypeId::kBoolean);
    LogicalType type = input.arg_types[0];
    return Bound(name, args, type, RowWise([type, nulls_last_always](const std::vector<Value>& a) {
      if (a[0].is_null() || (a.size() > 1 && a[1].is_null())) return Value::Null(type);
      bool ascending = a.size() < 2 || a[1].boolean();
      bool nulls_first = !nulls_last_always && ascending;
      std::vector<Value> e = a[0].children();
      std::stable_sort(e.begin(), e.end(), [&](const Value& x, const Value& y) {
        if (x.is_null() || y.is_null()) return x.is_null() != y.is_null() && (x.is_null() == nulls_first);
        int c = x.Compare(y);
        return ascending ? c < 0 : c > 0;
      });
      return Value::List(type, std::move(e));
    }));
  };
}

// array_distinct, array_union, array_intersect, array_except: distinct elements in order.
ScalarBinder SetBinder(std::string name, int arrays) {
  return [=](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, static_cast<size_t>(arrays), static_cast<size_t>(arrays));
    LogicalType type = LogicalType::List(CommonElement(name, input, static_cast<size_t>(arrays)));
    std::vector<LogicalType> args(static_cast<size_t>(arrays), type);
    return Bound(name, args, type, RowWise([name, type](const std::vector<Value>& a) {
      if (AnyNull(a)) return Value::Null(type);
      std::vector<Value> out;
      auto add = [&](const Value& v) {
        if (!Contains(out, v)) out.push_back(v);
      };
      const auto& first = a[0].children();
      if (name == "array_distinct") {
        for (const auto& v : first) add(v);
      } else if (name == "array_union") {
        for (const auto& v : first) add(v);
        for (const auto& v : a[1].children()) add(v);
      } else {
        bool keep_common = name == "array_intersect";
        for (const auto& v : first) {
          if (Contains(a[1].children(), v) == keep_common) add(v);
        }
      }
      return Value::List(type, std::move(out));
    }));
  };
}

// array_remove(a, v): a without the elements equal to v; NULL when v is NULL.
BoundScalarFunction ArrayRemove(const ScalarBindInput& input) {
  CheckArgumentCount("array_remove", input, 2, 2);
  if (input.arg_types[0].id() != TypeId::kList) ThrowArgumentTypes("array_remove", input, "an array and a value");
  auto element = WiderType(input.arg_types[0].element(), input.arg_types[1]);
  if (!element) ThrowArgumentTypes("array_remove", input, "an array and a value of its element type");
  LogicalType type = LogicalType::List(*element);
  return Bound("array_remove", {type, *element}, type, RowWise([type](const std::vector<Value>& a) {
    if (AnyNull(a)) return Value::Null(type);
    std::vector<Value> out;
    for (const auto& v : a[0].children()) {
      if (v.is_null() || v.Compare(a[1]) != 0) out.push_back(v);
    }
    return Value::List(type, std::move(out));
  }));
}

// array_join(a, delimiter[, null_replacement]): NULL elements skipped unless replaced.
BoundScalarFunction ArrayJoin(const ScalarBindInput& input) {
  CheckArgumentCount("array_join", input, 2, 3);
  if (input.arg_types[0].id() != TypeId::kList && input.arg_types[0].id() != TypeId::kNull) {
    ThrowArgumentTypes("array_join", input, "an array, a delimiter and a NULL replacement");
  }
  std::vector<LogicalType> args = {LogicalType::List(TypeId::kString), TypeId::kString};
  if (input.arg_types.size() == 3) args.push_back(TypeId::kString);
  return Bound("array_join", args, TypeId::kString, RowWise([](const std::vector<Value>& a) {
    if (a[0].is_null() || a[1].is_null() || (a.size() > 2 && a[2].is_null())) return Value::Null(TypeId::kString);
    std::string out;
    bool first = true;
    for (const auto& v : a[0].children()) {
      if (v.is_null() && a.size() < 3) continue;
      if (!first) out += a[1].str();
      out += v.is_null() ? a[2].str() : v.str();
      first = false;
    }
    return Value::String(std::move(out));
  }));
}

// flatten(a): an array of arrays as one array; NULL when a or any inner array is NULL.
BoundScalarFunction Flatten(const ScalarBindInput& input) {
  CheckArgumentCount("flatten", input, 1, 1);
  if (input.arg_types[0].id() != TypeId::kList || input.arg_types[0].element().id() != TypeId::kList) {
    ThrowArgumentTypes("flatten", input, "an array of arrays");
  }
  LogicalType type = input.arg_types[0].element();
  return Bound("flatten", input.arg_types, type, RowWise([type](const std::vector<Value>& a) {
    if (a[0].is_null()) return Value::Null(type);
    std::vector<Value> out;
    for (const auto& inner : a[0].children()) {
      if (inner.is_null()) return Value::Null(type);
      out.insert(out.end(), inner.children().begin(), inner.children().end());
    }
    return Value::List(type, std::move(out));
  }));
}

// slice(a, start, length): from start (from 1; negative from the end), length elements.
BoundScalarFunction Slice(const ScalarBindInput& input) {
  CheckArgumentCount("slice", input, 3, 3);
  if (input.arg_types[0].id() != TypeId::kList) ThrowArgumentTypes("slice", input, "an array, a start and a length");
  LogicalType type = input.arg_types[0];
  return Bound("slice", {type, kInt, kInt}, type, RowWise([type](const std::vector<Value>& a) {
    if (AnyNull(a)) return Value::Null(type);
    int64_t start = a[1].int32(), length = a[2].int32();
    const auto& e = a[0].children();
    auto n = static_cast<int64_t>(e.size());
    if (start == 0) {
      throw InvalidInputError("[INVALID_PARAMETER_VALUE.START] The value of parameter(s) `start` in `slice` is invalid: "
                              "Expects a positive or a negative value for `start`, but got 0.");
    }
    if (length < 0) {
      throw InvalidInputError("[INVALID_PARAMETER_VALUE.LENGTH] The value of parameter(s) `length` in `slice` is "
                              "invalid: Expects `length` greater than or equal to 0, but got " + std::to_string(length) + ".");
    }
    int64_t from = start > 0 ? start - 1 : n + start;
    std::vector<Value> out;
    if (from < 0) return Value::List(type, std::move(out));  // Spark's Slice: before the start, empty
    for (int64_t k = std::max<int64_t>(from, 0); k < n && k < from + length; ++k) out.push_back(e[static_cast<size_t>(k)]);
    return Value::List(type, std::move(out));
  }));
}

// sequence(start, stop[, step]) of integers: step 1 or -1 by default; a step that does not
// lead from start to stop is an error, as is an array longer than Spark's limit.
BoundScalarFunction Sequence(const ScalarBindInput& input) {
  CheckArgumentCount("sequence", input, 2, 3);
  LogicalType type = TypeId::kInt32;
  for (const auto& t : input.arg_types) {
    if (!t.IsInteger() && t.id() != TypeId::kNull) ThrowArgumentTypes("sequence", input, "integers");
    if (t.id() == TypeId::kInt64) type = TypeId::kInt64;
  }
  std::vector<LogicalType> args(input.arg_types.size(), type);
  LogicalType list = LogicalType::List(type);
  return Bound("sequence", args, list, RowWise([list, type](const std::vector<Value>& a) {
    if (AnyNull(a)) return Value::Null(list);
    int64_t start = a[0].int64(), stop = a[1].int64();
    if (type.id() == TypeId::kInt32) start = a[0].int32(), stop = a[1].int32();
    int64_t step = a.size() > 2 ? (type.id() == TypeId::kInt32 ? a[2].int32() : a[2].int64()) : (start <= stop ? 1 : -1);
    if ((step > 0 && start > stop) || (step < 0 && start < stop) || (step == 0 && start != stop)) {
      throw InvalidInputError("[INVALID_PARAMETER_VALUE.SEQUENCE_STEP] Illegal sequence boundaries: " + std::to_string(start) +
                              " to " + std::to_string(stop) + " by " + std::to_string(step));
    }
    constexpr int64_t kMaxLength = 2147483632;  // Spark's ByteArrayMethods.MAX_ROUNDED_ARRAY_LENGTH
    __int128 length = step == 0 ? 1 : (static_cast<__int128>(stop) - start) / step + 1;
    if (length > kMaxLength) {
      throw InvalidInputError("[COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER] Can't create array with " +
                              std::to_string(static_cast<int64_t>(length)) + " elements which exceeding the array size limit 2147483632.");
    }
    std::vector<Value> out;
    for (__int128 k = 0; k < length; ++k) {
      int64_t v = static_cast<int64_t>(start + k * step);
      out.push_back(type.id() == TypeId::kInt32 ? Value::Int32(static_cast<int32_t>(v)) : Value::Int64(v));
    }
    return Value::List(list, std::move(out));
  }));
}

// map_entries(m): the entries as an array of struct<key, value>.
BoundScalarFunction MapEntries(const ScalarBindInput& input) {
  CheckArgumentCount("map_entries", input, 1, 1);
  if (input.arg_types[0].id() != TypeId::kMap) ThrowArgumentTypes("map_entries", input, "a map");
  LogicalType entry = LogicalType::Struct({{"key", input.arg_types[0].key()}, {"value", input.arg_types[0].value()}});
  LogicalType type = LogicalType::List(entry);
  return Bound("map_entries", input.arg_types, type, RowWise([type, entry](const std::vector<Value>& a) {
    if (a[0].is_null()) return Value::Null(type);
    std::vector<Value> out;
    const auto& c = a[0].children();
    for (size_t i = 0; i + 1 < c.size(); i += 2) out.push_back(Value::Struct(entry, {c[i], c[i + 1]}));
    return Value::List(type, std::move(out));
  }));
}

// Builds a map of keys and values, refusing NULL and duplicate keys (Spark 4.0's default
// spark.sql.mapKeyDedupPolicy=EXCEPTION).
Value BuildMap(const LogicalType& type, const std::vector<Value>& keys, const std::vector<Value>& values) {
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i].is_null()) throw InvalidInputError("[NULL_MAP_KEY] Cannot use null as map key.");
    for (size_t j = 0; j < i; ++j) {
      if (keys[j].Compare(keys[i]) == 0) {
        throw InvalidInputError("[DUPLICATED_MAP_KEY] Duplicate map key " + keys[i].ToString() +
                                " was found, please check the input data.");
      }
    }
  }
  return Value::Map(type, keys, values);
}

// map_from_arrays(keys, values): arrays of one length.
BoundScalarFunction MapFromArrays(const ScalarBindInput& input) {
  CheckArgumentCount("map_from_arrays", input, 2, 2);
  if (input.arg_types[0].id() != TypeId::kList || input.arg_types[1].id() != TypeId::kList) {
    ThrowArgumentTypes("map_from_arrays", input, "two arrays");
  }
  LogicalType type = LogicalType::Map(input.arg_types[0].element(), input.arg_types[1].element());
  return Bound("map_from_arrays", input.arg_types, type, RowWise([type](const std::vector<Value>& a) {
    if (AnyNull(a)) return Value::Null(type);
    if (a[0].ChildCount() != a[1].ChildCount()) {
      throw InvalidInputError("The key array and value array of MapData must have the same length.");
    }
    return BuildMap(type, a[0].children(), a[1].children());
  }));
}

// map_concat(m1, m2, ...): the entries of all; NULL when any map is NULL.
BoundScalarFunction MapConcat(const ScalarBindInput& input) {
  LogicalType type = TypeId::kNull;
  for (const auto& t : input.arg_types) {
    if (t.id() == TypeId::kNull) continue;
    if (t.id() != TypeId::kMap) ThrowArgumentTypes("map_concat", input, "maps");
    auto wider = WiderType(type, t);
    if (!wider) ThrowArgumentTypes("map_concat", input, "maps of one key and value type");
    type = *wider;
  }
  if (type.id() == TypeId::kNull) type = LogicalType::Map(TypeId::kString, TypeId::kString);
  std::vector<LogicalType> args(input.arg_types.size(), type);
  return Bound("map_concat", args, type, RowWise([type](const std::vector<Value>& a) {
    if (AnyNull(a)) return Value::Null(type);
    std::vector<Value> keys, values;
    for (const auto& m : a) {
      const auto& c = m.children();
      for (size_t i = 0; i + 1 < c.size(); i += 2) {
        keys.push_back(c[i]);
        values.push_back(c[i + 1]);
      }
    }
    return BuildMap(type, keys, values);
  }));
}

// arrays_zip(names..., arrays...), as the binder calls it: the i-th elements of the arrays
// as a struct, shorter arrays padded with NULL; NULL when an array is NULL.
BoundScalarFunction ArraysZip(const ScalarBindInput& input) {
  size_t n = input.arg_types.size() / 2;
  std::vector<StructField> fields;
  std::vector<LogicalType> args;
  for (size_t i = 0; i < n; ++i) {
    const Value* name = ConstantArg(input, i);
    const LogicalType& t = input.arg_types[n + i];
    if (!name || name->is_null() || (t.id() != TypeId::kList && t.id() != TypeId::kNull)) {
      ThrowArgumentTypes("arrays_zip", input, "arrays");
    }
    fields.emplace_back(name->str(), t.id() == TypeId::kList ? t.element() : LogicalType(TypeId::kNull));
    args.push_back(input.arg_types[i]);
  }
  for (size_t i = 0; i < n; ++i) args.push_back(input.arg_types[n + i]);
  LogicalType element = LogicalType::Struct(fields);
  LogicalType type = LogicalType::List(element);
  return Bound("arrays_zip", args, type, RowWise([n, type, element](const std::vector<Value>& a) {
    size_t length = 0;
    for (size_t i = n; i < a.size(); ++i) {
      if (a[i].is_null()) return Value::Null(type);
      length = std::max(length, a[i].ChildCount());
    }
    std::vector<Value> out;
    for (size_t k = 0; k < length; ++k) {
      std::vector<Value> row;
      for (size_t i = n; i < a.size(); ++i) row.push_back(k < a[i].ChildCount() ? a[i].children()[k] : Value::Null());
      out.push_back(Value::Struct(element, std::move(row)));
    }
    return Value::List(type, std::move(out));
  }));
}

}  // namespace

void RegisterNestedFunctions(FunctionRegistry& registry) {
  registry.AddScalar("arrays_zip", ArraysZip);
  registry.AddScalar("sort_array", SortBinder("sort_array", false));
  registry.AddScalar("array_sort", SortBinder("array_sort", true));
  for (const char* name : {"array_distinct"}) registry.AddScalar(name, SetBinder(name, 1));
  for (const char* name : {"array_union", "array_intersect", "array_except"}) registry.AddScalar(name, SetBinder(name, 2));
  registry.AddScalar("array_remove", ArrayRemove);
  registry.AddScalar("array_join", ArrayJoin);
  registry.AddScalar("flatten", Flatten);
  registry.AddScalar("slice", Slice);
  registry.AddScalar("sequence", Sequence);
  registry.AddScalar("map_entries", MapEntries);
  registry.AddScalar("map_from_arrays", MapFromArrays);
  registry.AddScalar("map_concat", MapConcat);
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
