#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/value.h"
#include "iceberg/procedures/procedure.h"
#include "iceberg/write/transaction.h"

namespace floe::iceberg {

/// Returns the folder or file of "parquet.`/path`" (Spark's file-source identifier, as
/// add_files and snapshot take it) or the location of the catalog's parquet table
/// `source_table` names, as written (then sets `*is_table`); refuses other formats and
/// Iceberg tables.
std::string ParquetSourcePath(ProcedureEngine& engine, const std::string& source_table, bool* is_table);

/// The files of a Parquet source: a file, or a folder's files (hidden ones and those
/// starting with _ skipped, as Spark's listing does), each with its key=value folders.
struct ParquetSource {
  std::string root;  // the storage path
  std::vector<std::string> files;
  std::vector<std::vector<std::pair<std::string, std::string>>> partitions;
  /// The partition keys, lower case, the same for every file.
  std::vector<std::string> keys;
};

/// Lists `root` (a storage path); throws InvalidInputError when nothing is there or the
/// files are not all in one partition layout. A parquet table's folder (`table_folder`)
/// is listed as the table reads it: without the metadata/ and data/ folders of an Iceberg
/// table migrated there, or of a killed migration's leftovers.
ParquetSource ListParquetSource(ProcedureEngine& engine, const std::string& root, bool table_folder);

/// The CREATE TABLE statement of an Iceberg table over `source` (snapshot, migrate): the
/// first file's columns, then the key=value folder columns with the types Spark's partition
/// discovery infers, identity-partitioned by them, with `properties` and `location`, if any.
/// Throws naming `procedure` when a column cannot be read.
std::string CreateTableSqlFor(ProcedureEngine& engine, const ParquetSource& source, const std::string& procedure,
                              const std::string& table_name, const std::optional<std::string>& location,
                              const std::map<std::string, std::string>& properties);

struct ImportResult {
  int64_t added_files = 0;
  Value changed_partitions;  // NULL when the snapshot does not say
};

/// Adds the files of `source` (those `filter`'s partition values select) to the table as
/// they are (see import_files.cc); with `check_duplicates`, files the table already has are
/// an error. Nothing commits when a file does not fit.
ImportResult ImportParquetFiles(ProcedureEngine& engine, const std::string& table_name, const ParquetSource& source,
                                const std::map<std::string, std::string>& filter, bool check_duplicates);

/// Adds to `txn`, a transaction of the table `m` describes, the append of the files of
/// `source` and, when the table has none, the name mapping they are read by: what
/// ImportParquetFiles commits, for a transaction that also creates the table (snapshot).
/// Returns false when no file was chosen (no snapshot added).
bool AddImportToTransaction(ProcedureEngine& engine, const TableMetadata& m, const std::string& table_name,
                            const ParquetSource& source, const std::map<std::string, std::string>& filter,
                            bool check_duplicates, Transaction* txn);

/// Returns what an import committed (`appended`: it added a snapshot): the files it added
/// and the partitions it changed, from the snapshot's summary.
ImportResult ImportResultOf(const TableState& committed, bool appended);

}  // namespace floe::iceberg
