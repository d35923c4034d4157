#pragma once

#include <string>

namespace floe::iceberg {

/// Reads and writes whole local files for metadata (JSON, manifests, manifest lists);
/// failures throw IOError naming the path.
class LocalFile {
 public:
  /// Returns the file's bytes.
  static std::string Read(const std::string& path);
  /// Writes the bytes to a new file (via a temporary name, then a rename).
  static void Write(const std::string& path, const std::string& bytes);
};

}  // namespace floe::iceberg
