#include "io/file_io.h"

#include "common/exception.h"

namespace floe {

void InputFile::ReadRanges(const std::vector<ByteRange>& ranges, const std::vector<void*>& out) const {
  for (size_t i = 0; i < ranges.size(); ++i) ReadAt(ranges[i].offset, ranges[i].length, out[i]);
}

std::string InputFile::ReadAll() const {
  if (size() > kMaxMetadataFileBytes) {
    throw IOError("cannot read file \"" + path() + "\" whole: it is " + std::to_string(size()) +
                  " bytes, more than the " + std::to_string(kMaxMetadataFileBytes >> 30) +
                  " GiB a metadata file may be");
  }
  std::string bytes(size(), '\0');
  if (!bytes.empty()) ReadAt(0, bytes.size(), bytes.data());
  return bytes;
}

void DeleteQuietly(FileIO& io, const std::vector<std::string>& paths) {
  if (paths.empty()) return;
  try {
    io.Delete(paths);
  } catch (const std::exception&) {
    // why: cleanup after a failure; the failure is the error to report
  }
}

}  // namespace floe
