#include <memory>

#include "common/date_time.h"
#include "common/exception.h"
#include "function/cast.h"
#include "function/function_registry.h"
#include "function/scalar/datetime_formatter.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"

// Conversions between text and dates / timestamps with Java DateTimeFormatter patterns.
// Without a pattern, to_date / to_timestamp are CASTs (the binder casts the argument).
// Text that does not match raises CANNOT_PARSE_TIMESTAMP (Spark's ANSI behavior), or
// gives NULL in try mode and in try_to_timestamp.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

constexpr const char* kDefaultPattern = "yyyy-MM-dd HH:mm:ss";

// The formatter of a literal pattern, or per distinct pattern of a column (per call).
class FormatterSource {
 public:
  explicit FormatterSource(const Value* constant) {
    if (constant != nullptr && !constant->is_null()) {
      text_ = constant->str();
      formatter_ = std::make_shared<DateTimeFormatter>(text_);
    }
  }
  explicit FormatterSource(std::string pattern)
      : text_(std::move(pattern)), formatter_(std::make_shared<DateTimeFormatter>(text_)) {}

  const DateTimeFormatter& Get(std::string_view pattern) {
    if (!formatter_ || pattern != text_) {
      formatter_ = std::make_shared<DateTimeFormatter>(pattern);
      text_ = std::string(pattern);
    }
    return *formatter_;
  }

 private:
  std::string text_;
  std::shared_ptr<const DateTimeFormatter> formatter_;
};

void Identity(const Args& args, size_t count, Vector& result, const FunctionContext&) {
  result.CopyRange(*args[0], 0, 0, count);
}

// Parses row i of args[0] with the pattern of args[1] (or the default) into an instant.
bool ParseInstant(const std::string& name, FormatterSource& source, const Args& args, size_t i,
                  const FunctionContext& context, bool try_mode, int64_t* out) {
  std::string_view text = StringAt(*args[0], i);
  const DateTimeFormatter& formatter =
      args.size() > 1 ? source.Get(StringAt(*args[1], i)) : source.Get(kDefaultPattern);
  std::optional<int64_t> offset;
  std::optional<int64_t> local = formatter.Parse(text, &offset);
  if (!local) {
    if (try_mode || context.try_mode) return false;
    throw ConversionError(
        "[CANNOT_PARSE_TIMESTAMP] " + name + ": text '" + std::string(text) +
        "' does not match the pattern" +
        (args.size() > 1 ? " '" + std::string(StringAt(*args[1], i)) + "'"
                         : std::string(" '") + kDefaultPattern + "'") +
        ". Use try_to_timestamp to tolerate invalid input and return NULL instead.");
  }
  *out = offset ? *local - *offset : context.time_zone->FromLocal(*local);
  return true;
}

enum class Target { kDate, kTimestamp, kEpochSeconds };

// to_date / to_timestamp / unix_timestamp of text with a pattern.
ScalarKernel ParseKernel(const std::string& name, Target target, const Value* pattern,
                         bool try_mode) {
  auto source = std::make_shared<FormatterSource>(pattern);
  return [=](const Args& args, size_t count, Vector& result, const FunctionContext& context) {
    FormatterSource local = *source;
    ExecuteRows(args, count, result, [&](size_t i) {
      int64_t ts;
      if (!ParseInstant(name, local, args, i, context, try_mode, &ts)) return false;
      switch (target) {
        case Target::kDate:
          result.Data<int32_t>()[i] =
              static_cast<int32_t>(FloorDiv(context.time_zone->ToLocal(ts), kMicrosPerDay));
          break;
        case Target::kTimestamp: result.Data<int64_t>()[i] = ts; break;
        case Target::kEpochSeconds:
          result.Data<int64_t>()[i] = FloorDiv(ts, kMicrosPerSecond);
          break;
      }
      return true;
    });
  };
}

// Binds to_date / to_timestamp / try_to_timestamp.
ScalarBinder ToDatetimeBinder(const std::string& name, Target target, bool try_mode) {
  return [=](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 1, 2);
    LogicalType ret = target == Target::kDate ? TypeId::kDate : TypeId::kTimestamp;
    if (input.arg_types.size() == 1) {
      if (try_mode && input.arg_types[0].id() == TypeId::kString) {
        // The binder's cast would raise: cast here in try mode instead.
        return Bound(
            name, {TypeId::kString}, ret,
            [](const Args& args, size_t count, Vector& result, const FunctionContext& context) {
              FunctionContext try_context = context;
              try_context.try_mode = true;
              CastVector(*args[0], count, result, try_context);
            });
      }
      return Bound(name, {ret}, ret, Identity);
    }
    return Bound(name, {TypeId::kString, TypeId::kString}, ret,
                 ParseKernel(name, target, ConstantArg(input, 1), try_mode));
  };
}

