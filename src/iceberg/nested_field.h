#pragma once

#include <memory>
#include <optional>
#include <string>

namespace floe::iceberg {

class Type;
using TypePtr = std::shared_ptr<const Type>;

/// A field of a struct (or a list element, map key or value) with its Iceberg field id.
class NestedField {
 public:
  NestedField() = default;
  NestedField(int id, std::string name, TypePtr type, bool required, std::string doc = "")
      : id_(id), name_(std::move(name)), type_(std::move(type)), required_(required),
        doc_(std::move(doc)) {}

  /// Returns a required field.
  static NestedField Required(int id, std::string name, TypePtr type, std::string doc = "") {
    return NestedField(id, std::move(name), std::move(type), true, std::move(doc));
  }
  /// Returns an optional (nullable) field.
  static NestedField Optional(int id, std::string name, TypePtr type, std::string doc = "") {
    return NestedField(id, std::move(name), std::move(type), false, std::move(doc));
  }

  int id() const { return id_; }
  const std::string& name() const { return name_; }
  const TypePtr& type() const { return type_; }
  bool required() const { return required_; }
  bool optional() const { return !required_; }
  const std::string& doc() const { return doc_; }
  /// The field's default values (format version 3) as JSON single-value text
  /// (SingleValueParser): `initial-default` is the value of rows written before the field
  /// existed, `write-default` what a write that omits the field stores.
  const std::optional<std::string>& initial_default() const { return initial_default_; }
  const std::optional<std::string>& write_default() const { return write_default_; }
  /// Returns the field with these defaults.
  NestedField WithDefaults(std::optional<std::string> initial, std::optional<std::string> write) const {
    NestedField out = *this;
    out.initial_default_ = std::move(initial);
    out.write_default_ = std::move(write);
    return out;
  }

  /// Compares id, name, requiredness, doc and type.
  bool operator==(const NestedField& other) const;

 private:
  int id_ = 0;
  std::string name_;
  TypePtr type_;
  bool required_ = false;
  std::string doc_;
  std::optional<std::string> initial_default_;
  std::optional<std::string> write_default_;
};

}  // namespace floe::iceberg
