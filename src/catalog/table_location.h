#pragma once

#include <string>
#include <string_view>

namespace floe {

/// Throws CatalogError when `name` cannot name a namespace or table: empty, holding a
/// NUL byte, or not valid UTF-8. `kind` says which ("table", "namespace") for the message.
void ValidateCatalogName(std::string_view name, std::string_view kind);

/// Returns the folder name for a namespace or table name: letters, digits, '_', '-',
/// '.', ' ' and non-ASCII characters as they are, every other byte as %XX ("." and
/// ".." escaped whole), so distinct names give distinct folders and none leaves its
/// parent. A name whose folder would pass 200 bytes keeps a prefix, '~' and a hash of
/// the whole name (IsHashedPathSegment), which the catalog checks for collisions.
std::string PathSegmentForName(std::string_view name);

/// Returns true when PathSegmentForName cut the name and appended a hash.
bool IsHashedPathSegment(std::string_view segment);

/// Returns the default location of a new table: <warehouse>/<namespace folder>/<table folder>.
std::string DefaultTableLocation(const std::string& warehouse, std::string_view ns, std::string_view table);

}  // namespace floe
