// CALL system.generate(workload => 'star' | 'clickstream' | 'ssb' | 'tpcds', scale => N, seed => S,
// skew => true, days => D): creates a benchmark workload's Iceberg tables in the current
// catalog by running its generator SQL (src/iceberg/procedures/workloads/<workload>.sql,
// embedded at build time).
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "iceberg/procedures/procedure.h"
#include "sql/ast_ddl.h"
#include "sql/parser.h"

namespace floe::iceberg {

/// Returns the generator SQL of a workload, or an empty view (generated at build time).
std::string_view GeneratorSql(std::string_view workload);

namespace {

// The star and clickstream histories end on these days; `days` shortens them from the start.
constexpr int64_t kFullHistoryDays = 1096;
// With skew, half the fact rows fall on every kBusyDayStride-th day of the history.
constexpr int64_t kBusyDayStride = 20;
constexpr double kMaxFactRows = 1e10;
// TPC-DS: store_sales rows at scale factor 1 (dsdgen's), and line items per ticket on average
// (the generator's 1 to 20).
constexpr double kTpcdsStoreSalesRows = 2880404;
constexpr double kTpcdsLinesPerTicket = 10.5;

std::string ReplaceAll(std::string text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

// Returns the argument as a number, or `fallback` when it is absent.
double NumberArg(const std::map<std::string, Value>& args, const std::string& name, double fallback) {
  auto it = args.find(name);
  if (it == args.end() || it->second.is_null()) return fallback;
  std::string text = it->second.ToString();
  try {
    size_t used = 0;
    double v = std::stod(text, &used);
    if (used == text.size() && std::isfinite(v)) return v;
  } catch (const std::exception&) {
  }
  throw InvalidInputError("procedure system.generate: " + name + " must be a number, got '" + text + "'");
}

bool BoolArg(const std::map<std::string, Value>& args, const std::string& name) {
  auto it = args.find(name);
  if (it == args.end() || it->second.is_null()) return false;
  std::string text = ToLower(it->second.ToString());
  if (text == "true") return true;
  if (text == "false") return false;
  throw InvalidInputError("procedure system.generate: " + name + " must be true or false, got '" + text + "'");
}

// The TPC-DS dimension sizes at scale factor `scale`: dsdgen's at SF 1 (18,000 items, 100,000
// customers, 50,000 addresses, 12 stores, 300 promotions), growing as its do between SF 1 and 10.
std::map<std::string, std::string> TpcdsSubstitutions(const std::map<std::string, Value>& args, double scale,
                                                      double fact_rows, bool skew,
                                                      std::map<std::string, std::string> s) {
  if (args.count("days") || skew) {
    throw InvalidInputError("procedure system.generate: days and skew apply to star and clickstream; tpcds's "
                            "sales always span 1998-01-02 .. 2003-01-02, uniformly");
  }
  auto at_least = [](int64_t low, double v) { return std::to_string(std::max<int64_t>(low, std::llround(v))); };
  s["ITEMS"] = at_least(100, 18000 * std::pow(scale, 0.75));
  s["CUSTOMERS"] = at_least(100, 100000 * std::pow(scale, 0.7));
  s["ADDRESSES"] = at_least(50, 50000 * std::pow(scale, 0.7));
  s["STORES"] = at_least(2, 12 * std::pow(scale, 0.93));
  s["PROMOTIONS"] = at_least(10, 300 * std::pow(scale, 0.22));
  s["TICKETS"] = at_least(1, fact_rows / kTpcdsLinesPerTicket);
  return s;
}

// Returns the template values of one workload's generator SQL.
std::map<std::string, std::string> Substitutions(const std::string& workload,
                                                 const std::map<std::string, Value>& args) {
  double scale = NumberArg(args, "scale", 1);
  double seed = NumberArg(args, "seed", 0);
  bool skew = BoolArg(args, "skew");
  if (seed < 0 || seed > 2147483647 || seed != std::floor(seed)) {
    throw InvalidInputError("procedure system.generate: seed must be an integer from 0 to 2147483647");
  }
  // star and clickstream: scale = millions of fact rows; ssb and tpcds: the scale factor SF.
  double rows_per_unit = workload == "ssb" ? 6e6 : workload == "tpcds" ? kTpcdsStoreSalesRows : 1e6;
  double fact_rows = std::round(scale * rows_per_unit);
  if (!(scale > 0) || fact_rows < 1 || fact_rows > kMaxFactRows) {
    throw InvalidInputError("procedure system.generate: scale " + std::to_string(scale) +
                            " gives " + std::to_string(static_cast<int64_t>(fact_rows)) +
                            " fact rows; it must give 1 to 10,000,000,000");
  }
  std::map<std::string, std::string> s;
  s["FACT_ROWS"] = std::to_string(static_cast<int64_t>(fact_rows));
  s["SEED"] = std::to_string(static_cast<int64_t>(seed));
  s["SKEW"] = skew ? "1" : "0";
  if (workload == "tpcds") return TpcdsSubstitutions(args, scale, fact_rows, skew, std::move(s));
  if (workload == "ssb") {
    if (args.count("days")) {
      throw InvalidInputError("procedure system.generate: days applies to star and clickstream; "
                              "ssb's order dates always span 1992-01-01 .. 1998-08-02");
    }
    auto at_least_one = [](double v) { return std::to_string(std::max<int64_t>(1, std::llround(v))); };
    s["CUSTOMERS"] = at_least_one(30000 * scale);
    s["SUPPLIERS"] = at_least_one(2000 * scale);
    s["PARTS"] = at_least_one(scale >= 1 ? 200000 * (1 + std::floor(std::log2(scale))) : 200000 * scale);
    s["BUSY_DAYS"] = std::to_string((2406 + kBusyDayStride - 1) / kBusyDayStride);
    return s;
  }
  double days = NumberArg(args, "days", static_cast<double>(kFullHistoryDays));
  if (days < 1 || days > kFullHistoryDays || days != std::floor(days)) {
    throw InvalidInputError("procedure system.generate: days must be an integer from 1 to 1096 (three years)");
  }
  int64_t d = static_cast<int64_t>(days);
  s["DAYS"] = std::to_string(d);
  s["FIRST_DAY"] = std::to_string(kFullHistoryDays - d);
  s["BUSY_DAYS"] = std::to_string((d + kBusyDayStride - 1) / kBusyDayStride);
  return s;
}

class Generate final : public Procedure {
 public:
  std::string name() const override { return "generate"; }
  std::vector<ProcedureParameter> parameters() const override {
    // (floe's own: the numbers are read from their text, whatever their type)
    return {{"workload", TypeId::kString, true}, {"scale", {}}, {"seed", {}}, {"skew", {}}, {"days", {}}};
  }

  ProcedureResult Call(ProcedureEngine& engine, const ProcedureArguments& arguments) const override {
    const std::map<std::string, Value>& args = arguments.values;
    if (!arguments.Has("workload")) {
      throw InvalidInputError(
          "procedure system.generate needs the argument workload ('star', 'clickstream', 'ssb' or 'tpcds')");
    }
    std::string workload = ToLower(args.at("workload").ToString());
    std::string_view sql = GeneratorSql(workload);
    if (sql.empty()) {
      throw InvalidInputError("procedure system.generate: no workload '" + workload +
                              "' (floe generates 'star', 'clickstream', 'ssb' and 'tpcds')");
    }
    std::string text(sql);
    for (const auto& [key, value] : Substitutions(workload, args)) text = ReplaceAll(text, "{{" + key + "}}", value);
    std::vector<StatementPtr> statements = Parser::ParseStatements(text);

    // Refuse before writing anything when a table the generator creates already exists.
    std::vector<std::string> tables;
    for (const auto& statement : statements) {
      if (statement->kind != StatementKind::kCreateTable) continue;
      const auto& create = statement->As<CreateTableStatement>();
      if (create.temporary) continue;
      if (engine.TableExists(create.name)) {
        throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] system.generate('" + workload + "') creates " +
                           create.name.ToString() + ", which already exists; drop it or use another catalog");
      }
      tables.push_back(create.name.ToString());
    }

    // Day boundaries (CAST(event_time AS DATE)) are UTC whatever the session's time zone.
    ScopedSetting utc(engine, "spark.sql.session.timeZone", "UTC");
    size_t created = 0;
    try {
      for (const auto& statement : statements) {
        engine.Execute(*statement);
        if (statement->kind == StatementKind::kCreateTable && !statement->As<CreateTableStatement>().temporary) {
          ++created;
        }
      }
    } catch (...) {
      // A failed generation leaves no half-filled tables behind.
      for (size_t i = created; i-- > 0;) {
        try {
          engine.Execute(*Parser::ParseStatement("DROP TABLE IF EXISTS " + tables[i]));
        } catch (const std::exception&) {
        }
      }
      throw;
    }

    // One row per table: its name, rows and data files (from the files metadata table).
    ProcedureResult result;
    result.names = {"table", "rows", "data_files"};
    result.types = {TypeId::kString, TypeId::kInt64, TypeId::kInt64};
    for (const std::string& table : tables) {
      StatementPtr count = Parser::ParseStatement(
          "SELECT CAST(coalesce(sum(record_count), 0) AS BIGINT), count(*) FROM " + table + ".files");
      std::vector<std::vector<Value>> rows = engine.Execute(*count);
      result.rows.push_back({Value::String(table), rows.at(0).at(0), rows.at(0).at(1)});
    }
    return result;
  }
};

}  // namespace

const Procedure& GenerateProcedure() {
  static const Generate procedure;
  return procedure;
}

}  // namespace floe::iceberg
