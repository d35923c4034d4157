#pragma once

#include <optional>
#include <string>

namespace floe {

/// Returns true when `name` matches the pattern of `SHOW ... LIKE 'pattern'` as Spark reads
/// it: alternatives separated by `|`, each a case-insensitive regex over the whole name in
/// which `*` stands for any characters; no pattern matches everything.
bool ShowPatternMatches(const std::optional<std::string>& pattern, const std::string& name);

}  // namespace floe
