#pragma once

#include <string>

namespace floe {

/// The permissions of every file floe creates, whatever the process umask.
inline constexpr unsigned kFileMode = 0644;
/// The permissions of every folder floe creates, whatever the process umask.
inline constexpr unsigned kFolderMode = 0755;

/// Creates a folder and its missing parents, each new one with kFolderMode; leaves
/// existing folders as they are. Throws IOError naming the folder when it cannot.
void CreateDirectories(const std::string& path);

/// Creates a folder with kFolderMode; returns false when it already existed. Throws
/// IOError when it cannot be created (a missing parent included).
bool CreateDirectory(const std::string& path);

}  // namespace floe
