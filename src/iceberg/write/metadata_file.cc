#include "iceberg/write/metadata_file.h"

#include <algorithm>
#include <cstdio>

#include "common/exception.h"
#include "iceberg/uuid.h"

namespace floe::iceberg {

namespace {

// Parses the decimal digits of text[begin, end); nothing when empty or not all digits.
std::optional<int64_t> ParseDigits(const std::string& text, size_t begin, size_t end) {
  if (begin >= end || end - begin > 18) return std::nullopt;
  int64_t value = 0;
  for (size_t i = begin; i < end; ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

}  // namespace

std::optional<int64_t> MetadataFileVersion(const std::string& path) {
  size_t slash = path.find_last_of('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name.size() > 1 && name[0] == 'v') {
    // Hadoop tables: v<N>.metadata.json, v<N>.gz.metadata.json
    return ParseDigits(name, 1, name.find('.'));
  }
  size_t dash = name.find('-');
  if (dash == std::string::npos) return std::nullopt;
  return ParseDigits(name, 0, dash);
}

std::string NextMetadataPath(const std::string& table_location, const TableMetadata* base,
                             const std::string& base_file) {
  int64_t highest = -1;
  if (!base_file.empty()) highest = MetadataFileVersion(base_file).value_or(0);
  if (base) {
    // why: a registered table's file may carry no number; its log still names the
    // versions committed before it, and a new file must not take one of them
    for (const auto& entry : base->metadata_log) {
      highest = std::max(highest, MetadataFileVersion(entry.metadata_file).value_or(-1));
    }
  }
  char prefix[32];
  std::snprintf(prefix, sizeof(prefix), "%05lld-", static_cast<long long>(highest + 1));
  return table_location + "/metadata/" + prefix + Uuid::Random() + ".metadata.json";
}

void WriteMetadataFile(FileIO& io, const std::string& json, const std::string& path) {
  if (!io.CreateIfAbsent(path, json)) {
    throw IOError("cannot write metadata file " + path + ": it already exists");
  }
}

}  // namespace floe::iceberg
