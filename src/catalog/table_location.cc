#include "catalog/table_location.h"

#include <cstdint>
#include <cstdio>

#include "common/exception.h"
#include "common/utf8.h"

namespace floe {

namespace {

// why: file systems allow 255 bytes a folder name; the rest leaves room for a hash. The
// hash follows a '~', which no escaped name holds, so a short name never looks hashed.
constexpr size_t kMaxSegmentBytes = 200;
constexpr size_t kKeptPrefixBytes = 160;

bool KeptAsIs(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.' || c == ' ' || c >= 0x80;
}

uint64_t Fnv1a64(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

void AppendEscaped(unsigned char c, std::string* out) {
  char escaped[4];
  std::snprintf(escaped, sizeof(escaped), "%%%02X", c);
  out->append(escaped);
}

}  // namespace

void ValidateCatalogName(std::string_view name, std::string_view kind) {
  std::string problem;
  if (name.empty()) {
    problem = "it is empty";
  } else if (name.find('\0') != std::string_view::npos) {
    problem = "it holds a NUL byte";
  } else if (!IsValidUtf8(name)) {
    problem = "it is not valid UTF-8";
  }
  if (problem.empty()) return;
  throw CatalogError("[INVALID_SCHEMA_OR_RELATION_NAME] " + QuoteForMessage(name) + " is not a valid " +
                     std::string(kind) + " name: " + problem);
}

std::string PathSegmentForName(std::string_view name) {
  std::string out;
  if (name == "." || name == "..") {
    for (size_t i = 0; i < name.size(); ++i) AppendEscaped('.', &out);
    return out;
  }
  for (unsigned char c : name) {
    if (KeptAsIs(c)) {
      out += static_cast<char>(c);
    } else {
      AppendEscaped(c, &out);
    }
  }
  if (out.size() <= kMaxSegmentBytes) return out;
  // Cut at a character boundary that splits neither a %XX escape nor a UTF-8 sequence.
  size_t cut = kKeptPrefixBytes;
  while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
  if (cut >= 1 && out[cut - 1] == '%') cut -= 1;
  if (cut >= 2 && out[cut - 2] == '%') cut -= 2;
  char hash[24];
  std::snprintf(hash, sizeof(hash), "~%016llx", static_cast<unsigned long long>(Fnv1a64(name)));
  return out.substr(0, cut) + hash;
}

bool IsHashedPathSegment(std::string_view segment) { return segment.find('~') != std::string_view::npos; }

std::string DefaultTableLocation(const std::string& warehouse, std::string_view ns, std::string_view table) {
  return warehouse + "/" + PathSegmentForName(ns) + "/" + PathSegmentForName(table);
}

}  // namespace floe
