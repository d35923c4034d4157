#include "common/exception.h"

namespace floe {

const char* ErrorKindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kParser: return "Parser Error";
    case ErrorKind::kBinder: return "Binder Error";
    case ErrorKind::kCatalog: return "Catalog Error";
    case ErrorKind::kInvalidInput: return "Invalid Input Error";
    case ErrorKind::kConstraint: return "Constraint Error";
    case ErrorKind::kIO: return "IO Error";
    case ErrorKind::kFormat: return "Format Error";
    case ErrorKind::kConversion: return "Conversion Error";
    case ErrorKind::kOutOfRange: return "Out of Range Error";
    case ErrorKind::kDivideByZero: return "Divide by Zero Error";
    case ErrorKind::kNotImplemented: return "Not Implemented Error";
    case ErrorKind::kInternal: return "Internal Error";
    case ErrorKind::kInterrupted: return "Interrupted";
    case ErrorKind::kOutOfMemory: return "Out of Memory Error";
  }
  return "Error";
}

}  // namespace floe
