#include "iceberg/location_remapper.h"

#include "common/exception.h"

namespace floe::iceberg {

void LocationRemapper::Add(std::string from_prefix, std::string to_prefix) {
  if (from_prefix.empty()) throw InvalidInputError("location remapping needs a non-empty prefix to replace");
  prefixes_.emplace_back(std::move(from_prefix), std::move(to_prefix));
}

LocationRemapper LocationRemapper::FromSetting(const std::string& setting) {
  LocationRemapper out;
  size_t pos = 0;
  while (pos < setting.size()) {
    size_t comma = setting.find(',', pos);
    std::string item = setting.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    pos = comma == std::string::npos ? setting.size() : comma + 1;
    if (item.empty()) continue;
    // The separator is the first '=': targets may hold '=' (partition-style folders).
    size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw InvalidInputError("location remapping \"" + item + "\" must look like from_prefix=to_prefix");
    }
    out.Add(item.substr(0, eq), item.substr(eq + 1));
  }
  return out;
}

std::string LocationRemapper::Unmap(const std::string& path) const {
  for (const auto& [from, to] : prefixes_) {
    if (path.rfind(to, 0) == 0) return from + path.substr(to.size());
  }
  return path;
}

std::string LocationRemapper::Remap(const std::string& location) const {
  const std::pair<std::string, std::string>* best = nullptr;
  for (const auto& p : prefixes_) {
    if (location.compare(0, p.first.size(), p.first) == 0 && (!best || p.first.size() > best->first.size())) {
      best = &p;
    }
  }
  if (!best) return location;
  std::string rest = location.substr(best->first.size());
  std::string to = best->second;
  // Join without doubling or dropping the separator ("dir" + "/x", "dir/" + "x").
  if (!to.empty() && !rest.empty()) {
    bool to_slash = to.back() == '/';
    bool rest_slash = rest.front() == '/';
    if (to_slash && rest_slash) rest.erase(0, 1);
    if (!to_slash && !rest_slash && best->first.back() == '/') to += '/';
  }
  return to + rest;
}

}  // namespace floe::iceberg