ScalarKernel FormatKernel(const Value* pattern, bool ntz, int64_t unit) {
  auto source = std::make_shared<FormatterSource>(pattern);
  return [=](const Args& args, size_t count, Vector& result, const FunctionContext& context) {
    FormatterSource local = *source;
    const TimeZone& zone = ntz ? TimeZone::Utc() : *context.time_zone;
    bool has_pattern = args.size() > 1;
    ExecuteStringRows(args, count, result, [&](size_t i, std::string* out) {
      const DateTimeFormatter& formatter =
          has_pattern ? local.Get(StringAt(*args[1], i)) : local.Get(kDefaultPattern);
      int64_t v = args[0]->Data<int64_t>()[i];
      int64_t micros;
      if (__builtin_mul_overflow(v, unit, &micros)) return false;
      *out = formatter.Format(micros, zone);
      return true;
    });
  };
}

BoundScalarFunction BindDateFormat(const ScalarBindInput& input) {
  CheckArgumentCount("date_format", input, 2, 2);
  bool ntz = input.arg_types[0].id() == TypeId::kTimestampNtz || input.arg_types[0].id() == TypeId::kTimestampNtzNs;
  LogicalType ts = ntz ? TypeId::kTimestampNtz : TypeId::kTimestamp;
  return Bound("date_format", {ts, TypeId::kString}, TypeId::kString,
               FormatKernel(ConstantArg(input, 1), ntz, 1));
}

BoundScalarFunction BindFromUnixtime(const ScalarBindInput& input) {
  CheckArgumentCount("from_unixtime", input, 1, 2);
  std::vector<LogicalType> args = {TypeId::kInt64};
  if (input.arg_types.size() == 2) args.push_back(TypeId::kString);
  return Bound("from_unixtime", args, TypeId::kString,
               FormatKernel(ConstantArg(input, 1), false, kMicrosPerSecond));
}

ScalarBinder UnixTimestampBinder(const std::string& name) {
  return [name](const ScalarBindInput& input) {
    CheckArgumentCount(name, input, 0, 2);
    if (input.arg_types.empty()) {
      return Bound(name, {}, TypeId::kInt64,
                   [](const Args&, size_t count, Vector& result, const FunctionContext& context) {
                     result.validity().Reset();
                     for (size_t i = 0; i < count; ++i)
                       result.Data<int64_t>()[i] =
                           FloorDiv(context.query_start_micros, kMicrosPerSecond);
                   });
    }
    TypeId first = input.arg_types[0].id();
    if (first == TypeId::kString || first == TypeId::kNull) {
      std::vector<LogicalType> args(input.arg_types.size(), TypeId::kString);
      return Bound(name, args, TypeId::kInt64,
                   ParseKernel(name, Target::kEpochSeconds, ConstantArg(input, 1), false));
    }
    // A date or timestamp: its seconds since the epoch (a pattern is ignored, as in Spark).
    std::vector<LogicalType> args = {TypeId::kTimestamp};
    if (input.arg_types.size() == 2) args.push_back(TypeId::kString);
    if (!input.arg_types[0].IsTemporal())
      ThrowArgumentTypes(name, input, "a string, date or timestamp");
    return Bound(name, args, TypeId::kInt64,
                 [](const Args& a, size_t count, Vector& result, const FunctionContext&) {
                   ExecuteUnary<int64_t, int64_t>(*a[0], count, result, [](int64_t ts) {
                     return FloorDiv(ts, kMicrosPerSecond);
                   });
                 });
  };
}

}  // namespace

void RegisterDatetimeConversionFunctions(FunctionRegistry& registry) {
  registry.AddScalar("to_date", ToDatetimeBinder("to_date", Target::kDate, false));
  registry.AddScalar("to_timestamp", ToDatetimeBinder("to_timestamp", Target::kTimestamp, false));
  registry.AddScalar("try_to_timestamp",
                     ToDatetimeBinder("try_to_timestamp", Target::kTimestamp, true));
  registry.AddScalar("date_format", BindDateFormat);
  registry.AddScalar("from_unixtime", BindFromUnixtime);
  registry.AddScalar("unix_timestamp", UnixTimestampBinder("unix_timestamp"));
  registry.AddScalar("to_unix_timestamp", UnixTimestampBinder("to_unix_timestamp"));
}

}  // namespace floe
