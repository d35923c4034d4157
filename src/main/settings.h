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
};

/// A session's settings: SET / RESET / SHOW. Unknown names are an error that suggests
/// the closest known name.
class Settings {
 public:
  Settings();
  /// Returns the definitions of every setting.
  static const std::vector<SettingDefinition>& Definitions();

  /// Sets a value after validating it; returns the canonical name.
  std::string Set(const std::string& name, const std::string& value);
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
  const SettingDefinition& Find(const std::string& name) const;
  std::map<std::string, std::string> values_;
};

}  // namespace floe
