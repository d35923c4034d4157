#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace floe {

class Value;
class LogicalType;
class DataChunk;

/// The outcome of one statement: column names and types and the rows, or an error.
class Result {
 public:
  Result();
  ~Result();
  Result(Result&&) noexcept;
  Result& operator=(Result&&) noexcept;

  /// Returns true when the statement failed; error() then says why.
  bool HasError() const { return has_error_; }
  /// Returns the error message, prefixed with its kind ("Binder Error: ...").
  const std::string& error() const { return error_; }
  /// Returns the kind of error ("Parser Error", "Binder Error", ...), empty on success.
  const std::string& error_kind() const { return error_kind_; }

  size_t ColumnCount() const { return names_.size(); }
  const std::vector<std::string>& names() const { return names_; }
  /// Returns the SQL type name of column i ("int", "decimal(4,2)", ...).
  std::string TypeName(size_t column) const;
  /// Returns the type of column i.
  const LogicalType& type(size_t column) const;
  size_t RowCount() const { return row_count_; }

  /// Returns the value at (row, column).
  Value GetValue(size_t row, size_t column) const;
  /// Returns the value as text the way the shell shows it (NULL as "NULL").
  std::string GetString(size_t row, size_t column) const;
  /// Returns the batches holding the rows.
  const std::vector<std::unique_ptr<DataChunk>>& chunks() const { return chunks_; }

  /// Prints the result as an aligned table (the shell's default mode).
  std::string ToTable() const;
  /// Returns what the statement read: each scan's pruning metrics (for the shell's .stats).
  const std::string& StatsText() const { return stats_; }
  void SetStats(std::string stats) { stats_ = std::move(stats); }
  /// Returns the warnings the statement gave (a setting floe does not use, a hint it cannot
  /// follow), one line each; the shell prints them before the result.
  const std::vector<std::string>& warnings() const { return warnings_; }
  void SetWarnings(std::vector<std::string> warnings) { warnings_ = std::move(warnings); }

  // For the engine: building a result.
  static Result Error(const std::string& kind, const std::string& message);
  void SetSchema(std::vector<std::string> names, std::vector<LogicalType> types);
  void Append(std::unique_ptr<DataChunk> chunk);
  /// Sets the time zone name used to show timestamps.
  void SetTimeZone(const std::string& zone);

 private:
  bool has_error_ = false;
  std::string error_;
  std::string error_kind_;
  std::vector<std::string> names_;
  std::vector<LogicalType> types_;
  std::vector<std::unique_ptr<DataChunk>> chunks_;
  std::vector<size_t> chunk_offsets_;
  size_t row_count_ = 0;
  std::string time_zone_ = "UTC";
  std::string stats_;
  std::vector<std::string> warnings_;
};

}  // namespace floe
