#include <gtest/gtest.h>

#include "function/tests/call_function.h"

namespace floe {
namespace {

using testing::Call;
using testing::CallColumns;
using testing::I32;
using testing::I64;
using testing::Str;

Value Date(const std::string& s) { return CastValue(Str(s), TypeId::kDate, FunctionContext()); }
Value Ts(const std::string& s) { return CastValue(Str(s), TypeId::kTimestamp, FunctionContext()); }
std::string Text(const Value& v) { return v.is_null() ? "NULL" : v.ToString(); }

TEST(DateFunctionsTest, Parts) {
  Value d = Date("2026-01-15");
  EXPECT_EQ(Call("year", {d}).int32(), 2026);
  EXPECT_EQ(Call("quarter", {d}).int32(), 1);
  EXPECT_EQ(Call("month", {d}).int32(), 1);
  EXPECT_EQ(Call("day", {d}).int32(), 15);
  EXPECT_EQ(Call("dayofmonth", {d}).int32(), 15);
  EXPECT_EQ(Call("dayofweek", {d}).int32(), 5);
  EXPECT_EQ(Call("dayofweek", {Date("2026-01-18")}).int32(), 1);
  EXPECT_EQ(Call("dayofweek", {Date("2026-01-17")}).int32(), 7);
  EXPECT_EQ(Call("dayofyear", {d}).int32(), 15);
  EXPECT_EQ(Call("dayofyear", {Date("2024-12-31")}).int32(), 366);
  EXPECT_EQ(Call("weekofyear", {d}).int32(), 3);
  EXPECT_EQ(Call("weekofyear", {Date("2026-01-01")}).int32(), 1);
  EXPECT_EQ(Call("weekofyear", {Date("2026-12-31")}).int32(), 53);
  EXPECT_EQ(Call("weekofyear", {Date("2027-01-01")}).int32(), 53);
  EXPECT_EQ(Call("year", {Date("1969-07-20")}).int32(), 1969);
  EXPECT_EQ(Call("month", {Date("1969-12-31")}).int32(), 12);
  EXPECT_EQ(Call("year", {Str("2026-06-01")}).int32(), 2026);
  EXPECT_TRUE(Call("month", {Value::Null()}).is_null());
  Value ts = Ts("2026-01-15 13:45:30");
  EXPECT_EQ(Call("year", {ts}).int32(), 2026);
  EXPECT_EQ(Call("hour", {ts}).int32(), 13);
  EXPECT_EQ(Call("minute", {ts}).int32(), 45);
  EXPECT_EQ(Call("second", {ts}).int32(), 30);
  EXPECT_EQ(Call("second", {Ts("2026-01-15 23:59:59.999")}).int32(), 59);
  EXPECT_EQ(Call("hour", {Ts("1969-12-31 23:30:00")}).int32(), 23);
}

TEST(DateFunctionsTest, SessionTimeZone) {
  TimeZone la;
  ASSERT_TRUE(TimeZone::Load("America/Los_Angeles", &la));
  FunctionContext context;
  context.time_zone = &la;
  Value ts = Ts("2026-01-15 02:00:00");  // UTC: 18:00 the day before in Los Angeles
  EXPECT_EQ(Call("hour", {ts}, context).int32(), 18);
  EXPECT_EQ(Call("day", {ts}, context).int32(), 14);
  EXPECT_EQ(Call("hour", {Ts("2026-07-15 02:00:00")}, context).int32(), 19);  // PDT
  EXPECT_EQ(Text(Call("date_trunc", {Str("DAY"), ts}, context)), "2026-01-14 08:00:00");
  EXPECT_EQ(Call("date_format", {ts, Str("yyyy-MM-dd HH:mm z")}, context).str(),
            "2026-01-14 18:00 PST");
  EXPECT_EQ(Call("date_format", {ts, Str("XXX")}, context).str(), "-08:00");
  EXPECT_EQ(Call("unix_timestamp", {Str("2026-01-14 18:00:00")}, context).int64(),
            Call("unix_timestamp", {ts}).int64());
}

TEST(DateFunctionsTest, Truncation) {
  Value ts = Ts("2026-05-15 13:45:30");
  EXPECT_EQ(Text(Call("date_trunc", {Str("YEAR"), ts})), "2026-01-01 00:00:00");
  EXPECT_EQ(Text(Call("date_trunc", {Str("QUARTER"), ts})), "2026-04-01 00:00:00");
  EXPECT_EQ(Text(Call("date_trunc", {Str("MONTH"), ts})), "2026-05-01 00:00:00");
  EXPECT_EQ(Text(Call("date_trunc", {Str("WEEK"), ts})), "2026-05-11 00:00:00");
  EXPECT_EQ(Text(Call("date_trunc", {Str("DAY"), ts})), "2026-05-15 00:00:00");
  EXPECT_EQ(Text(Call("date_trunc", {Str("HOUR"), ts})), "2026-05-15 13:00:00");
  EXPECT_EQ(Text(Call("date_trunc", {Str("minute"), ts})), "2026-05-15 13:45:00");
  EXPECT_EQ(Text(Call("date_trunc", {Str("MONTH"), Date("2026-05-15")})), "2026-05-01 00:00:00");
  EXPECT_EQ(Text(Call("date_trunc", {Str("bogus"), ts})), "NULL");
  EXPECT_EQ(Text(Call("date_trunc", {Str("HOUR"), Ts("1969-12-31 23:30:00")})),
            "1969-12-31 23:00:00");
  EXPECT_EQ(Text(Call("trunc", {Date("2026-05-15"), Str("MM")})), "2026-05-01");
  EXPECT_EQ(Text(Call("trunc", {Date("2026-05-15"), Str("YEAR")})), "2026-01-01");
  EXPECT_EQ(Text(Call("trunc", {Date("2026-05-15"), Str("QUARTER")})), "2026-04-01");
  EXPECT_EQ(Text(Call("trunc", {Date("2026-05-15"), Str("bogus")})), "NULL");
}

TEST(DateFunctionsTest, Arithmetic) {
  EXPECT_EQ(Text(Call("date_add", {Date("2026-01-15"), I32(20)})), "2026-02-04");
  EXPECT_EQ(Text(Call("date_add", {Date("2026-01-15"), I32(-15)})), "2025-12-31");
  EXPECT_EQ(Text(Call("date_add", {Str("2026-01-15"), I32(1)})), "2026-01-16");
  EXPECT_EQ(Text(Call("date_sub", {Date("2024-03-01"), I32(1)})), "2024-02-29");
  EXPECT_EQ(Call("datediff", {Date("2026-03-01"), Date("2026-01-15")}).int32(), 45);
  EXPECT_EQ(Call("datediff", {Date("2026-01-15"), Date("2026-03-01")}).int32(), -45);
  EXPECT_EQ(Call("datediff", {Ts("2026-01-16 01:00:00"), Ts("2026-01-15 23:00:00")}).int32(), 1);
  EXPECT_TRUE(Call("datediff", {Date("2026-01-15"), Value::Null()}).is_null());
  EXPECT_EQ(Text(Call("add_months", {Date("2026-01-31"), I32(1)})), "2026-02-28");
  EXPECT_EQ(Text(Call("add_months", {Date("2024-01-31"), I32(1)})), "2024-02-29");
  EXPECT_EQ(Text(Call("add_months", {Date("2026-03-15"), I32(-3)})), "2025-12-15");
  EXPECT_EQ(Text(Call("last_day", {Date("2026-02-10")})), "2026-02-28");
  EXPECT_EQ(Text(Call("last_day", {Date("2024-02-10")})), "2024-02-29");
  EXPECT_EQ(Text(Call("next_day", {Date("2026-01-15"), Str("Mon")})), "2026-01-19");
  EXPECT_EQ(Text(Call("make_date", {I32(2026), I32(2), I32(28)})), "2026-02-28");
  EXPECT_THROW(Call("make_date", {I32(2026), I32(2), I32(30)}), InvalidInputError);
}

TEST(DateFunctionsTest, ParsingAndFormatting) {
  EXPECT_EQ(Text(Call("to_date", {Str("2026-01-15")})), "2026-01-15");
  EXPECT_EQ(Text(Call("to_date", {Str("15/01/2026"), Str("dd/MM/yyyy")})), "2026-01-15");
  EXPECT_EQ(Text(Call("to_date", {Ts("2026-01-15 23:59:59")})), "2026-01-15");
  EXPECT_EQ(Text(Call("to_timestamp", {Str("2026-01-15 10:30:00")})), "2026-01-15 10:30:00");
  EXPECT_EQ(Text(Call("to_timestamp", {Str("15/01/2026 10:30"), Str("dd/MM/yyyy HH:mm")})),
            "2026-01-15 10:30:00");
  EXPECT_EQ(Text(Call("to_timestamp", {Str("2026-01-15")})), "2026-01-15 00:00:00");
  EXPECT_EQ(Text(Call("to_timestamp",
                      {Str("Jan 5 2026 01:02:03.25 PM"), Str("MMM d yyyy hh:mm:ss.SS a")})),
            "2026-01-05 13:02:03.25");
  EXPECT_EQ(Text(Call("to_timestamp",
                      {Str("2026-01-15T10:30:00+02:00"), Str("yyyy-MM-dd'T'HH:mm:ssXXX")})),
            "2026-01-15 08:30:00");
  EXPECT_EQ(Text(Call("to_timestamp", {Str("20260115"), Str("yyyyMMdd")})), "2026-01-15 00:00:00");
  EXPECT_THROW(Call("to_date", {Str("2026/01/15"), Str("yyyy-MM-dd")}), ConversionError);
  EXPECT_EQ(Text(Call("try_to_timestamp", {Str("nope"), Str("yyyy-MM-dd")})), "NULL");
  EXPECT_EQ(Text(Call("try_to_timestamp", {Str("nope")})), "NULL");
  EXPECT_EQ(Call("date_format", {Date("2026-01-15"), Str("yyyy/MM/dd")}).str(), "2026/01/15");
  Value ts = Ts("2026-01-15 13:45:30");
  EXPECT_EQ(Call("date_format", {ts, Str("yyyy-MM-dd HH:mm:ss")}).str(), "2026-01-15 13:45:30");
  EXPECT_EQ(Call("date_format", {Date("2026-01-15"), Str("dd.MM.yy")}).str(), "15.01.26");
  EXPECT_EQ(Call("date_format", {Date("2026-01-15"), Str("MMM")}).str(), "Jan");
  EXPECT_EQ(Call("date_format", {Date("2026-01-15"), Str("EEEE")}).str(), "Thursday");
  EXPECT_EQ(Call("date_format", {Date("2026-01-15"), Str("E, MMMM d")}).str(), "Thu, January 15");
  EXPECT_EQ(Call("date_format", {ts, Str("hh:mm a")}).str(), "01:45 PM");
  EXPECT_EQ(Call("date_format", {Ts("2026-01-15 13:45:30.123456"), Str("ss.SSS")}).str(), "30.123");
  EXPECT_EQ(Call("date_format", {ts, Str("'Q'Q yyyy 'o''clock'")}).str(), "Q1 2026 o'clock");
  EXPECT_TRUE(Call("date_format", {Value::Null(), Str("yyyy")}).is_null());
  EXPECT_THROW(Call("date_format", {ts, Str("yyyy-bb")}), InvalidInputError);
}

TEST(DateFunctionsTest, UnixTime) {
  EXPECT_EQ(Call("unix_timestamp", {Str("2026-01-15 00:00:00")}).int64(), 1768435200);
  EXPECT_EQ(Call("unix_timestamp", {Ts("2026-01-15 10:30:00")}).int64(), 1768473000);
  EXPECT_EQ(Call("unix_timestamp", {Str("15/01/2026"), Str("dd/MM/yyyy")}).int64(), 1768435200);
  EXPECT_EQ(Call("unix_timestamp", {Date("1970-01-02")}).int64(), 86400);
  EXPECT_EQ(Call("from_unixtime", {I64(0)}).str(), "1970-01-01 00:00:00");
  EXPECT_EQ(Call("from_unixtime", {I64(1768473000)}).str(), "2026-01-15 10:30:00");
  EXPECT_EQ(Call("from_unixtime", {I64(1768473000), Str("yyyy-MM-dd")}).str(), "2026-01-15");
  FunctionContext context;
  context.query_start_micros = 1768473000LL * 1000000 + 5;
  EXPECT_EQ(Call("unix_timestamp", {}, context).int64(), 1768473000);
  EXPECT_EQ(Text(Call("current_date", {}, context)), "2026-01-15");
  EXPECT_EQ(Call("current_timestamp", {}, context).int64(), context.query_start_micros);
  EXPECT_EQ(Call("unix_seconds", {Ts("1969-12-31 23:59:59.5")}).int64(), -1);
  EXPECT_EQ(Text(Call("timestamp_seconds", {I64(86400)})), "1970-01-02 00:00:00");
}

TEST(DateFunctionsTest, ColumnsWithNulls) {
  auto rows =
      CallColumns("date_add", {{Date("2026-12-31"), Value::Null(TypeId::kDate)}, {I32(1), I32(1)}},
                  {TypeId::kDate, TypeId::kInt32});
  EXPECT_EQ(Text(rows[0]), "2027-01-01");
  EXPECT_TRUE(rows[1].is_null());
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(DateFunctionsTest, DatePart) {
  using testing::Call;
  using testing::Str;
  Value ts = CastValue(Str("2026-01-15 13:45:30.5"), TypeId::kTimestamp, FunctionContext());
  EXPECT_EQ(Call("date_part", {Str("YEAR"), ts}).int32(), 2026);
  EXPECT_EQ(Call("extract", {Str("month"), ts}).int32(), 1);
  EXPECT_EQ(Call("date_part", {Str("DOW"), ts}).int32(), 5);
  EXPECT_EQ(Call("date_part", {Str("HOUR"), ts}).int32(), 13);
  LogicalType type;
  EXPECT_EQ(Call("date_part", {Str("SECOND"), ts}, {}, &type).ToString(), "30.500000");
  EXPECT_EQ(type, LogicalType::Decimal(8, 6));
  EXPECT_THROW(Call("date_part", {Str("FORTNIGHT"), ts}), BinderError);
}

TEST(FunctionRegistryTest, FindsFunctionsAndAliases) {
  const FunctionRegistry& registry = FunctionRegistry::BuiltIn();
  for (const char* name :
       {"+", "<=>", "||", "substr", "dayofmonth", "ceiling", "startswith", "regexp", "pow"}) {
    EXPECT_NE(registry.FindScalar(name), nullptr) << name;
  }
  EXPECT_EQ(registry.FindScalar("no_such_function"), nullptr);
  auto names = registry.Names();
  EXPECT_NE(std::find(names.begin(), names.end(), "date_format"), names.end());
  EXPECT_EQ(std::find(names.begin(), names.end(), "+"), names.end());
}

TEST(FunctionRegistryTest, WrongArgumentsAreBinderErrors) {
  using testing::Call;
  using testing::Str;
  EXPECT_THROW(Call("year", {Value::Boolean(true)}), BinderError);
  EXPECT_THROW(Call("substring", {Str("a")}), BinderError);
  EXPECT_THROW(Call("+", {Str("a"), Value::Boolean(true)}), BinderError);
  try {
    Call("upper", {Str("a"), Str("b")});
    FAIL();
  } catch (const BinderError& e) {
    EXPECT_NE(std::string(e.what()).find("upper"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(DateFunctionsTest, TimeZoneShiftsAndMonthsBetween) {
  using testing::Call;
  using testing::Str;
  FunctionContext context;
  auto ts = [&](const char* s) { return CastValue(Str(s), TypeId::kTimestamp, context); };
  // Spark docs: from_utc_timestamp('2016-08-31', 'Asia/Seoul') = 2016-08-31 09:00:00.
  EXPECT_EQ(Call("from_utc_timestamp", {ts("2016-08-31"), Str("Asia/Seoul")}).ToString(),
            "2016-08-31 09:00:00");
  EXPECT_EQ(Call("to_utc_timestamp", {ts("2016-08-31"), Str("Asia/Seoul")}).ToString(),
            "2016-08-30 15:00:00");
  EXPECT_THROW(Call("from_utc_timestamp", {ts("2016-08-31"), Str("Mars/Olympus")}),
               InvalidInputError);
  // Spark docs: months_between('1997-02-28 10:30:00', '1996-10-30') = 3.94959677.
  EXPECT_DOUBLE_EQ(Call("months_between", {ts("1997-02-28 10:30:00"), ts("1996-10-30")}).float64(),
                   3.94959677);
  EXPECT_NEAR(
      Call("months_between", {ts("1997-02-28 10:30:00"), ts("1996-10-30"), Value::Boolean(false)})
          .float64(),
      3.9495967741935485, 1e-15);
  EXPECT_EQ(Call("months_between", {ts("2026-03-31"), ts("2026-02-28")}).float64(), 1.0);
}

}  // namespace
}  // namespace floe

namespace floe {
namespace {

TEST(DateFunctionsTest, NamesAndUnixDates) {
  using testing::Call;
  using testing::I32;
  using testing::Str;
  Value d = CastValue(Str("2026-01-15"), TypeId::kDate, FunctionContext());
  EXPECT_EQ(Call("dayname", {d}).str(), "Thu");
  EXPECT_EQ(Call("monthname", {d}).str(), "Jan");
  EXPECT_EQ(Call("date_from_unix_date", {I32(1)}).ToString(), "1970-01-02");
  EXPECT_EQ(Call("unix_date", {d}).int32(), 20468);
  EXPECT_EQ(Call("space", {I32(3)}).str(), "   ");
  EXPECT_EQ(Call("space", {I32(-1)}).str(), "");
}

}  // namespace
}  // namespace floe
