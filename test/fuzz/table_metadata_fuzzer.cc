// Fuzz target: the bytes are a table metadata JSON file, parsed as loading a table does
// (TableMetadata::Parse), then looked up as planning and committing do: the current
// schema, default spec and sort order, snapshots by id, ref and time, each spec's
// partition type; and written back (a commit rewrites the metadata), which must parse again.
//
// Accepted outcomes: a parse, or FormatError / NotImplementedError (format version 3);
// InvalidInputError too from a spec's partition type (a source column the schema lacks)
// and from writing back (a name that is not UTF-8), which say what is wrong. Anything else
// is a finding: a sanitizer report, a crash, a hang, an allocation past libFuzzer's malloc
// limit, another exception, or written-back metadata that does not parse.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "common/exception.h"
#include "iceberg/table_metadata.h"

namespace {

using floe::iceberg::TableMetadata;

// Runs `read`, accepting the errors bad metadata may raise.
template <typename Fn>
void Attempt(Fn&& read) {
  try {
    read();
  } catch (const floe::FormatError&) {
  } catch (const floe::NotImplementedError&) {
  } catch (const floe::InvalidInputError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = "fuzz.metadata.json";
  std::optional<TableMetadata> metadata;
  try {
    metadata = TableMetadata::Parse(std::string(reinterpret_cast<const char*>(data), size), path);
  } catch (const floe::FormatError&) {
    return 0;
  } catch (const floe::NotImplementedError&) {
    return 0;
  }
  const TableMetadata& m = *metadata;
  Attempt([&] {
    const auto& schema = m.CurrentSchema();
    for (const auto& spec : m.partition_specs) spec.PartitionType(schema);
  });
  Attempt([&] { m.DefaultSpec(); });
  Attempt([&] {
    m.DefaultSortOrder();
    m.SnapshotAsOfTime(m.last_updated_ms);
    for (const auto& [name, ref] : m.refs) m.SnapshotByRef(name);
    if (const auto* current = m.CurrentSnapshot()) m.ReadSchema(current, false);
    for (const auto& snapshot : m.snapshots) {
      m.SnapshotById(snapshot.snapshot_id);
      m.ReadSchema(&snapshot, true);
    }
  });
  std::string written;
  try {
    written = m.ToJsonString();
  } catch (const floe::InvalidInputError&) {
    return 0;
  }
  try {
    TableMetadata::Parse(written, path);
  } catch (const floe::Exception& e) {
    std::fprintf(stderr, "metadata written back does not parse: %s\n", e.what());
    std::abort();
  }
  return 0;
}
