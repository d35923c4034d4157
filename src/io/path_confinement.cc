#include "io/path_confinement.h"

#include <filesystem>

#include "common/exception.h"

namespace floe {

namespace {

namespace fs = std::filesystem;

fs::path Normal(const std::string& path) {
  fs::path p = fs::path(path).lexically_normal();
  // why: "/w/" and "/w" are the same folder; a trailing separator leaves an empty part.
  if (!p.empty() && p.filename().empty()) p = p.parent_path();
  return p;
}

bool Within(const fs::path& root, const fs::path& path) {
  auto r = root.begin(), p = path.begin();
  for (; r != root.end(); ++r, ++p) {
    if (p == path.end() || *r != *p) return false;
  }
  return true;
}

}  // namespace

bool IsLexicallyWithin(const std::string& root, const std::string& path) {
  fs::path r = Normal(fs::absolute(root).string());
  fs::path p = Normal(fs::absolute(path).string());
  return Within(r, p);
}

bool EscapesThroughLink(const std::string& root, const std::string& path) {
  if (!IsLexicallyWithin(root, path)) return false;
  std::error_code ec;
  fs::path real_root = fs::weakly_canonical(fs::absolute(root), ec);
  if (ec) return false;
  // weakly_canonical resolves the links of the longest existing prefix and keeps the rest.
  fs::path real_path = fs::weakly_canonical(fs::absolute(path), ec);
  if (ec) return true;
  return !Within(Normal(real_root.string()), Normal(real_path.string()));
}

void CheckConfined(const std::string& root, const std::string& path, const std::string& action) {
  if (EscapesThroughLink(root, path)) {
    throw IOError("cannot " + action + " \"" + path + "\": a symbolic link under the warehouse \"" + root +
                  "\" leads outside it");
  }
}

}  // namespace floe
