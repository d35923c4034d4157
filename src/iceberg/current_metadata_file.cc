#include "iceberg/current_metadata_file.h"

#include <nlohmann/json.hpp>

#include "common/exception.h"

namespace floe::iceberg {

namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Returns the hint's version, or -1 when there is no usable hint.
int64_t HintedVersion(FileIO& io, const std::string& metadata_folder) {
  for (const char* name : {"/version-hint.text", "/version-hint.txt"}) {
    std::string text;
    try {
      if (!io.Exists(metadata_folder + name)) continue;
      text = io.ReadAll(metadata_folder + name);
    } catch (const std::exception&) {
      continue;
    }
    size_t start = text.find_first_not_of(" \t\r\n");
    size_t end = text.find_last_not_of(" \t\r\n");
    if (start == std::string::npos) continue;  // empty: the newest file decides
    std::string digits = text.substr(start, end - start + 1);
    if (digits.empty() || digits.size() > 18 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    return std::stoll(digits);
  }
  return -1;
}

}  // namespace

std::string FindCurrentMetadataFile(FileIO& io, const LocationRemapper& remapper, const std::string& location) {
  std::string table = location;
  while (table.size() > 1 && table.back() == '/') table.pop_back();
  const std::string folder = table + "/metadata";
  const std::string local_folder = remapper.Remap(folder);
  if (int64_t version = HintedVersion(io, local_folder); version >= 0) {
    for (const std::string& name : {"v" + std::to_string(version) + ".metadata.json",
                                    "v" + std::to_string(version) + ".gz.metadata.json"}) {
      if (io.Exists(local_folder + "/" + name)) return folder + "/" + name;
    }
  }
  std::string best;
  int64_t best_updated = -1;
  for (const auto& file : io.List(local_folder)) {
    std::string name = file.path.substr(file.path.find_last_of('/') + 1);
    if (!EndsWith(name, ".metadata.json") || name.find('/') != std::string::npos) continue;
    int64_t updated = -1;
    try {
      nlohmann::json json = nlohmann::json::parse(io.ReadAll(file.path), nullptr, false);
      if (json.is_object() && json.contains("last-updated-ms") && json["last-updated-ms"].is_number_integer()) {
        updated = json["last-updated-ms"].get<int64_t>();
      }
    } catch (const std::exception&) {
      continue;  // a file that cannot be read is not the current one
    }
    if (updated < 0) continue;
    if (updated > best_updated || (updated == best_updated && name > best)) {
      best_updated = updated;
      best = name;
    }
  }
  if (best.empty()) throw IOError("no table metadata file under " + folder);
  return folder + "/" + best;
}

}  // namespace floe::iceberg
