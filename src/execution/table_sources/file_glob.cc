#include "execution/table_sources/file_glob.h"

#include <fnmatch.h>

#include <algorithm>
#include <filesystem>

#include "common/exception.h"

namespace floe {

namespace fs = std::filesystem;

namespace {

bool IsWildcard(const std::string& component) {
  return component.find_first_of("*?[") != std::string::npos;
}

// Hidden and bookkeeping entries (.crc files, _SUCCESS, _temporary) are not data.
bool IsHidden(const std::string& name) {
  return !name.empty() && (name[0] == '.' || name[0] == '_');
}

std::vector<std::string> Split(const std::string& path) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string::npos) slash = path.size();
    parts.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return parts;
}

std::string Join(const std::string& dir, const std::string& name) {
  if (dir.empty()) return name;
  if (dir.back() == '/') return dir + name;
  return dir + "/" + name;
}

void ListRecursive(const std::string& dir, std::vector<std::string>* out) {
  std::error_code ec;
  fs::recursive_directory_iterator it(dir.empty() ? "." : dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (IsHidden(name)) {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(ec)) {
      std::string path = it->path().string();
      if (dir.empty() && path.rfind("./", 0) == 0) path = path.substr(2);
      out->push_back(path);
    }
  }
}

// Adds the files below `dir` that match components[i..].
void Walk(const std::string& dir, const std::vector<std::string>& components, size_t i,
          std::vector<std::string>* out) {
  const std::string& component = components[i];
  bool last = i + 1 == components.size();
  std::error_code ec;
  if (component == "**") {
    if (last) {
      ListRecursive(dir, out);
      return;
    }
    Walk(dir, components, i + 1, out);
    for (fs::directory_iterator it(dir.empty() ? "." : dir, ec), end; !ec && it != end;
         it.increment(ec)) {
      std::string name = it->path().filename().string();
      if (!IsHidden(name) && it->is_directory(ec)) Walk(Join(dir, name), components, i, out);
    }
    return;
  }
  if (!IsWildcard(component)) {
    std::string path = Join(dir, component);
    if (last) {
      if (fs::is_regular_file(path, ec)) out->push_back(path);
    } else if (fs::is_directory(path, ec)) {
      Walk(path, components, i + 1, out);
    }
    return;
  }
  for (fs::directory_iterator it(dir.empty() ? "." : dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (fnmatch(component.c_str(), name.c_str(), FNM_PERIOD) != 0) continue;
    if (last) {
      if (it->is_regular_file(ec)) out->push_back(Join(dir, name));
    } else if (it->is_directory(ec)) {
      Walk(Join(dir, name), components, i + 1, out);
    }
  }
}

}  // namespace

bool FileGlob::HasWildcard(const std::string& pattern) { return IsWildcard(pattern); }

std::string FileGlob::FixedPrefix(const std::string& pattern) {
  if (!HasWildcard(pattern)) {
    std::error_code ec;
    if (fs::is_directory(pattern, ec)) return pattern;
    size_t slash = pattern.rfind('/');
    return slash == std::string::npos ? "" : pattern.substr(0, slash == 0 ? 1 : slash);
  }
  std::vector<std::string> parts = Split(pattern);
  std::string prefix;
  for (size_t i = 0; i + 1 < parts.size() && !IsWildcard(parts[i]); ++i) {
    prefix = i == 0 ? (parts[0].empty() ? "/" : parts[0]) : Join(prefix, parts[i]);
  }
  return prefix;
}

std::vector<std::string> FileGlob::Expand(const std::string& pattern) {
  if (pattern.empty()) throw IOError("read_parquet: the file path is empty");
  std::vector<std::string> files;
  std::error_code ec;
  if (!HasWildcard(pattern)) {
    if (fs::is_directory(pattern, ec)) {
      ListRecursive(pattern, &files);
      if (files.empty()) throw IOError("no files found in directory \"" + pattern + "\"");
    } else if (fs::exists(pattern, ec)) {
      files.push_back(pattern);
    } else {
      throw IOError("file \"" + pattern + "\" does not exist");
    }
  } else {
    std::vector<std::string> parts = Split(pattern);
    std::string dir;
    size_t i = 0;
    // why: components before the first wildcard are opened directly, not listed
    for (; i + 1 < parts.size() && !IsWildcard(parts[i]); ++i) {
      dir = i == 0 ? (parts[0].empty() ? "/" : parts[0]) : Join(dir, parts[i]);
    }
    Walk(dir, parts, i, &files);
    if (files.empty()) throw IOError("no files match the pattern \"" + pattern + "\"");
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

}  // namespace floe
