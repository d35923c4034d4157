// COPY (query) | table TO 'file' [WITH] [(option value, ...)]: the query's rows into a
// new Parquet (or CSV) file, under a LogicalCopyToFile.
#include <cctype>
#include <charconv>

#include "common/ascii_case.h"
#include "common/exception.h"
#include "parquet/codec.h"
#include "planner/binder.h"
#include "planner/logical_copy_to_file.h"
#include "sql/parser.h"
#include "sql/qualified_name.h"

namespace floe {

namespace {

int64_t IntegerOption(const std::string& key, const std::string& value) {
  int64_t v = 0;
  std::string digits;
  for (char c : value) {
    if (c != '_') digits += c;
  }
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) {
    throw InvalidInputError("COPY option " + key + " must be an integer, got '" + value + "'");
  }
  return v;
}

// Reads a byte size: a number, optionally with a unit (KB, MB, GB; KiB, MiB, GiB).
int64_t ByteSizeOption(const std::string& key, const std::string& value) {
  std::string text = ToLower(value);
  size_t end = 0;
  while (end < text.size() &&
         (std::isdigit(static_cast<unsigned char>(text[end])) || text[end] == '_'))
    ++end;
  std::string unit = text.substr(end);
  while (!unit.empty() && unit.front() == ' ') unit.erase(0, 1);
  int64_t number = IntegerOption(key, text.substr(0, end));
  int64_t scale = 1;
  if (unit.empty() || unit == "b" || unit == "bytes")
    scale = 1;
  else if (unit == "kb")
    scale = 1000;
  else if (unit == "mb")
    scale = 1000 * 1000;
  else if (unit == "gb")
    scale = 1000 * 1000 * 1000;
  else if (unit == "kib")
    scale = int64_t{1} << 10;
  else if (unit == "mib")
    scale = int64_t{1} << 20;
  else if (unit == "gib")
    scale = int64_t{1} << 30;
  else
    throw InvalidInputError("COPY option " + key + " has an unknown unit: '" + value + "'");
  if (number <= 0)
    throw InvalidInputError("COPY option " + key + " must be positive, got '" + value + "'");
  return number * scale;
}

bool BoolOption(const std::string& key, const std::string& value) {
  std::string v = ToLower(value);
  if (v == "true" || v == "1" || v == "on") return true;
  if (v == "false" || v == "0" || v == "off") return false;
  throw InvalidInputError("COPY option " + key + " must be true or false, got '" + value + "'");
}

parquet::Codec CodecOption(const std::string& value) {
  parquet::Codec codec;
  if (!parquet::ParseCodecName(value, &codec)) {
    throw InvalidInputError("COPY: unknown compression '" + value +
                            "' (expected zstd, snappy, gzip, lz4, brotli or uncompressed)");
  }
  return codec;
}

CopyToFileOptions ParseOptions(const CopyStatement& statement, const std::string& default_codec) {
  CopyToFileOptions options;
  if (!default_codec.empty()) options.parquet.codec = CodecOption(default_codec);
  std::string path = ToLower(statement.path);
  bool csv_extension = path.size() >= 4 && path.compare(path.size() - 4, 4, ".csv") == 0;
  options.format =
      csv_extension ? CopyToFileOptions::Format::kCsv : CopyToFileOptions::Format::kParquet;
  for (const auto& [key, value] : statement.options) {
    if (key == "format") {
      std::string f = ToLower(value);
      if (f == "parquet")
        options.format = CopyToFileOptions::Format::kParquet;
      else if (f == "csv")
        options.format = CopyToFileOptions::Format::kCsv;
      else
        throw InvalidInputError("COPY: unsupported format '" + value +
                                "' (expected parquet or csv)");
    }
  }
  bool parquet = options.format == CopyToFileOptions::Format::kParquet;
  for (const auto& [key, value] : statement.options) {
    if (key == "format") continue;
    if (parquet && (key == "compression" || key == "codec")) {
      options.parquet.codec = CodecOption(value);
    } else if (parquet && key == "compression_level") {
      options.parquet.compression_level = static_cast<int>(IntegerOption(key, value));
    } else if (parquet && (key == "row_group_size" || key == "row_group_size_bytes")) {
      options.parquet.row_group_size = ByteSizeOption(key, value);
    } else if (parquet && key == "page_size") {
      options.parquet.page_size = ByteSizeOption(key, value);
    } else if (parquet && key == "dictionary") {
      options.parquet.enable_dictionary = BoolOption(key, value);
    } else if (!parquet && (key == "delimiter" || key == "delim" || key == "sep")) {
      if (value.size() != 1)
        throw InvalidInputError("COPY option " + key + " must be one character");
      options.csv_delimiter = value[0];
    } else if (!parquet && key == "header") {
      options.csv_header = BoolOption(key, value);
    } else {
      throw InvalidInputError("COPY: unknown option " + key + " for " +
                              (parquet ? "Parquet" : "CSV") + " files");
    }
  }
  return options;
}

}  // namespace

LogicalOperatorPtr Binder::BindCopy(const CopyStatement& statement) {
  if (!statement.to) {
    throw NotImplementedError("COPY ... FROM is not supported yet; use INSERT INTO " +
                              statement.table.ToString() + " SELECT * FROM read_parquet('" +
                              statement.path + "')");
  }
  auto copy = std::make_unique<LogicalCopyToFile>();
  copy->path = statement.path;
  copy->options = ParseOptions(statement, context_.SettingValue("write.parquet.compression-codec"));
  StatementPtr table_query;
  const QueryNode* query = statement.query.get();
  if (!query) {
    std::string columns;
    for (const auto& c : statement.columns) columns += (columns.empty() ? "" : ", ") + QuoteIdentifierIfNeeded(c);
    table_query = Parser::ParseStatement("SELECT " + (columns.empty() ? std::string("*") : columns) + " FROM " +
                                         statement.table.ToString());
    query = table_query->As<SelectStatement>().query.get();
  }
  BoundQuery bound = BindQuery(*query);
  std::vector<std::string> names = bound.names;
  while (names.size() < bound.plan->types.size()) names.push_back("col" + std::to_string(names.size() + 1));
  // why: Parquet readers find columns by name, so each name must be unique
  for (size_t i = 1; i < names.size(); ++i) {
    auto taken = [&](const std::string& n) {
      for (size_t j = 0; j < i; ++j) {
        if (EqualsIgnoreCase(names[j], n)) return true;
      }
      return false;
    };
    if (!taken(names[i])) continue;
    int suffix = 1;
    while (taken(names[i] + "_" + std::to_string(suffix))) ++suffix;
    names[i] += "_" + std::to_string(suffix);
  }
  copy->column_names = std::move(names);
  copy->names = {"count"};
  copy->types = {TypeId::kInt64};
  copy->children.push_back(std::move(bound.plan));
  return copy;
}

}  // namespace floe
