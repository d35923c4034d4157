#include "execution/table_sources/file_glob.h"

#include <fnmatch.h>

#include <algorithm>

#include "common/exception.h"

namespace floe {

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

// Returns the path of a listed file below `folder` as components ("" folder: the working
// directory, listed as "./...").
std::vector<std::string> RelativeParts(const std::string& folder, const std::string& path) {
  std::string rest = path;
  std::string base = folder.empty() ? "." : folder;
  if (rest.rfind(base, 0) == 0) rest = rest.substr(base.size());
  while (!rest.empty() && rest.front() == '/') rest.erase(0, 1);
  return Split(rest);
}

// Returns true when the file components `file[j..]` match the pattern components
// `pattern[i..]`: `**` any number of (visible) folders, wildcards one component each
// (not a leading '.'), other components themselves.
bool Matches(const std::vector<std::string>& pattern, size_t i, const std::vector<std::string>& file, size_t j) {
  if (i == pattern.size()) return j == file.size();
  const std::string& p = pattern[i];
  if (p == "**") {
    if (i + 1 == pattern.size()) {
      if (j == file.size()) return false;
      for (size_t k = j; k < file.size(); ++k) {
        if (IsHidden(file[k])) return false;
      }
      return true;
    }
    if (Matches(pattern, i + 1, file, j)) return true;
    return j + 1 < file.size() && !IsHidden(file[j]) && Matches(pattern, i, file, j + 1);
  }
  if (j == file.size()) return false;
  bool ok = IsWildcard(p) ? fnmatch(p.c_str(), file[j].c_str(), FNM_PERIOD) == 0 : p == file[j];
  return ok && Matches(pattern, i + 1, file, j + 1);
}

// Returns a file's path as the pattern spells its folder: `folder` and the components.
std::string PathUnder(const std::string& folder, const std::vector<std::string>& rel) {
  std::string joined;
  for (const auto& r : rel) joined = Join(joined, r);
  return Join(folder, joined);
}

// The visible files below a folder.
std::vector<std::string> VisibleFiles(FileIO& io, const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& f : io.List(folder.empty() ? "." : folder)) {
    std::vector<std::string> rel = RelativeParts(folder, f.path);
    if (std::none_of(rel.begin(), rel.end(), IsHidden)) out.push_back(PathUnder(folder, rel));
  }
  return out;
}

}  // namespace

bool FileGlob::HasWildcard(const std::string& pattern) { return IsWildcard(pattern); }

std::string FileGlob::FixedPrefix(FileIO& io, const std::string& pattern) {
  if (!HasWildcard(pattern)) {
    if (!io.Exists(pattern) && !io.List(pattern).empty()) return pattern;  // a folder
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

std::vector<std::string> FileGlob::Expand(FileIO& io, const std::string& pattern) {
  if (pattern.empty()) throw IOError("read_parquet: the file path is empty");
  std::vector<std::string> files;
  if (!HasWildcard(pattern)) {
    if (io.Exists(pattern)) {
      files.push_back(pattern);
    } else {
      files = VisibleFiles(io, pattern);
      if (files.empty()) {
        if (io.List(pattern).empty()) throw IOError("file \"" + pattern + "\" does not exist");
        throw IOError("no files found in directory \"" + pattern + "\"");
      }
    }
  } else {
    std::vector<std::string> parts = Split(pattern);
    std::string dir;
    size_t i = 0;
    // why: components before the first wildcard are the prefix listed, not matched
    for (; i + 1 < parts.size() && !IsWildcard(parts[i]); ++i) {
      dir = i == 0 ? (parts[0].empty() ? "/" : parts[0]) : Join(dir, parts[i]);
    }
    for (const auto& f : io.List(dir.empty() ? "." : dir)) {
      std::vector<std::string> rel = RelativeParts(dir, f.path);
      if (Matches(parts, i, rel, 0)) files.push_back(PathUnder(dir, rel));
    }
    if (files.empty()) throw IOError("no files match the pattern \"" + pattern + "\"");
  }
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

}  // namespace floe
