#include "main/settings.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include <unistd.h>

#include "common/ascii_case.h"
#include "common/date_time.h"
#include "common/exception.h"
#include "optimizer/optimizer.h"
#include "planner/bind_scope.h"

namespace floe {

namespace {

// Returns `v` without the spaces and tabs at either end.
std::string TrimBlanks(std::string v) {
  v.erase(0, v.find_first_not_of(" \t"));
  v.erase(v.find_last_not_of(" \t") + 1);
  return v;
}

std::string ValidateBool(const std::string& v) {
  std::string l = ToLower(v);
  if (l == "true" || l == "on" || l == "1") return "true";
  if (l == "false" || l == "off" || l == "0") return "false";
  throw InvalidInputError("expected a boolean (true or false), got '" + v + "'");
}

// One of `values`, matched case-insensitively (Spark's checkValues on an upper-cased value)
// and kept as `values` spells it.
std::function<std::string(const std::string&)> ValidateOneOf(std::vector<std::string> values) {
  return [values](const std::string& v) {
    std::string upper = ToUpper(v);
    std::string list;
    for (const auto& value : values) {
      if (upper == ToUpper(value)) return value;
      list += (list.empty() ? "" : ", ") + value;
    }
    throw InvalidInputError("expected one of " + list + ", got '" + v + "'");
  };
}

std::function<std::string(const std::string&)> ValidateInt(int64_t lo, int64_t hi) {
  return [lo, hi](const std::string& v) {
    try {
      size_t used;
      int64_t n = std::stoll(v, &used);
      if (used != v.size() || n < lo || n > hi) throw std::out_of_range("");
      return std::to_string(n);
    } catch (const std::exception&) {
      throw InvalidInputError("expected an integer in [" + std::to_string(lo) + ", " +
                              std::to_string(hi) + "], got '" + v + "'");
    }
  };
}

std::string ValidateTimeZone(const std::string& v) {
  TimeZone zone;
  if (!TimeZone::Load(v, &zone)) throw InvalidInputError("unknown time zone '" + v + "'");
  return v;
}

std::string AnyString(const std::string& v) { return v; }

// Spark's byte size (ConfigBuilder.bytesConf in bytes: byteFromString), normalized to a number
// of bytes: an integer with an optional unit b, k / kb, m / mb, g / gb, t / tb, p / pb (powers of
// 1024), an optional leading '-' (-1: disabled). Fractional values are refused, as Spark's.
std::string ValidateSparkBytes(const std::string& v) {
  std::string text = TrimBlanks(ToLower(v));
  bool negative = !text.empty() && text[0] == '-';
  if (negative) text.erase(0, 1);
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  std::string unit = text.substr(digits);
  static const std::pair<const char*, int> kUnits[] = {{"", 0},  {"b", 0},  {"k", 1},  {"kb", 1},
                                                       {"m", 2}, {"mb", 2}, {"g", 3},  {"gb", 3},
                                                       {"t", 4}, {"tb", 4}, {"p", 5},  {"pb", 5}};
  for (const auto& [name, power] : kUnits) {
    if (digits == 0 || unit != name) continue;
    try {
      int64_t n = std::stoll(text.substr(0, digits));
      for (int i = 0; i < power; ++i) {
        if (n > INT64_MAX / 1024) throw std::out_of_range("");
        n *= 1024;
      }
      return std::to_string(negative ? -n : n);
    } catch (const std::exception&) {
      break;
    }
  }
  if (text.find('.') != std::string::npos) {
    throw InvalidInputError("fractional byte sizes are not supported, got '" + v + "'");
  }
  throw InvalidInputError("expected a size in bytes such as 10485760, 10MB, 512k, 1g or -1, got '" + v + "'");
}

// Spark's doubleConf: any number.
std::string ValidateDouble(const std::string& v) {
  std::string text = TrimBlanks(v);
  try {
    size_t used;
    double d = std::stod(text, &used);
    if (used == text.size() && std::isfinite(d)) return text;
  } catch (const std::exception&) {
  }
  throw InvalidInputError("expected a number such as 0.5, got '" + v + "'");
}

// A duration, normalized to milliseconds: "0" (none), "250" or "250ms", "30s", "5min".
std::string ValidateDuration(const std::string& v) {
  size_t used = 0;
  int64_t n = -1;
  try {
    n = std::stoll(v, &used);
  } catch (const std::exception&) {
  }
  std::string unit = v.substr(std::min(used, v.size()));
  unit.erase(0, unit.find_first_not_of(' '));
  int64_t scale = unit.empty() || unit == "ms" ? 1 : unit == "s" ? 1000 : unit == "min" ? 60000 : 0;
  if (n < 0 || scale == 0 || n > INT64_MAX / scale) {
    throw InvalidInputError("expected a duration such as 0, 500ms, 30s or 5min, got '" + v + "'");
  }
  return std::to_string(n * scale);
}

// A size in bytes, normalized to a number of bytes: "300MB", "4GB", "1.5GiB", "1048576".
// As DuckDB's memory_limit: KB, MB, GB, TB are powers of 1000, KiB .. TiB of 1024.
std::string ValidateSize(const std::string& v) {
  size_t used = 0;
  double n = -1;
  try {
    n = std::stod(v, &used);
  } catch (const std::exception&) {
  }
  std::string unit = ToLower(v.substr(std::min(used, v.size())));
  unit.erase(0, unit.find_first_not_of(' '));
  unit.erase(unit.find_last_not_of(' ') + 1);
  static const std::pair<const char*, double> kUnits[] = {
      {"", 1},       {"b", 1},           {"kb", 1e3},        {"mb", 1e6},        {"gb", 1e9},
      {"tb", 1e12},  {"kib", 1024.0},    {"mib", 1048576.0}, {"gib", 1073741824.0},
      {"tib", 1099511627776.0}};
  for (const auto& [name, scale] : kUnits) {
    if (unit != name || !(n >= 0)) continue;
    double bytes = n * scale;
    if (bytes < (1 << 20) || bytes > 9.0e18) break;
    return std::to_string(static_cast<int64_t>(bytes));
  }
  throw InvalidInputError("expected a size of at least 1MB such as 300MB, 4GB or 2GiB, got '" + v + "'");
}

// 80% of the machine's memory, as DuckDB's default memory_limit.
std::string DefaultMemoryLimit() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return "4000000000";
  return std::to_string(static_cast<int64_t>(static_cast<double>(pages) * static_cast<double>(page_size) * 0.8));
}

// A comma-separated list of the optimizer's rule names, normalized (spaces dropped).
std::string ValidateRuleList(const std::string& v) {
  std::string out;
  for (size_t start = 0; start <= v.size();) {
    size_t comma = std::min(v.find(',', start), v.size());
    std::string rule = TrimBlanks(v.substr(start, comma - start));
    start = comma + 1;
    if (rule.empty()) continue;
    std::string known;
    bool found = false;
    for (const auto& r : Optimizer::Rules()) {
      known += (known.empty() ? "" : ", ") + r.name;
      found = found || r.name == rule;
    }
    if (!found) throw InvalidInputError("unknown optimizer rule '" + rule + "' (floe's rules: " + known + ")");
    out += (out.empty() ? "" : ",") + rule;
  }
  return out;
}

}  // namespace

