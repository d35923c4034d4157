#include "main/settings.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "common/exception.h"

namespace floe {
namespace {

// Returns the message of the InvalidInputError that `set` throws, or "" when it throws none.
template <typename F>
std::string InvalidInputMessage(F&& set) {
  try {
    set();
  } catch (const InvalidInputError& e) {
    return e.what();
  }
  return "";
}

TEST(SettingsTest, StartsAtTheDefaults) {
  Settings settings;
  for (const SettingDefinition& d : Settings::Definitions()) {
    EXPECT_EQ(settings.Get(d.name), d.default_value) << d.name;
  }
  EXPECT_TRUE(settings.GetBool("floe.pruning.enabled"));
  EXPECT_EQ(settings.GetInt("floe.statement_timeout"), 0);
}

TEST(SettingsTest, NamesIgnoreCaseAndAliasesResolve) {
  Settings settings;
  EXPECT_EQ(settings.Set("TIMEZONE", "Europe/Paris"), "spark.sql.session.timeZone");
  EXPECT_EQ(settings.Get("spark.sql.session.timezone"), "Europe/Paris");
  EXPECT_EQ(settings.Set("worker_threads", "3"), "threads");
  EXPECT_EQ(settings.GetInt("Threads"), 3);
}

TEST(SettingsTest, ValuesAreNormalized) {
  Settings settings;
  settings.Set("floe.pruning.enabled", "OFF");
  EXPECT_EQ(settings.Get("floe.pruning.enabled"), "false");
  settings.Set("floe.pruning.enabled", "1");
  EXPECT_EQ(settings.Get("floe.pruning.enabled"), "true");
  settings.Set("floe.statement_timeout", "250ms");
  EXPECT_EQ(settings.GetInt("floe.statement_timeout"), 250);
  settings.Set("floe.statement_timeout", "30s");
  EXPECT_EQ(settings.GetInt("floe.statement_timeout"), 30000);
  settings.Set("floe.statement_timeout", "5min");
  EXPECT_EQ(settings.GetInt("floe.statement_timeout"), 300000);
  settings.Set("spark.sql.optimizer.excludedRules", " join_order ,build_side,");
  EXPECT_EQ(settings.Get("spark.sql.optimizer.excludedRules"), "join_order,build_side");
}

TEST(SettingsTest, InvalidValuesNameTheSettingAndKeepTheOldValue) {
  Settings settings;
  EXPECT_EQ(InvalidInputMessage([&] { settings.Set("threads", "many"); }),
            "invalid value for setting threads: expected an integer in [1, 256], got 'many'");
  EXPECT_EQ(InvalidInputMessage([&] { settings.Set("threads", "300"); }),
            "invalid value for setting threads: expected an integer in [1, 256], got '300'");
  EXPECT_EQ(InvalidInputMessage([&] { settings.Set("threads", "4x"); }),
            "invalid value for setting threads: expected an integer in [1, 256], got '4x'");
  EXPECT_EQ(InvalidInputMessage([&] { settings.Set("floe.pruning.enabled", "yes please"); }),
            "invalid value for setting floe.pruning.enabled: expected a boolean (true or false), "
            "got 'yes please'");
  EXPECT_EQ(InvalidInputMessage([&] { settings.Set("floe.statement_timeout", "5 hours"); }),
            "invalid value for setting floe.statement_timeout: expected a duration such as 0, "
            "500ms, 30s or 5min, got '5 hours'");
  EXPECT_EQ(InvalidInputMessage([&] { settings.Set("floe.statement_timeout", "-1"); }),
            "invalid value for setting floe.statement_timeout: expected a duration such as 0, "
            "500ms, 30s or 5min, got '-1'");
  EXPECT_EQ(InvalidInputMessage([&] { settings.Set("timezone", "Nowhere/Land"); }),
            "invalid value for setting spark.sql.session.timeZone: unknown time zone "
            "'Nowhere/Land'");
  std::string rules =
      InvalidInputMessage([&] { settings.Set("spark.sql.optimizer.excludedRules", "join_order,fast"); });
  EXPECT_EQ(rules.rfind("invalid value for setting spark.sql.optimizer.excludedRules: unknown "
                        "optimizer rule 'fast' (floe's rules: ",
                        0),
            0u)
      << rules;
  EXPECT_NE(rules.find("join_order"), std::string::npos) << rules;
  for (const SettingDefinition& d : Settings::Definitions()) {
    EXPECT_EQ(settings.Get(d.name), d.default_value) << d.name;
  }
}

TEST(SettingsTest, UnknownNamesSuggestTheClosest) {
  Settings settings;
  EXPECT_EQ(InvalidInputMessage([&] { settings.Set("thread", "2"); }),
            "unknown setting 'thread'; did you mean 'threads'?");
  EXPECT_EQ(InvalidInputMessage([&] { settings.Get("floe.pruning.row_group"); }),
            "unknown setting 'floe.pruning.row_group'; did you mean 'floe.pruning.row_groups'?");
  EXPECT_EQ(InvalidInputMessage([&] { settings.Reset("zzzzzzzzzzzz"); }),
            "unknown setting 'zzzzzzzzzzzz'");
}

TEST(SettingsTest, ResetRestoresOneOrAll) {
  Settings settings;
  settings.Set("spark.sql.shuffle.partitions", "8");
  settings.Set("floe.pruning.manifests", "false");
  settings.Reset("spark.sql.shuffle.partitions");
  EXPECT_EQ(settings.Get("spark.sql.shuffle.partitions"), "200");
  EXPECT_EQ(settings.Get("floe.pruning.manifests"), "false");
  settings.Set("spark.sql.shuffle.partitions", "8");
  settings.Reset("");
  EXPECT_EQ(settings.Get("spark.sql.shuffle.partitions"), "200");
  EXPECT_EQ(settings.Get("floe.pruning.manifests"), "true");
}

TEST(SettingsTest, AllListsEverySettingByName) {
  Settings settings;
  auto all = settings.All();
  EXPECT_EQ(all.size(), Settings::Definitions().size());
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end()));
  settings.Set("spark.sql.shuffle.partitions", "8");
  auto changed = settings.All();
  auto it = std::find_if(changed.begin(), changed.end(),
                         [](const auto& entry) { return entry.first == "spark.sql.shuffle.partitions"; });
  ASSERT_NE(it, changed.end());
  EXPECT_EQ(it->second, "8");
}

}  // namespace
}  // namespace floe
