#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/exception.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/scalar_executor.h"
#include "function/scalar/signature.h"

// Fields of dates and timestamps. Date fields take a date (a timestamp is cast to its date
// in the session time zone); hour, minute and second read a timestamp's wall clock in the
// session time zone (a timestamp_ntz as it is). Floor division keeps pre-1970 values right.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

struct Civil {
  int64_t year;
  unsigned month, day;
};

Civil ToCivil(int32_t days) {
  Civil c;
  CivilFromDays(days, &c.year, &c.month, &c.day);
  return c;
}

// ISO 8601 week of year: weeks start on Monday; week 1 holds the year's first Thursday.
int32_t IsoWeek(int32_t days) {
  int64_t weekday = FloorMod(days + 3, 7);  // 0 = Monday
  int64_t thursday = days - weekday + 3;
  int64_t year;
  unsigned m, d;
  CivilFromDays(thursday, &year, &m, &d);
  int64_t day_of_year = thursday - DaysFromCivil(year, 1, 1);
  return static_cast<int32_t>(day_of_year / 7 + 1);
}

template <typename Fn>
ScalarKernel DateField(Fn fn) {
  return [fn](const Args& args, size_t count, Vector& result, const FunctionContext&) {
    ExecuteUnary<int32_t, int32_t>(*args[0], count, result, fn);
  };
}

// A field of the time of day: micros since local midnight -> value.
template <typename Fn>
ScalarKernel TimeField(Fn fn, bool ntz) {
  return [fn, ntz](const Args& args, size_t count, Vector& result, const FunctionContext& context) {
    const TimeZone& zone = ntz ? TimeZone::Utc() : *context.time_zone;
    ExecuteUnary<int64_t, int32_t>(*args[0], count, result, [&](int64_t ts) {
      return fn(FloorMod(zone.ToLocal(ts), kMicrosPerDay));
    });
  };
}

void AddDateField(FunctionRegistry& registry, std::initializer_list<const char*> names,
                  ScalarKernel kernel) {
  for (const char* name : names) {
    registry.AddScalar(name, SignatureBinder(name, {{{TypeId::kDate}, TypeId::kInt32, kernel}}));
  }
}

template <typename Fn>
void AddTimeField(FunctionRegistry& registry, const char* name, Fn fn) {
  registry.AddScalar(
      name,
      SignatureBinder(name, {{{TypeId::kTimestamp}, TypeId::kInt32, TimeField(fn, false)},
                             {{TypeId::kTimestampNtz}, TypeId::kInt32, TimeField(fn, true)}}));
}

// Seconds with their fraction, as extract(SECOND FROM ts) gives them: decimal(8,6).
ScalarKernel SecondsWithFraction(bool ntz) {
  return [ntz](const Args& args, size_t count, Vector& result, const FunctionContext& context) {
    const TimeZone& zone = ntz ? TimeZone::Utc() : *context.time_zone;
    ExecuteUnary<int64_t, int128_t>(*args[0], count, result, [&](int64_t ts) {
      return static_cast<int128_t>(FloorMod(zone.ToLocal(ts), kMicrosPerMinute));
    });
  };
}

