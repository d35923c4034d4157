#include <memory>

#include "common/date_time.h"
#include "common/exception.h"
#include "function/function_registry.h"
#include "function/scalar/register_scalar_functions.h"
#include "function/scalar/signature.h"
#include "function/scalar/string_kernels.h"

// from_utc_timestamp / to_utc_timestamp shift a timestamp between UTC and a named zone
// the way Spark does: from_utc_timestamp(ts, tz) reads ts's UTC wall clock as tz's,
// to_utc_timestamp(ts, tz) the reverse. The session time zone plays no part.

namespace floe {
namespace {

using Args = std::vector<const Vector*>;

// The zone of the last distinct name, loaded once per kernel call.
class ZoneCache {
 public:
  const TimeZone& Get(std::string_view name) {
    if (!loaded_ || name != name_) {
      if (!TimeZone::Load(std::string(name), &zone_)) {
        throw InvalidInputError(
            "[INVALID_TIMEZONE] the time zone '" + std::string(name) +
            "' is unknown; use an IANA name such as 'America/Los_Angeles' or an "
            "offset such as '+02:00'");
      }
      name_ = std::string(name);
      loaded_ = true;
    }
    return zone_;
  }

 private:
  std::string name_;
  TimeZone zone_;
  bool loaded_ = false;
};

ScalarKernel ShiftKernel(bool from_utc) {
  return [from_utc](const Args& args, size_t count, Vector& result, const FunctionContext&) {
    ZoneCache zones;
    int64_t* out = result.Data<int64_t>();
    ExecuteRows(args, count, result, [&](size_t i) {
      const TimeZone& zone = zones.Get(StringAt(*args[1], i));
      int64_t ts = args[0]->Data<int64_t>()[i];
      out[i] = from_utc ? zone.ToLocal(ts) : zone.FromLocal(ts);
      return true;
    });
  };
}

}  // namespace

void RegisterTimeZoneFunctions(FunctionRegistry& registry) {
  const LogicalType kTs = TypeId::kTimestamp, kStr = TypeId::kString;
  registry.AddScalar(
      "from_utc_timestamp",
      SignatureBinder("from_utc_timestamp", {{{kTs, kStr}, kTs, ShiftKernel(true)}}));
  registry.AddScalar("to_utc_timestamp",
                     SignatureBinder("to_utc_timestamp", {{{kTs, kStr}, kTs, ShiftKernel(false)}}));
}

}  // namespace floe