const std::vector<SettingDefinition>& Settings::Definitions() {
  static const std::vector<SettingDefinition> kDefinitions = [] {
    unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    return std::vector<SettingDefinition>{
        {"threads", std::to_string(cores), "worker threads a query uses", {"worker_threads"},
         ValidateInt(1, 256)},
        {"spark.sql.session.timeZone", "UTC",
         "the session time zone: timestamps are shown and parsed in it",
         {"timezone", "time_zone", "spark.sql.session.timezone"}, ValidateTimeZone},
        {"spark.sql.ansi.enabled", "true",
         "ANSI mode: overflow and invalid casts raise errors (floe always behaves so)", {},
         ValidateBool, "floe always follows ANSI mode (Spark 4.0's default); the value is stored, not used"},
        {"spark.sql.shuffle.partitions", "200",
         "floe does not shuffle; the number is Spark's, in its choice of a shuffled hash join (the build side "
         "under autoBroadcastJoinThreshold times it) with preferSortMergeJoin = false",
         {}, ValidateInt(1, 1 << 30)},
        {"spark.sql.join.preferSortMergeJoin", "true",
         "the operator the plan shows for a join Spark does not broadcast: SortMergeJoin, or with false a "
         "ShuffledHashJoin where a side is small enough to hash (floe joins by hash either way)",
         {}, ValidateBool},
        {"spark.sql.autoBroadcastJoinThreshold", "10485760",
         "Spark's broadcast limit (10MB, 1g; -1: never broadcast). floe builds every hash join in memory; "
         "-1 stops dynamic partition pruning as in Spark, unless a BROADCAST hint names the build side or "
         "reuseBroadcastOnly is false",
         {}, ValidateSparkBytes},
        {"spark.sql.adaptive.enabled", "true", "accepted for compatibility", {}, ValidateBool,
         "floe plans each query once, with its runtime filters; the value is stored, not used"},
        {"spark.sql.optimizer.dynamicPartitionPruning.reuseBroadcastOnly", "true",
         "with true (Spark's default), dynamic partition pruning needs a broadcast build side to reuse; with "
         "false it also runs where the other side has a filter",
         {}, ValidateBool},
        {"spark.sql.optimizer.dynamicPartitionPruning.useStats", "true",
         "with CBO (spark.sql.cbo.enabled), estimate dynamic pruning's filter ratio from the join keys' distinct "
         "counts where both are known (else fallbackFilterRatio)",
         {}, ValidateBool},
        {"spark.sql.cbo.enabled", "false",
         "Spark's cost-based estimates: a filter shrinks its input by its estimated selectivity from the "
         "statistics ANALYZE TABLE stores (only the distinct counts of the snapshot read, as Iceberg reports "
         "them to Spark); they size broadcasts, dynamic pruning's benefit and Spark's runtime Bloom filters, "
         "and EXPLAIN COST shows them",
         {}, ValidateBool},
        {"spark.sql.optimizer.dynamicPartitionPruning.fallbackFilterRatio", "0.5",
         "the filter ratio dynamic pruning assumes where it estimates its benefit without a broadcast to "
         "reuse (reuseBroadcastOnly = false)",
         {}, ValidateDouble},
        {"spark.sql.optimizer.excludedRules", "",
         "optimizer rules to skip, comma-separated: join_order, filter_pushdown, build_side, join_strategy, column_pruning, "
         "dynamic_partition_pruning, inject_runtime_filter",
         {}, ValidateRuleList},
        {"spark.sql.optimizer.nestedSchemaPruning.enabled", "true",
         "read only the fields of a struct column a query uses (payload.ts)", {}, ValidateBool},
        {"spark.sql.sources.partitionOverwriteMode", "STATIC",
         "what INSERT OVERWRITE replaces: STATIC (Spark's default) the rows its PARTITION clause's values "
         "select, or the whole table; DYNAMIC only the partitions the new rows land in",
         {}, ValidateOneOf({"STATIC", "DYNAMIC"})},
        {"spark.wap.id", "",
         "write-audit-publish: writes to a table with write.wap.enabled = true are staged under this id "
         "(not visible until CALL system.publish_changes); empty: off",
         {}, [](const std::string& v) { return v; }},
        {"spark.wap.branch", "",
         "write-audit-publish by branch: a table with write.wap.enabled = true named without a branch is "
         "written to this branch (created from main by the first write) and read at it once it exists; "
         "empty: off",
         {}, [](const std::string& v) { return v; }},
        {"spark.sql.optimizer.dynamicPartitionPruning.enabled", "true",
         "dynamic partition pruning of joins", {}, ValidateBool},
        {"spark.sql.exchange.reuse", "true",
         "Spark may reuse a broadcast exchange, and with it a join's build side, for dynamic partition "
         "pruning; with false Spark prunes only by a subquery that pays for itself (floe's own policy still "
         "reuses its in-memory build side)",
         {}, ValidateBool},
        {"spark.sql.optimizer.runtime.bloomFilter.enabled", "true",
         "Spark's runtime Bloom filter (InjectRuntimeFilter): under floe.dynamic_pruning.policy = 'spark', a "
         "might_contain filter on a large shuffled join side built from the other side's selective scan",
         {}, ValidateBool},
        {"spark.sql.optimizer.runtime.bloomFilter.applicationSideScanSizeThreshold", "10737418240",
         "the estimated size the largest scan of a join side must reach for Spark to filter it by a runtime "
         "Bloom filter (10GB)",
         {}, ValidateSparkBytes},
        {"spark.sql.optimizer.runtime.bloomFilter.creationSideThreshold", "10485760",
         "the largest estimated size of the plan a runtime Bloom filter is built from (10MB)", {},
         ValidateSparkBytes},
        {"spark.sql.optimizer.runtime.bloomFilter.expectedNumItems",
         std::to_string(SparkBloomFilter::kDefaultExpectedItems),
         "the items a runtime Bloom filter (and bloom_filter_agg without sizes) expects when its rows are not "
         "estimated",
         {}, ValidateInt(1, INT64_MAX)},
        {"spark.sql.optimizer.runtime.bloomFilter.numBits", std::to_string(SparkBloomFilter::kDefaultNumBits),
         "the bits of such a Bloom filter (1MB)", {}, ValidateInt(1, INT64_MAX)},
        {"spark.sql.optimizer.runtime.bloomFilter.maxNumItems", std::to_string(SparkBloomFilter::kDefaultMaxItems),
         "the most items a Bloom filter is sized for", {}, ValidateInt(1, INT64_MAX)},
        {"spark.sql.optimizer.runtime.bloomFilter.maxNumBits", std::to_string(SparkBloomFilter::kDefaultMaxBits),
         "the most bits a Bloom filter has (8MB)", {}, ValidateInt(1, INT64_MAX)},
        {"spark.sql.optimizer.runtimeFilter.number.threshold", "10",
         "the most runtime Bloom filters Spark injects into one query", {}, ValidateInt(0, INT64_MAX)},
        {"floe.dynamic_pruning.policy", "floe",
         "floe: prune whenever the build side's keys can prune the scan, saying where Spark would not; spark: "
         "prune exactly where Spark 4.0 would (a broadcast to reuse, a likely selective filter, a partition "
         "column), to preflight a Spark job",
         {}, ValidateOneOf({"floe", "spark"})},
        {"floe.dynamic_pruning.max_values", "1000000",
         "distinct join keys a runtime filter lists; above, a min/max range and a Bloom filter of them", {},
         ValidateInt(0, INT64_MAX)},
        {"memory_limit", DefaultMemoryLimit(),
         "bytes a statement's ORDER BY may hold in memory before it spills sorted runs to the local "
         "state folder (300MB, 4GB, 2GiB; default 80% of the machine's memory)",
         {"max_memory"}, ValidateSize},
        {"floe.write.memory_limit", "268435456",
         "bytes an INSERT into an Iceberg table may buffer in memory (rows, pages, sort buffers)", {},
         ValidateInt(1 << 20, INT64_MAX)},
        {"floe.statement_timeout", "0",
         "stops a statement that runs longer (milliseconds, or 30s, 5min; 0: no limit)", {},
         ValidateDuration},
        {"floe.remove_orphan_files.min_interval", "86400000",
         "the youngest older_than remove_orphan_files accepts, as an age (Iceberg refuses under 24 "
         "hours: a file that young may belong to a write still running); tests lower it", {},
         ValidateDuration},
        {"floe.pruning.enabled", "true", "all pruning (off: every layer reads everything)", {},
         ValidateBool},
        {"floe.pruning.manifests", "true", "layer 1: drop manifests by partition summaries", {},
         ValidateBool},
        {"floe.pruning.partitions", "true", "layer 2: drop files by partition values", {},
         ValidateBool},
        {"floe.pruning.file_metrics", "true", "layer 3: drop files by column metrics", {},
         ValidateBool},
        {"floe.pruning.row_groups", "true", "layer 4: drop Parquet row groups and pages", {},
         ValidateBool},
        {"floe.location_map", "",
         "remaps table file locations: 'prefix=folder[,prefix=folder]', e.g. "
         "'s3a://warehouse/=/data/warehouse/'",
         {}, AnyString},
        {"write.parquet.compression-codec", "zstd", "codec of Parquet files written by COPY", {},
         AnyString},
    };
  }();
  return kDefinitions;
}

