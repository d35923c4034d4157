#include "floe/result.h"

#include <algorithm>

#include "common/date_time.h"
#include "common/vector.h"

namespace floe {

Result::Result() = default;
Result::~Result() = default;
Result::Result(Result&&) noexcept = default;
Result& Result::operator=(Result&&) noexcept = default;

Result Result::Error(const std::string& kind, const std::string& message) {
  Result r;
  r.has_error_ = true;
  r.error_kind_ = kind;
  r.error_ = message;
  return r;
}

void Result::SetSchema(std::vector<std::string> names, std::vector<LogicalType> types) {
  names_ = std::move(names);
  types_ = std::move(types);
}

void Result::Append(std::unique_ptr<DataChunk> chunk) {
  if (chunk->size() == 0) return;
  chunk_offsets_.push_back(row_count_);
  row_count_ += chunk->size();
  chunks_.push_back(std::move(chunk));
}

void Result::SetTimeZone(const std::string& zone) { time_zone_ = zone; }

std::string Result::TypeName(size_t column) const { return types_[column].ToString(); }

const LogicalType& Result::type(size_t column) const { return types_[column]; }

Value Result::GetValue(size_t row, size_t column) const {
  auto it = std::upper_bound(chunk_offsets_.begin(), chunk_offsets_.end(), row);
  size_t index = static_cast<size_t>(it - chunk_offsets_.begin()) - 1;
  return chunks_[index]->column(column).GetValue(row - chunk_offsets_[index]);
}

std::string Result::GetString(size_t row, size_t column) const {
  Value v = GetValue(row, column);
  if (v.is_null()) return "NULL";
  // (timestamps, inside nested values and variants too, in the session zone)
  TimeZone zone;
  if (TimeZone::Load(time_zone_, &zone)) return v.ToString(zone);
  return v.ToString();
}

std::string Result::ToTable() const {
  if (has_error_) return error_;
  std::vector<size_t> widths;
  for (const auto& n : names_) widths.push_back(n.size());
  std::vector<std::vector<std::string>> cells;
  for (size_t r = 0; r < row_count_; ++r) {
    std::vector<std::string> row;
    for (size_t c = 0; c < names_.size(); ++c) {
      row.push_back(GetString(r, c));
      widths[c] = std::max(widths[c], row.back().size());
    }
    cells.push_back(std::move(row));
  }
  std::string sep = "+";
  for (size_t w : widths) sep += std::string(w + 2, '-') + "+";
  auto line = [&](const std::vector<std::string>& row) {
    std::string out = "|";
    for (size_t c = 0; c < row.size(); ++c) out += " " + row[c] + std::string(widths[c] - row[c].size(), ' ') + " |";
    return out;
  };
  std::string out = sep + "\n" + line(names_) + "\n" + sep + "\n";
  for (const auto& row : cells) out += line(row) + "\n";
  out += sep + "\n";
  return out;
}

}  // namespace floe