// date_part(field, source) / extract(field FROM source): the field must be a literal; it
// names one of the functions above (SECOND gives seconds with their fraction).
BoundScalarFunction BindDatePart(const ScalarBindInput& input) {
  CheckArgumentCount("date_part", input, 2, 2);
  const Value* field = ConstantArg(input, 0);
  if (field == nullptr || field->is_null() || field->type().id() != TypeId::kString) {
    throw BinderError("date_part: the field must be a string literal such as 'YEAR'");
  }
  std::string f = ToUpper(field->str());
  ScalarBindInput source;
  source.arg_types = {input.arg_types[1]};
  if (f == "SECOND" || f == "S" || f == "SEC" || f == "SECONDS" || f == "SECS") {
    bool ntz = input.arg_types[1].id() == TypeId::kTimestampNtz || input.arg_types[1].id() == TypeId::kTimestampNtzNs;
    BoundScalarFunction bound;
    bound.name = "date_part";
    bound.arg_types = {TypeId::kString, ntz ? TypeId::kTimestampNtz : TypeId::kTimestamp};
    bound.return_type = LogicalType::Decimal(8, 6);
    ScalarKernel seconds = SecondsWithFraction(ntz);
    bound.kernel = [seconds](const Args& args, size_t count, Vector& result,
                             const FunctionContext& context) {
      seconds({args[1]}, count, result, context);
    };
    return bound;
  }
  static const std::pair<const char*, const char*> kFields[] = {
      {"YEAR", "year"},      {"Y", "year"},
      {"YEARS", "year"},     {"YR", "year"},
      {"YRS", "year"},       {"QUARTER", "quarter"},
      {"QTR", "quarter"},    {"MONTH", "month"},
      {"MON", "month"},      {"MONS", "month"},
      {"MONTHS", "month"},   {"WEEK", "weekofyear"},
      {"W", "weekofyear"},   {"WEEKS", "weekofyear"},
      {"DAY", "day"},        {"D", "day"},
      {"DAYS", "day"},       {"DAYOFWEEK", "dayofweek"},
      {"DOW", "dayofweek"},  {"DAYOFWEEK_ISO", "weekday_iso"},
      {"DOY", "dayofyear"},  {"HOUR", "hour"},
      {"H", "hour"},         {"HOURS", "hour"},
      {"HR", "hour"},        {"HRS", "hour"},
      {"MINUTE", "minute"},  {"M", "minute"},
      {"MIN", "minute"},     {"MINS", "minute"},
      {"MINUTES", "minute"},
  };
  for (const auto& [name, function] : kFields) {
    if (f != name) continue;
    BoundScalarFunction part = (*FunctionRegistry::BuiltIn().FindScalar(function))(source);
    BoundScalarFunction bound = part;
    bound.name = "date_part";
    bound.arg_types = {TypeId::kString, part.arg_types[0]};
    bound.kernel = [kernel = part.kernel](const Args& args, size_t count, Vector& result,
                                          const FunctionContext& context) {
      kernel({args[1]}, count, result, context);
    };
    return bound;
  }
  throw BinderError("[INVALID_EXTRACT_FIELD] date_part: cannot extract '" + field->str() +
                    "' from " + input.arg_types[1].ToString());
}

}  // namespace

void RegisterDatePartFunctions(FunctionRegistry& registry) {
  AddDateField(registry, {"year"},
               DateField([](int32_t d) { return static_cast<int32_t>(ToCivil(d).year); }));
  AddDateField(registry, {"quarter"}, DateField([](int32_t d) {
                 return static_cast<int32_t>((ToCivil(d).month - 1) / 3 + 1);
               }));
  AddDateField(registry, {"month"},
               DateField([](int32_t d) { return static_cast<int32_t>(ToCivil(d).month); }));
  AddDateField(registry, {"day", "dayofmonth"},
               DateField([](int32_t d) { return static_cast<int32_t>(ToCivil(d).day); }));
  // 1 = Sunday ... 7 = Saturday; 1970-01-01 was a Thursday.
  AddDateField(registry, {"dayofweek"},
               DateField([](int32_t d) { return static_cast<int32_t>(FloorMod(d + 4, 7) + 1); }));
  // 0 = Monday ... 6 = Sunday.
  AddDateField(registry, {"weekday"},
               DateField([](int32_t d) { return static_cast<int32_t>(FloorMod(d + 3, 7)); }));
  AddDateField(registry, {"dayofyear"}, DateField([](int32_t d) {
                 return static_cast<int32_t>(d - DaysFromCivil(ToCivil(d).year, 1, 1) + 1);
               }));
  AddDateField(registry, {"weekofyear"}, DateField(IsoWeek));
  // 1 = Monday ... 7 = Sunday (extract DAYOFWEEK_ISO).
  AddDateField(registry, {"weekday_iso"},
               DateField([](int32_t d) { return static_cast<int32_t>(FloorMod(d + 3, 7) + 1); }));
  AddTimeField(registry, "hour",
               [](int64_t t) { return static_cast<int32_t>(t / kMicrosPerHour); });
  AddTimeField(registry, "minute",
               [](int64_t t) { return static_cast<int32_t>(t / kMicrosPerMinute % 60); });
  AddTimeField(registry, "second",
               [](int64_t t) { return static_cast<int32_t>(t / kMicrosPerSecond % 60); });
  registry.AddScalar("date_part", BindDatePart);
  registry.AddScalar("extract", BindDatePart);
}

}  // namespace floe
