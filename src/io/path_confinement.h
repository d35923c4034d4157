#pragma once

#include <string>

namespace floe {

/// Returns true when `path`, normalized without touching the file system, is `root`
/// or lies under it ("/w/a/../b" is under "/w"; "/w/../x" is not).
bool IsLexicallyWithin(const std::string& root, const std::string& path);

/// Returns true when `path` is lexically under `root` but its longest existing prefix,
/// with symbolic links resolved, is not under `root`'s resolved form: a folder on the
/// way was replaced by a link that leads out.
bool EscapesThroughLink(const std::string& root, const std::string& path);

/// Throws IOError when EscapesThroughLink(root, path); `action` says what was refused
/// ("write table ns.t at") for the message.
void CheckConfined(const std::string& root, const std::string& path, const std::string& action);

}  // namespace floe
