#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace floe::iceberg::testing {

/// Returns the shared Iceberg fixtures folder (<repo>/../shared/fixtures/iceberg, or
/// $FLOE_ICEBERG_FIXTURES when set: a worktree elsewhere can point at them).
inline std::filesystem::path FixturesDir() {
  if (const char* dir = std::getenv("FLOE_ICEBERG_FIXTURES"); dir && *dir) return dir;
  return std::filesystem::path(FLOE_SOURCE_DIR) / ".." / "shared" / "fixtures" / "iceberg";
}

/// Returns the fixture tables (folders holding metadata/), sorted; empty when absent.
inline std::vector<std::filesystem::path> FixtureTables() {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  if (!std::filesystem::is_directory(FixturesDir(), ec)) return out;
  for (const auto& e : std::filesystem::directory_iterator(FixturesDir())) {
    if (std::filesystem::is_directory(e.path() / "metadata")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// Returns the fixture tables of the first set (FIXTURES.md: Spark, Trino and Iceberg Java
/// writing format v2 flat tables), which the checks that sweep every table were written
/// for: their manifests carry Iceberg's key-value metadata, their schemas are flat. The
/// second set (FIXTURES.md "Second set": format v3, nested types, migrated Hive tables,
/// partition values only in metadata) is read by the tests of the capabilities it needs;
/// every table of both sets must at least parse or fail with a clean error.
inline std::vector<std::filesystem::path> FirstSetFixtureTables() {
  std::vector<std::filesystem::path> out;
  for (const auto& table : FixtureTables()) {
    std::string name = table.filename().string();
    if (name.rfind("cxx_", 0) == 0 || name.rfind("icebird_", 0) == 0 || name == "duckdb_equality_deletes_mytable") {
      out.push_back(table);
    }
  }
  return out;
}

/// Returns the table's metadata files, sorted by name.
inline std::vector<std::filesystem::path> MetadataFiles(const std::filesystem::path& table) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(table / "metadata")) {
    if (e.path().string().ends_with(".metadata.json")) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// Returns the newest metadata file: the highest version (v7.metadata.json / 00005-...).
inline std::filesystem::path LatestMetadataFile(const std::filesystem::path& table) {
  auto files = MetadataFiles(table);
  auto version = [](const std::filesystem::path& p) {
    std::string name = p.filename().string();
    size_t start = name[0] == 'v' ? 1 : 0;
    return std::stol(name.substr(start, name.find_first_of(".-", start) - start));
  };
  std::sort(files.begin(), files.end(), [&](const auto& a, const auto& b) { return version(a) < version(b); });
  return files.back();
}

/// Reads a whole file.
inline std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace floe::iceberg::testing
