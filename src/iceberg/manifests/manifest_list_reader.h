#pragma once

#include <string>
#include <vector>

#include "iceberg/manifests/manifest_file.h"
#include "io/file_io.h"

namespace floe::iceberg {

/// Reads a manifest list (v1 or v2) into ManifestFile entries, fields resolved by id;
/// v1 lists get sequence numbers 0 and data content. Corrupt files throw FormatError.
class ManifestListReader {
 public:
  /// Parses the bytes of a manifest list; `path` names it in errors.
  static std::vector<ManifestFile> Read(const std::string& bytes, const std::string& path);
  /// Reads a manifest list through `io`.
  static std::vector<ManifestFile> Open(FileIO& io, const std::string& local_path);
};

}  // namespace floe::iceberg
