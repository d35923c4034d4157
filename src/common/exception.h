#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace floe {

/// Names the kind of an error, for the error result and for tests that assert on it.
enum class ErrorKind {
  kParser,
  kBinder,
  kCatalog,
  kInvalidInput,
  kConstraint,
  kIO,
  kFormat,
  kConversion,
  kOutOfRange,
  kDivideByZero,
  kNotImplemented,
  kInternal,
  kInterrupted,
  kOutOfMemory,
};

/// Returns the display name of an error kind ("Parser Error", ...).
const char* ErrorKindName(ErrorKind kind);

/// Base of every floe error; caught once at the connection boundary.
class Exception : public std::runtime_error {
 public:
  Exception(ErrorKind kind, const std::string& message)
      : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

/// A syntax error, with the 1-based line and column of the offending token.
class ParserError : public Exception {
 public:
  ParserError(const std::string& message, int line = 0, int column = 0)
      : Exception(ErrorKind::kParser, message), line_(line), column_(column) {}
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  int line_;
  int column_;
};

/// A name or type that does not resolve.
class BinderError : public Exception {
 public:
  explicit BinderError(const std::string& message) : Exception(ErrorKind::kBinder, message) {}
};

/// A table, namespace or view that is missing, already exists, or cannot change.
class CatalogError : public Exception {
 public:
  explicit CatalogError(const std::string& message) : Exception(ErrorKind::kCatalog, message) {}
};

/// An argument or setting that is not acceptable.
class InvalidInputError : public Exception {
 public:
  explicit InvalidInputError(const std::string& message)
      : Exception(ErrorKind::kInvalidInput, message) {}
};

/// A NOT NULL or similar constraint that a write would break.
class ConstraintError : public Exception {
 public:
  explicit ConstraintError(const std::string& message)
      : Exception(ErrorKind::kConstraint, message) {}
};

/// A file that cannot be opened, read or written.
class IOError : public Exception {
 public:
  explicit IOError(const std::string& message) : Exception(ErrorKind::kIO, message) {}
};

/// A file whose content is corrupt or not what its format prescribes.
class FormatError : public Exception {
 public:
  explicit FormatError(const std::string& message) : Exception(ErrorKind::kFormat, message) {}
};

/// A value that cannot be cast to the requested type.
class ConversionError : public Exception {
 public:
  explicit ConversionError(const std::string& message)
      : Exception(ErrorKind::kConversion, message) {}
};

/// An arithmetic result that does not fit its type.
class OutOfRangeError : public Exception {
 public:
  explicit OutOfRangeError(const std::string& message)
      : Exception(ErrorKind::kOutOfRange, message) {}
};

/// Division or modulo by zero under ANSI semantics.
class DivideByZeroError : public Exception {
 public:
  explicit DivideByZeroError(const std::string& message)
      : Exception(ErrorKind::kDivideByZero, message) {}
};

/// A feature floe does not have yet.
class NotImplementedError : public Exception {
 public:
  explicit NotImplementedError(const std::string& message)
      : Exception(ErrorKind::kNotImplemented, message) {}
};

/// A statement cancelled (through the API or Ctrl-C) or stopped at its time limit.
class InterruptedError : public Exception {
 public:
  explicit InterruptedError(const std::string& message) : Exception(ErrorKind::kInterrupted, message) {}
};

/// A statement that needs more memory than its limit allows.
class OutOfMemoryError : public Exception {
 public:
  explicit OutOfMemoryError(const std::string& message) : Exception(ErrorKind::kOutOfMemory, message) {}
};

/// A broken invariant inside floe: a bug, never the user's fault.
class InternalError : public Exception {
 public:
  explicit InternalError(const std::string& message) : Exception(ErrorKind::kInternal, message) {}
};

}  // namespace floe
