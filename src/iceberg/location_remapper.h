#pragma once

#include <string>
#include <utility>
#include <vector>

namespace floe::iceberg {

/// Rewrites locations read from metadata (manifest lists, manifests, data and delete
/// files) by prefix, so a table copied from another machine reads from a local folder:
/// with "s3a://warehouse/" -> "/data/wh/", "s3a://warehouse/t/a.avro" reads
/// "/data/wh/t/a.avro". The longest matching prefix wins.
class LocationRemapper {
 public:
  LocationRemapper() = default;

  /// Adds a prefix mapping.
  void Add(std::string from_prefix, std::string to_prefix);
  /// Parses a setting "from=to[,from=to...]"; throws InvalidInputError when malformed.
  static LocationRemapper FromSetting(const std::string& setting);

  /// Returns the location with its longest matching prefix replaced, or unchanged.
  std::string Remap(const std::string& location) const;
  /// Returns the location a path written through the mapping is recorded under in
  /// metadata: the first mapping whose target prefixes it, undone; or the path unchanged.
  std::string Unmap(const std::string& path) const;
  /// Returns true when no mapping is set.
  bool empty() const { return prefixes_.empty(); }
  const std::vector<std::pair<std::string, std::string>>& prefixes() const { return prefixes_; }

 private:
  std::vector<std::pair<std::string, std::string>> prefixes_;
};

}  // namespace floe::iceberg
