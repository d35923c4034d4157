// The bounds of a file's columns from its footer, and Iceberg's truncation of string and
// binary bounds (the writer's too).
#include "parquet/footer_metrics.h"

#include <string>

namespace floe {

// Returns the byte length of the first `n` UTF-8 characters of s (all of s if shorter).
size_t Utf8Prefix(const std::string& s, int n) {
  size_t i = 0;
  for (int c = 0; c < n && i < s.size(); ++c) {
    ++i;
    while (i < s.size() && (static_cast<uint8_t>(s[i]) & 0xc0) == 0x80) ++i;
  }
  return i;
}

// Iceberg's truncated upper bound: the prefix with its last character incremented, so it
// still bounds every value; nothing when no character can be incremented.
std::optional<Value> TruncateUpper(const Value& v, int n) {
  std::string s = v.str();
  if (v.type().id() == TypeId::kBinary) {
    if (s.size() <= static_cast<size_t>(n)) return v;
    s.resize(static_cast<size_t>(n));
    while (!s.empty()) {
      auto last = static_cast<uint8_t>(s.back());
      if (last != 0xff) {
        s.back() = static_cast<char>(last + 1);
        return Value::Binary(s);
      }
      s.pop_back();
    }
    return std::nullopt;
  }
  size_t len = Utf8Prefix(s, n);
  if (len == s.size()) return v;
  s.resize(len);
  // decode code points, increment the last one that can be, re-encode
  std::u32string cps;
  for (size_t i = 0; i < s.size();) {
    auto b = static_cast<uint8_t>(s[i]);
    int extra = b < 0x80 ? 0 : b < 0xe0 ? 1 : b < 0xf0 ? 2 : 3;
    char32_t cp = extra == 0 ? b : (b & (0x3f >> extra));
    for (int k = 1; k <= extra && i + k < s.size(); ++k) cp = (cp << 6) | (s[i + k] & 0x3f);
    cps.push_back(cp);
    i += 1 + extra;
  }
  while (!cps.empty()) {
    char32_t next = cps.back() + 1;
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
    if (next <= 0x10ffff) {
      cps.back() = next;
      std::string out;
      for (char32_t cp : cps) {
        if (cp < 0x80) {
          out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
          out.push_back(static_cast<char>(0xc0 | (cp >> 6)));
          out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
        } else if (cp < 0x10000) {
          out.push_back(static_cast<char>(0xe0 | (cp >> 12)));
          out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
          out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
        } else {
          out.push_back(static_cast<char>(0xf0 | (cp >> 18)));
          out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3f)));
          out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
          out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
        }
      }
      return Value::String(out);
    }
    cps.pop_back();
  }
  return std::nullopt;
}


Value TruncateLower(const Value& v, int n) {
  std::string s = v.str();
  size_t len = v.type().id() == TypeId::kString ? Utf8Prefix(s, n) : std::min(s.size(), static_cast<size_t>(n));
  if (len == s.size()) return v;
  s.resize(len);
  return v.type().id() == TypeId::kString ? Value::String(s) : Value::Binary(s);
}

ParquetFileMetrics FooterMetrics(const ParquetReader& reader, int truncate_bounds) {
  ParquetFileMetrics metrics;
  metrics.record_count = reader.num_rows();
  metrics.file_size = static_cast<int64_t>(reader.file_size());
  const auto& row_groups = reader.metadata().row_groups;
  for (const auto& rg : row_groups) {
    if (rg.file_offset) metrics.split_offsets.push_back(*rg.file_offset);
  }
  const auto& columns = reader.columns();
  for (size_t c = 0; c < columns.size(); ++c) {
    const ParquetColumn& column = columns[c];
    ParquetFieldMetrics m;
    m.field_id = column.field_id;
    bool flat = !column.nested && column.unsupported.empty();
    bool nulls_known = flat, bounds_known = flat;
    for (int g = 0; g < static_cast<int>(row_groups.size()); ++g) {
      const auto& chunk = row_groups[g].columns.at(column.leaf_index).meta_data;
      m.column_size += chunk.total_compressed_size;
      m.value_count += chunk.num_values;
      if (!flat) continue;
      ColumnStatistics stats = reader.RowGroupStatistics(g, static_cast<int>(c));
      if (stats.null_count) {
        m.null_count += *stats.null_count;
      } else {
        nulls_known = false;
      }
      // a row group of NULLs only has no bounds and needs none
      bool all_null = stats.null_count && *stats.null_count == chunk.num_values;
      if (all_null) continue;
      if (!stats.min || !stats.max) {
        bounds_known = false;
        continue;
      }
      if (!m.lower_bound || stats.min->Compare(*m.lower_bound) < 0) m.lower_bound = stats.min;
      if (!m.upper_bound || stats.max->Compare(*m.upper_bound) > 0) m.upper_bound = stats.max;
    }
    if (!nulls_known) m.null_count = -1;
    if (!bounds_known || (column.type.IsFloating())) {
      // why: a float column's NaNs are not in its statistics; Iceberg keeps no bounds it
      // cannot vouch for
      m.lower_bound.reset();
      m.upper_bound.reset();
    }
    if (truncate_bounds > 0 && m.lower_bound && m.lower_bound->type().IsStringLike()) {
      m.lower_bound = TruncateLower(*m.lower_bound, truncate_bounds);
      m.upper_bound = TruncateUpper(*m.upper_bound, truncate_bounds);
    }
    metrics.fields.push_back(std::move(m));
  }
  return metrics;
}

}  // namespace floe
