#pragma once

namespace floe {

class FunctionRegistry;

/// Registers every built-in scalar function and operator.
void RegisterScalarFunctions(FunctionRegistry& registry);

/// Registers + - * / % div negative, and date/timestamp arithmetic.
void RegisterArithmeticFunctions(FunctionRegistry& registry);
/// Registers = <> < <= > >= <=>.
void RegisterComparisonFunctions(FunctionRegistry& registry);
/// Registers date_trunc, trunc, date_add, datediff, add_months, current_date, ...
void RegisterDateFunctions(FunctionRegistry& registry);
/// Registers year, quarter, month, day, dayofweek, dayofyear, weekofyear, hour, minute, second.
void RegisterDatePartFunctions(FunctionRegistry& registry);
/// Registers to_date, to_timestamp, date_format, unix_timestamp, from_unixtime.
void RegisterDatetimeConversionFunctions(FunctionRegistry& registry);
/// Registers from_utc_timestamp and to_utc_timestamp.
void RegisterTimeZoneFunctions(FunctionRegistry& registry);
/// Registers lower, upper, length, substring, concat, trim, lpad, replace, ...
void RegisterStringFunctions(FunctionRegistry& registry);
/// Registers not, and, or, isnull, isnotnull (Kleene logic) for callers that want them.
void RegisterLogicalFunctions(FunctionRegistry& registry);
/// Registers like, ilike, rlike, regexp_extract, regexp_replace.
void RegisterRegexpFunctions(FunctionRegistry& registry);
/// Registers sqrt, exp, ln, log, power, sign, isnan, nanvl, trigonometry, pi, e.
void RegisterMathFunctions(FunctionRegistry& registry);
/// Registers abs, round, bround, floor, ceil / ceiling.
void RegisterRoundingFunctions(FunctionRegistry& registry);
/// Registers greatest and least.
void RegisterGreatestLeast(FunctionRegistry& registry);
/// Registers hex, unhex, base64, unbase64, encode, decode and typeof.
void RegisterEncodingFunctions(FunctionRegistry& registry);
/// Registers rand / random and uuid (never folded).
void RegisterRandomFunctions(FunctionRegistry& registry);
/// Registers md5, sha1 / sha, sha2 and crc32.
void RegisterDigestFunctions(FunctionRegistry& registry);
void RegisterSketchFunctions(FunctionRegistry& registry);
/// Registers & | ^ ~ << >> >>> (and shiftleft / shiftright / shiftrightunsigned), bit_count.
void RegisterBitwiseFunctions(FunctionRegistry& registry);
/// Registers format_number.
void RegisterFormatNumberFunction(FunctionRegistry& registry);
/// Registers hash (Spark's Murmur3 with seed 42).
void RegisterHashFunction(FunctionRegistry& registry);
/// Registers the struct, array and map functions: array, map, named_struct, element_at,
/// size, map_keys, ... and get_struct_field / subscript, which `s.f` and `a[i]` bind to.
void RegisterNestedFunctions(FunctionRegistry& registry);
/// to_json, from_json.
void RegisterJsonFunctions(FunctionRegistry& registry);
/// parse_json, try_parse_json, variant_get, try_variant_get, is_variant_null.
void RegisterVariantFunctions(FunctionRegistry& registry);

}  // namespace floe
