#include "execution/table_sources/temp_catalog.h"

#include "common/ascii_case.h"
#include "common/exception.h"

namespace floe {

namespace {

template <typename Map>
typename Map::mapped_type FindIn(const Map& map, const std::string& name) {
  auto it = map.find(ToLower(name));
  return it == map.end() ? nullptr : it->second;
}

}  // namespace

std::shared_ptr<MemoryTable> NewTempTable(const std::string& name, const std::vector<ColumnDefinition>& columns,
                                          const std::vector<QueryColumn>& query_columns) {
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::vector<bool> not_null;
  for (const auto& c : query_columns) {
    names.push_back(c.name);
    types.push_back(c.type.id() == TypeId::kNull ? LogicalType(TypeId::kString) : c.type);
    not_null.push_back(false);
  }
  for (const auto& column : columns) {
    for (const auto& n : names) {
      if (ToLower(n) == ToLower(column.name)) {
        throw InvalidInputError("column " + column.name + " is declared twice in " + name);
      }
    }
    LogicalType type;
    if (!column.type.ToScalarType(&type)) throw NotImplementedError("unsupported data type " + column.type.ToString());
    names.push_back(column.name);
    types.push_back(type);
    not_null.push_back(column.not_null);
  }
  return std::make_shared<MemoryTable>(name, std::move(names), std::move(types), std::move(not_null));
}

std::shared_ptr<ViewDefinition> TempCatalog::FindView(const std::string& name) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return FindIn(views_, name);
}

std::shared_ptr<MemoryTable> TempCatalog::FindTable(const std::string& name) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return FindIn(tables_, name);
}

bool TempCatalog::CreateView(std::shared_ptr<ViewDefinition> view, bool or_replace, bool if_not_exists) {
  std::string key = ToLower(view->name);
  std::lock_guard<std::mutex> lock(mutex_);
  bool is_table = tables_.count(key) > 0;
  if (views_.count(key) || is_table) {
    if (if_not_exists) return false;
    if (!or_replace || is_table) {
      throw CatalogError("[TEMP_TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create the temporary view `" + view->name +
                         "` because it already exists");
    }
  }
  views_[key] = std::move(view);
  return true;
}

bool TempCatalog::CreateTable(const std::string& name, std::shared_ptr<MemoryTable> table, bool or_replace,
                              bool if_not_exists) {
  std::string key = ToLower(name);
  std::lock_guard<std::mutex> lock(mutex_);
  if (tables_.count(key) || views_.count(key)) {
    if (if_not_exists) return false;
    if (!or_replace) {
      throw CatalogError("[TABLE_OR_VIEW_ALREADY_EXISTS] Cannot create table `" + name +
                         "` because it already exists");
    }
    views_.erase(key);
  }
  tables_[key] = std::move(table);
  return true;
}

bool TempCatalog::DropView(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  return views_.erase(ToLower(name)) > 0;
}

bool TempCatalog::DropTableOrView(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex_);
  return tables_.erase(ToLower(name)) > 0 || views_.erase(ToLower(name)) > 0;
}

std::vector<std::string> TempCatalog::TableNames() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> names;
  for (const auto& [name, table] : tables_) names.push_back(name);
  return names;
}

std::vector<std::string> TempCatalog::ViewNames() const {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<std::string> names;
  for (const auto& [name, view] : views_) names.push_back(name);
  return names;
}

}  // namespace floe
