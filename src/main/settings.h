#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace floe {

/// One setting floe knows: its name, default, description and validation.
struct SettingDefinition {
  std::string name;
  std::string default_value;
  std::string description;
  std::vector<std::string> aliases;
  /// Throws InvalidInputError when the value is not acceptable; may normalize it.
  std::function<std::string(const std::string&)> validate;
  /// For a Spark setting floe accepts but does not act on: why, said when it is set.
  std::string unused;
};

/// A session's settings: SET / RESET / SHOW. Every `spark.*` key is accepted: the ones floe
/// knows are validated (Spark's value syntax), any other is stored as given, shown by SET,
/// with a notice that floe does not use it; any other unknown name is an error that suggests
/// the closest known one (docs/spark_settings.md).
class Settings {
 public:
  Settings();
  /// Returns the definitions of every setting.
  static const std::vector<SettingDefinition>& Definitions();

  /// Sets a value after validating it; returns the canonical name. `notice`, when given,
  /// receives a one-line notice when floe does not act on the setting ("" otherwise).
  std::string Set(const std::string& name, const std::string& value, std::string* notice = nullptr);
  /// Returns the current value of a setting.
  std::string Get(const std::string& name) const;
  /// Restores one setting (or all when name is empty) to its default.
  void Reset(const std::string& name);
  /// Returns (name, value) of every setting, sorted by name.
  std::vector<std::pair<std::string, std::string>> All() const;

  /// Returns a boolean setting's value.
  bool GetBool(const std::string& name) const;
  int64_t GetInt(const std::string& name) const;

 private:
  // Returns the definition of a setting, or null for a `spark.*` key floe does not know.
  const SettingDefinition* Find(const std::string& name) const;
  std::map<std::string, std::string> values_;
  std::map<std::string, std::string> other_spark_;  // spark.* keys floe does not know, as set
};

}  // namespace floe