Settings::Settings() {
  for (const auto& d : Definitions()) values_[d.name] = d.default_value;
}

const SettingDefinition* Settings::Find(const std::string& name) const {
  std::string lname = ToLower(name);
  for (const auto& d : Definitions()) {
    if (ToLower(d.name) == lname) return &d;
    for (const auto& a : d.aliases) {
      if (ToLower(a) == lname) return &d;
    }
  }
  if (lname.rfind("spark.", 0) == 0) return nullptr;
  std::vector<std::string> names;
  for (const auto& d : Definitions()) names.push_back(d.name);
  std::string message = "unknown setting '" + name + "'";
  std::string suggestion = ClosestName(name, names);
  if (!suggestion.empty()) message += "; did you mean '" + suggestion + "'?";
  throw InvalidInputError(message);
}

std::string Settings::Set(const std::string& name, const std::string& value, std::string* notice) {
  if (notice) notice->clear();
  const SettingDefinition* d = Find(name);
  if (!d) {
    // Spark keys are case-sensitive: stored as written
    other_spark_[name] = value;
    if (notice) {
      *notice = name + " is a Spark setting floe does not use; the value is stored, not used";
      std::vector<std::string> names;
      for (const auto& known : Definitions()) names.push_back(known.name);
      // (a near miss only: Spark's keys are long and alike)
      std::string suggestion = ClosestName(name, names, 2);
      if (!suggestion.empty()) *notice += " (did you mean '" + suggestion + "'?)";
    }
    return name;
  }
  std::string normalized;
  try {
    normalized = d->validate(value);
  } catch (const InvalidInputError& e) {
    throw InvalidInputError("invalid value for setting " + d->name + ": " + e.what());
  }
  values_[d->name] = normalized;
  if (notice && !d->unused.empty()) *notice = d->name + ": " + d->unused;
  return d->name;
}

std::string Settings::Get(const std::string& name) const {
  const SettingDefinition* d = Find(name);
  if (d) return values_.at(d->name);
  auto it = other_spark_.find(name);
  return it == other_spark_.end() ? "<undefined>" : it->second;  // Spark's SET of an unset key
}

void Settings::Reset(const std::string& name) {
  if (name.empty()) {
    for (const auto& d : Definitions()) values_[d.name] = d.default_value;
    other_spark_.clear();
    return;
  }
  const SettingDefinition* d = Find(name);
  if (d) {
    values_[d->name] = d->default_value;
  } else {
    other_spark_.erase(name);
  }
}

std::vector<std::pair<std::string, std::string>> Settings::All() const {
  std::map<std::string, std::string> all = values_;
  for (const auto& [k, v] : other_spark_) all.emplace(k, v);
  return {all.begin(), all.end()};
}

bool Settings::GetBool(const std::string& name) const { return Get(name) == "true"; }

int64_t Settings::GetInt(const std::string& name) const { return std::stoll(Get(name)); }

}  // namespace floe
